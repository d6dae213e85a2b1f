import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession } from '../practice/types.js';
import { COMMAND_STEP_MS } from '../practice/command-step.js';
import { attemptRecord } from './attempt.js';
import { parsePaneCommand, promptHost } from './pane-commands.js';
import { errorMessage, faultCountText } from './session-text.js';
import { practiceStep } from './practice-step.js';
import { formatGrade } from './text/format-grade.js';
import { loadQuizOffer } from './text/quiz-offer.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Options of {@link runLineMode}. */
export interface LineModeOptions {
  readonly session: PracticeSession;
  /** Command lines, one per line (stdin when it is not a terminal). */
  readonly input: Readable;
  readonly output: Writable;
  /** Where the graded attempt is recorded; omit to record nothing. */
  readonly progress?: Pick<ProgressStore, 'recordAttempt'>;
  /** The quiz offered after the grade (src/tui/text/quiz-offer.ts, the default); tests pin it. */
  readonly quizOffer?: (topics: readonly string[]) => Promise<string | undefined>;
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
          const offer = await (options.quizOffer ?? loadQuizOffer)(session.scenario.topics);
          if (offer) write(`\n${offer}\n`);
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
