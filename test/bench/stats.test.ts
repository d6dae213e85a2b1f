import { describe, expect, it } from 'vitest';
import { describeTarget, formatTable, median, percentile, ratio, result, summary, verdict } from '../../bench/stats.js';

describe('bench statistics', () => {
  it('takes the median of odd and even sample counts without reordering the input', () => {
    const xs = [5, 1, 3];
    expect(median(xs)).toBe(3);
    expect(xs).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes percentiles by nearest rank', () => {
    const xs = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(xs, 95)).toBe(19);
    expect(percentile(xs, 100)).toBe(20);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });

  it('gives no ratio without a usable baseline', () => {
    expect(ratio(0.3, 0.1)).toBeCloseTo(3);
    expect(ratio(null, 0.1)).toBeNull();
    expect(ratio(0.3, 0)).toBeNull();
    expect(ratio(Number.NaN, 0.1)).toBeNull();
  });

  it('judges ratio, maximum and minimum targets at their limits', () => {
    expect(verdict({ kind: 'ratio-max', limit: 3 }, 10, 3)).toBe(true);
    expect(verdict({ kind: 'ratio-max', limit: 3 }, 0.1, 3.01)).toBe(false);
    expect(verdict({ kind: 'max', limit: 16 }, 16.5, null)).toBe(false);
    expect(verdict({ kind: 'min', limit: 2 }, 2.4, null)).toBe(true);
    expect(verdict({ kind: 'max', limit: 16 }, null, null)).toBeNull();
    expect(verdict(null, 1, 1)).toBeNull();
  });

  it('builds a row with its ratio and verdict, and leaves figures at another size or not run unjudged', () => {
    const base = { id: 'exec', figure: 'exec', unit: 's', baseline: { name: 'node -e 0', value: 0.1 }, target: { kind: 'ratio-max', limit: 3 } as const, detail: '' };
    const row = result({ ...base, value: 0.25 });
    expect(row.ratio).toBeCloseTo(2.5);
    expect(row.pass).toBe(true);
    expect(row.targetText).toBe('<= 3x node -e 0');
    expect(result({ ...base, value: 0.25, judge: false }).pass).toBeNull();
    expect(result({ ...base, value: null, error: 'timed out after 300 s' }).pass).toBeNull();
  });

  it('prints every row with value, ratio, target, verdict and the error when not run', () => {
    const table = formatTable([
      result({ id: 'list', figure: 'kubedrill list', value: 0.2, unit: 's', baseline: { name: 'node -e 0', value: 0.1 }, target: { kind: 'ratio-max', limit: 1.5 }, detail: 'median of 5' }),
      result({ id: 'warmup-1000', figure: 'warm-up CPU', value: null, unit: 's', baseline: null, target: { kind: 'max', limit: 5 }, detail: '', error: 'timed out after 300 s' }),
    ]);
    const [header, list, warm] = table.split('\n');
    expect(header).toMatch(/^figure\s+value\s+ratio\s+target\s+verdict\s+detail$/);
    expect(list).toMatch(/kubedrill list\s+0\.200 s\s+2\.00x\s+<= 1\.5x node -e 0\s+FAIL\s+median of 5/);
    expect(warm).toMatch(/warm-up CPU\s+-\s+<= 5\.000 s\s+NOT RUN\s+timed out after 300 s/);
  });

  it('describes targets in words', () => {
    expect(describeTarget({ kind: 'min', limit: 2 }, 'M/s', undefined)).toBe('>= 2.00 M/s');
    expect(describeTarget({ kind: 'max', limit: 400 }, 'MB', undefined)).toBe('<= 400 MB');
    expect(describeTarget(null, 's', undefined)).toBe('(reference)');
  });

  it('counts passes and failures in the summary', () => {
    const t = { kind: 'max', limit: 1 } as const;
    const s = summary(
      [
        result({ id: 'a', figure: 'a', value: 0.5, unit: 's', baseline: null, target: t, detail: '' }),
        result({ id: 'b', figure: 'b', value: 2, unit: 's', baseline: null, target: t, detail: '' }),
        result({ id: 'c', figure: 'c', value: 2, unit: 's', baseline: null, target: null, detail: '' }),
      ],
      { node: 'v20' },
    ) as { passed: number; failed: number; notJudged: number; node: string; figures: unknown[] };
    expect([s.passed, s.failed, s.notJudged, s.node, s.figures.length]).toEqual([1, 1, 1, 'v20', 3]);
  });
});
