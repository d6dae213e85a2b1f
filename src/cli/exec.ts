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
import type { SimpleExecArgs } from './exec-args.js';
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
  const asked = execRequestOf(scenarioArg, words, options);
  if ('message' in asked) {
    err.write(asked.message);
    return asked.code;
  }
  return runExec(asked.request, out, err);
}

/**
 * The fast path of main.ts: `exec` of the simple shapes (exec-args.ts),
 * without commander. Undefined, with nothing done or printed, when the
 * arguments do not make a request (a scenario that does not resolve, a bad
 * seed): commander's path then runs and says so as it always has.
 */
export async function execSimple(args: SimpleExecArgs, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number | undefined> {
  const asked = execRequestOf(args.scenario, args.words, { seed: args.seed });
  return 'message' in asked ? undefined : runExec(asked.request, out, err);
}

/** What the arguments of `kubedrill exec` ask for, or what is wrong with them: the message for stderr and the exit code. */
function execRequestOf(scenarioArg: string, words: string[], options: ExecOptions): { request: ExecRequest } | { message: string; code: number } {
  const file = resolveScenarioArg(scenarioArg);
  if (!file) return { message: `kubedrill: no scenario "${scenarioArg}" (try \`kubedrill list\`)\n`, code: 1 };
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) return { message: `kubedrill: --seed must be a non-negative integer, got "${options.seed}"\n`, code: 2 };
  if (options.json && options.script === undefined) return { message: 'kubedrill: --json needs --script: only a script can `submit` and be graded\n', code: 2 };
  if (options.script !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.script, 'utf8');
    } catch (e) {
      return { message: `kubedrill: cannot read script ${options.script}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`, code: 1 };
    }
    return { request: { file, seed, mode: 'script', text, json: options.json === true } };
  }
  if (words.length === 0) return { message: 'kubedrill: nothing to run: give a command after --, or --script <file>\n', code: 2 };
  return { request: { file, seed, mode: 'line', line: words.length === 1 ? words[0] : words.map(quoteWord).join(' ') } };
}

/** Runs a request: on a warmed cluster from the cache if there is one, else warmed up here. */
async function runExec(request: ExecRequest, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
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
