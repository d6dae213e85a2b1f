/**
 * The CLI's side of the warmed-cluster cache. `kubedrill exec` spends most
 * of its time warming the scenario's cluster up to "now"; the cache keeps
 * that warmed cluster as a V8 startup snapshot, keyed by the scenario's
 * bytes, the seed, the build and the Node.js, and runs the request in a
 * process started from it. The first run of a key builds the snapshot; any
 * doubt (no bundle, a failed build, a snapshot that does not load or is not
 * the one asked for) answers undefined and the caller warms up in process,
 * so the cache can make a command faster but never change what it prints.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecRequest } from '../exec-request.js';
import { scenarioDigest, warmCacheKey } from './key.js';
import { cacheDir, commit, discard, evict, lookup, temporaryBlobPath } from './store.js';
import { BUILD_ORDER_VAR, MAX_ORDER_CHARS, READY, REPLY_FD, RUN_ORDER_VAR, type BuildOrder, type RunOrder } from './protocol.js';

/** The bundle snapshots are built from, next to the CLI's bundle. */
const BUNDLE = 'warm-cluster.cjs';

/** Whether this process may use the cache, and with which build of the simulation. */
function buildId(env: NodeJS.ProcessEnv): string | undefined {
  // KUBEDRILL_CACHE=off turns it off; without a build id (running from the sources) there is no bundle that matches.
  if (env.KUBEDRILL_CACHE === 'off') return undefined;
  const id = process.env.KUBEDRILL_BUILD_ID;
  return id === undefined || id === '' ? undefined : id;
}

/** The snapshot bundle beside this module's bundle (dist/ or dist/chunks/). */
function bundlePath(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const path = join(dir, BUNDLE);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * Runs `request` on a warmed cluster from the cache, building it first on a
 * miss. Returns the exit code, or undefined when the cache cannot answer
 * (nothing has been printed then). Output goes straight to this process's
 * stdout; the child's stderr is passed on to `err` once it has run.
 */
export function execFromWarmCache(request: ExecRequest, err: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const build = buildId(env);
  const bundle = build === undefined ? undefined : bundlePath();
  if (build === undefined || bundle === undefined) return undefined;
  let text: Buffer;
  try {
    text = readFileSync(request.file);
  } catch {
    return undefined; // the in-process path says why
  }
  const key = warmCacheKey({ buildId: build, scenarioText: text, seed: request.seed, nodeOptions: env.NODE_OPTIONS });
  const order = JSON.stringify({ key, request: { ...request, file: resolve(request.file) } } satisfies RunOrder);
  if (order.length > MAX_ORDER_CHARS) return undefined;
  const dir = cacheDir(env);
  let blob = lookup(dir, key);
  if (blob === undefined) {
    blob = buildSnapshot(bundle, dir, key, { key, file: resolve(request.file), digest: scenarioDigest(text), seed: request.seed }, env);
    if (blob === undefined) return undefined;
  }
  const r = spawnSync(process.execPath, ['--snapshot-blob', blob], {
    stdio: ['inherit', 'inherit', 'pipe', 'pipe'],
    env: { ...env, [RUN_ORDER_VAR]: order },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (String(r.output?.[REPLY_FD] ?? '') !== READY) {
    // It never ran the request: a snapshot this Node.js cannot load, or not the one of this key.
    discard(dir, key);
    return undefined;
  }
  if (r.stderr && r.stderr.length > 0) err.write(r.stderr);
  return exitCode(r);
}

/** Builds the snapshot of `order` into the cache; its blob, or undefined when it could not be built. */
function buildSnapshot(bundle: string, dir: string, key: string, order: BuildOrder, env: NodeJS.ProcessEnv): string | undefined {
  let temporary: string;
  try {
    temporary = temporaryBlobPath(dir, key);
  } catch {
    return undefined; // no cache folder to be had (read-only home): warm up in process
  }
  const r = spawnSync(process.execPath, ['--snapshot-blob', temporary, '--build-snapshot', bundle], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, [BUILD_ORDER_VAR]: JSON.stringify(order) },
    maxBuffer: 1024 * 1024,
  });
  try {
    if (r.status !== 0 || !existsSync(temporary)) return undefined;
    const blob = commit(dir, key, temporary, order.file);
    evict(dir, key);
    return blob;
  } catch {
    return undefined;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The child's status as a shell reports it: its exit code, or 128 + the signal that ended it. */
function exitCode(r: SpawnSyncReturns<Buffer>): number {
  if (r.status !== null) return r.status;
  const signal = r.signal === null ? undefined : constants.signals[r.signal];
  return signal === undefined ? 1 : 128 + signal;
}
