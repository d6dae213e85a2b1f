/**
 * The figures of issue 7's targets, each measured on the bundled build
 * (bin/kubedrill.js) and, where a process start is involved, divided by a
 * baseline measured in the same run. See docs/performance.md.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventQueue } from '../src/cluster/clock/event-queue.js';
import { hasLine, typedInput } from './frames.js';
import { writeScenario, type ClusterSize, type GenerateOptions } from './generate.js';
import { BARE_INK_TEXT, buildBareInk } from './ink-baseline.js';
import { PRELOAD_ARGS, isolatedEnv, lastLine, runNode, runProblem, usageProbe, type ProcessRun } from './measure.js';
import { PtySession, TERMINAL } from './pty.js';
import { median, percentile, result, type FigureResult, type Target } from './stats.js';

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
}

/** A figure of the bench: `--only` selects by id. */
export interface Figure {
  id: string;
  title: string;
  run: (ctx: BenchContext) => Promise<FigureResult[]>;
}

/** The 3-node scenario the one-shot and practice-screen figures use. */
const SMALL_SCENARIO = 'pending-insufficient-cpu';
/** What the home screen's first frame shows (src/tui/screens/home). */
const HOME_MARKER = 'Kubernetes troubleshooting practice';
const CLI = 'bin/kubedrill.js';

/** The sizes of the large figures: issue 7's, or with --small ones today's limits accept. */
function sizes(ctx: BenchContext): { mid: ClusterSize; large: ClusterSize; keystroke: ClusterSize } {
  return ctx.small
    ? { mid: { nodes: 10, pods: 200 }, large: { nodes: 40, pods: 1000 }, keystroke: { nodes: 20, pods: 400 } }
    : { mid: { nodes: 100, pods: 2000 }, large: { nodes: 1000, pods: 30_000 }, keystroke: { nodes: 300, pods: 6000 } };
}

const sizeText = (s: ClusterSize): string => `${s.nodes.toLocaleString('en')} nodes / ${s.pods.toLocaleString('en')} pods`;
const fresh = (ctx: BenchContext, what: string): string => mkdtempSync(join(ctx.scratch, `${what}-`));
const nonNull = (xs: (number | null)[]): number[] => xs.filter((x): x is number => x !== null);

/** Runs a process `n` times (fresh state each unless `home` is shared); stops at the first failure. */
function repeat(ctx: BenchContext, n: number, args: string[], timeoutS: number, home?: string): { runs: ProcessRun[]; error?: string } {
  const runs: ProcessRun[] = [];
  for (let i = 0; i < n; i++) {
    const run = runNode(args, { home: home ?? fresh(ctx, 'home'), timeoutS, scratch: ctx.scratch });
    const problem = runProblem(run, timeoutS);
    if (problem) return { runs, error: problem };
    runs.push(run);
  }
  return { runs };
}

// --- baselines ---------------------------------------------------------------------------------
// Each ratio divides by baseline runs interleaved with the figure's own runs (one before each), so
// both medians come from the same minutes of a machine whose load drifts.

/** One `node -e 0` with the same preload as every measured process. */
function nodeOnce(ctx: BenchContext): ProcessRun {
  const run = runNode(['-e', '0'], { home: fresh(ctx, 'home'), timeoutS: 30, scratch: ctx.scratch });
  const problem = runProblem(run, 30);
  if (problem) throw new Error(`node -e 0: ${problem}`);
  return run;
}

/** One `node -e 0` through the same pseudo-terminal harness as the TUI figures: spawn to exit, and its CPU. */
async function ptyNodeOnce(ctx: BenchContext): Promise<{ wallS: number; cpuS: number }> {
  const probe = usageProbe(ctx.scratch);
  const pty = PtySession.start([process.execPath, ...PRELOAD_ARGS, '-e', '0'], isolatedEnv(fresh(ctx, 'home'), probe.env));
  const { at } = await pty.exited;
  const usage = probe.read();
  if (!usage) throw new Error('node -e 0 in the pty: no usage report');
  return { wallS: (at - pty.startedAt) / 1000, cpuS: usage.cpuS };
}

let bareInk: Promise<string> | undefined;
/** The bare Ink bundle, built once per bench run. */
function bareInkBundle(ctx: BenchContext): Promise<string> {
  bareInk ??= buildBareInk(fresh(ctx, 'ink'));
  return bareInk;
}

