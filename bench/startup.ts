/**
 * Start-up figures: a CLI command end to end and a TUI's first frame, each
 * as a ratio to `node -e 0` run alongside (interleaved, one before each run,
 * so both medians come from the same minutes of a machine whose load drifts).
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bareInkBundle, nodeOnce, ptyNodeOnce } from './baselines.js';
import { fresh, nonNull, notRun, otherBasisText, pick, type BenchContext } from './context.js';
import { BARE_INK_TEXT } from './ink-baseline.js';
import { PRELOAD_ARGS, isolatedEnv, runNode, runProblem, usageProbe, type ProcessRun } from './measure.js';
import { PtySession, TERMINAL } from './pty.js';
import { median, result, type FigureResult, type Target } from './stats.js';

/** A CLI command end to end, as a ratio to `node -e 0` run alongside. */
export async function processFigure(
  ctx: BenchContext,
  id: string,
  figure: string,
  args: string[],
  target: Target | null,
  options: { sharedHome?: string; env?: Record<string, string>; codeCacheFrom?: readonly string[] } = {},
): Promise<FigureResult[]> {
  const name = `${figure}, ${ctx.basis}`;
  const { sharedHome, env } = options;
  let codeCache: string | undefined;
  if (options.codeCacheFrom) {
    // Another command run once before, in a home of its own: each measured run starts from a copy of the
    // V8 code cache it left, and from nothing else (no warmed cluster, no mark of this scenario).
    const prime = fresh(ctx, 'code-cache-home');
    const primed = runNode(options.codeCacheFrom, { home: prime, timeoutS: 120, scratch: ctx.scratch, env });
    const problem = runProblem(primed, 120);
    if (problem) return [notRun(id, name, 's', target, problem)];
    codeCache = join(prime, 'data', 'cache', 'code');
    if (!existsSync(codeCache)) return [notRun(id, name, 's', target, `no code cache in ${codeCache} after \`${options.codeCacheFrom.join(' ')}\``)];
  }
  const runHome = (): string => {
    if (sharedHome) return sharedHome;
    const home = fresh(ctx, 'home');
    if (codeCache) cpSync(codeCache, join(home, 'data', 'cache', 'code'), { recursive: true });
    return home;
  };
  if (sharedHome) {
    // Prime whatever the product keeps between runs: the warmed-cluster cache builds a snapshot, in the
    // background, the second time a cluster is asked for.
    for (let i = 0; i < 2; i++) {
      const prime = runNode(args, { home: sharedHome, timeoutS: 120, scratch: ctx.scratch, env });
      const problem = runProblem(prime, 120);
      if (problem) return [notRun(id, name, 's', target, problem)];
    }
    const cache = join(sharedHome, 'data', 'cache', 'warm-clusters');
    if (!(await warmClusterFiled(cache, 300))) return [notRun(id, name, 's', target, `no warmed cluster in ${cache} 300 s after the second run`)];
  }
  const bases: ProcessRun[] = [];
  const runs: ProcessRun[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    bases.push(nodeOnce(ctx));
    const run = runNode(args, { home: runHome(), timeoutS: 120, scratch: ctx.scratch, env });
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
      detail: `median of ${runs.length}, node -e 0 alongside ${base.value.toFixed(3)} s; ${otherBasisText(judged, base)}; RSS ${rss.toFixed(0)} MB`,
      extra: { wallS: wall, cpuS: cpu, baselineWallS: baseWall, baselineCpuS: baseCpu, wallRatio: wall / baseWall, cpuRatio: cpu / baseCpu, rssMb: rss },
    }),
  ];
}

/** Waits up to `timeoutS` for a warmed-cluster cache entry to be filed in `dir` with no build under way. */
async function warmClusterFiled(dir: string, timeoutS: number): Promise<boolean> {
  const until = Date.now() + timeoutS * 1000;
  while (Date.now() < until) {
    const names = existsSync(dir) ? readdirSync(dir) : [];
    if (names.some((n) => n.endsWith('.json')) && !names.some((n) => n.endsWith('.building'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

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
  if (usage?.markCpuS == null) throw new Error(`no CPU report at the frame showing "${marker}" (the program never wrote it)`);
  return { wallS, cpuS: usage.markCpuS };
}

/**
 * Spawn → first frame of a TUI in the pty, as a ratio to `node -e 0` in the same pty harness; with
 * `vsInk`, the bare Ink bundle's first frame is measured alongside too.
 */
export async function firstFrameFigure(ctx: BenchContext, id: string, figure: string, argv: string[], marker: string, quitKeys: string, target: Target | null, vsInk: boolean): Promise<FigureResult[]> {
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
      detail: `spawn to frame, ${TERMINAL.columns}x${TERMINAL.rows} pty, median of ${runs.length}, node -e 0 alongside in the pty ${base.value.toFixed(3)} s${inkText}; ${otherBasisText(judged, base)}`,
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
