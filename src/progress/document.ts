/**
 * The progress document without zod: its version, an empty one, and a plain
 * check that start-up runs before the zod schema (schema.ts), so opening a
 * well-formed progress file loads neither zod nor the schema.
 */
import type { AttemptRecord, LeitnerRecord, ProgressData, QuizResultRecord } from './schema.js';

/**
 * The schema version this build reads and writes. History: 1 — attempts, and
 * `quiz` reserved; 2 — quiz results and Leitner records (migrate.ts).
 */
export const PROGRESS_VERSION = 2;

/** A fresh, empty progress document. */
export function emptyProgress(): ProgressData {
  return { version: PROGRESS_VERSION, attempts: [], quiz: [], leitner: [] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The document as `progressDataSchema.parse` would return it (unknown fields
 * dropped), when `raw` is plainly a valid current-version document; undefined
 * when anything is off, and then the zod schema judges it. Never looser than the
 * schema: whatever this accepts, the schema accepts with the same result.
 */
export function plainProgress(raw: unknown): ProgressData | undefined {
  if (!isRecord(raw) || raw.version !== PROGRESS_VERSION || !Array.isArray(raw.attempts) || !Array.isArray(raw.quiz) || !Array.isArray(raw.leitner)) return undefined;
  const attempts: AttemptRecord[] = [];
  for (const a of raw.attempts as unknown[]) {
    if (!isRecord(a)) return undefined;
    const { scenarioId, startedAt, finishedAt, score, maxScore, hintsUsed, simulatedSeconds, parts } = a;
    if (typeof scenarioId !== 'string' || typeof startedAt !== 'string' || typeof finishedAt !== 'string') return undefined;
    if (!isNumber(score) || !isNumber(maxScore) || !Number.isSafeInteger(hintsUsed) || (hintsUsed as number) < 0) return undefined;
    if (!Array.isArray(parts)) return undefined;
    if (simulatedSeconds !== undefined && (!isNumber(simulatedSeconds) || simulatedSeconds < 0)) return undefined;
    const checkedParts: AttemptRecord['parts'] = [];
    for (const p of parts as unknown[]) {
      if (!isRecord(p) || typeof p.name !== 'string' || !isNumber(p.points) || !isNumber(p.max)) return undefined;
      checkedParts.push({ name: p.name, points: p.points, max: p.max });
    }
    attempts.push({ scenarioId, startedAt, finishedAt, score, maxScore, hintsUsed: hintsUsed as number, ...(simulatedSeconds === undefined ? {} : { simulatedSeconds }), parts: checkedParts });
  }
  const quiz: QuizResultRecord[] = [];
  for (const r of raw.quiz as unknown[]) {
    if (!isRecord(r)) return undefined;
    const { questionId, bankId, answeredAt, correct, earned, possible } = r;
    if (typeof questionId !== 'string' || typeof bankId !== 'string' || typeof answeredAt !== 'string' || typeof correct !== 'boolean') return undefined;
    if (!isNumber(earned) || !isNumber(possible)) return undefined;
    quiz.push({ questionId, bankId, answeredAt, correct, earned, possible });
  }
  const leitner: LeitnerRecord[] = [];
  for (const c of raw.leitner as unknown[]) {
    if (!isRecord(c)) return undefined;
    const { questionId, box, dueAt, reviewedAt } = c;
    if (typeof questionId !== 'string' || typeof dueAt !== 'string' || typeof reviewedAt !== 'string') return undefined;
    if (!Number.isInteger(box) || (box as number) < 1 || (box as number) > 5) return undefined;
    leitner.push({ questionId, box: box as number, dueAt, reviewedAt });
  }
  return { version: PROGRESS_VERSION, attempts, quiz, leitner };
}
