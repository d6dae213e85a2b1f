/**
 * What the installed build has beside the CLI's bundle: its id (a hash of
 * the simulation bundle, which `scripts/build.mjs` defines into the CLI)
 * and its files. Running from the sources (tests, tsx) there is neither.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The simulation as one CommonJS file (src/cli/simulation-main.ts). */
export const SIMULATION_BUNDLE = 'simulation.cjs';

/**
 * The build id, if this process may use what kubedrill caches between runs
 * (warmed clusters, V8's code cache): undefined with KUBEDRILL_CACHE=off, or
 * without a build.
 */
export function cacheableBuildId(env: NodeJS.ProcessEnv): string | undefined {
  if (env.KUBEDRILL_CACHE === 'off') return undefined;
  const id = process.env.KUBEDRILL_BUILD_ID;
  return id === undefined || id === '' ? undefined : id;
}

/** A file of the build beside this module's bundle (dist/ or dist/chunks/). */
export function distFile(name: string): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}
