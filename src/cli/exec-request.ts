/**
 * What one `kubedrill exec` asks for, as plain data (it crosses into the
 * warmed-cluster cache's process), and how the command's arguments make
 * one: for commander's path (exec.ts) and the fast path (exec-fast.ts).
 */
import { readFileSync } from 'node:fs';
import { resolveScenarioArg } from '../scenario/catalog.js';

/** What one `kubedrill exec` asks for. */
export type ExecRequest = {
  /** The scenario file, as resolved from the command line. */
  file: string;
  /** The seed given with --seed; the scenario's own when undefined. */
  seed: number | undefined;
} & ({ mode: 'line'; line: string } | { mode: 'script'; text: string; json: boolean });

/** Options of `kubedrill exec`. */
export interface ExecOptions {
  seed?: string;
  script?: string;
  /** With --script: print the grade of `submit` as JSON on stdout (the transcript goes to stderr). */
  json?: boolean;
}

/** What the arguments of `kubedrill exec` ask for, or what is wrong with them: the message for stderr and the exit code. */
export function execRequestOf(scenarioArg: string, words: string[], options: ExecOptions): { request: ExecRequest } | { message: string; code: number } {
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

/** Re-quotes an argv word so the simulated shell sees it as the user's shell did. */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
