/**
 * Latency figures in the practice screen, in a pseudo-terminal: Enter →
 * output drawn, and keystroke → drawn on a large cluster while its
 * simulation ticks.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { roundTripText } from './baselines.js';
import { CLI, SMALL_SCENARIO, fresh, notRun, sizeText, sizes, type BenchContext } from './context.js';
import { hasLine, typedInput } from './frames.js';
import { isolatedEnv } from './measure.js';
import { PtySession, pause, typeAndWait } from './pty.js';
import { median, percentile, result, type FigureResult, type Target } from './stats.js';
import { generatedScenario } from './warmup.js';

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

/** Enter → the output of `echo hiN` drawn, on the shipped 3-node scenario. */
export async function enterFigure(ctx: BenchContext): Promise<FigureResult[]> {
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

/** Keystroke → drawn on a generated large cluster (p95 judged: a key landing on a tick is the case). */
export async function keystrokeFigure(ctx: BenchContext): Promise<FigureResult[]> {
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
