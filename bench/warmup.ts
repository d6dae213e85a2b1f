/**
 * Warm-up figures on generated clusters: CPU until the first output of
 * `exec <file> -- echo warm` minus the same for a 1-node cluster with no history,
 * and the peak RSS. Every run has a fresh home and cache directory, so a
 * warmed-cluster cache never hides the warm-up.
 */
import { CLI, fresh, nonNull, notRun, once, repeat, sizeText, type BenchContext } from './context.js';
import { writeScenario, type ClusterSize } from './generate.js';
import { lastLine, runNode } from './measure.js';
import { median, result, type FigureResult, type Target } from './stats.js';

/** CPU to the first output of `exec <1-node scenario, 2 min of history> -- echo warm`: start-up without warm-up. */
function tinyReference(ctx: BenchContext): Promise<{ firstOutputCpuS: number } | { error: string }> {
  return once(ctx, 'tiny-reference', async () => {
    const file = writeScenario(fresh(ctx, 'scenario'), { nodes: 1, pods: 0 }, { ...ctx.generate, createdAgo: '2m', workloadsAgo: '1m' });
    const { runs, error } = repeat(ctx, ctx.runs, [CLI, 'exec', file, '--', 'echo', 'warm'], 60);
    if (error) return { error: `tiny scenario: ${error}` };
    if (runs.some((r) => r.firstOutputCpuS === null)) return { error: 'tiny scenario: the command wrote nothing to standard output' };
    return { firstOutputCpuS: median(nonNull(runs.map((r) => r.firstOutputCpuS))) };
  });
}

/** Writes a generated scenario and checks that this build accepts it. */
export function generatedScenario(ctx: BenchContext, size: ClusterSize): { file: string } | { error: string } {
  const file = writeScenario(fresh(ctx, 'scenario'), size, ctx.generate);
  const check = runNode([CLI, 'validate', file], { home: fresh(ctx, 'home'), timeoutS: 120, scratch: ctx.scratch });
  if (check.timedOut) return { error: 'validate timed out after 120 s' };
  if (check.status !== 0) return { error: `does not validate on this build: ${lastLine(check.stderr || check.stdout).replace(/^.*\.yaml:/, '')}` };
  return { file };
}

/** One warm-up figure: a generated size, its limits, repetitions and default timeout. */
export interface WarmupFigure {
  id: string;
  size: ClusterSize;
  /** False at sizes other than the target's (--small). */
  judge: boolean;
  /** Seconds of CPU. */
  cpuLimit: number;
  /** MB of peak RSS, when judged. */
  rssLimit?: number;
  runs: number;
  /** Per run, unless --timeout says otherwise. */
  timeoutS: number;
}

/**
 * Warm-up CPU of a generated cluster: CPU until the first output of
 * `exec <file> -- echo warm` minus the same for a 1-node cluster with no history
 * (start-up, bundle load and a trivial command), plus the peak RSS.
 */
export async function warmupFigure(ctx: BenchContext, figure: WarmupFigure): Promise<FigureResult[]> {
  const { id, size, judge, cpuLimit, rssLimit, runs } = figure;
  const timeoutS = ctx.timeoutS ?? figure.timeoutS;
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
  const { runs: done, error } = repeat(ctx, runs, [CLI, 'exec', generated.file, '--', 'echo', 'warm'], timeoutS);
  if (error) return fail(error);
  // A command that writes nothing leaves no first-output mark, and the figure would be NaN.
  if (done.some((r) => r.firstOutputCpuS === null)) return fail('the command wrote nothing to standard output, so there is no first output to time');
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