/** A figure that could not be measured (the reason stands in the detail column). */
function notRun(id: string, figure: string, unit: string, target: Target | null, error: string, baseline: FigureResult['baseline'] = null): FigureResult {
  return result({ id, figure, value: null, unit, baseline, target, detail: '', error });
}

// --- one-shot commands ------------------------------------------------------------------------

/** The judged value of a run, by the bench's basis, and the other one for the detail column. */
function pick(ctx: BenchContext, wallS: number, cpuS: number): { value: number; other: number; otherName: string } {
  return ctx.basis === 'cpu' ? { value: cpuS, other: wallS, otherName: 'wall' } : { value: wallS, other: cpuS, otherName: 'CPU' };
}

/** A CLI command end to end, as a ratio to `node -e 0` run alongside. */
async function processFigure(ctx: BenchContext, id: string, figure: string, args: string[], target: Target, sharedHome?: string): Promise<FigureResult[]> {
  const name = `${figure}, ${ctx.basis}`;
  if (sharedHome) {
    // Prime whatever the product keeps between runs (a warmed-cluster cache).
    const prime = runNode(args, { home: sharedHome, timeoutS: 120, scratch: ctx.scratch });
    const problem = runProblem(prime, 120);
    if (problem) return [notRun(id, name, 's', target, problem)];
  }
  const bases: ProcessRun[] = [];
  const runs: ProcessRun[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    bases.push(nodeOnce(ctx));
    const run = runNode(args, { home: sharedHome ?? fresh(ctx, 'home'), timeoutS: 120, scratch: ctx.scratch });
    const problem = runProblem(run, 120);
    if (problem) return [notRun(id, name, 's', target, problem)];
    runs.push(run);
  }
  const wall = median(runs.map((r) => r.wallS));
  const cpu = median(nonNull(runs.map((r) => r.cpuS)));
  const baseWall = median(bases.map((r) => r.wallS));
  const baseCpu = median(nonNull(bases.map((r) => r.cpuS)));
  const rss = median(nonNull(runs.map((r) => r.rssMb)));
  const judged = pick(ctx, wall, cpu);
  const base = pick(ctx, baseWall, baseCpu);
  return [
    result({
      id,
      figure: name,
      value: judged.value,
      unit: 's',
      baseline: { name: 'node -e 0', value: base.value },
      target,
      samples: runs.map((r) => (ctx.basis === 'cpu' ? (r.cpuS ?? Number.NaN) : r.wallS)),
      detail: `median of ${runs.length}, node -e 0 alongside ${base.value.toFixed(3)} s; ${judged.otherName} ${judged.other.toFixed(3)} s = ${(judged.other / base.other).toFixed(2)}x node's ${base.other.toFixed(3)} s; RSS ${rss.toFixed(0)} MB`,
      extra: { wallS: wall, cpuS: cpu, baselineWallS: baseWall, baselineCpuS: baseCpu, wallRatio: wall / baseWall, cpuRatio: cpu / baseCpu, rssMb: rss },
    }),
  ];
}

// --- warm-up ----------------------------------------------------------------------------------

let tinyRef: Promise<{ firstOutputCpuS: number } | { error: string }> | undefined;
/** CPU to the first output of `exec <1-node scenario, 2 min of history> -- true`: start-up without warm-up. */
function tinyReference(ctx: BenchContext): Promise<{ firstOutputCpuS: number } | { error: string }> {
  tinyRef ??= (async () => {
    const file = writeScenario(fresh(ctx, 'scenario'), { nodes: 1, pods: 0 }, { ...ctx.generate, createdAgo: '2m', workloadsAgo: '1m' });
    const { runs, error } = repeat(ctx, ctx.runs, [CLI, 'exec', file, '--', 'true'], 60);
    if (error) return { error: `tiny scenario: ${error}` };
    return { firstOutputCpuS: median(nonNull(runs.map((r) => r.firstOutputCpuS))) };
  })();
  return tinyRef;
}

/** Writes a generated scenario and checks that this build accepts it. */
function generatedScenario(ctx: BenchContext, size: ClusterSize): { file: string } | { error: string } {
  const file = writeScenario(fresh(ctx, 'scenario'), size, ctx.generate);
  const check = runNode([CLI, 'validate', file], { home: fresh(ctx, 'home'), timeoutS: 120, scratch: ctx.scratch });
  if (check.timedOut) return { error: 'validate timed out after 120 s' };
  if (check.status !== 0) return { error: `does not validate on this build: ${lastLine(check.stderr || check.stdout).replace(/^.*\.yaml:/, '')}` };
  return { file };
}

