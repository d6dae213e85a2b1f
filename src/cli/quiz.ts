/**
 * `kubedrill quiz [topic…] [--count N] [--difficulty d] [--review] [--seed n]`:
 * self-assessment questions in line mode, on a terminal or from piped input.
 *
 * The seed: `--seed n`, or by default the number of answers already recorded
 * in the progress file. So each new quiz draws different questions, and a run
 * is still reproducible from its inputs (the progress file and the flags); the
 * header prints the seed used.
 */
import type { Readable, Writable } from 'node:stream';
import { openProgress } from '../progress/store.js';
import { DIFFICULTIES, type Difficulty } from '../quiz/schema.js';
import { DEFAULT_QUIZ_COUNT } from '../quiz/select.js';

/** Options of the quiz command, as commander hands them over. */
export interface QuizCommandOptions {
  count?: string;
  difficulty?: string;
  review?: boolean;
  seed?: string;
}

/** How many questions a quiz asks unless told. */
export { DEFAULT_QUIZ_COUNT };

/** Runs a quiz; returns the exit code. */
export async function quizCommand(
  topics: string[],
  options: QuizCommandOptions,
  io: { input: Readable; out: Writable; err: Writable; now?: () => number; bankFiles?: readonly string[] },
): Promise<number> {
  const { out, err } = io;
  const count = options.count === undefined ? DEFAULT_QUIZ_COUNT : Number(options.count);
  if (!Number.isSafeInteger(count) || count < 1) {
    err.write(`kubedrill quiz: --count must be a whole number of at least 1, got "${options.count}"\n`);
    return 2;
  }
  if (options.difficulty !== undefined && !(DIFFICULTIES as readonly string[]).includes(options.difficulty)) {
    err.write(`kubedrill quiz: --difficulty must be one of ${DIFFICULTIES.join(', ')}, got "${options.difficulty}"\n`);
    return 2;
  }
  const difficulty = options.difficulty as Difficulty | undefined;
  if (options.seed !== undefined && !/^\d+$/.test(options.seed)) {
    err.write(`kubedrill quiz: --seed must be a non-negative whole number, got "${options.seed}"\n`);
    return 2;
  }
  const { loadQuizBanks, loadShippedQuizBanks, quizItems, shippedScenarioIds } = await import('../quiz/load.js');
  const { formatError } = await import('../scenario/load.js');
  // The shipped banks, or the ones a caller names (tests pin their draws to one bank).
  const loaded = io.bankFiles ? loadQuizBanks(io.bankFiles, { scenarioIds: shippedScenarioIds() }) : loadShippedQuizBanks();
  // A broken bank is reported, and the others are still asked.
  for (const e of loaded.errors) err.write(`${formatError(e)}\n`);
  const items = quizItems(loaded.banks);
  const { knownTopics, selectQuestions } = await import('../quiz/select.js');
  const unknown = topics.filter((t) => !knownTopics(items).includes(t));
  if (unknown.length > 0) {
    err.write(`kubedrill quiz: no questions on ${unknown.map((t) => `"${t}"`).join(', ')}; topics: ${knownTopics(items).join(', ')}\n`);
    return 2;
  }

  const progress = await openProgress();
  if (progress.warning) err.write(`kubedrill: ${progress.warning}\n`);
  const now = io.now ?? Date.now;
  const seed = options.seed !== undefined ? Number(options.seed) : progress.listQuizResults().length;
  const { cardOf } = await import('../quiz/records.js');
  const cards = progress.leitnerRecords().map(cardOf);
  const review = options.review ? { cards, now: now() } : undefined;
  const chosen = selectQuestions(items, { topics, difficulty, count, seed, review });
  if (chosen.length === 0) {
    if (options.review) {
      const { nextDue } = await import('../quiz/leitner.js');
      const next = nextDue(cards.filter((c) => items.some((i) => i.question.id === c.questionId)));
      out.write(next === undefined ? 'Nothing to review yet: answer some questions first (kubedrill quiz).\n' : `Nothing is due for review. The next question falls due at ${new Date(next).toISOString()}.\n`);
      return 0;
    }
    out.write('No questions match.\n');
    return 1;
  }

  const { runQuizLineMode } = await import('../tui/quiz-line-mode.js');
  const { loadScenarioArg } = await import('./load.js');
  const { loadSimulation } = await import('./simulation.js');
  // Loaded with the first hands-on question: a quiz without one never loads the simulation.
  let saveCodeCache = () => {};
  const what = [topics.length > 0 ? topics.join(', ') : 'all topics', difficulty].filter(Boolean).join(', ');
  const header = options.review
    ? `Review: ${chosen.length} question${chosen.length === 1 ? '' : 's'} due (${what}).`
    : `Quiz: ${chosen.length} question${chosen.length === 1 ? '' : 's'} on ${what} (seed ${seed}; --seed ${seed} asks the same again).`;
  await runQuizLineMode({
    items: chosen,
    seed,
    input: io.input,
    output: out,
    progress,
    now,
    intro: [header, 'Answer each question on one line; skip gives up on it.'],
    openHandsOn: async (id) => {
      const scenario = loadScenarioArg(id);
      if (!scenario.ok) throw new Error(scenario.message);
      const loaded = await loadSimulation();
      saveCodeCache = loaded.saveCodeCache;
      return loaded.simulation.openHandsOn(scenario.scenario);
    },
  });
  saveCodeCache();
  return 0;
}
