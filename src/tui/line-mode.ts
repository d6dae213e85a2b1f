import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession } from '../scenario/practice-types.js';
import { COMMAND_STEP_MS } from '../scenario/run.js';
import { attemptRecord } from './attempt.js';
import { PANE_HELP, parsePaneCommand, promptHost, type PaneCommand } from './pane-commands.js';
import { describeDiagnosis, errorMessage, faultCountText, listDiagnosesText, recordedText, unknownDiagnosis } from './session-text.js';
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
  /**
   * Simulated time each shell command takes; defaults to COMMAND_STEP_MS as in
   * `kubedrill exec`, so a scripted fix has time to take effect before `submit`.
   */
  readonly stepMs?: number;
  /** Sentences to show before the briefing (e.g. progress that will not be saved). */
  readonly notices?: readonly string[];
}

/** The usage of `diagnose` in a non-interactive session (printed on misuse). */
const DIAGNOSE_USAGE = 'Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"';
/** The usage line of the options that manage several diagnoses (always accepted; shown where a scenario has several faults). */
const DIAGNOSE_OPTIONS_USAGE = '       diagnose --list | --clear | --remove <n>   (one diagnosis per fault)';

/** The usage for this session: a single-fault scenario's reads as it always has. */
function usageFor(session: PracticeSession): string {
  return session.getSnapshot().diagnosisCount > 1 ? `${DIAGNOSE_USAGE}\n${DIAGNOSE_OPTIONS_USAGE}` : DIAGNOSE_USAGE;
}

/** What one line of a non-interactive session did. */
export type StepOutcome = { kind: 'continue'; exitCode?: number } | { kind: 'quit' } | { kind: 'submitted'; result: GradeResult };

/** Options of {@link practiceStep}. */
export interface PracticeStepOptions {
  /** Simulated time a shell command takes. */
  readonly stepMs: number;
  /** Which practice words are taken out of the shell (all of them in line mode); the rest run as shell lines. */
  readonly words?: ReadonlySet<PaneCommand['type']>;
}

/**
 * Runs one line of a non-interactive session (line mode, `exec --script`):
 * practice words (hint, diagnose, submit, ...) act on the session; anything
 * else runs in the shell and then moves the simulated clock on by `stepMs`.
 */
