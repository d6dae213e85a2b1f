import { describe, expect, it } from 'vitest';
import { progressReport, streak, topicMastery, type ReportInput } from '../../src/progress/report.js';
import type { AttemptRecord, LeitnerRecord, QuizResultRecord } from '../../src/progress/schema.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const attempt = (scenarioId: string, score: number, maxScore = 10, extra: Partial<AttemptRecord> = {}): AttemptRecord => ({
  scenarioId,
  startedAt: iso(NOW - DAY),
  finishedAt: iso(NOW - DAY + 60_000),
  score,
  maxScore,
  hintsUsed: 0,
  parts: [],
  ...extra,
});
const answer = (questionId: string, correct: boolean, bankId = 'bank', at = NOW - DAY): QuizResultRecord => ({ questionId, bankId, answeredAt: iso(at), correct, earned: correct ? 1 : 0, possible: 1 });
const card = (questionId: string, box: number, dueAt: number): LeitnerRecord => ({ questionId, box, dueAt: iso(dueAt), reviewedAt: iso(NOW - 10 * DAY) });

const input = (over: Partial<ReportInput>): ReportInput => ({
  file: '/home/p/progress.json',
  attempts: [],
  quiz: [],
  leitner: [],
  scenarioTopics: new Map(),
  questionTopics: new Map(),
  now: NOW,
  ...over,
});

describe('mastery per topic', () => {
  const scenarioTopics = new Map([
    ['a', ['x', 'y']],
    ['b', ['x']],
    ['c', ['z']],
  ]);
  const questionTopics = new Map([
    ['q1', ['x']],
    ['q2', ['x']],
  ]);

  it("averages each scenario's best share with the share of questions whose latest answer was right", () => {
    const rows = topicMastery({
      // a: best 8/10 whatever came after; b: 10/10.
      attempts: [attempt('a', 5), attempt('a', 8), attempt('a', 2), attempt('b', 10)],
      // q1 now right, q2 still wrong: 1 of 2 (not 0 of 2 by first answers, nor 1 of 4 by all).
      quiz: [answer('q1', false), answer('q2', false), answer('q1', true), answer('q2', false)],
      scenarioTopics,
      questionTopics,
    });
    expect(rows).toEqual([
      // scenarios (0.8 + 1) / 2 = 90%, quiz 50%: together 70%.
      { topic: 'x', mastery: 70, scenarios: { attempted: 2, percent: 90 }, quiz: { answered: 2, right: 1, percent: 50 } },
      { topic: 'y', mastery: 80, scenarios: { attempted: 1, percent: 80 }, quiz: null },
    ]);
  });

  it('counts a question the banks no longer hold under its bank id, and a scenario the catalogue lacks under no topic', () => {
    const rows = topicMastery({ attempts: [attempt('gone', 10)], quiz: [answer('q-old', true, 'retired')], scenarioTopics, questionTopics });
    expect(rows).toEqual([{ topic: 'retired', mastery: 100, scenarios: null, quiz: { answered: 1, right: 1, percent: 100 } }]);
  });

  it('keeps scores within 0..100% (deductions below zero, a zero maximum) and rounds', () => {
    const rows = topicMastery({ attempts: [attempt('c', -3), attempt('b', 0, 0), attempt('a', 2, 3)], quiz: [], scenarioTopics, questionTopics });
    expect(rows.map((r) => [r.topic, r.mastery])).toEqual([
      ['x', 33], // (2/3 + 0) / 2
      ['y', 67],
      ['z', 0],
    ]);
  });
});

describe('streak (UTC calendar days)', () => {
  const at = (dayOffset: number, hour = 12) => iso(Date.UTC(2026, 11, 2 + dayOffset, hour));

  it('counts consecutive days ending today', () => {
    expect(streak([at(0), at(-1), at(-2), at(-4)], NOW)).toEqual({ days: 3, lastDay: '2026-12-02', timeZone: 'UTC' });
  });

  it('still counts when the last day was yesterday (today may still come)', () => {
    expect(streak([at(-1), at(-2, 23)], NOW)).toEqual({ days: 2, lastDay: '2026-12-01', timeZone: 'UTC' });
  });

  it('is 0 after a day without activity, and says when it last was', () => {
    expect(streak([at(-2), at(-3)], NOW)).toEqual({ days: 0, lastDay: '2026-11-30', timeZone: 'UTC' });
  });

  it('is 0 with no activity, ignores unparsable and future times, and counts several answers on a day once', () => {
    expect(streak([], NOW)).toEqual({ days: 0, lastDay: null, timeZone: 'UTC' });
    expect(streak(['not a time', at(1), at(0, 0), at(0, 23)], NOW)).toEqual({ days: 1, lastDay: '2026-12-02', timeZone: 'UTC' });
  });

  it('turns days at midnight UTC', () => {
    const justBeforeMidnight = Date.UTC(2026, 11, 2, 23, 59, 59);
    expect(streak([iso(Date.UTC(2026, 11, 1, 0, 0, 0))], justBeforeMidnight).days).toBe(1);
    expect(streak([iso(Date.UTC(2026, 11, 1, 0, 0, 0))], justBeforeMidnight + 1000).days).toBe(0);
  });
});

describe('the report', () => {
  it('lists what is due most overdue first (equal times: lower box, then id) and when the next one falls due', () => {
    const report = progressReport(
      input({
        leitner: [card('later', 3, NOW + 2 * DAY), card('b', 2, NOW - DAY), card('a', 2, NOW - DAY), card('low', 1, NOW - DAY), card('oldest', 5, NOW - 5 * DAY), card('now', 1, NOW), card('soon', 1, NOW + 1)],
      }),
    );
    expect(report.review.due.map((d) => d.questionId)).toEqual(['oldest', 'low', 'a', 'b', 'now']);
    expect(report.review.due[0]).toEqual({ questionId: 'oldest', box: 5, dueAt: iso(NOW - 5 * DAY) });
    expect(report.review.nextDueAt).toBe(iso(NOW + 1));
    expect(progressReport(input({ leitner: [card('a', 1, NOW)] })).review).toEqual({ due: [{ questionId: 'a', box: 1, dueAt: iso(NOW) }], nextDueAt: null });
  });

  it('lists every attempt with date, score, simulated time (null when not recorded) and hints, and keeps a stable key order', () => {
    const report = progressReport(
      input({
        attempts: [attempt('a', 7, 10, { hintsUsed: 2, simulatedSeconds: 250 }), attempt('b', 10, 10)],
        quiz: [answer('q1', true, 'bank', NOW), answer('q2', false, 'bank', NOW)],
      }),
    );
    expect(Object.keys(report)).toEqual(['format', 'file', 'generatedAt', 'topics', 'history', 'quiz', 'review', 'streak']);
    expect(report.format).toBe('kubedrill.progress/v1');
    expect(report.generatedAt).toBe('2026-12-02T12:00:00.000Z');
    expect(report.history).toEqual([
      { finishedAt: iso(NOW - DAY + 60_000), scenarioId: 'a', score: 7, maxScore: 10, simulatedSeconds: 250, hintsUsed: 2 },
      { finishedAt: iso(NOW - DAY + 60_000), scenarioId: 'b', score: 10, maxScore: 10, simulatedSeconds: null, hintsUsed: 0 },
    ]);
    expect(report.quiz).toEqual({ answers: 2, right: 1 });
    // Attempts yesterday, answers today.
    expect(report.streak.days).toBe(2);
  });
});