/**
 * Warm-up CPU of a generated cluster: CPU until the first output of
 * `exec <file> -- true` minus the same for a 1-node cluster with no history
 * (start-up, bundle load and a trivial command), plus the peak RSS.
 */
async function warmupFigure(ctx: BenchContext, id: string, size: ClusterSize, judge: boolean, cpuLimit: number, rssLimit: number | undefined, runs: number, defaultTimeoutS: number): Promise<FigureResult[]> {
  const timeoutS = ctx.timeoutS ?? defaultTimeoutS;
  const name = `warm-up CPU, ${sizeText(size)}`;
  const rssName = `peak RSS, ${sizeText(size)}`;
  const cpuTarget: Target = { kind: 'max', limit: cpuLimit };
  const rssTarget: Target | null = rssLimit === undefined ? null : { kind: 'max', limit: rssLimit };
  const fail = (error: string): FigureResult[] => [notRun(id, name, 's', cpuTarget, error), ...(rssTarget ? [notRun(id, rssName, 'MB', rssTarget, error)] : [])];
  const generated = generatedScenario(ctx, size);
  if ('error' in generated) return fail(generated.error);
  const tiny = await tinyReference(ctx);
  if ('error' in tiny) return fail(tiny.error);
  ctx.log(`  ${sizeText(size)}: ${runs} run(s), timeout ${timeoutS} s each`);
  const { runs: done, error } = repeat(ctx, runs, [CLI, 'exec', generated.file, '--', 'true'], timeoutS);
  if (error) return fail(error);
  const toOutput = median(nonNull(done.map((r) => r.firstOutputCpuS)));
  const cpu = median(nonNull(done.map((r) => r.cpuS)));
  const wall = median(done.map((r) => r.wallS));
  const rss = median(nonNull(done.map((r) => r.rssMb)));
  const warm = toOutput - tiny.firstOutputCpuS;
  const detail = `median of ${done.length}: process CPU ${cpu.toFixed(2)} s, to first output ${toOutput.toFixed(2)} s minus ${tiny.firstOutputCpuS.toFixed(2)} s (1-node exec); wall ${wall.toFixed(2)} s; RSS ${rss.toFixed(0)} MB`;
  const extra = { processCpuS: cpu, firstOutputCpuS: toOutput, tinyFirstOutputCpuS: tiny.firstOutputCpuS, wallS: wall, rssMb: rss, nodes: size.nodes, pods: size.pods };
  const rows = [result({ id, figure: name, value: warm, unit: 's', baseline: null, target: cpuTarget, judge, samples: done.map((r) => (r.firstOutputCpuS ?? Number.NaN) - tiny.firstOutputCpuS), detail, extra })];
  if (rssTarget) rows.push(result({ id, figure: rssName, value: rss, unit: 'MB', baseline: null, target: rssTarget, judge, samples: nonNull(done.map((r) => r.rssMb)), detail: `median of ${done.length}, whole process`, extra }));
  return rows;
}

// --- the TUI in a pseudo-terminal -------------------------------------------------------------

/**
 * Spawn → first completed frame showing `marker`: the wall time until it reached the pty, and the
 * CPU the process had spent when it wrote it. The program is then quit with `quitKeys`.
 */
async function firstFrame(ctx: BenchContext, argv: string[], marker: string, quitKeys: string): Promise<{ wallS: number; cpuS: number }> {
  const probe = usageProbe(ctx.scratch, marker);
  const pty = PtySession.start([process.execPath, ...PRELOAD_ARGS, ...argv], isolatedEnv(fresh(ctx, 'home'), probe.env));
  let wallS: number;
  try {
    const seen = await pty.waitFrame(0, (f) => f.includes(marker), 60_000, `a frame showing "${marker}"`);
    wallS = (seen.at - pty.startedAt) / 1000;
  } finally {
    await pty.close(quitKeys);
  }
  const usage = probe.read();
  if (usage?.markCpuS == null) throw new Error(`no CPU report at the frame showing "${marker}" (the program did not exit cleanly on ${JSON.stringify(quitKeys)})`);
  return { wallS, cpuS: usage.markCpuS };
}

/**
 * Spawn → first frame of a TUI in the pty, as a ratio to `node -e 0` in the same pty harness; with
 * `vsInk`, the bare Ink bundle's first frame is measured alongside too.
 */
