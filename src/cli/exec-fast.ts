/**
 * The fast path of `kubedrill exec` (main.ts): the simple shapes
 * (exec-args.ts) answered from a warmed cluster in the cache without
 * commander, the program module or exec.ts. The build makes this module
 * one file of its own, dist/exec-fast.js, with the few modules it needs
 * inlined: in the CLI's split build the same modules are half a dozen
 * chunks, and loading each ES module costs about a millisecond of CPU
 * (resolving, reading, compiling, linking) in a process whose own work
 * here is a few milliseconds.
 */
import type { SimpleExecArgs } from './exec-args.js';
import { execRequestOf, type ExecRequest } from './exec-request.js';
import { execFromWarmCache } from './warm-cache/client.js';

/** What the fast path did: ran the command (its exit code), or found no warmed cluster, which leaves the request to warm up in process. */
export type FastExec = { code: number } | { missed: ExecRequest };

/**
 * Runs `args` on a warmed cluster from the cache (a miss notes the cluster
 * or starts its build, as on commander's path). Undefined, with nothing
 * done or printed, when the arguments make no request (a scenario that does
 * not resolve, a bad seed): commander's path then says so as it always has.
 */
export function execFast(args: SimpleExecArgs, err: NodeJS.WritableStream): FastExec | undefined {
  const asked = execRequestOf(args.scenario, args.words, { seed: args.seed });
  if ('message' in asked) return undefined;
  const code = execFromWarmCache(asked.request, err);
  return code === undefined ? { missed: asked.request } : { code };
}
