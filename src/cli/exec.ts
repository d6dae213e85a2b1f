/**
 * `kubedrill exec <scenario> [--seed N] -- <command line>` and
 * `--script <file>`: run command lines against a fresh scenario, without the
 * TUI. Each command moves the simulated clock on by a fixed step, so the
 * same scenario, seed and commands always print the same transcript.
 */
import { readFileSync } from 'node:fs';
import { ScenarioRun, COMMAND_STEP_MS } from '../scenario/run.js';
import { createPracticeSession } from '../scenario/practice.js';
import { practiceStep } from '../tui/practice-step.js';
import { parsePaneCommand, type PaneCommand } from '../tui/pane-commands.js';
import { formatGrade } from '../tui/text/format-grade.js';
import { loadScenarioArg, type Loaded } from './load.js';
import { openExternalEditor } from './editor.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Options of `kubedrill exec`. */
export interface ExecOptions {
  seed?: string;
  script?: string;
  /** With --script: print the grade of `submit` as JSON on stdout (the transcript goes to stderr). */
  json?: boolean;
}

/** Practice words an exec script may use; `exit`, `reset`, `help` ... stay shell commands there. */
const SCRIPT_WORDS = new Set<PaneCommand['type']>(['hint', 'diagnose', 'diagnose-guided', 'diagnose-free-text', 'diagnose-list', 'diagnose-clear', 'diagnose-remove', 'diagnose-bad-option', 'submit']);

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
  if (options.json && options.script === undefined) {
    err.write('kubedrill: --json needs --script: only a script can `submit` and be graded\n');
    return 2;
  }
  if (options.script !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.script, 'utf8');
    } catch (e) {
      err.write(`kubedrill: cannot read script ${options.script}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 1;
    }
    return runScript(loaded, seed, text, options.json === true, out, err);
  }
  const run = new ScenarioRun(loaded.scenario, { seed, openEditor: openExternalEditor });
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

/**
 * `exec --script`: each line runs as in line mode but printed as a `$ line`
 * transcript; `diagnose` and `submit` work, and `submit` prints the grade and
 * ends the script with status 0. Without `submit` the status is the last
 * command's (and 1 with --json, as there is no grade to print).
 */
async function runScript(loaded: Extract<Loaded, { ok: true }>, seed: number | undefined, text: string, json: boolean, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const session = createPracticeSession(loaded.scenario, loaded.file, { seed, openEditor: openExternalEditor });
  // For tools, stdout carries only the JSON grade.
  const transcript = json ? err : out;
  const show = (t: string): void => void transcript.write(stripControlSequences(t));
  let last = 0;
  const lines = text.split('\n').map((l) => l.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '' || line.startsWith('#')) continue;
    show(`$ ${line}\n`);
    const command = parsePaneCommand(line, { onWorkstation: true });
    const outcome = await practiceStep(
      session,
      command,
      line,
      show,
      { stepMs: COMMAND_STEP_MS, words: SCRIPT_WORDS },
    );
    if (outcome.kind === 'submitted') {
      if (json) out.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
      else out.write(stripControlSequences(`\n${formatGrade(outcome.result)}`));
      const rest = lines.slice(index + 1).filter((l) => l !== '' && !l.startsWith('#')).length;
      if (rest > 0) err.write(`kubedrill: submit ends the script; ${rest} line${rest === 1 ? '' : 's'} after it did not run\n`);
      return 0;
    }
    if (outcome.kind === 'continue' && outcome.exitCode !== undefined) last = outcome.exitCode;
  }
  if (json) {
    err.write('kubedrill: the script has no `submit`: nothing was graded\n');
    return 1;
  }
  return last;
}

/** Re-quotes an argv word so the simulated shell sees it as the user's shell did. */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
