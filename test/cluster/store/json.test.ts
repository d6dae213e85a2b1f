import { describe, it, expect } from 'vitest';
import { copyJson, copyJsonWithRoomFor, deepFreeze, isPlainJsonObject, jsonEqual, TOO_DEEP } from '../../../src/cluster/json.js';
import { copyWithRoomFor } from '../../../src/cluster/shallow-copy.js';
import { nestsDeeperThan } from '../../../src/cluster/apiserver/patch.js';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('copyJson', () => {
  it('copies as a JSON round trip does (Go decoding of what was sent)', () => {
    const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "b": 1}');
    const samples: unknown[] = [
      { a: 1, b: undefined, c: null, d: [1, undefined, () => 0, 'x'], e: { f: NaN, g: Infinity, h: -0 }, fn: () => 1 },
      { when: new Date(Date.UTC(2026, 0, 2)), nested: { list: [{ k: 'v' }, []] } },
      protoKey,
      [undefined, { x: undefined }],
      'text',
      42,
      null,
    ];
    for (const v of samples) {
      const copy = copyJson(v);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
      expect(copy).toEqual(JSON.parse(JSON.stringify(v)));
    }
    const copied = copyJson(protoKey) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.hasOwn(copied, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is a copy: changing it leaves the source alone', () => {
    const src = { a: { b: [1, { c: 2 }] } };
    const copy = copyJson(src) as typeof src;
    (copy.a.b[1] as { c: number }).c = 3;
    expect(src.a.b[1]).toEqual({ c: 2 });
  });

  it('answers TOO_DEEP exactly where nestsDeeperThan does', () => {
    for (const depth of [4, 5, 6]) {
      const v = nested(depth);
      expect(copyJson(v, 5) === TOO_DEEP).toBe(nestsDeeperThan(v, 5));
    }
    expect(copyJson(nested(4), 5)).not.toBe(TOO_DEEP);
    expect(copyJson(nested(6), 5)).toBe(TOO_DEEP);
  });

  it('with a base, keeps the subtrees that are the very objects the base holds at the same place', () => {
    const base = deepFreeze({ spec: { containers: [{ name: 'a' }] }, status: { phase: 'Pending', conditions: [{ type: 'Ready' }] } });
    const body = { spec: base.spec, status: { ...base.status, phase: 'Running' }, extra: base.spec };
    const copy = copyJson(body, 100, base) as typeof body;
    expect(copy.spec).toBe(base.spec);
    expect(copy.status.conditions).toBe(base.status.conditions);
    expect(copy.status).not.toBe(body.status);
    // The same object somewhere else is copied (sharing is by position only).
    expect(copy.extra).not.toBe(base.spec);
    expect(copy.extra).toEqual(base.spec);
  });
});

describe('copyJsonWithRoomFor', () => {
  const room = ['namespace', 'name', 'uid', 'creationTimestamp', 'resourceVersion'];

  it('is copyWithRoomFor(copyJson(value), room) in one copy: same keys, order and values, nothing shared', () => {
    const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "name": "p"}');
    const samples: Record<string, unknown>[] = [
      { name: 'web', labels: { app: 'web' }, ownerReferences: [{ uid: 'u', controller: true }] },
      { generateName: 'web-', namespace: 'default', annotations: { a: 'b' }, gone: undefined, fn: () => 1, n: NaN, when: new Date(0) },
      {},
      protoKey,
    ];
    for (const v of samples) {
      const one = copyJsonWithRoomFor(v, room, 100);
      const two = copyWithRoomFor(copyJson(v, 100) as object, room);
      expect(one).not.toBe(TOO_DEEP);
      expect(JSON.stringify(one)).toBe(JSON.stringify(two));
      expect(Object.keys(one as object)).toEqual(Object.keys(two));
      expect(Object.getPrototypeOf(one)).toBe(Object.prototype);
      for (const [key, child] of Object.entries(v)) if (child !== null && typeof child === 'object') expect((one as Record<string, unknown>)[key]).not.toBe(child);
    }
    expect(Object.hasOwn(copyJsonWithRoomFor(protoKey, room) as object, '__proto__')).toBe(true);
  });

  it('answers TOO_DEEP where copyJson of the same object does', () => {
    for (const depth of [3, 4, 5, 6]) {
      const v = { a: nested(depth) };
      expect(copyJsonWithRoomFor(v, room, 5) === TOO_DEEP).toBe(copyJson(v, 5) === TOO_DEEP);
      // One level down in a body, with the body's bound less one: the same answer as the whole body's copy.
      expect(copyJsonWithRoomFor(v, room, 4) === TOO_DEEP).toBe(copyJson({ metadata: v }, 5) === TOO_DEEP);
    }
    expect(copyJsonWithRoomFor({}, room, 0)).toBe(TOO_DEEP);
  });

  it('takes only plain objects: not arrays, nulls, primitives or values with toJSON', () => {
    expect(isPlainJsonObject({ a: 1 })).toBe(true);
    for (const v of [null, undefined, 'x', 1, ['a'], new Date(0), { toJSON: () => 1 }]) expect(isPlainJsonObject(v)).toBe(false);
  });
});

describe('jsonEqual', () => {
  it('compares as the encoded JSON would, ignoring key order', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: () => 0 })).toBe(true);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ a: NaN }, { a: null })).toBe(true);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: [] }, { a: {} })).toBe(false);
    expect(jsonEqual({ a: '1' }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toBe(false);
    expect(jsonEqual({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toBe(false);
    expect(jsonEqual(undefined, null)).toBe(false);
    expect(jsonEqual(JSON.parse('{"__proto__": 1}'), {})).toBe(false);
  });

  it('agrees with comparing JSON text once keys are sorted', () => {
    const sorted = (v: unknown): unknown => (Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v);
    const values = [{ a: 1 }, { a: 2 }, { a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] }, { a: [1] }, { b: 1, a: 1 }, {}, { a: null }, [], [{}], 'a', 0, false];
    for (const x of values) for (const y of values) expect(jsonEqual(x, y)).toBe(JSON.stringify(sorted(x)) === JSON.stringify(sorted(y)));
  });
});

describe('deepFreeze', () => {
  it('freezes every level and leaves already frozen subtrees as they are', () => {
    const shared = Object.freeze({ k: 'v' });
    const v = deepFreeze({ a: { b: [{ c: 1 }] }, shared });
    expect(Object.isFrozen(v.a.b[0])).toBe(true);
    expect(() => {
      (v.a.b as unknown[]).push(2);
    }).toThrow(TypeError);
    expect(v.shared).toBe(shared);
  });
});
