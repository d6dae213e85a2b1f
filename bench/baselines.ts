/**
 * The baselines every ratio and latency is read against, measured in the
 * same run: `node -e 0` (plain and through the pty harness), the bare Ink
 * bundle, and a key's round trip through the harness alone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fresh, once, type BenchContext } from './context.js';
import { typedInput } from './frames.js';
import { buildBareInk } from './ink-baseline.js';
import { PRELOAD_ARGS, isolatedEnv, runNode, runProblem, usageProbe, type ProcessRun } from './measure.js';
import { PtySession, pause, typeAndWait } from './pty.js';
import { median } from './stats.js';

/** One `node -e 0` with the same preload as every measured process. */
export function nodeOnce(ctx: BenchContext, env?: Record<string, string>): ProcessRun {
  const run = runNode(['-e', '0'], { home: fresh(ctx, 'home'), timeoutS: 30, scratch: ctx.scratch, env });
  const problem = runProblem(run, 30);
  if (problem) throw new Error(`node -e 0: ${problem}`);
  return run;
}

/** One `node -e 0` through the same pseudo-terminal harness as the TUI figures: spawn to exit, and its CPU. */
export async function ptyNodeOnce(ctx: BenchContext): Promise<{ wallS: number; cpuS: number }> {
  const probe = usageProbe(ctx.scratch);
  const pty = PtySession.start([process.execPath, ...PRELOAD_ARGS, '-e', '0'], isolatedEnv(fresh(ctx, 'home'), probe.env));
  const { at } = await pty.exited;
  const usage = probe.read();
  if (!usage) throw new Error('node -e 0 in the pty: no usage report');
  return { wallS: (at - pty.startedAt) / 1000, cpuS: usage.cpuS };
}

/** The bare Ink bundle, built once per bench run. */
export function bareInkBundle(ctx: BenchContext): Promise<string> {
  return once(ctx, 'bare-ink', () => buildBareInk(fresh(ctx, 'ink')));
}

/** A raw-mode program that redraws a prompt line with what is typed, at once: the pty harness alone. */
const ECHO_PROGRAM = [
  'process.stdin.setRawMode(true);',
  "let typed = '';",
  "const draw = () => process.stdout.write('\\u001b[?2026h\\u001b[2K\\u001b[Gbench@echo:~$ ' + typed + '\\u001b[?2026l');",
  'draw();',
  "process.stdin.on('data', (d) => { const s = String(d); if (s.includes('\\u0004')) process.exit(0); typed = s.includes('\\u0003') ? '' : typed + s; draw(); });",
].join(' ');

/** Key → redrawn line through the pty harness with a program that does no work: what every latency below includes. */
export function ptyRoundTrip(ctx: BenchContext): Promise<{ medianMs: number; samples: number[] }> {
  return once(ctx, 'pty-round-trip', async () => {
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
  });
}

/** The harness's own latency for a detail column, or why it is missing. */
export async function roundTripText(ctx: BenchContext): Promise<{ text: string; ms: number | null }> {
  try {
    const r = await ptyRoundTrip(ctx);
    return { text: `; pty round trip alone ${r.medianMs.toFixed(1)} ms`, ms: r.medianMs };
  } catch (e) {
    return { text: `; pty round trip not measured: ${(e as Error).message}`, ms: null };
  }
}
