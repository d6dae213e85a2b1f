import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession } from '../scenario/practice-types.js';
import { attemptRecord } from './attempt.js';
import { PANE_HELP, parsePaneCommand, promptHost } from './pane-commands.js';
import { describeDiagnosis, errorMessage, unknownDiagnosis } from './session-text.js';
import { formatGrade } from './text/format-grade.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Options of {@link runLineMode}. */
export interface LineModeOptions {
  readonly session: PracticeSession;
  /** Command lines, one per line (stdin when it is not a terminal). */
  readonly input: Readable;
  readonly output: Writable;
  /** Where the graded attempt is recorded; omit to record nothing. */
  readonly progress?: Pick<ProgressStore, 'recordAttempt'>;
  /** Wall clock for the attempt's times; defaults to Date.now (the UI edge). */
  readonly now?: () => number;
}

/**
 * The plain line mode for when stdout is not a terminal: no Ink, no colours.
 * Prints the briefing, then for each input line `prompt + command` and its
 * output. Practice words (hint, diagnose, submit, quit, ...) work as in the
 * TUI. Resolves with the grade, or undefined when input ended or the learner
 * quit without submitting.
 */
export async function runLineMode(options: LineModeOptions): Promise<GradeResult | undefined> {
  const { session, input, output } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();
  // The output boundary of line mode: nothing from scenarios or commands reaches the terminal raw.
  const write = (text: string) => {
    output.write(stripControlSequences(text));
  };
  const homeHost = promptHost(session.getSnapshot().prompt);

  write(`${session.scenario.title}\n\n${session.briefing.replace(/\n*$/, '\n')}\n`);
  write('Type commands as in a shell. Also: hint, diagnose <component> <cause>, diagnose "text", submit, quit.\n\n');

  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const prompt = session.getSnapshot().prompt;
      write(`${prompt}${line}\n`);
      const command = parsePaneCommand(line, { onWorkstation: promptHost(prompt) === homeHost });
      try {
        switch (command.type) {
          case 'quit':
            return undefined;
          case 'submit': {
            const result = session.grade();
            write(`\n${formatGrade(result)}`);
            await record(options, result, startedAt, now, session.getSnapshot().hintsShown.length, write);
            return result;
          }
          case 'hint': {
            const hint = session.nextHint();
            const snap = session.getSnapshot();
            write(
              hint === undefined
                ? 'No hints left.\n'
                : `Hint ${snap.hintsShown.length}/${snap.hintsShown.length + snap.hintsLeft}: ${hint}\n`,
            );
            break;
          }
          case 'diagnose':
            write(diagnoseUsage(session));
            break;
          case 'diagnose-guided':
          case 'diagnose-free-text': {
            const diagnosis =
              command.type === 'diagnose-guided'
                ? { kind: 'guided' as const, component: command.component, cause: command.cause }
                : { kind: 'free-text' as const, text: command.text };
            const problem = unknownDiagnosis(diagnosis, session.diagnosisChoices());
            if (problem) {
              write(`${problem}\n`);
              break;
            }
            session.submitDiagnosis(diagnosis);
            write(`Diagnosis recorded: ${describeDiagnosis(diagnosis, session.diagnosisChoices())}.\n`);
            break;
          }
          case 'reset':
            session.reset();
            write('The scenario was reset to its start.\n');
            break;
          case 'help':
            write(`${PANE_HELP}\n`);
            break;
          case 'briefing':
            write(session.briefing.replace(/\n*$/, '\n'));
            break;
          case 'shell': {
            if (line.trim().length === 0) break;
            const entry = await session.exec(line);
            write(entry.output);
            if (entry.output.length > 0 && !entry.output.endsWith('\n')) write('\n');
            break;
          }
        }
      } catch (e) {
        write(`kubedrill: ${errorMessage(e)}\n`);
      }
    }
    return undefined;
  } finally {
    lines.close();
  }
}

/** The guided choices, for `diagnose` with no arguments. */
function diagnoseUsage(session: PracticeSession): string {
  const out = ['Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"', 'Components and causes:'];
  for (const component of session.diagnosisChoices()) {
    out.push(`  ${component.id}  (${component.label})`);
    for (const cause of component.causes) out.push(`      ${cause.id}  (${cause.label})`);
  }
  return `${out.join('\n')}\n`;
}

async function record(
  options: LineModeOptions,
  result: GradeResult,
  startedAt: number,
  now: () => number,
  hintsUsed: number,
  write: (text: string) => void,
): Promise<void> {
  if (!options.progress) return;
  try {
    await options.progress.recordAttempt(attemptRecord(result, startedAt, now(), hintsUsed));
  } catch (e) {
    write(`kubedrill: could not save progress: ${errorMessage(e)}\n`);
  }
}
