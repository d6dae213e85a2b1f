/** The offer under a scenario's results: the quiz questions on its topics, and the command that asks them. */
import { relatedQuiz } from '../../quiz/related.js';

/** `Quiz yourself on these topics (23 questions): kubedrill quiz dns coredns`, or undefined when no bank covers them. */
export function quizOffer(topics: readonly string[]): string | undefined {
  try {
    const related = relatedQuiz(topics);
    return related && `Quiz yourself on these topics (${related.count} question${related.count === 1 ? '' : 's'}): ${related.command}`;
  } catch {
    // A bank that cannot be read takes nothing from the results.
    return undefined;
  }
}
