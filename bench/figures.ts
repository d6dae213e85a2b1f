/**
 * The figures of issue 7's targets, in the order they run, each measured on
 * the bundled build (bin/kubedrill.js) and, where a process start is
 * involved, divided by a baseline measured in the same run.
 * See docs/performance.md.
 */
import { performance } from 'node:perf_hooks';
import { EventQueue } from '../src/cluster/clock/event-queue.js';
import { bareInkBundle, nodeOnce, ptyRoundTrip } from './baselines.js';
import { CLI, OTHER_SMALL_SCENARIO, SMALL_SCENARIO, fresh, nonNull, pick, sizes, type Figure } from './context.js';
import { BARE_INK_TEXT } from './ink-baseline.js';
import { median, result } from './stats.js';
import { firstFrameFigure, processFigure } from './startup.js';
import { enterFigure, keystrokeFigure } from './tui.js';
import { warmupFigure } from './warmup.js';

/** What the home screen's first frame shows (src/tui/screens/home). */
const HOME_MARKER = 'Kubernetes troubleshooting practice';

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

/** Every figure, in the order they run (quick ones first, the 1,000-node warm-up last). */
export const FIGURES: readonly Figure[] = [
  {
    id: 'node',
    title: 'baseline: node -e 0',
    run: async (ctx) => {
      const runs = Array.from({ length: ctx.runs }, () => nodeOnce(ctx));
      const v = pick(ctx, median(runs.map((r) => r.wallS)), median(nonNull(runs.map((r) => r.cpuS))));
      const samples = runs.map((r) => (ctx.basis === 'cpu' ? (r.cpuS ?? Number.NaN) : r.wallS));
      // Node parses NODE_EXTRA_CA_CERTS before any code runs, in every process (kubedrill's too): say what it weighs here.
      let extraCa = '';
      if (process.env.NODE_EXTRA_CA_CERTS) {
        const without = Array.from({ length: ctx.runs }, () => nodeOnce(ctx, { NODE_EXTRA_CA_CERTS: '' }));
        const w = pick(ctx, median(without.map((r) => r.wallS)), median(nonNull(without.map((r) => r.cpuS))));
        extraCa = `; NODE_EXTRA_CA_CERTS is set (Node parses it at start-up): ${w.value.toFixed(3)} s without it`;
      }
      return [result({ id: 'node', figure: `baseline: node -e 0, ${ctx.basis}`, value: v.value, unit: 's', baseline: null, target: null, samples, detail: `median of ${runs.length}; ${v.otherName} ${v.other.toFixed(3)} s (each figure below runs its own alongside)${extraCa}` })];
    },
  },
  {
    id: 'exec',
    title: 'exec end to end, 3-node scenario, its first run (warms up in process; code cache from another command)',
    run: (ctx) =>
      processFigure(ctx, 'exec', `exec ${SMALL_SCENARIO} -- kubectl get pods (1st run of it, after another command)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], { kind: 'ratio-max', limit: 3 }, {
        env: { KUBEDRILL_CACHE: 'on' },
        codeCacheFrom: [CLI, 'exec', OTHER_SMALL_SCENARIO, '--', 'true'],
      }),
  },
  {
    id: 'exec-off',
    title: 'exec end to end, 3-node scenario, KUBEDRILL_CACHE=off',
    run: (ctx) => processFigure(ctx, 'exec-off', `exec ${SMALL_SCENARIO} -- kubectl get pods (cache off)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], null),
  },
  {
    id: 'exec-first',
    title: 'exec end to end, 3-node scenario, the very first command (nothing cached: compiles, writes the code cache)',
    run: (ctx) => processFigure(ctx, 'exec-first', `exec ${SMALL_SCENARIO} -- kubectl get pods (first command, cache on)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], null, { env: { KUBEDRILL_CACHE: 'on' } }),
  },
  {
    id: 'exec-cached',
    title: 'exec end to end, 3-node scenario, warmed cache',
    run: (ctx) => processFigure(ctx, 'exec-cached', `exec ${SMALL_SCENARIO} -- kubectl get pods (2nd+ run)`, [CLI, 'exec', SMALL_SCENARIO, '--', 'kubectl', 'get', 'pods'], { kind: 'ratio-max', limit: 2 }, { sharedHome: fresh(ctx, 'shared-home'), env: { KUBEDRILL_CACHE: 'on' } }),
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
    run: (ctx) => firstFrameFigure(ctx, 'home', 'home screen first frame', [CLI], HOME_MARKER, '\u0003', { kind: 'ratio-max', limit: 3 }, true),
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
    run: (ctx) => warmupFigure(ctx, { id: 'warmup-100', size: sizes(ctx).mid, judge: !ctx.small, cpuLimit: 0.5, runs: ctx.runs, timeoutS: 120 }),
  },
  { id: 'keystroke', title: 'keystroke on a 300-node cluster', run: keystrokeFigure },
  {
    id: 'warmup-1000',
    title: 'warm-up and peak RSS, 1,000 nodes / 30,000 pods',
    run: (ctx) => warmupFigure(ctx, { id: 'warmup-1000', size: sizes(ctx).large, judge: !ctx.small, cpuLimit: 5, rssLimit: 400, runs: ctx.largeRuns, timeoutS: 300 }),
  },
];
