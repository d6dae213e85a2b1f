/**
 * The warm-up: runs a new cluster's history from its creation to "now".
 * The plan (what to simulate, what idle time to skip) is computed once; the
 * synchronous and the sliced asynchronous warm-ups both execute that plan,
 * so slicing cannot change the history.
 */
import type { Cluster, TimelineItem } from './cluster.js';

/** How long bootstrap (and the last timeline change) is simulated before idle time is skipped. */
const SETTLE_MS = 10 * 60_000;
/** How much steady state is simulated before the first timeline item. */
const PRE_ROLL_MS = 5 * 60_000;
/** Idle stretches shorter than this are simulated, not skipped (a skip leaves gaps in periodic history). */
const MIN_SKIP_MS = 60 * 60_000;
/** Events run between two yields of the asynchronous warm-up: some 10-50 ms of work (an event costs 0.05-0.25 ms). */
const SLICE_EVENTS = 200;

/** What part of the history is being replayed. */
type WarmUpPhase = 'bootstrap' | 'history' | 'settling';

/** How far the warm-up is. */
export interface WarmUpProgress {
  phase: WarmUpPhase;
  /** Simulated time since the cluster's creation (the clock's position). */
  simulatedMs: number;
  /** The cluster's age at "now": where the clock ends. */
  totalMs: number;
  /** Simulated time run so far (idle stretches skipped are not run, so they count nothing). */
  runMs: number;
  /** Simulated time the whole warm-up runs: the work to do. */
  runTotalMs: number;
}

/** Options of the asynchronous warm-up. */
export interface WarmUpOptions {
  /** Called between slices with values that never go down, last with everything done. */
  onProgress?: (progress: WarmUpProgress) => void;
  /** Stops the warm-up between slices; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Events per slice (tests use small slices). */
  sliceEvents?: number;
}

/** One step of the plan. */
type Step =
  | { kind: 'run'; to: number; from: number; phase: WarmUpPhase }
  | { kind: 'jump'; to: number }
  | { kind: 'item'; item: TimelineItem };

/**
 * Plans the history: each timeline change gets a little steady state before
 * it and time to settle after it; the idle stretches in between are skipped
 * (timers keep their phase, TTLs expire as they would).
 */
function plan(createdAt: number, now: number, timeline: readonly TimelineItem[]): Step[] {
  const items = [...timeline].filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
  const steps: Step[] = [];
  // The clock as the queue will have it: runUntil never moves it back.
  let clock = createdAt;
  let lastChange = createdAt;
  let phase: WarmUpPhase = 'bootstrap';
  const run = (to: number) => {
    steps.push({ kind: 'run', to, from: clock, phase });
    clock = Math.max(clock, to);
  };
  const skipTo = (at: number) => {
    run(Math.min(at, lastChange + SETTLE_MS));
    if (at - PRE_ROLL_MS - clock > MIN_SKIP_MS) {
      steps.push({ kind: 'jump', to: at - PRE_ROLL_MS });
      clock = at - PRE_ROLL_MS;
      phase = phase === 'bootstrap' ? 'history' : phase;
    }
    run(at);
  };
  for (const item of items) {
    skipTo(item.at);
    phase = 'history';
    steps.push({ kind: 'item', item });
    lastChange = item.at;
  }
  phase = 'settling';
  skipTo(now);
  return steps;
}

/** Simulated time a run step covers. */
function span(step: Step): number {
  return step.kind === 'run' ? Math.max(0, step.to - step.from) : 0;
}

/**
 * Executes the plan, yielding after every `sliceEvents` events and after
 * every step; with `sliceEvents` = Infinity it yields only between steps.
 */
function* execute(cluster: Cluster, steps: readonly Step[], sliceEvents: number): Generator<WarmUpProgress> {
  const totalMs = cluster.world.now - cluster.createdAt;
  const runTotalMs = steps.reduce((sum, s) => sum + span(s), 0);
  let runBefore = 0;
  let phase: WarmUpPhase = 'bootstrap';
  const progress = (current: Step | undefined): WarmUpProgress => {
    const now = cluster.now();
    const within = current?.kind === 'run' ? Math.min(span(current), Math.max(0, now - current.from)) : 0;
    return { phase, simulatedMs: now - cluster.createdAt, totalMs, runMs: runBefore + within, runTotalMs };
  };
  for (const step of steps) {
    switch (step.kind) {
      case 'run':
        phase = step.phase;
        while (!cluster.queue.runUntil(step.to, sliceEvents)) yield progress(step);
        runBefore += span(step);
        break;
      case 'jump':
        cluster.jump(step.to - cluster.now());
        break;
      case 'item': {
        const { item } = step;
        cluster.queue.at(item.at, () => item.run(cluster));
        const at = cluster.now();
        while (!cluster.queue.runUntil(at, sliceEvents)) yield progress(undefined);
        break;
      }
    }
    yield progress(undefined);
  }
}

/** Runs a bootstrapped cluster's history up to "now", all at once. */
export function warmUp(cluster: Cluster, timeline: readonly TimelineItem[]): void {
  const steps = plan(cluster.createdAt, cluster.world.now, timeline);
  const steps_ = execute(cluster, steps, Infinity);
  // Nothing to report: the synchronous path only runs the plan.
  while (!steps_.next().done);
}

/**
 * Runs a bootstrapped cluster's history up to "now" in slices, giving the
 * event loop a turn between them (a spinner keeps turning, Ctrl+C is read).
 * The history is the same as {@link warmUp}'s.
 */
export async function warmUpAsync(cluster: Cluster, timeline: readonly TimelineItem[], options: WarmUpOptions = {}): Promise<void> {
  const steps = plan(cluster.createdAt, cluster.world.now, timeline);
  let last: WarmUpProgress | undefined;
  const report = (p: WarmUpProgress) => {
    // Only news: the clock and the work done never go down, and repeats say nothing.
    if (last && p.simulatedMs === last.simulatedMs && p.runMs === last.runMs && p.phase === last.phase) return;
    last = p;
    options.onProgress?.(p);
  };
  for (const p of execute(cluster, steps, options.sliceEvents ?? SLICE_EVENTS)) {
    report(p);
    options.signal?.throwIfAborted();
    await new Promise<void>((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
  }
}