async function firstFrameFigure(ctx: BenchContext, id: string, figure: string, argv: string[], marker: string, quitKeys: string, target: Target | null, vsInk: boolean): Promise<FigureResult[]> {
  const name = `${figure}, ${ctx.basis}`;
  const runs: { wallS: number; cpuS: number }[] = [];
  const bases: { wallS: number; cpuS: number }[] = [];
  const inks: { wallS: number; cpuS: number }[] = [];
  try {
    const ink = vsInk ? await bareInkBundle(ctx) : undefined;
    for (let i = 0; i < ctx.runs; i++) {
      bases.push(await ptyNodeOnce(ctx));
      if (ink) inks.push(await firstFrame(ctx, [ink], BARE_INK_TEXT, ''));
      runs.push(await firstFrame(ctx, argv, marker, quitKeys));
    }
  } catch (e) {
    return [notRun(id, name, 's', target, (e as Error).message)];
  }
  const med = (xs: { wallS: number; cpuS: number }[]) => pick(ctx, median(xs.map((x) => x.wallS)), median(xs.map((x) => x.cpuS)));
  const judged = med(runs);
  const base = med(bases);
  const ink = vsInk ? med(inks) : undefined;
  const inkText = ink ? `; ${(judged.value / ink.value).toFixed(2)}x the bare Ink bundle's ${ink.value.toFixed(3)} s` : '';
  return [
    result({
      id,
      figure: name,
      value: judged.value,
      unit: 's',
      baseline: { name: 'node -e 0', value: base.value },
      target,
      samples: runs.map((r) => (ctx.basis === 'cpu' ? r.cpuS : r.wallS)),
      detail: `spawn to frame, ${TERMINAL.columns}x${TERMINAL.rows} pty, median of ${runs.length}, node -e 0 alongside in the pty ${base.value.toFixed(3)} s${inkText}; ${judged.otherName} ${judged.other.toFixed(3)} s = ${(judged.other / base.other).toFixed(2)}x node's ${base.other.toFixed(3)} s`,
      extra: {
        wallS: median(runs.map((r) => r.wallS)),
        cpuS: median(runs.map((r) => r.cpuS)),
        baselineWallS: median(bases.map((r) => r.wallS)),
        baselineCpuS: median(bases.map((r) => r.cpuS)),
        ...(ink ? { bareInkS: ink.value, ratioToBareInk: judged.value / ink.value } : {}),
      },
    }),
  ];
}

/** Opens `play <scenario>` in a pty and waits for its prompt (warm-up included). */
async function openPractice(ctx: BenchContext, scenario: string, timeoutS: number): Promise<PtySession> {
  const pty = PtySession.start([process.execPath, CLI, 'play', scenario], isolatedEnv(fresh(ctx, 'home')));
  try {
    await pty.waitFrame(0, (f) => typedInput(f) === '', timeoutS * 1000, 'the practice screen\'s prompt');
  } catch (e) {
    await pty.close();
    throw e;
  }
  return pty;
}

/** Types `text`, waits until the prompt shows it, and returns the latency of the last key. */
async function typeAndWait(pty: PtySession, text: string, expected: string): Promise<number> {
  const since = pty.mark();
  const t = performance.now();
  pty.write(text);
  const seen = await pty.waitFrame(since, (f) => typedInput(f) === expected, 10_000, `the prompt to show "${expected}"`);
  return seen.at - t;
}

/** A spread of pauses (ms) so that keys land at every phase of the once-a-second tick. */
const pause = (i: number, min: number, span: number): number => min + ((i * 617) % span);

/** A raw-mode program that redraws a prompt line with what is typed, at once: the pty harness alone. */
const ECHO_PROGRAM = [
  'process.stdin.setRawMode(true);',
  "let typed = '';",
  "const draw = () => process.stdout.write('\\u001b[?2026h\\u001b[2K\\u001b[Gbench@echo:~$ ' + typed + '\\u001b[?2026l');",
  'draw();',
  "process.stdin.on('data', (d) => { const s = String(d); if (s.includes('\\u0004')) process.exit(0); typed = s.includes('\\u0003') ? '' : typed + s; draw(); });",
].join(' ');

let roundTrip: Promise<{ medianMs: number; samples: number[] }> | undefined;
/** Key → redrawn line through the pty harness with a program that does no work: what every latency below includes. */
function ptyRoundTrip(ctx: BenchContext): Promise<{ medianMs: number; samples: number[] }> {
  roundTrip ??= (async () => {
    const pty = PtySession.start([process.execPath, '-e', ECHO_PROGRAM], isolatedEnv(fresh(ctx, 'home')));
    const samples: number[] = [];
    try {
      await pty.waitFrame(0, (f) => typedInput(f) === '', 30_000, 'the echo prompt');
      let typed = '';
      for (let k = 0; k < 20; k++) {
        typed += String.fromCharCode(97 + k);
        samples.push(await typeAndWait(pty, typed.slice(-1), typed));
        await sleep(pause(k, 20, 60));
      }
    } finally {
      await pty.close('\u0004');
    }
    return { medianMs: median(samples), samples };
  })();
  return roundTrip;
}

