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
