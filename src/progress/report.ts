/**
 * The progress report `kubedrill progress` prints and exports: mastery per
 * topic from scenarios and quizzes together, the scenario history, what is due
 * for review, and the streak. Pure and deterministic: the records, the topics
 * of scenarios and questions, and `now` are all passed in.
 *
 * Mastery of a topic, 0 to 100:
 * - scenarios: the mean over the topic's attempted scenarios of each one's best
 *   score as a share of its maximum (a later worse attempt does not undo a fix
 *   the learner has shown they can make);
 * - quizzes: the share of the topic's answered questions whose latest answer
 *   was right (the latest answer is what the learner knows now; older ones
 *   only say how they got there);
 * - together: the mean of the two when the topic has both, else the one it has,
 *   so a handful of scenarios is not drowned by dozens of questions.
 * Days (history dates, the streak) are UTC calendar days, so the report does
 * not depend on the machine's time zone.
 */
import { dueCards, nextDue, type LeitnerCard } from '../quiz/leitner.js';
import { cardOf } from '../quiz/records.js';
import type { AttemptRecord, LeitnerRecord, QuizResultRecord } from './schema.js';

/** Version of the report's JSON shape (not of the progress file). */
export const REPORT_FORMAT = 'kubedrill.progress/v1';

/** What the report is computed from. */
export interface ReportInput {
  /** The progress file, named in the report. */
  readonly file: string;
  readonly attempts: readonly AttemptRecord[];
  readonly quiz: readonly QuizResultRecord[];
  readonly leitner: readonly LeitnerRecord[];
  /** Topics of each scenario id (from the catalogue); a scenario missing here counts under no topic. */
  readonly scenarioTopics: ReadonlyMap<string, readonly string[]>;
  /** Topics of each question id (its bank's and its own); a question missing here counts under its bank id. */
  readonly questionTopics: ReadonlyMap<string, readonly string[]>;
  /** Wall-clock ms since the epoch: what is due, and which day is today. */
  readonly now: number;
}

/** Mastery of one topic. */
export interface TopicMastery {
  readonly topic: string;
  /** 0 to 100, rounded: see the module comment. */
  readonly mastery: number;
  /** Scenarios on the topic attempted at least once, and the mean of their best shares (0 to 100); null when none. */
  readonly scenarios: { readonly attempted: number; readonly percent: number } | null;
  /** Questions on the topic answered at least once, how many were last answered right, and that share (0 to 100); null when none. */
  readonly quiz: { readonly answered: number; readonly right: number; readonly percent: number } | null;
}

/** One graded attempt, as the history lists it. */
export interface HistoryEntry {
  /** When it was graded, ISO 8601 as recorded. */
  readonly finishedAt: string;
  readonly scenarioId: string;
  readonly score: number;
  readonly maxScore: number;
  /** Simulated seconds it took; null for attempts recorded before this was kept. */
  readonly simulatedSeconds: number | null;
  readonly hintsUsed: number;
}

/** A question due for review. */
export interface DueQuestion {
  readonly questionId: string;
  readonly box: number;
  /** ISO 8601. */
  readonly dueAt: string;
}

/** The whole report; the JSON export writes these keys in this order. */
export interface ProgressReport {
  readonly format: typeof REPORT_FORMAT;
  readonly file: string;
  /** `now`, ISO 8601. */
  readonly generatedAt: string;
  /** Topics by name. */
  readonly topics: readonly TopicMastery[];
  /** Every attempt, oldest first. */
  readonly history: readonly HistoryEntry[];
  readonly quiz: { readonly answers: number; readonly right: number };
  /** Questions due now, most overdue first; and when the next one that is not yet due falls due (null when none). */
  readonly review: { readonly due: readonly DueQuestion[]; readonly nextDueAt: string | null };
  /** Consecutive UTC days with an attempt or a quiz answer, ending today or yesterday (0 otherwise); the last such day. */
  readonly streak: { readonly days: number; readonly lastDay: string | null; readonly timeZone: 'UTC' };
}

const DAY_MS = 86_400_000;