/** The harness's own latency for a detail column, or why it is missing. */
async function roundTripText(ctx: BenchContext): Promise<{ text: string; ms: number | null }> {
  try {
    const r = await ptyRoundTrip(ctx);
    return { text: `; pty round trip alone ${r.medianMs.toFixed(1)} ms`, ms: r.medianMs };
  } catch (e) {
    return { text: `; pty round trip not measured: ${(e as Error).message}`, ms: null };
  }
}

async function enterFigure(ctx: BenchContext): Promise<FigureResult[]> {
  const id = 'enter';
  const figure = `Enter -> output drawn, echo hi (${SMALL_SCENARIO})`;
  const target: Target = { kind: 'max', limit: 30 };
  const samples: number[] = [];
  let pty: PtySession | undefined;
  try {
    pty = await openPractice(ctx, SMALL_SCENARIO, 120);
    for (let i = 1; i <= Math.max(ctx.runs, 5); i++) {
      await typeAndWait(pty, `echo hi${i}`, `echo hi${i}`);
      await sleep(pause(i, 100, 900));
      const since = pty.mark();
      const t = performance.now();
      pty.write('\r');
      const seen = await pty.waitFrame(since, (f) => hasLine(f, `hi${i}`), 10_000, `the output hi${i}`);
      samples.push(seen.at - t);
    }
  } catch (e) {
    return [notRun(id, figure, 'ms', target, (e as Error).message)];
  } finally {
    await pty?.close('\u0004y');
  }
  const harness = await roundTripText(ctx);
  return [result({ id, figure, value: median(samples), unit: 'ms', baseline: null, target, samples, detail: `median of ${samples.length}; max ${Math.max(...samples).toFixed(1)} ms${harness.text}`, extra: { ptyRoundTripMs: harness.ms } })];
}

async function keystrokeFigure(ctx: BenchContext): Promise<FigureResult[]> {
  const size = sizes(ctx).keystroke;
  const id = 'keystroke';
  const figure = `keystroke -> drawn, p95, ${sizeText(size)}`;
  const target: Target = { kind: 'max', limit: 16 };
  const timeoutS = ctx.timeoutS ?? 300;
  const generated = generatedScenario(ctx, size);
  if ('error' in generated) return [notRun(id, figure, 'ms', target, generated.error)];
  ctx.log(`  ${sizeText(size)}: warm-up in the TUI, timeout ${timeoutS} s`);
  const samples: number[] = [];
  let pty: PtySession | undefined;
  try {
    pty = await openPractice(ctx, generated.file, timeoutS);
    let typed = '';
    for (let k = 0; k < ctx.keys; k++) {
      if (typed.length === 30) {
        // Ctrl+C cancels the line, as in bash: a fresh, empty prompt.
        await typeAndWait(pty, '\u0003', '');
        typed = '';
      }
      const key = String.fromCharCode(97 + (k % 26));
      typed += key;
      samples.push(await typeAndWait(pty, key, typed));
      await sleep(pause(k, 40, 200));
    }
  } catch (e) {
    return [notRun(id, figure, 'ms', target, (e as Error).message)];
  } finally {
    await pty?.close('\u0003\u0004y');
  }
  const p95 = percentile(samples, 95);
  const harness = await roundTripText(ctx);
  return [
    result({
      id,
      figure,
      value: p95,
      unit: 'ms',
      baseline: null,
      target,
      judge: !ctx.small,
      samples,
      detail: `${samples.length} keys 40-240 ms apart: median ${median(samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms${harness.text}`,
      extra: { medianMs: median(samples), maxMs: Math.max(...samples), ptyRoundTripMs: harness.ms, nodes: size.nodes, pods: size.pods },
    }),
  ];
}

// --- the simulation queue ---------------------------------------------------------------------

/** Millions of events per second through the simulation's queue: 1M events scheduled out of order, then run. */
function eventsPerSecond(basis: 'cpu' | 'wall'): number {
  const q = new EventQueue(0);
  const n = 1_000_000;
  let x = 0;
  for (let i = 0; i < n; i++) q.at((i * 7919) % 100_000, () => void x++);
  const cpu = process.cpuUsage();
  const t = performance.now();
  q.runUntil(200_000);
  const spent = process.cpuUsage(cpu);
  const seconds = basis === 'cpu' ? (spent.user + spent.system) / 1e6 : (performance.now() - t) / 1000;
  return n / seconds / 1e6;
}

