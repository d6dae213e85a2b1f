/**
 * The CLI's side of the warmed-cluster cache. `kubedrill exec` spends most
 * of its time warming the scenario's cluster up to "now"; the cache keeps
 * that warmed cluster as a V8 startup snapshot, keyed by the scenario's
 * bytes, the seed, the build and the Node.js, and runs the request in a
 * process started from it. The second run of a key starts building the
 * snapshot in the background (builder.ts) and warms up in process; any
 * doubt (no bundle, a build under way or failed, a snapshot that does not
 * load or is not the one asked for) answers undefined and the caller warms
 * up in process, so the cache can make a command faster but never change
 * what it prints.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fstatSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import type { ExecRequest } from '../exec-request.js';
import { scenarioDigest, warmCacheKey } from './key.js';
import { cacheDir, discard, lookup, seenBefore } from './store.js';
import { COMMAND_STDERR_FD, MAX_ORDER_CHARS, READY, REPLY_FD, snapshotRunEnv, type CheckReply, type RunOrder } from './protocol.js';
import { startBackgroundBuild } from './builder.js';
import { SIMULATION_BUNDLE, cacheableBuildId, distFile } from '../build-files.js';

/** The entry of the detached process that builds snapshots (build-main.ts). */
const BUILDER = 'warm-cache-build.js';

/** A warmed cluster in the cache, ready to start processes from. */
interface Warm {
  dir: string;
  key: string;
  blob: string;
}

/**
 * The snapshot of this scenario file and seed, if the cache has it.
 * Otherwise undefined, and with `build`, if it was asked for before, its
 * build is started in the background for the next run.
 */
function warmSnapshot(file: string, seed: number | undefined, env: NodeJS.ProcessEnv, build = true): Warm | undefined {
  const id = cacheableBuildId(env);
  const bundle = id === undefined ? undefined : distFile(SIMULATION_BUNDLE);
  if (id === undefined || bundle === undefined) return undefined;
  let text: Buffer;
  try {
    text = readFileSync(file);
  } catch {
    return undefined; // the in-process path says why
  }
  const digest = scenarioDigest(text);
  const key = warmCacheKey({ buildId: id, scenarioDigest: digest, seed, nodeOptions: env.NODE_OPTIONS });
  const dir = cacheDir(env);
  const found = lookup(dir, key);
  if (found !== undefined) return { dir, key, blob: found };
  // Built the second time a cluster is asked for (a one-off command costs nothing more), while this run warms up in process.
  const builder = distFile(BUILDER);
  if (build && builder !== undefined && seenBefore(dir, key)) startBackgroundBuild(builder, { bundle, dir, order: { key, file: resolve(file), digest, seed } }, env);
  return undefined;
}

/** Whether this process has descriptor `fd` open. */
function isOpen(fd: number): boolean {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a process from the snapshot to run `request`; what it answered
 * after ready, and how it ended. Undefined when it never got to run it (a
 * snapshot this Node.js cannot load, or not the one of the key): the entry
 * is dropped, and nothing it printed is shown.
 */
function runInSnapshot(warm: Warm, request: RunOrder['request'], terminal: 'inherit' | 'ignore', env: NodeJS.ProcessEnv): { reply: string; run: SpawnSyncReturns<Buffer> } | undefined {
  // exec hands its stderr over (a closed one cannot be: the command's stderr then comes through the pipe).
  const exec = terminal === 'inherit' && isOpen(2);
  const order = JSON.stringify({ key: warm.key, request: { ...request, file: resolve(request.file) }, ...(exec ? { stderrFd: COMMAND_STDERR_FD } : {}) } satisfies RunOrder);
  if (order.length > MAX_ORDER_CHARS) return undefined;
  const run = spawnSync(process.execPath, ['--snapshot-blob', warm.blob], {
    // The terminal (stdin, stdout, and stderr as the command's own) for exec, whose output and editor need it; none for verify.
    stdio: exec ? ['inherit', 'inherit', 'pipe', 'pipe', 2] : [terminal, terminal, 'pipe', 'pipe'],
    env: snapshotRunEnv(env, order),
    maxBuffer: 64 * 1024 * 1024,
  });
  const replied = String(run.output?.[REPLY_FD] ?? '');
  if (!replied.startsWith(READY)) {
    discard(warm.dir, warm.key);
    return undefined;
  }
  return { reply: replied.slice(READY.length), run };
}

/**
 * Runs `request` on a warmed cluster from the cache (a second miss starts
 * building it for the next run). Returns the exit code, or undefined when the
 * cache cannot answer (nothing has been printed then). Output goes straight to this process's
 * stdout; the child's stderr is passed on to `err` once it has run.
 */
export function execFromWarmCache(request: ExecRequest, err: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const warm = warmSnapshot(request.file, request.seed, env);
  const done = warm && runInSnapshot(warm, request, 'inherit', env);
  if (!done) return undefined;
  if (done.run.stderr && done.run.stderr.length > 0) err.write(done.run.stderr);
  return exitCode(done.run);
}

/**
 * `kubedrill verify` of one file on warmed clusters: both halves of the
 * check, each in a process started from the snapshot (each needs a fresh
 * cluster). The scenario's id and its problems, or undefined when the cache
 * cannot answer (no snapshot yet, a scenario that does not validate, among
 * others) and the caller verifies in process. With `build` false a missing
 * snapshot is not built.
 */
export function verifyFromWarmCache(file: string, options: { build: boolean }, env: NodeJS.ProcessEnv = process.env): CheckReply | undefined {
  const warm = warmSnapshot(file, undefined, env, options.build);
  if (!warm) return undefined;
  const replies: CheckReply[] = [];
  for (const mode of ['verify-start', 'verify-solution'] as const) {
    const done = runInSnapshot(warm, { mode, file, seed: undefined }, 'ignore', env);
    if (!done || done.run.status !== 0) return undefined;
    try {
      replies.push(JSON.parse(done.reply) as CheckReply);
    } catch {
      return undefined;
    }
  }
  return { id: replies[0].id, problems: replies.flatMap((r) => r.problems) };
}

/** The child's status as a shell reports it: its exit code, or 128 + the signal that ended it. */
function exitCode(r: SpawnSyncReturns<Buffer>): number {
  if (r.status !== null) return r.status;
  const signal = r.signal === null ? undefined : constants.signals[r.signal];
  return signal === undefined ? 1 : 128 + signal;
}
