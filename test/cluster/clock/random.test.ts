import { describe, it, expect } from 'vitest';
import { Random } from '../../../src/cluster/clock/random.js';

describe('Random', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seq = (r: Random) => Array.from({ length: 5 }, () => r.next());
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
    for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
  });

  it('makes Kubernetes-shaped names and ids', () => {
    const r = new Random(1);
    for (let i = 0; i < 50; i++) {
      expect(r.kubeSuffix()).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(r.kubeSuffix(10)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{10}$/);
      expect(r.hex(64)).toMatch(/^[0-9a-f]{64}$/);
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const n = r.int(7);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
    }
  });

  it('a zero seed still produces varied output', () => {
    const r = new Random(0);
    expect(new Set(Array.from({ length: 10 }, () => r.kubeSuffix())).size).toBe(10);
  });
});

describe('Random.uuid', () => {
  it('draws the same uuid as the template-literal form it replaced', () => {
    // The old uuid(): hex(32), then the variant digit, assembled by a template literal.
    const oldUuid = (r: Random) => {
      const h = r.hex(32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[r.int(4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };
    for (const seed of [0, 1, 7, 42, 0xdeadbeef]) {
      const a = new Random(seed);
      const b = new Random(seed);
      for (let i = 0; i < 200; i++) {
        expect(a.uuid()).toBe(oldUuid(b));
        // Both consumed the same draws: the streams stay in step.
        expect(a.next()).toBe(b.next());
      }
    }
  });
});
