/**
 * The simulation for `exec`, `verify`, `play` and hands-on quiz questions in process. From a build it is
 * `dist/simulation.cjs`, compiled with V8's code cache kept under the cache
 * folder (code-cache.ts): after the first command, a command compiles
 * almost nothing. From the sources (tests, tsx), or with KUBEDRILL_CACHE=off,
 * it is the modules themselves; both run the same code.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SIMULATION_BUNDLE, cacheableBuildId, distFile } from './build-files.js';
import { loadBundle, type LoadedBundle } from './code-cache.js';
import { cacheRoot } from './cache-root.js';
import { tuneTiering } from './v8-tiering.js';
import type { runExecRequest } from './exec-run.js';
import type { verifyScenario } from '../practice/verify.js';
import type { createPracticeSession, openPracticeSession } from '../practice/practice.js';
import type { openHandsOn } from '../quiz/hands-on.js';

/** What the simulation bundle (simulation-main.ts) offers the CLI. */
export interface Simulation {
  runExecRequest: typeof runExecRequest;
  verifyScenario: typeof verifyScenario;
  createPracticeSession: typeof createPracticeSession;
  openPracticeSession: typeof openPracticeSession;
  openHandsOn: typeof openHandsOn;
}

/** The simulation and, from a build, how to leave its code cache for the next process. */
export interface LoadedSimulation {
  simulation: Simulation;
  /** Call once the work is done (a no-op from the sources). */
  saveCodeCache(): void;
}

let loaded: LoadedBundle<Simulation> | undefined;

/** The simulation, loaded once per process. */
export async function loadSimulation(env: NodeJS.ProcessEnv = process.env): Promise<LoadedSimulation> {
  const id = cacheableBuildId(env);
  const bundle = id === undefined ? undefined : distFile(SIMULATION_BUNDLE);
  if (id === undefined || bundle === undefined) {
    tuneTiering();
    const [{ runExecRequest }, { verifyScenario }, { createPracticeSession, openPracticeSession }, { openHandsOn }] = await Promise.all([
      import('./exec-run.js'),
      import('../practice/verify.js'),
      import('../practice/practice.js'),
      import('../quiz/hands-on.js'),
    ]);
    return { simulation: { runExecRequest, verifyScenario, createPracticeSession, openPracticeSession, openHandsOn }, saveCodeCache: () => {} };
  }
  if (loaded === undefined) {
    loadBuiltins(process.env.KUBEDRILL_SIMULATION_BUILTINS);
    tuneTiering();
    loaded = loadBundle<Simulation>(bundle, codeCacheFile(env, id));
  }
  const { exports, save } = loaded;
  return { simulation: exports, saveCodeCache: save };
}

/**
 * Loads Node's modules the bundle requires (`node:fs node:crypto ...`, as
 * the build lists them) while V8's flags are still the defaults, under
 * which Node's code cache of its own modules is taken (v8-tiering.ts).
 */
function loadBuiltins(list: string | undefined): void {
  if (!list) return;
  const require = createRequire(import.meta.url);
  for (const name of list.split(' ')) require(name);
}

/**
 * Where this build's code cache is kept (`code/` in the cache folder): named
 * by what V8 checks it against (the bundle, Node.js, the flags), so that
 * builds and Node.js versions used by turns keep a cache each.
 */
function codeCacheFile(env: NodeJS.ProcessEnv, buildId: string): string {
  const name = createHash('sha256')
    .update(JSON.stringify({ buildId, node: process.version, arch: process.arch, nodeOptions: env.NODE_OPTIONS ?? '', execArgv: process.execArgv }))
    .digest('hex')
    .slice(0, 32);
  return join(cacheRoot(env), 'code', `${name}.v8`);
}
