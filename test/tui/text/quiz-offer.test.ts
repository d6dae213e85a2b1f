/** The quiz offered after a scenario's results: the shipped banks' questions on its topics. */
import { describe, expect, it } from 'vitest';
import { loadQuizOffer } from '../../../src/tui/text/quiz-offer.js';
import { loadShippedQuizBanks, quizItems } from '../../../src/quiz/load.js';

describe('loadQuizOffer', () => {
  it("counts the questions on the topics some bank covers, and names only those in the command", async () => {
    const items = quizItems(loadShippedQuizBanks().banks);
    const onDns = items.filter((i) => i.topics.includes('dns') || i.bankId === 'dns').length;
    expect(onDns).toBeGreaterThan(0);
    expect(await loadQuizOffer(['dns', 'no-such-topic'])).toBe(`Quiz yourself on these topics (${onDns} questions): kubedrill quiz dns`);
  });

  it('offers nothing when no question covers the topics', async () => {
    expect(await loadQuizOffer(['no-such-topic'])).toBeUndefined();
  });
});
