/**
 * What `kubedrill exec` does once it has a warmed-up scenario: run one command
 * line, or a script as a `$ line` transcript. Shared by the in-process path
 * and the warmed-cluster cache's snapshot process, so both print the same.
 */
import { COMMAND_STEP_MS, ScenarioRun } from '../practice/run.js';
import { createPracticeSession } from '../practice/practice.js';
import type { PracticeSession } from '../practice/types.js';
import type { Scenario } from '../scenario/schema.js';
import type { Cluster } from '../cluster/cluster.js';
import type { ExecRequest } from './exec-request.js';
import { openExternalEditor } from './editor.js';
import { practiceStep } from '../tui/practice-step.js';
import { parsePaneCommand, type PaneCommand } from '../tui/pane-commands.js';
import { formatGrade } from '../tui/text/format-grade.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Practice words an exec script may use; `exit`, `reset`, `help` ... stay shell commands there. */
const SCRIPT_WORDS = new Set<PaneCommand['type']>(['hint', 'diagnose', 'diagnose-guided', 'diagnose-free-text', 'diagnose-list', 'diagnose-clear', 'diagnose-remove', 'diagnose-bad-option', 'submit']);

/**
 * Runs a request against the scenario: on `warmed` (a cluster warmed up from
 * this scenario and the request's seed) or, without it, on a fresh warm-up.
 */
export async function runExecRequest(scenario: Scenario, request: ExecRequest, out: NodeJS.WritableStream, err: NodeJS.WritableStream, warmed?: Cluster): Promise<number> {
  const options = { seed: request.seed, openEditor: openExternalEditor };
  const run = new ScenarioRun(scenario, options, warmed);
  if (request.mode === 'line') return execLine(run, request.line, out, err);
  return execScript(createPracticeSession(scenario, request.file, options, run), request.text, request.json, out, err);
}

/** Runs one command line and prints its output; returns its exit code. */
export async function execLine(run: ScenarioRun, line: string, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const r = await run.exec(line);
  // Each stream gets its own part, in the order the line wrote them: `kubectl get pod x; echo done` shows
  // the NotFound before done when both streams are one terminal, as bash would.
  for (const c of r.chunks) (c.fd === 1 ? out : err).write(stripControlSequences(c.text));
  return r.exitCode;
}

/**
 * `exec --script`: each line runs as in line mode but printed as a `$ line`
 * transcript; `diagnose` and `submit` work, and `submit` prints the grade and
 * ends the script with status 0. Without `submit` the status is the last
 * command's (and 1 with --json, as there is no grade to print).
 */
export async function execScript(session: PracticeSession, text: string, json: boolean, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  // For tools, stdout carries only the JSON grade.
  const transcript = json ? err : out;
  const show = (t: string): void => void transcript.write(stripControlSequences(t));
  let last = 0;
  const lines = text.split('\n').map((l) => l.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '' || line.startsWith('#')) continue;
    show(`$ ${line}\n`);
    const command = parsePaneCommand(line, { onWorkstation: true });
    const outcome = await practiceStep(session, command, line, show, { stepMs: COMMAND_STEP_MS, words: SCRIPT_WORDS });
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
