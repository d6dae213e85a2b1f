/**
 * `kubedrill exec <scenario> [--seed N] -- <command line>` and
 * `--script <file>`: run command lines against a fresh scenario, without the
 * TUI. Each command moves the simulated clock on by a fixed step, so the
 * same scenario, seed and commands always print the same transcript.
 *
 * This module stays light: a warmed cluster from the cache (./warm-cache)
 * answers without loading the simulation here; only without one does the
 * scenario load and warm up in this process. The commonest shapes do not
 * come here on a cache hit at all (exec-fast.ts).
 */
import { execRequestOf, type ExecOptions, type ExecRequest } from './exec-request.js';
import { execFromWarmCache } from './warm-cache/client.js';

/** Runs `kubedrill exec`; returns the exit code. */
export async function execCommand(scenarioArg: string, words: string[], options: ExecOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const asked = execRequestOf(scenarioArg, words, options);
  if ('message' in asked) {
    err.write(asked.message);
    return asked.code;
  }
  const cached = execFromWarmCache(asked.request, err);
  if (cached !== undefined) return cached;
  return execInProcess(asked.request, out, err);
}

/**
 * Loads the scenario (printing its errors as file:line:col), warms it up
 * here and runs the request: without a warmed cluster from the cache (the
 * fast path's misses come here too).
 */
export async function execInProcess(request: ExecRequest, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const [{ loadCheckedScenarioFile }, { loadSimulation }] = await Promise.all([import('../scenario/load-checked.js'), import('./simulation.js')]);
  const loaded = await loadCheckedScenarioFile(request.file);
  if (!loaded.ok) {
    const { formatError } = await import('../scenario/load.js');
    err.write(`${loaded.errors.map(formatError).join('\n')}\n`);
    return 1;
  }
  const { simulation, saveCodeCache } = await loadSimulation();
  const code = await simulation.runExecRequest(loaded.scenario, request, out, err);
  saveCodeCache();
  return code;
}
