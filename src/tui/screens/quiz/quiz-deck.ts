/**
 * What the TUI's quiz screen is given to draw from: the question banks, the
 * learner's review cards and the seed, as `kubedrill quiz` computes them.
 * Types only here: the home screen's first frame must not load the banks
 * (zod, YAML); {@link loadQuizDeck} does, when the quiz screen opens.
 */
import type { ProgressStore } from '../../../progress/store.js';
import type { LeitnerCard } from '../../../quiz/leitner.js';
import type { QuizItem } from '../../../quiz/load.js';

/** Everything a quiz or review draws from. */
export interface QuizDeck {
  /** Every question of the banks that loaded. */
  readonly items: readonly QuizItem[];
  /** The learner's Leitner cards (what is due for review). */
  readonly cards: readonly LeitnerCard[];
  /** Draws the questions and their shuffles: the number of answers recorded so far, as `kubedrill quiz` uses. */
  readonly seed: number;
  /** Banks that did not load, as `file:line:col: message`. */
  readonly warnings: readonly string[];
}

/** Loads the shipped banks and the learner's cards (imports the loaders on first use). */
export async function loadQuizDeck(progress: Pick<ProgressStore, 'listQuizResults' | 'leitnerRecords'>): Promise<QuizDeck> {
  const { loadShippedQuizBanks, quizItems } = await import('../../../quiz/load.js');
  const { formatError } = await import('../../../scenario/load.js');
  const { cardOf } = await import('../../../quiz/records.js');
  const loaded = loadShippedQuizBanks();
  return {
    items: quizItems(loaded.banks),
    cards: progress.leitnerRecords().map(cardOf),
    seed: progress.listQuizResults().length,
    warnings: loaded.errors.map(formatError),
  };
}
