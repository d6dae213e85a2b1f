/**
 * `kubedrill progress [--json] [--reset [--yes]]`: mastery per topic, the
 * scenario history, what is due for review and the streak (src/progress/report.ts),
 * as text or as JSON for an instructor; or, with --reset, forgetting it all
 * once the learner has said so.
 */
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { openProgress } from '../progress/store.js';
import { progressFilePath } from '../progress/paths.js';
import { progressReport } from '../progress/report.js';
import { listShippedEntries } from './catalogue.js';
import { progressText } from './progress-text.js';

/** Flags of `kubedrill progress`. */
export interface ProgressOptions {
  json?: boolean;
  reset?: boolean;
  /** With --reset: do not ask (needed when stdin is not a terminal). */
  yes?: boolean;
}

/** Where the command reads and writes, and its clock. */
export interface ProgressIo {
  out: Writable;
  err: Writable;
  /** Answers the --reset question; a terminal (`isTTY`) is asked, anything else is not. */
  input?: Readable & { isTTY?: boolean };
  /** The UI edge's wall clock: what is due, which day is today, the name of a kept file. */
  now?: () => number;
  /** Quiz banks whose question topics count (default: the shipped banks). */
  bankFiles?: readonly string[];
  /** Whether `out` may be styled; defaults to `out` being a terminal and NO_COLOR unset. */
  color?: boolean;
}

/** Prints progress (or resets it); returns the exit code. */
export async function progressCommand(options: ProgressOptions, io: ProgressIo): Promise<number> {
  const now = io.now ?? Date.now;
  if (options.reset) return resetCommand(options, io, now);
  const progress = await openProgress();
  if (progress.warning) io.err.write(`kubedrill: ${progress.warning}\n`);
  const attempts = progress.listAttempts();
  const quiz = progress.listQuizResults();
  const [scenarioTopics, questionTopics] = await Promise.all([attempts.length > 0 ? scenarioTopicsOf() : new Map(), quiz.length > 0 ? questionTopicsOf(io.bankFiles) : new Map()]);
  const report = progressReport({ file: progress.file, attempts, quiz, leitner: progress.leitnerRecords(), scenarioTopics, questionTopics, now: now() });
  if (options.json) {
    io.out.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const color = io.color ?? (!!(io.out as { isTTY?: boolean }).isTTY && !process.env.NO_COLOR);
  io.out.write(progressText(report, { bold: color }));
  return 0;
}

/**
 * `--reset`: asks on a terminal (only y or yes forgets), refuses without one
 * unless --yes says so, and keeps the old file beside the new.
 */
async function resetCommand(options: ProgressOptions, io: ProgressIo, now: () => number): Promise<number> {
  const file = progressFilePath();
  const { resetProgress } = await import('../progress/reset.js');
  const { exists } = await import('../progress/aside.js');
  if (!(await exists(file))) {
    io.out.write(`No progress to forget: ${file} does not exist.\n`);
    return 0;
  }
  if (!options.yes) {
    if (!io.input?.isTTY) {
      io.err.write(`kubedrill: not resetting ${file}: stdin is not a terminal to ask on; add --yes to reset without asking\n`);
      return 1;
    }
    // The question goes to stderr, like rm -i's, so it shows when stdout is redirected.
    io.err.write(`Forget all progress in ${file}? [y/N] `);
    const answer = (await readOneLine(io.input))?.trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      io.out.write(`Progress kept in ${file}.\n`);
      return 0;
    }
  }
  try {
    const outcome = await resetProgress(file, now());
    io.out.write(outcome.kind === 'kept' ? `Progress forgotten; the old file is kept as ${outcome.backup}\n` : `No progress to forget: ${file} does not exist.\n`);
    return 0;
  } catch (e) {
    io.err.write(`kubedrill: could not reset ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** The first line read from `input`, or undefined when it ends first. */
function readOneLine(input: Readable): Promise<string | undefined> {
  return new Promise((resolve) => {
    const rl = createInterface({ input, terminal: false });
    let line: string | undefined;
    rl.once('line', (l) => {
      line = l;
      rl.close();
    });
    rl.once('close', () => resolve(line));
  });
}

/** Topics of each shipped scenario, from the catalogue's metadata (no full load). */
async function scenarioTopicsOf(): Promise<Map<string, readonly string[]>> {
  const { entries } = await listShippedEntries();
  return new Map(entries.map((e) => [e.id, e.topics]));
}

/** Topics of each question of the banks (loaded only when there are answers to place). */
async function questionTopicsOf(bankFiles: readonly string[] | undefined): Promise<Map<string, readonly string[]>> {
  const { loadQuizBanks, loadShippedQuizBanks, quizItems } = await import('../quiz/load.js');
  const { banks } = bankFiles ? loadQuizBanks(bankFiles) : loadShippedQuizBanks();
  return new Map(quizItems(banks).map((i) => [i.question.id, i.topics]));
}
