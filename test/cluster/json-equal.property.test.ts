import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { jsonEqual } from '../../src/cluster/json.js';

describe('jsonEqual', () => {
  it('agrees with comparing JSON encodings (key order aside)', () => {
    const sorted = (v: unknown): unknown => (Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().filter((k) => (v as any)[k] !== undefined).map((k) => [k, sorted((v as any)[k])])) : v);
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(jsonEqual(a, b)).toBe(JSON.stringify(sorted(a)) === JSON.stringify(sorted(b)));
        expect(jsonEqual(a, structuredClone(a))).toBe(true);
      }),
    );
  });
  it('treats a key holding undefined as absent, as JSON does', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
