/**
 * Leitner spaced repetition: every question the learner has answered sits in
 * one of five boxes. A right answer moves it up one box, a wrong one back to
 * box 1; each box waits longer before the question is due again. Pure and
 * deterministic: `now` is always passed in.
 */

/** Days a question waits in each box (box 1 first) before it is due again. */
export const LEITNER_INTERVAL_DAYS = [1, 2, 4, 8, 16] as const;

/** The highest box. */
export const LEITNER_BOXES = LEITNER_INTERVAL_DAYS.length;

const DAY_MS = 86_400_000;

/** Where one question stands. */
export interface LeitnerCard {
  readonly questionId: string;
  /** 1 to {@link LEITNER_BOXES}. */
  readonly box: number;
  /** When it is due again, ms since the epoch. */
  readonly dueAt: number;
  /** When it was last answered, ms since the epoch. */
  readonly reviewedAt: number;
}

/**
 * The card after an answer at `now`: right moves up one box (a question seen
 * for the first time counts as coming from box 1), wrong goes back to box 1.
 */
export function reviewCard(card: LeitnerCard | undefined, questionId: string, correct: boolean, now: number): LeitnerCard {
  const from = card ? clampBox(card.box) : 1;
  const box = correct ? Math.min(LEITNER_BOXES, from + 1) : 1;
  return { questionId, box, dueAt: now + (LEITNER_INTERVAL_DAYS[box - 1] as number) * DAY_MS, reviewedAt: now };
}

/** The cards due at `now`, most overdue first; at equal due times lower boxes first, then by id. */
export function dueCards(cards: Iterable<LeitnerCard>, now: number): LeitnerCard[] {
  return [...cards]
    .filter((c) => c.dueAt <= now)
    .sort((a, b) => a.dueAt - b.dueAt || a.box - b.box || (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0));
}

/** When the next card falls due, or undefined when there are none. */
export function nextDue(cards: Iterable<LeitnerCard>): number | undefined {
  let next: number | undefined;
  for (const c of cards) if (next === undefined || c.dueAt < next) next = c.dueAt;
  return next;
}

/** A box read from a file, kept within 1..5. */
function clampBox(box: number): number {
  return Number.isInteger(box) ? Math.min(LEITNER_BOXES, Math.max(1, box)) : 1;
}
