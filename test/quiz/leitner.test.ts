import { describe, expect, it } from 'vitest';
import { dueCards, LEITNER_INTERVAL_DAYS, nextDue, reviewCard, type LeitnerCard } from '../../src/quiz/leitner.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

describe('Leitner boxes', () => {
  it('uses the intervals 1, 2, 4, 8, 16 days', () => {
    expect(LEITNER_INTERVAL_DAYS).toEqual([1, 2, 4, 8, 16]);
  });

  it('moves a right answer up one box at a time, up to box 5, each box waiting its interval', () => {
    let card: LeitnerCard | undefined;
    const seen: [number, number][] = [];
    let now = T0;
    for (let i = 0; i < 6; i++) {
      card = reviewCard(card, 'q', true, now);
      seen.push([card.box, (card.dueAt - now) / DAY]);
      now = card.dueAt;
    }
    expect(seen).toEqual([[2, 2], [3, 4], [4, 8], [5, 16], [5, 16], [5, 16]]);
    expect(card?.reviewedAt).toBe(now - 16 * DAY);
  });

  it('sends a wrong answer back to box 1, due the next day, from any box', () => {
    const high: LeitnerCard = { questionId: 'q', box: 4, dueAt: T0, reviewedAt: T0 - 8 * DAY };
    expect(reviewCard(high, 'q', false, T0)).toEqual({ questionId: 'q', box: 1, dueAt: T0 + DAY, reviewedAt: T0 });
    expect(reviewCard(undefined, 'new', false, T0).box).toBe(1);
  });

  it('keeps a box read from a bad file within 1..5', () => {
    expect(reviewCard({ questionId: 'q', box: 99, dueAt: 0, reviewedAt: 0 }, 'q', true, T0).box).toBe(5);
    expect(reviewCard({ questionId: 'q', box: 0.5, dueAt: 0, reviewedAt: 0 }, 'q', true, T0).box).toBe(2);
  });
});

describe('what is due', () => {
  const card = (questionId: string, box: number, dueAt: number): LeitnerCard => ({ questionId, box, dueAt, reviewedAt: 0 });
  const cards = [card('later', 1, T0 + DAY), card('b-high', 4, T0 - DAY), card('a-low', 2, T0 - DAY), card('oldest', 5, T0 - 3 * DAY), card('now', 1, T0)];

  it('is what falls due at or before now, oldest due first, then lower boxes, then by id', () => {
    expect(dueCards(cards, T0).map((c) => c.questionId)).toEqual(['oldest', 'a-low', 'b-high', 'now']);
  });

  it('depends only on the now passed in', () => {
    expect(dueCards(cards, T0 - 2 * DAY).map((c) => c.questionId)).toEqual(['oldest']);
    expect(dueCards(cards, T0 + DAY).map((c) => c.questionId)).toEqual(['oldest', 'a-low', 'b-high', 'now', 'later']);
    expect(dueCards([], T0)).toEqual([]);
  });

  it('tells when the next card falls due', () => {
    expect(nextDue(cards)).toBe(T0 - 3 * DAY);
    expect(nextDue([])).toBeUndefined();
  });
});
