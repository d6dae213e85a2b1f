/**
 * The offer under a scenario's results: the quiz questions on its topics, and
 * the command that asks them. The banks are read only when results are shown
 * (a dynamic import), so the first frame loads no YAML parser or schema.
 */

/** `Quiz yourself on these topics (23 questions): kubedrill quiz dns coredns`, or undefined when no bank covers them. */
export async function loadQuizOffer(topics: readonly string[]): Promise<string | undefined> {
  try {
    const { relatedQuiz } = await import('../../quiz/related.js');
    const related = relatedQuiz(topics);
    return related && `Quiz yourself on these topics (${related.count} question${related.count === 1 ? '' : 's'}): ${related.command}`;
  } catch {
    // A bank that cannot be read takes nothing from the results.
    return undefined;
  }
}
