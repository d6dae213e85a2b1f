/**
 * The CLI as installed users run it, for tests of the warmed-cluster cache:
 * `scripts/build.mjs` builds the bundles (the cache needs the snapshot
 * bundle and a build id) into a temporary folder, and each run gets its own
 * environment, so tests see whether a run used the cache.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimHolder } from '../../../src/cli/warm-cache/store.js';

/** What a run of the built CLI printed. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A built CLI in a temporary folder; `remove()` deletes it. */
export interface BuiltCli {
  dir: string;
  /** Runs the CLI; `input` is its stdin (none: an empty one). */
  run(args: string[], env: NodeJS.ProcessEnv, input?: string): CliRun;
  /** Runs the CLI with stdout and stderr on one file, as `2>&1` does: what it wrote, in the order it wrote it. */
  runMerged(args: string[], env: NodeJS.ProcessEnv): string;
  remove(): void;
}

/** Builds the CLI from the current sources (a few seconds). */
export function buildCli(): BuiltCli {
  const dir = mkdtempSync(join(tmpdir(), 'kubedrill-built-'));
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
  const b = spawnSync(process.execPath, ['scripts/build.mjs', dir], { cwd: root, encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`build failed: ${b.stderr}`);
  return {
    dir,
    run(args, env, input) {
      // Only what the product reads: no VITEST (it freezes stored objects), no CI settings of the runner.
      const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: env.HOME ?? process.env.HOME };
      const r = spawnSync(process.execPath, [join(dir, 'kubedrill.js'), ...args], { cwd: root, env: { ...base, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, input: input ?? '' });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    runMerged(args, env) {
      const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: env.HOME ?? process.env.HOME };
      const file = join(dir, `merged-${process.pid}-${Date.now()}.txt`);
      const fd = openSync(file, 'w');
      try {
        spawnSync(process.execPath, [join(dir, 'kubedrill.js'), ...args], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', fd, fd] });
      } finally {
        closeSync(fd);
      }
      const text = readFileSync(file, 'utf8');
      rmSync(file);
      return text;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The keys of the files of one kind (`.blob`: the entries) in the warmed-cluster cache under a KUBEDRILL_HOME. */
function cacheFiles(home: string, suffix: string): string[] {
  const dir = join(home, 'cache', 'warm-clusters');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => f.slice(0, -suffix.length)) : [];
}

/** The keys of the warmed-cluster cache entries (blobs) under a KUBEDRILL_HOME. */
export function cacheEntries(home: string): string[] {
  return cacheFiles(home, '.blob');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits until no snapshot is being built in the background under a
 * KUBEDRILL_HOME: every build's claim is gone (its entry written) or names
 * a process that has ended (a build that failed keeps its claim).
 */
export async function buildsDone(home: string, timeoutMs = 240_000): Promise<void> {
  const dir = join(home, 'cache', 'warm-clusters');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const building = cacheFiles(home, '.building').filter((key) => {
      const pid = claimHolder(dir, key);
      return pid !== undefined && alive(pid);
    });
    if (building.length === 0) return;
    if (Date.now() > until) throw new Error(`snapshots still building after ${timeoutMs} ms: ${building.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The built CLI of a test file, with a scratch folder: built before its tests, both removed after. */
export interface TestCli {
  run: BuiltCli['run'];
  runMerged: BuiltCli['runMerged'];
  /** Where the bundles are. */
  readonly dir: string;
  /** A scratch folder for homes and scripts. */
  readonly work: string;
}

/** Builds the CLI for the tests of the calling file (beforeAll) and removes it after them (afterAll). */
export function useBuiltCli(): TestCli {
  let built: BuiltCli | undefined;
  let work = '';
  beforeAll(() => {
    built = buildCli();
    work = mkdtempSync(join(tmpdir(), 'kubedrill-cli-work-'));
  }, 120_000);
  afterAll(() => {
    built?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  return {
    run: (args, env, input) => built!.run(args, env, input),
    runMerged: (args, env) => built!.runMerged(args, env),
    get dir() {
      return built!.dir;
    },
    get work() {
      return work;
    },
  };
}
