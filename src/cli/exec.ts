/**
 * `kubedrill exec <scenario> [--seed N] -- <command line>` and
 * `--script <file>`: run command lines against a fresh scenario, without the
 * TUI. Each command moves the simulated clock on by a fixed step, so the
 * same scenario, seed and commands always print the same transcript.
 */
import { readFileSync } from 'node:fs';
import { ScenarioRun, COMMAND_STEP_MS } from '../scenario/run.js';
import { loadScenarioArg } from './load.js';
import { openExternalEditor } from './editor.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Options of `kubedrill exec`. */
export interface ExecOptions {
  seed?: string;
  script?: string;
}

/** Runs `kubedrill exec`; returns the exit code. */
export async function execCommand(scenarioArg: string, words: string[], options: ExecOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const loaded = loadScenarioArg(scenarioArg);
  if (!loaded.ok) {
    err.write(`${loaded.message}\n`);
    return 1;
  }
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) {
    err.write(`kubedrill: --seed must be a non-negative integer, got "${options.seed}"\n`);
    return 2;
  }
  const run = new ScenarioRun(loaded.scenario, { seed, openEditor: openExternalEditor });
  if (options.script !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.script, 'utf8');
    } catch (e) {
      err.write(`kubedrill: cannot read script ${options.script}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 1;
    }
    let last = 0;
    for (const line of text.split('\n').map((l) => l.trim())) {
      if (line === '' || line.startsWith('#')) continue;
      out.write(stripControlSequences(`$ ${line}\n`));
      const r = await run.exec(line);
      out.write(stripControlSequences(r.output));
      if (r.output && !r.output.endsWith('\n')) out.write('\n');
      last = r.exitCode;
      run.cluster.advance(COMMAND_STEP_MS);
    }
    return last;
  }
  if (words.length === 0) {
    err.write('kubedrill: nothing to run: give a command after --, or --script <file>\n');
    return 2;
  }
  const line = words.length === 1 ? words[0] : words.map(quoteWord).join(' ');
  const r = await run.exec(line);
  out.write(stripControlSequences(r.stdout));
  err.write(stripControlSequences(r.stderr));
  return r.exitCode;
}

/** Re-quotes an argv word so the simulated shell sees it as the user's shell did. */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
