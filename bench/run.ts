/**
 * `npm run bench`: the figures of PERFORMANCE.md, each beside its target.
 * Medians of whole-process runs; process starts are reported as ratios to
 * `node -e 0` measured in the same run. These are benchmarks, not tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { writeLargeScenario } from './generate.js';
import { EventQueue } from '../src/cluster/clock/event-queue.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (s: number) => `${s.toFixed(3)} s`;

function timeProcess(cmd: string, args: string[]): number {
  const t = performance.now();
  spawnSync(cmd, args, { stdio: 'ignore' });
  return (performance.now() - t) / 1000;
}

/** Time from spawn until the home screen's first frame shows, in a pseudo-terminal (util-linux `script`). */
function timeFirstFrame(): Promise<number> {
  return new Promise((resolve) => {
    const t = performance.now();
    const child = spawn('script', ['-qfec', 'node bin/kubedrill.js', '/dev/null'], { env: { ...process.env, COLUMNS: '100', LINES: '30', KUBEDRILL_HOME: '/tmp/kubedrill-bench-home' } });
    let seen = '';
    const done = (v: number) => {
      child.kill('SIGKILL');
      resolve(v);
    };
    child.stdout.on('data', (d) => {
      seen += String(d);
      if (seen.includes('Kubernetes troubleshooting practice')) done((performance.now() - t) / 1000);
    });
    setTimeout(() => done(Number.NaN), 20_000);
  });
}

/** Runs a child node process and reports its wall time and peak RSS. */
function measureChild(script: string, args: string[], timeoutMs: number): { seconds: number; rssMb: number; ok: boolean; output: string } {
  const t = performance.now();
  const r = spawnSync('node', ['--import', 'tsx', script, ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - t) / 1000;
  const m = /RSS_MB=(\d+)/.exec(r.stderr ?? '');
  return { seconds, rssMb: m ? Number(m[1]) : Number.NaN, ok: r.status === 0, output: (r.stderr ?? '').slice(-400) };
}

function eventsPerSecond(): number {
  const q = new EventQueue(0);
  const n = 1_000_000;
  let x = 0;
  for (let i = 0; i < n; i++) q.at((i * 7919) % 100_000, () => void x++);
  const t = performance.now();
  q.runUntil(200_000);
  return n / ((performance.now() - t) / 1000);
}

async function main(): Promise<void> {
  const rows: string[][] = [['figure', 'median', 'target']];
  const nodeBase = median(Array.from({ length: RUNS }, () => timeProcess('node', ['-e', '0'])));
  rows.push(['node -e 0', fmt(nodeBase), '(baseline)']);

  const frames: number[] = [];
  for (let i = 0; i < RUNS; i++) frames.push(await timeFirstFrame());
  const frame = median(frames);
  rows.push(['cold start to home screen first frame', `${fmt(frame)} (${(frame / nodeBase).toFixed(1)}x)`, '<= 3x node -e 0']);

  const exec = median(Array.from({ length: RUNS }, () => timeProcess('node', ['bin/kubedrill.js', 'exec', 'pending-insufficient-cpu', '--', 'kubectl get pods'])));
  rows.push(['exec, small scenario, kubectl get pods', `${fmt(exec)} (${(exec / nodeBase).toFixed(1)}x)`, '(reference)']);

  const medium = writeLargeScenario(500, 10_000);
  const big = measureChild('bench/exec-large.ts', [medium, 'kubectl get pods -A'], 300_000);
  rows.push(['exec 500 nodes / 10,000 pods: kubectl get pods -A (incl. warm-up)', big.ok ? fmt(big.seconds) : `failed or > 300 s`, '<= 0.6 s']);
  rows.push(['peak RSS at 10,000 pods', big.ok ? `${big.rssMb} MB` : 'n/a', '<= 250 MB']);

  const huge = writeLargeScenario(1000, 30_000);
  const warm = measureChild('bench/warmup.ts', [huge], 600_000);
  rows.push(['warm-up 1,000 nodes / 30,000 pods', warm.ok ? fmt(warm.seconds) : 'failed or > 600 s', '<= 2 s']);

  const eps = eventsPerSecond();
  rows.push(['simulation events per second (queue)', `${(eps / 1e6).toFixed(2)} M/s`, '>= 2 M/s']);

  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i] + 2)).join('').trimEnd());
}

await main();
