import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { copyWithRoomFor, spreadWith } from '../../src/cluster/shallow-copy.js';

describe('spreadWith', () => {
  it('is { ...base, ...extra }: same keys, same order, same values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()), (base, extra) => {
        const copy = spreadWith(base, extra);
        const spread = { ...base, ...extra };
        expect(Object.keys(copy)).toEqual(Object.keys(spread));
        for (const key of Object.keys(spread)) expect(Object.is((copy as any)[key], (spread as any)[key])).toBe(true);
        expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      }),
    );
  });

  it('keeps an own __proto__ key as data, never as the prototype', () => {
    const base = JSON.parse('{"a":1,"__proto__":{"polluted":true}}');
    const copy = spreadWith<Record<string, unknown>>(base, { b: 2 });
    expect(Object.keys(copy)).toEqual(['a', '__proto__', 'b']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('leaves its inputs alone (they may be stored, frozen objects)', () => {
    const base = Object.freeze({ containers: [], nodeName: undefined as string | undefined });
    const copy = spreadWith<{ nodeName?: string }>(base, { nodeName: 'node-1' });
    expect(copy.nodeName).toBe('node-1');
    expect(base.nodeName).toBeUndefined();
  });
});

describe('copyWithRoomFor', () => {
  it('is { ...base }: same keys, same order, same values, a plain object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.string()), (base, keys) => {
        const copy = copyWithRoomFor(base, keys);
        expect(copy).not.toBe(base);
        expect(Object.keys(copy)).toEqual(Object.keys({ ...base }));
        for (const key of Object.keys(base)) expect(Object.is((copy as any)[key], (base as any)[key])).toBe(true);
        expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      }),
    );
  });

  it('keeps an own __proto__ key as data', () => {
    const copy = copyWithRoomFor<Record<string, unknown>>(JSON.parse('{"name":"a","__proto__":{"polluted":true}}'), ['uid']);
    expect(Object.keys(copy)).toEqual(['name', '__proto__']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
