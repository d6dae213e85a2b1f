/**
 * One line of a practice session that is not a shell command, or a shell
 * command run without a terminal: the practice words (hint, diagnose,
 * submit, ...) as line mode, `exec --script` and the TUI's practice screen
 * share them. Kept apart from line-mode.ts, which needs the simulation's
 * step constant: the practice screen loads with the home screen, before any
 * scenario is opened, and must not pull in the simulation.
 */
import type { GradeResult, PracticeSession } from '../practice/types.js';
import { PANE_HELP, type PaneCommand } from './pane-commands.js';
import { describeDiagnosis, listDiagnosesText, recordedText, unknownDiagnosis } from './session-text.js';

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
        step.type === 'diagnose-guided'
          ? { kind: 'guided' as const, component: step.component, cause: step.cause }
          : { kind: 'free-text' as const, text: step.text };
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

function diagnoseUsage(session: PracticeSession): string {
  const out = [usageFor(session), 'Components and causes:'];
  for (const component of session.diagnosisChoices()) {
    out.push(`  ${component.id}  (${component.label})`);
    for (const cause of component.causes) out.push(`      ${cause.id}  (${cause.label})`);
  }
  return `${out.join('\n')}\n`;
}