/** Computes the report. */
export function progressReport(input: ReportInput): ProgressReport {
  const cards = input.leitner.map(cardOf);
  const upcoming = nextDue(cards.filter((c) => c.dueAt > input.now));
  return {
    format: REPORT_FORMAT,
    file: input.file,
    generatedAt: new Date(input.now).toISOString(),
    topics: topicMastery(input),
    history: input.attempts.map(historyEntry),
    quiz: { answers: input.quiz.length, right: input.quiz.filter((q) => q.correct).length },
    review: { due: dueCards(cards, input.now).map(dueQuestion), nextDueAt: upcoming === undefined ? null : new Date(upcoming).toISOString() },
    streak: streak([...input.attempts.map((a) => a.finishedAt), ...input.quiz.map((q) => q.answeredAt)], input.now),
  };
}

/** Mastery per topic (see the module comment), by topic name. */
export function topicMastery(input: Pick<ReportInput, 'attempts' | 'quiz' | 'scenarioTopics' | 'questionTopics'>): TopicMastery[] {
  // Best share per scenario, and the latest answer per question (records are oldest first).
  const bestShare = new Map<string, number>();
  for (const a of input.attempts) bestShare.set(a.scenarioId, Math.max(bestShare.get(a.scenarioId) ?? 0, share(a.score, a.maxScore)));
  const latest = new Map<string, QuizResultRecord>();
  for (const q of input.quiz) latest.set(q.questionId, q);

  const byTopic = new Map<string, { scenarioShares: number[]; answers: boolean[] }>();
  const entry = (topic: string) => {
    let e = byTopic.get(topic);
    if (!e) byTopic.set(topic, (e = { scenarioShares: [], answers: [] }));
    return e;
  };
  for (const [id, s] of bestShare) for (const t of new Set(input.scenarioTopics.get(id) ?? [])) entry(t).scenarioShares.push(s);
  for (const [id, q] of latest) for (const t of new Set(input.questionTopics.get(id) ?? [q.bankId])) entry(t).answers.push(q.correct);

  const rows: TopicMastery[] = [];
  for (const [topic, { scenarioShares, answers }] of byTopic) {
    const scenarioPart = scenarioShares.length > 0 ? mean(scenarioShares) : undefined;
    const right = answers.filter(Boolean).length;
    const quizPart = answers.length > 0 ? right / answers.length : undefined;
    const parts = [scenarioPart, quizPart].filter((p): p is number => p !== undefined);
    rows.push({
      topic,
      mastery: percent(mean(parts)),
      scenarios: scenarioPart === undefined ? null : { attempted: scenarioShares.length, percent: percent(scenarioPart) },
      quiz: quizPart === undefined ? null : { answered: answers.length, right, percent: percent(quizPart) },
    });
  }
  return rows.sort((a, b) => compare(a.topic, b.topic));
}

/**
 * The streak at `now` from the times of activity: the run of consecutive UTC
 * days with activity that ends today, or yesterday (today may still come).
 * Times that do not parse, or lie after today, are ignored.
 */
export function streak(times: readonly string[], now: number): ProgressReport['streak'] {
  const today = dayNumber(now);
  const days = new Set<number>();
  for (const t of times) {
    const ms = Date.parse(t);
    if (Number.isFinite(ms) && dayNumber(ms) <= today) days.add(dayNumber(ms));
  }
  const last = days.size > 0 ? Math.max(...days) : undefined;
  if (last === undefined) return { days: 0, lastDay: null, timeZone: 'UTC' };
  let run = 0;
  if (last >= today - 1) while (days.has(last - run)) run++;
  return { days: run, lastDay: new Date(last * DAY_MS).toISOString().slice(0, 10), timeZone: 'UTC' };
}

function historyEntry(a: AttemptRecord): HistoryEntry {
  return { finishedAt: a.finishedAt, scenarioId: a.scenarioId, score: a.score, maxScore: a.maxScore, simulatedSeconds: a.simulatedSeconds ?? null, hintsUsed: a.hintsUsed };
}

function dueQuestion(c: LeitnerCard): DueQuestion {
  return { questionId: c.questionId, box: c.box, dueAt: new Date(c.dueAt).toISOString() };
}

/** Points as a share of the maximum, within 0..1 (deductions can take a score below 0). */
function share(score: number, max: number): number {
  return max > 0 ? Math.min(1, Math.max(0, score / max)) : 0;
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
}

function percent(fraction: number): number {
  return Math.round(fraction * 100);
}

/** Days since the epoch, UTC. */
function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
