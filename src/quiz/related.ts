/**
 * The quiz questions on a scenario's topics, offered after its results: how
 * many the shipped banks hold, and the `kubedrill quiz` command that asks
 * them. A bank that does not load is left out (validate reports it).
 */
import { loadShippedQuizBanks, quizItems } from './load.js';
import { matchesTopics } from './select.js';

/** `kubedrill quiz <topics>` for the topics some question covers, with how many questions it can ask; undefined when none. */
export function relatedQuiz(topics: readonly string[]): { count: number; command: string } | undefined {
  const items = quizItems(loadShippedQuizBanks().banks);
  const covered = topics.filter((t) => items.some((i) => matchesTopics(i, [t])));
  if (covered.length === 0) return undefined;
  const count = items.filter((i) => matchesTopics(i, covered)).length;
  return { count, command: `kubedrill quiz ${covered.join(' ')}` };
}
