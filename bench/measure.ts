/**
 * Whole-process measurements of the bundled build: wall time from spawn to
 * exit, and — through the preloaded bench/usage.mjs — CPU time, CPU until the
 * first output and peak RSS, with a timeout that kills the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

/** The repository root (bench/..). */
export const ROOT = resolve(import.meta.dirname, '..');
const USAGE_PRELOAD = pathToFileURL(join(ROOT, 'bench', 'usage.mjs')).href;

/** One measured process. */
export interface ProcessRun {
  wallS: number;
  /** User + system CPU of the whole process; null when it died before exiting normally. */
  cpuS: number | null;
  /** CPU until the first write to stdout; null without one. */
  firstOutputCpuS: number | null;
  rssMb: number | null;
  status: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Fresh per-run directories for everything the product may keep between
 * runs (progress, caches): a cold run must not find a warm cluster cache.
 */
export function isolatedEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The bench itself may run under a loader (tsx); the measured processes must not.
  delete env.NODE_OPTIONS;
  for (const sub of ['data', 'cache', 'config']) mkdirSync(join(home, sub), { recursive: true });
  return {
    ...env,
    HOME: home,
    KUBEDRILL_HOME: join(home, 'data'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    ...extra,
  };
}

/** Runs `node <args>` with the usage preload; `home` isolates its state (see isolatedEnv). */
export function runNode(args: readonly string[], options: { home: string; timeoutS: number; scratch: string }): ProcessRun {
  const usageDir = mkdtempSync(join(options.scratch, 'usage-'));
  const usageFile = join(usageDir, 'usage.json');
  const env = isolatedEnv(options.home, { KUBEDRILL_BENCH_USAGE: usageFile });
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', USAGE_PRELOAD, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: options.timeoutS * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallS = (performance.now() - t) / 1000;
  let usage: { cpuUs: number; firstOutputCpuUs: number | null; maxRssKb: number } | undefined;
  try {
    usage = JSON.parse(readFileSync(usageFile, 'utf8'));
  } catch {
    usage = undefined;
  }
  rmSync(usageDir, { recursive: true, force: true });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return {
    wallS,
    cpuS: usage ? usage.cpuUs / 1e6 : null,
    firstOutputCpuS: usage?.firstOutputCpuUs != null ? usage.firstOutputCpuUs / 1e6 : null,
    rssMb: usage ? usage.maxRssKb / 1024 : null,
    status: r.status,
    timedOut,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
  };
}

/** Why a run gives no figure, or undefined when it ran to a clean exit. */
export function runProblem(run: ProcessRun, timeoutS: number): string | undefined {
  if (run.timedOut) return `timed out after ${timeoutS} s`;
  if (run.status !== 0) return `exit ${run.status ?? 'signal'}: ${lastLine(run.stderr)}`;
  if (run.cpuS === null) return 'no usage report (the process did not exit normally)';
  return undefined;
}

/** The last non-empty line of some output, shortened. */
export function lastLine(text: string): string {
  const line = text.trim().split('\n').pop() ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
