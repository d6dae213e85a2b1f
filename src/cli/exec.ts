/**
 * `kubedrill exec <scenario> [--seed N] -- <command line>` and
 * `--script <file>`: run command lines against a fresh scenario, without the
 * TUI. Each command moves the simulated clock on by a fixed step, so the
 * same scenario, seed and commands always print the same transcript.
 *
 * This module stays light: a warmed cluster from the cache (./warm-cache)
 * answers without loading the simulation here; only without one does the
 * scenario load and warm up in this process.
 */
import { readFileSync } from 'node:fs';
import { resolveScenarioArg } from '../scenario/catalog.js';
import type { ExecRequest } from './exec-request.js';
import { execFromWarmCache } from './warm-cache/client.js';

/** Options of `kubedrill exec`. */
export interface ExecOptions {
  seed?: string;
  script?: string;
  /** With --script: print the grade of `submit` as JSON on stdout (the transcript goes to stderr). */
  json?: boolean;
}

/** Runs `kubedrill exec`; returns the exit code. */
export async function execCommand(scenarioArg: string, words: string[], options: ExecOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const file = resolveScenarioArg(scenarioArg);
  if (!file) {
    err.write(`kubedrill: no scenario "${scenarioArg}" (try \`kubedrill list\`)\n`);
    return 1;
  }
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) {
    err.write(`kubedrill: --seed must be a non-negative integer, got "${options.seed}"\n`);
    return 2;
  }
  if (options.json && options.script === undefined) {
    err.write('kubedrill: --json needs --script: only a script can `submit` and be graded\n');
    return 2;
  }
  let request: ExecRequest;
  if (options.script !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.script, 'utf8');
    } catch (e) {
      err.write(`kubedrill: cannot read script ${options.script}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 1;
    }
    request = { file, seed, mode: 'script', text, json: options.json === true };
  } else {
    if (words.length === 0) {
      err.write('kubedrill: nothing to run: give a command after --, or --script <file>\n');
      return 2;
    }
    request = { file, seed, mode: 'line', line: words.length === 1 ? words[0] : words.map(quoteWord).join(' ') };
  }
  const cached = execFromWarmCache(request, err);
  if (cached !== undefined) return cached;
  return execInProcess(request, out, err);
}

/** Loads the scenario (printing its errors as file:line:col), warms it up here and runs the request. */
async function execInProcess(request: ExecRequest, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
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

/** Re-quotes an argv word so the simulated shell sees it as the user's shell did. */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
