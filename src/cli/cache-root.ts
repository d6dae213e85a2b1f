/**
 * kubedrill's cache folder, which holds the warmed clusters
 * (`warm-clusters/`, warm-cache/store.ts) and V8's code cache (`code/`,
 * simulation.ts): `$KUBEDRILL_HOME/cache` when KUBEDRILL_HOME is set (tests,
 * portable installs), else `$XDG_CACHE_HOME/kubedrill`, else
 * `~/.cache/kubedrill` (the XDG Base Directory default).
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function cacheRoot(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (env.KUBEDRILL_HOME) return join(env.KUBEDRILL_HOME, 'cache');
  // The XDG spec says a relative path there is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(xdg, 'kubedrill');
}
