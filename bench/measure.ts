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
/** `node` arguments that preload bench/usage.mjs. */
export const PRELOAD_ARGS = ['--import', pathToFileURL(join(ROOT, 'bench', 'usage.mjs')).href] as const;

/** What bench/usage.mjs reports on exit, in seconds and MB. */
export interface Usage {
  cpuS: number;
  firstOutputCpuS: number | null;
  markCpuS: number | null;
  rssMb: number;
}

/** Where a measured process reports its usage: the env to give it, and how to read the report after its exit. */
export function usageProbe(scratch: string, mark?: string): { env: Record<string, string>; read: () => Usage | undefined } {
  const dir = mkdtempSync(join(scratch, 'usage-'));
  const file = join(dir, 'usage.json');
  return {
    env: { KUBEDRILL_BENCH_USAGE: file, ...(mark ? { KUBEDRILL_BENCH_MARK: mark } : {}) },
    read: () => {
      try {
        const u = JSON.parse(readFileSync(file, 'utf8')) as { cpuUs: number; firstOutputCpuUs: number | null; markCpuUs: number | null; maxRssKb: number };
        const s = (us: number | null): number | null => (us === null ? null : us / 1e6);
        return { cpuS: u.cpuUs / 1e6, firstOutputCpuS: s(u.firstOutputCpuUs), markCpuS: s(u.markCpuUs), rssMb: u.maxRssKb / 1024 };
      } catch {
        return undefined;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

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
 * The warmed-cluster cache is off (`KUBEDRILL_CACHE=off`: the warm-up runs in
 * the measured process, where its CPU and first output are read) unless a
 * figure turns it on with `KUBEDRILL_CACHE: 'on'` in `extra`.
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
    KUBEDRILL_CACHE: 'off',
    ...extra,
  };
}

/** Runs `node <args>` with the usage preload; `home` isolates its state (see isolatedEnv). */
export function runNode(args: readonly string[], options: { home: string; timeoutS: number; scratch: string; env?: Record<string, string> }): ProcessRun {
  const probe = usageProbe(options.scratch);
  const env = isolatedEnv(options.home, { ...probe.env, ...options.env });
  const t = performance.now();
  const r = spawnSync(process.execPath, [...PRELOAD_ARGS, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: options.timeoutS * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallS = (performance.now() - t) / 1000;
  const usage = probe.read();
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return {
    wallS,
    cpuS: usage?.cpuS ?? null,
    firstOutputCpuS: usage?.firstOutputCpuS ?? null,
    rssMb: usage?.rssMb ?? null,
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