export async function practiceStep(
  session: PracticeSession,
  command: PaneCommand,
  line: string,
  write: (text: string) => void,
  options: PracticeStepOptions,
): Promise<StepOutcome> {
  // A word this session does not take runs in the shell, as typed.
  const step: PaneCommand = options.words && !options.words.has(command.type) ? { type: 'shell', line } : command;
  switch (step.type) {
    case 'quit':
      return { kind: 'quit' };
    case 'submit':
      return { kind: 'submitted', result: session.grade() };
    case 'hint': {
      const hint = session.nextHint();
      const snap = session.getSnapshot();
      write(hint === undefined ? 'No hints left.\n' : `Hint ${snap.hintsShown.length}/${snap.hintsShown.length + snap.hintsLeft}: ${hint}\n`);
      return { kind: 'continue' };
    }
    case 'diagnose':
      write(diagnoseUsage(session));
      return { kind: 'continue' };
    case 'diagnose-guided':
    case 'diagnose-free-text': {
      const diagnosis =
        command.type === 'diagnose-guided'
          ? { kind: 'guided' as const, component: command.component, cause: command.cause }
          : { kind: 'free-text' as const, text: command.type === 'diagnose-free-text' ? command.text : '' };
      const problem = diagnosis.kind === 'free-text' && diagnosis.text === '' ? 'the diagnosis is empty' : unknownDiagnosis(diagnosis, session.diagnosisChoices());
      if (problem) {
        // Misuse: say what was wrong, then how to say it (the component and cause ids are listed by `diagnose`).
        write(`diagnose: ${problem}\n${usageFor(session)}\n(type \`diagnose\` alone for the components and causes)\n`);
        return { kind: 'continue' };
      }
      const before = session.getSnapshot().diagnoses.length;
      const at = session.submitDiagnosis(diagnosis);
      write(`${recordedText(session.getSnapshot(), at, at < before, session.diagnosisChoices())}\n`);
      return { kind: 'continue' };
    }
    case 'diagnose-list':
      write(listDiagnosesText(session.getSnapshot(), session.diagnosisChoices()));
      return { kind: 'continue' };
    case 'diagnose-clear': {
      const n = session.getSnapshot().diagnoses.length;
      session.clearDiagnoses();
      write(n === 0 ? 'No diagnosis was recorded.\n' : `${n === 1 ? 'The diagnosis was' : `All ${n} diagnoses were`} cleared.\n`);
      return { kind: 'continue' };
    }
    case 'diagnose-remove': {
      const recorded = session.getSnapshot().diagnoses;
      const gone = recorded[step.number - 1];
      if (gone === undefined) {
        write(`diagnose: no diagnosis ${step.number}: ${recorded.length} recorded (diagnose --list shows them)\n`);
        return { kind: 'continue' };
      }
      session.removeDiagnosis(step.number - 1);
      write(`Diagnosis ${step.number} removed: ${describeDiagnosis(gone, session.diagnosisChoices())}.\n`);
      return { kind: 'continue' };
    }
    case 'diagnose-bad-option':
      write(`diagnose: unknown option ${step.option}\n${DIAGNOSE_USAGE}\n${DIAGNOSE_OPTIONS_USAGE}\n`);
      return { kind: 'continue' };
    case 'reset':
      await session.reset();
      write('The scenario was reset to its start.\n');
      return { kind: 'continue' };
    case 'help':
      write(`${PANE_HELP}\n`);
      return { kind: 'continue' };
    case 'briefing':
      write(session.briefing.replace(/\n*$/, '\n'));
      return { kind: 'continue' };
    default: {
      if (line.trim().length === 0) return { kind: 'continue' };
      const entry = await session.exec(line);
      write(entry.output);
      if (entry.output.length > 0 && !entry.output.endsWith('\n')) write('\n');
      // Time passes between commands, as in `kubedrill exec`: controllers, kubelets and backoffs move on.
      session.tick(options.stepMs);
      return { kind: 'continue', exitCode: entry.exitCode };
    }
  }
}

/**
 * The plain line mode for when stdout is not a terminal: no Ink, no colours.
 * Prints the briefing, then for each input line `prompt + command` and its
 * output. Practice words (hint, diagnose, submit, quit, ...) work as in the
 * TUI; each shell command moves the simulated clock on by `stepMs`. Resolves
 * with the grade, or undefined when input ended or the learner quit without
 * submitting.
 */
export async function runLineMode(options: LineModeOptions): Promise<GradeResult | undefined> {
  const { session, input, output } = options;
  const now = options.now ?? Date.now;
  const stepMs = options.stepMs ?? COMMAND_STEP_MS;
  const startedAt = now();
  // The output boundary of line mode: nothing from scenarios or commands reaches the terminal raw.
  const write = (text: string) => {
    output.write(stripControlSequences(text));
  };
  const homeHost = promptHost(session.getSnapshot().prompt);

  for (const notice of options.notices ?? []) write(`kubedrill: ${notice}\n`);
  write(`${session.scenario.title}\n\n${session.briefing.replace(/\n*$/, '\n')}\n`);
  write('Type commands as in a shell. Also: hint, diagnose <component> <cause>, diagnose "text", submit, quit.\n');
  const faults = faultCountText(session.getSnapshot().diagnosisCount);
  if (faults) write(`${faults} diagnose --list shows them.\n`);
  write('\n');

  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const prompt = session.getSnapshot().prompt;
      write(`${prompt}${line}\n`);
      const command = parsePaneCommand(line, { onWorkstation: promptHost(prompt) === homeHost });
      try {
        const outcome = await practiceStep(session, command, line, write, { stepMs });
        if (outcome.kind === 'quit') return undefined;
        if (outcome.kind === 'submitted') {
          write(`\n${formatGrade(outcome.result)}`);
          await record(options, outcome.result, startedAt, now, session.getSnapshot().hintsShown.length, write);
          return outcome.result;
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
  const out = [usageFor(session), 'Components and causes:'];
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
