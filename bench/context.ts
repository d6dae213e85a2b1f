/**
 * What every figure of the bench shares: its settings, scratch space,
 * memoised baselines, and small helpers to build rows.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { GenerateOptions, ClusterSize } from './generate.js';
import { runNode, runProblem, type ProcessRun } from './measure.js';
import { result, type FigureResult, type Target } from './stats.js';

/** What every figure may use. */
export interface BenchContext {
  /** Repetitions of each quick measurement (BENCH_RUNS). */
  runs: number;
  /** Repetitions of the 1,000-node warm-up (BENCH_LARGE_RUNS). */
  largeRuns: number;
  /** Keystrokes timed on the large cluster (BENCH_KEYS). */
  keys: number;
  /** Overrides the timeout of each large run, in seconds. */
  timeoutS?: number;
  /** What process figures are judged on: CPU time (default; robust on a loaded machine) or wall time. */
  basis: 'cpu' | 'wall';
  /** Run the large figures at sizes today's limits accept (not judged). */
  small: boolean;
  generate: GenerateOptions;
  /** A temp dir for homes, generated scenarios and the Ink bundle. */
  scratch: string;
  log: (line: string) => void;
  /** Things measured or built once per bench run (the Ink bundle, the 1-node reference...). */
  memo: Map<string, Promise<unknown>>;
}

/** A figure of the bench: `--only` selects by id. */
export interface Figure {
  id: string;
  title: string;
  run: (ctx: BenchContext) => Promise<FigureResult[]>;
}

/** The bundled CLI, relative to the repository root (the cwd of every measured process). */
export const CLI = 'bin/kubedrill.js';
/** The 3-node shipped scenario the one-shot and practice-screen figures use. */
export const SMALL_SCENARIO = 'pending-insufficient-cpu';
/** Another small shipped scenario: a command run before the measured ones, to leave the code cache any earlier command leaves. */
export const OTHER_SMALL_SCENARIO = 'pending-untolerated-taint';

/** `fn()` once per bench run under `key`. */
export function once<T>(ctx: BenchContext, key: string, fn: () => Promise<T>): Promise<T> {
  let p = ctx.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = fn();
    ctx.memo.set(key, p);
  }
  return p;
}

/** A fresh directory in the scratch space. */
export const fresh = (ctx: BenchContext, what: string): string => mkdtempSync(join(ctx.scratch, `${what}-`));

/** The numbers among some maybe-missing ones. */
export const nonNull = (xs: (number | null)[]): number[] => xs.filter((x): x is number => x !== null);

/** "1,000 nodes / 30,000 pods". */
export const sizeText = (s: ClusterSize): string => `${s.nodes.toLocaleString('en')} nodes / ${s.pods.toLocaleString('en')} pods`;

/** The sizes of the large figures: issue 7's, or with --small ones today's limits accept. */
export function sizes(ctx: BenchContext): { mid: ClusterSize; large: ClusterSize; keystroke: ClusterSize } {
  return ctx.small
    ? { mid: { nodes: 10, pods: 200 }, large: { nodes: 40, pods: 1000 }, keystroke: { nodes: 20, pods: 400 } }
    : { mid: { nodes: 100, pods: 2000 }, large: { nodes: 1000, pods: 30_000 }, keystroke: { nodes: 300, pods: 6000 } };
}

/** The judged value of a run, by the bench's basis, and the other one for the detail column. */
export function pick(ctx: BenchContext, wallS: number, cpuS: number): { value: number; other: number; otherName: string } {
  return ctx.basis === 'cpu' ? { value: cpuS, other: wallS, otherName: 'wall' } : { value: wallS, other: cpuS, otherName: 'CPU' };
}

/** The figure on the basis not judged, beside its baseline: "wall 0.308 s = 5.34x node's 0.058 s". */
export function otherBasisText(judged: ReturnType<typeof pick>, base: ReturnType<typeof pick>): string {
  return `${judged.otherName} ${judged.other.toFixed(3)} s = ${(judged.other / base.other).toFixed(2)}x node's ${base.other.toFixed(3)} s`;
}

/** A figure that could not be measured (the reason stands in the detail column). */
export function notRun(id: string, figure: string, unit: string, target: Target | null, error: string): FigureResult {
  return result({ id, figure, value: null, unit, baseline: null, target, detail: '', error });
}

/** Runs a process `n` times (fresh state each unless `home` is shared); stops at the first failure. */
export function repeat(ctx: BenchContext, n: number, args: string[], timeoutS: number, home?: string): { runs: ProcessRun[]; error?: string } {
  const runs: ProcessRun[] = [];
  for (let i = 0; i < n; i++) {
    const run = runNode(args, { home: home ?? fresh(ctx, 'home'), timeoutS, scratch: ctx.scratch });
    const problem = runProblem(run, timeoutS);
    if (problem) return { runs, error: problem };
    runs.push(run);
  }
  return { runs };
}
