/**
 * Building a warmed cluster's snapshot, in the background. Building costs
 * the warm-up two to three times over (V8 never optimises code in a process
 * that builds a snapshot), so the command that asks for it does not wait:
 * it starts a detached process that builds and files the entry
 * (`build-main.ts`), and warms its own cluster up in process as on a first
 * run. The next run finds the entry.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { claimBuild, commit, evict, nameClaimHolder, releaseBuild, temporaryBlobPath } from './store.js';
import { BUILD_ORDER_VAR, type BuildOrder } from './protocol.js';
import { scenarioForBuild } from './build-scenario.js';

/** The variable carrying a {@link BackgroundOrder} to the detached build process. */
export const BACKGROUND_ORDER_VAR = 'KUBEDRILL_WARM_BACKGROUND';

/** What the detached build process is to do: build `order` with `bundle` into the cache folder `dir`. */
export interface BackgroundOrder {
  bundle: string;
  dir: string;
  order: BuildOrder;
}

/**
 * Starts the build of `order` in a detached process running `driver`
 * (dist/warm-cache-build.js), unless one is under way or failed lately.
 * Returns at once.
 */
export function startBackgroundBuild(driver: string, background: BackgroundOrder, env: NodeJS.ProcessEnv): void {
  const { dir, order } = background;
  if (!claimBuild(dir, order.key)) return;
  try {
    const child = spawn(process.execPath, [driver], {
      detached: true,
      stdio: 'ignore',
      env: { ...env, [BACKGROUND_ORDER_VAR]: JSON.stringify(background) },
    });
    // A process that could not be started answers with an error event, after this one may have gone on.
    child.on('error', () => releaseBuild(dir, order.key));
    child.unref();
    if (child.pid !== undefined) nameClaimHolder(dir, order.key, child.pid);
  } catch {
    releaseBuild(dir, order.key);
  }
}

/**
 * Builds the snapshot of `order` into the cache folder `dir` (a process
 * started with --build-snapshot warms `scenario`, given as JSON on its
 * standard input, up; Node writes its heap when it ends). The blob, or
 * undefined when it could not be built.
 */
function buildSnapshot(bundle: string, dir: string, order: BuildOrder, scenario: string, env: NodeJS.ProcessEnv): string | undefined {
  let temporary: string;
  try {
    temporary = temporaryBlobPath(dir, order.key);
  } catch {
    return undefined; // no cache folder to be had (read-only home)
  }
  // No V8 flags: a snapshot loads only under the flags it was built with, and Node's own modules keep
  // their code cache only under the defaults (v8-tiering.ts); the process raises the budget once it runs.
  const r = spawnSync(process.execPath, ['--snapshot-blob', temporary, '--build-snapshot', bundle], {
    stdio: ['pipe', 'ignore', 'pipe'],
    input: scenario,
    env: { ...env, [BUILD_ORDER_VAR]: JSON.stringify(order) },
    maxBuffer: 1024 * 1024,
  });
  try {
    if (r.status !== 0 || !existsSync(temporary)) return undefined;
    const blob = commit(dir, order.key, temporary, order.file);
    evict(dir, order.key);
    return blob;
  } catch {
    return undefined;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The detached build process: loads the scenario of its order and builds
 * it, at a low priority so that the commands the user runs meanwhile keep
 * the CPU, and gives up the claim once the entry is written. A failed build
 * (a scenario that does not validate, among others) keeps its claim, so it
 * is not tried again at every run (see `claimBuild`).
 */
export async function runBackgroundOrder(env: NodeJS.ProcessEnv): Promise<number> {
  let background: BackgroundOrder;
  try {
    background = JSON.parse(env[BACKGROUND_ORDER_VAR] ?? '') as BackgroundOrder;
  } catch {
    return 2;
  }
  const rest = { ...env };
  delete rest[BACKGROUND_ORDER_VAR];
  const scenario = await scenarioForBuild(background.order);
  if (!scenario.ok) return 1;
  const blob = buildSnapshot(background.bundle, background.dir, background.order, scenario.json, rest);
  if (blob === undefined) return 1;
  releaseBuild(background.dir, background.order.key);
  return 0;
}
