import { describe, it, expect } from 'vitest';
import { selectHost, selectHostIndex } from '../../../src/cluster/scheduler/select-host.js';

// After pkg/scheduler/schedule_one.go selectHost: reservoir sampling over the nodes sharing the top score,
// one rand.Intn(cntOfMaxScore) per tie after the first.
describe('selectHost', () => {
  it('keeps the first best node unless a later tie draws 0 out of the ties so far', () => {
    const draws: number[] = [];
    const random = (() => {
      const values = [0.9, 0.1];
      return () => {
        const v = values[draws.length % values.length] as number;
        draws.push(v);
        return v;
      };
    })();
    // Index 2 ties (2 ties: floor(0.9 × 2) = 1, kept index 1); index 4 ties (3 ties: floor(0.1 × 3) = 0, taken).
    expect(selectHostIndex([5, 7, 7, 3, 7], random)).toBe(4);
    expect(draws).toEqual([0.9, 0.1]);
  });

  it('a higher score resets the ties without drawing; an empty list has no host', () => {
    let calls = 0;
    const random = () => {
      calls += 1;
      return 0;
    };
    expect(selectHostIndex([1, 2, 3], random)).toBe(2);
    expect(calls).toBe(0);
    expect(selectHostIndex([], random)).toBeUndefined();
    expect(selectHost([{ name: 'a', totalScore: 4, scores: {} }, { name: 'b', totalScore: 4, scores: {} }], random)).toBe('b');
  });
});
