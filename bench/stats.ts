/**
 * Pure helpers of the benchmark: medians, percentiles, ratios, the verdict of
 * a figure against its target, and the printed table. No I/O here, so
 * test/bench/stats.test.ts can pin them down.
 */

/** The median of some samples (the mean of the middle two for an even count); NaN when empty. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The p-th percentile (0..100) by the nearest-rank method; NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length, Math.max(1, rank)) - 1];
}

/** value / base, or null when either is missing or the base is not positive. */
export function ratio(value: number | null, base: number | null): number | null {
  if (value === null || base === null || !Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return null;
  return value / base;
}

/**
 * What a figure must meet: a ratio to its baseline at most `limit`, a value at
 * most `limit`, or a value at least `limit` (in the figure's unit).
 */
export type Target = { kind: 'ratio-max' | 'max' | 'min'; limit: number };

/** Whether a measured figure meets its target; null when it was not measured or has no target. */
export function verdict(target: Target | null, value: number | null, r: number | null): boolean | null {
  if (!target) return null;
  const x = target.kind === 'ratio-max' ? r : value;
  if (x === null || !Number.isFinite(x)) return null;
  return target.kind === 'min' ? x >= target.limit : x <= target.limit;
}

/** The target as people read it: "<= 3x node -e 0", "<= 0.5 s", ">= 2 M/s". */
export function describeTarget(target: Target | null, unit: string, baselineName: string | undefined): string {
  if (!target) return '(reference)';
  if (target.kind === 'ratio-max') return `<= ${target.limit}x ${baselineName ?? 'baseline'}`;
  return `${target.kind === 'max' ? '<=' : '>='} ${formatValue(target.limit, unit)}`;
}

/** A value in its unit, with as many digits as a benchmark can honestly claim. */
export function formatValue(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return '-';
  switch (unit) {
    case 's':
      return `${value.toFixed(3)} s`;
    case 'ms':
      return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case 'M/s':
      return `${value.toFixed(2)} M/s`;
    default:
      return `${value} ${unit}`;
  }
}

/** One printed and saved line of the benchmark. */
export interface FigureResult {
  /** Selector for `--only` (several rows may share one). */
  id: string;
  figure: string;
  value: number | null;
  unit: string;
  /** The baseline this figure is divided by, measured in the same run. */
  baseline: { name: string; value: number } | null;
  ratio: number | null;
  target: Target | null;
  /** The target in words, as printed. */
  targetText: string;
  /** null: not measured, no target, or measured at another size than the target's. */
  pass: boolean | null;
  /** Samples, CPU, RSS, sizes: whatever helps read the value. */
  detail: string;
  /** Why there is no value (timed out, did not validate, crashed). */
  error?: string;
  samples?: number[];
  /** Further figures of the same runs, for the JSON (CPU ratio, RSS...). */
  extra?: Record<string, number | string | null>;
}

/** Fills in ratio, target text and verdict from the measured value. */
export function result(
  init: Omit<FigureResult, 'ratio' | 'targetText' | 'pass'> & { judge?: boolean },
): FigureResult {
  const { judge = true, ...rest } = init;
  const r = ratio(rest.value, rest.baseline?.value ?? null);
  return {
    ...rest,
    ratio: r,
    targetText: describeTarget(rest.target, rest.unit, rest.baseline?.name) + (judge ? '' : ' (other size: not judged)'),
    pass: judge && !rest.error ? verdict(rest.target, rest.value, r) : null,
  };
}

/** The verdict column: PASS, FAIL, or why there is none. */
export function verdictText(r: FigureResult): string {
  if (r.error) return r.target ? 'NOT RUN' : '-';
  if (r.pass === null) return '-';
  return r.pass ? 'PASS' : 'FAIL';
}

/** The results as an aligned text table (figure, value, ratio, target, verdict, detail). */
export function formatTable(results: readonly FigureResult[]): string {
  const rows: string[][] = [['figure', 'value', 'ratio', 'target', 'verdict', 'detail']];
  for (const r of results) {
    rows.push([
      r.figure,
      r.error ? '-' : formatValue(r.value, r.unit),
      r.ratio === null ? '' : `${r.ratio.toFixed(2)}x`,
      r.targetText,
      verdictText(r),
      r.error ?? r.detail,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i] + 2))).join('').trimEnd()).join('\n');
}

/** The JSON summary written after a run. */
export function summary(results: readonly FigureResult[], meta: Record<string, unknown>): object {
  return {
    ...meta,
    passed: results.filter((r) => r.pass === true).length,
    failed: results.filter((r) => r.pass === false).length,
    notJudged: results.filter((r) => r.pass === null).length,
    figures: results,
  };
}