// --- the list ---------------------------------------------------------------------------------

/** Every figure, in the order they run (quick ones first, the 1,000-node warm-up last). */
export const FIGURES: readonly Figure[] = [
  {
    id: 'node',
    title: 'baseline: node -e 0',
    run: async (ctx) => {
      const runs = Array.from({ length: ctx.runs }, () => nodeOnce(ctx));
      const v = pick(ctx, median(runs.map((r) => r.wallS)), median(nonNull(runs.map((r) => r.cpuS))));
      const samples = runs.map((r) => (ctx.basis === 'cpu' ? (r.cpuS ?? Number.NaN) : r.wallS));
      return [result({ id: 'node', figure: `baseline: node -e 0, ${ctx.basis}`, value: v.value, unit: 's', baseline: null, target: null, samples, detail: `median of ${runs.length}; ${v.otherName} ${v.other.toFixed(3)} s (each figure below runs its own alongside)` })];
    },
  },
  {
    id: 'exec',
    title: 'exec end to end, 3-node scenario, no cache',
    run: (ctx) => processFigure(ctx, 'exec', `exec ${SMALL_SCENARIO} -- kubectl get pods (cold)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], { kind: 'ratio-max', limit: 3 }),
  },
  {
    id: 'exec-cached',
    title: 'exec end to end, 3-node scenario, warmed cache',
    run: (ctx) => processFigure(ctx, 'exec-cached', `exec ${SMALL_SCENARIO} -- kubectl get pods (2nd+ run)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], { kind: 'ratio-max', limit: 2 }, fresh(ctx, 'shared-home')),
  },
  {
    id: 'list',
    title: 'kubedrill list',
    run: (ctx) => processFigure(ctx, 'list', 'kubedrill list', [CLI, 'list'], { kind: 'ratio-max', limit: 1.5 }),
  },
  {
    id: 'ink',
    title: 'baseline: bare Ink bundle, first frame',
    run: async (ctx) => firstFrameFigure(ctx, 'ink', 'baseline: bare Ink bundle, first frame', [await bareInkBundle(ctx)], BARE_INK_TEXT, '', null, false),
  },
  {
    id: 'home',
    title: 'home screen first frame',
    run: (ctx) => firstFrameFigure(ctx, 'home', 'home screen first frame', [CLI], HOME_MARKER, 'q', { kind: 'ratio-max', limit: 3 }, true),
  },
  {
    id: 'pty',
    title: 'baseline: key -> redrawn through the pty harness',
    run: async (ctx) => {
      const r = await ptyRoundTrip(ctx);
      return [result({ id: 'pty', figure: 'baseline: key -> redrawn, pty harness alone', value: r.medianMs, unit: 'ms', baseline: null, target: null, samples: r.samples, detail: `a raw-mode echo program, median of ${r.samples.length}; max ${Math.max(...r.samples).toFixed(1)} ms` })];
    },
  },
  { id: 'enter', title: 'Enter -> output drawn in the practice screen', run: enterFigure },
  {
    id: 'events',
    title: 'simulation events per second (queue)',
    run: async (ctx) => {
      const samples = Array.from({ length: Math.min(ctx.runs, 3) }, () => eventsPerSecond(ctx.basis));
      return [result({ id: 'events', figure: `simulation events per second (queue), ${ctx.basis}`, value: median(samples), unit: 'M/s', baseline: null, target: { kind: 'min', limit: 2 }, samples, detail: `1M events out of order, median of ${samples.length}, in the bench process` })];
    },
  },
  {
    id: 'warmup-100',
    title: 'warm-up, 100 nodes / 2,000 pods',
    run: (ctx) => warmupFigure(ctx, 'warmup-100', sizes(ctx).mid, !ctx.small, 0.5, undefined, ctx.runs, 120),
  },
  { id: 'keystroke', title: 'keystroke on a 300-node cluster', run: keystrokeFigure },
  {
    id: 'warmup-1000',
    title: 'warm-up and peak RSS, 1,000 nodes / 30,000 pods',
    run: (ctx) => warmupFigure(ctx, 'warmup-1000', sizes(ctx).large, !ctx.small, 5, 400, ctx.largeRuns, 300),
  },
];
