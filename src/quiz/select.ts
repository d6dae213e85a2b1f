/**
 * Which questions a quiz asks: filtered by topic and difficulty, then either
 * drawn by the seed (a plain quiz) or taken from what is due for review, most
 * overdue first (`--review`). Deterministic: same items, options and seed,
 * same questions in the same order.
 */
import { Random } from '../cluster/clock/random.js';
import { dueCards, type LeitnerCard } from './leitner.js';
import type { QuizItem } from './load.js';
import type { Difficulty } from './schema.js';

/** How many questions a quiz asks unless told (the CLI and the TUI alike). */
export const DEFAULT_QUIZ_COUNT = 10;

/** What to ask. */
export interface SelectOptions {
  /** Topics or bank ids; a question matches when it has any of them. Empty: all. */
  readonly topics: readonly string[];
  readonly difficulty?: Difficulty;
  /** At most this many questions. */
  readonly count: number;
  /** Draws a plain quiz's questions. */
  readonly seed: number;
  /** Ask what is due for review instead of a draw. */
  readonly review?: { readonly cards: readonly LeitnerCard[]; readonly now: number };
}

/** Whether an item is about one of `topics` (its topics or its bank's id). */
export function matchesTopics(item: QuizItem, topics: readonly string[]): boolean {
  return topics.length === 0 || topics.some((t) => item.topics.includes(t) || item.bankId === t);
}

/** Picks the questions to ask, in the order to ask them. */
export function selectQuestions(items: readonly QuizItem[], options: SelectOptions): QuizItem[] {
  const wanted = items.filter((i) => matchesTopics(i, options.topics) && (options.difficulty === undefined || i.question.difficulty === options.difficulty));
  if (options.review) {
    const byId = new Map(wanted.map((i) => [i.question.id, i]));
    return dueCards(options.review.cards, options.review.now)
      .flatMap((c) => byId.get(c.questionId) ?? [])
      .slice(0, options.count);
  }
  const random = new Random(options.seed);
  const pool = [...wanted];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [pool[i], pool[j]] = [pool[j] as QuizItem, pool[i] as QuizItem];
  }
  return pool.slice(0, options.count);
}

/** Every topic and bank id the items have, sorted (for "no such topic" messages). */
export function knownTopics(items: readonly QuizItem[]): string[] {
  return [...new Set(items.flatMap((i) => [...i.topics, i.bankId]))].sort();
}
