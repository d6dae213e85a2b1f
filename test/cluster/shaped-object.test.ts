import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import v8 from 'node:v8';
import { shapedObject } from '../../src/cluster/shaped-object.js';
import { copyJson } from '../../src/cluster/json.js';
import { spreadWith } from '../../src/cluster/shallow-copy.js';

/** V8's own answer to "are this object's properties in fast (non-dictionary) mode?". */
function hasFastProperties(o: object): boolean {
  v8.setFlagsFromString('--allow-natives-syntax');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const check = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
  v8.setFlagsFromString('--no-allow-natives-syntax');
  return check(o);
}

const wide = (n: number, tag: string): Record<string, number> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${tag}${i}`, i]));

describe('shapedObject', () => {
  it('makes an empty plain object for every key count', () => {
    for (let n = 0; n <= 40; n++) {
      const o = shapedObject(n);
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      expect(o.constructor).toBe(Object);
      expect(Object.keys(o)).toEqual([]);
      expect(JSON.stringify(o)).toBe('{}');
      expect(Object.prototype.toString.call(o)).toBe('[object Object]');
    }
  });

  it('keeps wide copies in fast mode (a `{}` filled key by key past ~16 keys turns into a dictionary)', () => {
    for (const n of [17, 20, 24, 32]) {
      // Several objects per count, with different keys, as stored objects of different kinds are.
      for (const tag of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
        expect(hasFastProperties(copyJson(wide(n, tag)) as object)).toBe(true);
        expect(hasFastProperties(spreadWith(wide(n - 1, tag), { extra: 1 }))).toBe(true);
      }
    }
  });

  it('copies equal JSON.parse(JSON.stringify(value)), key order included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.stringify(copyJson(value))).toBe(JSON.stringify(value));
        expect(copyJson(value)).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('keeps an own __proto__ key as data in a wide copy', () => {
    const body = JSON.parse(`{${Array.from({ length: 9 }, (_, i) => `"k${i}":${i}`).join(',')},"__proto__":{"polluted":true}}`);
    const copy = copyJson(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(Object.keys(body));
  });
});
