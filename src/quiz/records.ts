/**
 * Between the quiz and the progress file: a graded answer as a stored result,
 * and Leitner cards as stored records (times as ISO 8601 text in the file).
 */
import type { LeitnerRecord, QuizResultRecord } from '../progress/schema.js';
import type { QuizGrade } from './grade.js';
import { reviewCard, type LeitnerCard } from './leitner.js';
import type { QuizItem } from './load.js';

/** The stored result of answering `item` at `now`. */
export function quizResultRecord(item: QuizItem, grade: QuizGrade, now: number): QuizResultRecord {
  return { questionId: item.question.id, bankId: item.bankId, answeredAt: new Date(now).toISOString(), correct: grade.correct, earned: grade.earned, possible: grade.possible };
}

/** A stored record as a card; a record whose times do not parse is due at once. */
export function cardOf(record: LeitnerRecord): LeitnerCard {
  const time = (t: string) => (Number.isFinite(Date.parse(t)) ? Date.parse(t) : 0);
  return { questionId: record.questionId, box: record.box, dueAt: time(record.dueAt), reviewedAt: time(record.reviewedAt) };
}

/** The update of a stored record after an answer: for the progress store's `recordQuizAnswer`. */
export function reviewRecord(questionId: string, correct: boolean, now: number): (current: LeitnerRecord | undefined) => LeitnerRecord {
  return (current) => {
    const card = reviewCard(current ? cardOf(current) : undefined, questionId, correct, now);
    return { questionId, box: card.box, dueAt: new Date(card.dueAt).toISOString(), reviewedAt: new Date(card.reviewedAt).toISOString() };
  };
}
