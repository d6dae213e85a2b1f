/**
 * The progress document without zod: its version, an empty one, and a plain
 * check that start-up runs before the zod schema (schema.ts), so opening a
 * well-formed progress file loads neither zod nor the schema.
 */
import type { AttemptRecord, ProgressData } from './schema.js';

/** The schema version this build reads and writes. */
export const PROGRESS_VERSION = 1;

/** A fresh, empty progress document. */
export function emptyProgress(): ProgressData {
  return { version: PROGRESS_VERSION, attempts: [], quiz: [] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The document as `progressDataSchema.parse` would return it (unknown fields
 * dropped), when `raw` is plainly a valid version-1 document; undefined when
 * anything is off, and then the zod schema judges it. Never looser than the
 * schema: whatever this accepts, the schema accepts with the same result.
 */
export function plainProgress(raw: unknown): ProgressData | undefined {
  if (!isRecord(raw) || raw.version !== PROGRESS_VERSION || !Array.isArray(raw.attempts) || !Array.isArray(raw.quiz)) return undefined;
  const attempts: AttemptRecord[] = [];
  for (const a of raw.attempts as unknown[]) {
    if (!isRecord(a)) return undefined;
    const { scenarioId, startedAt, finishedAt, score, maxScore, hintsUsed, parts } = a;
    if (typeof scenarioId !== 'string' || typeof startedAt !== 'string' || typeof finishedAt !== 'string') return undefined;
    if (!isNumber(score) || !isNumber(maxScore) || !Number.isSafeInteger(hintsUsed) || (hintsUsed as number) < 0) return undefined;
    if (!Array.isArray(parts)) return undefined;
    const checkedParts: AttemptRecord['parts'] = [];
    for (const p of parts as unknown[]) {
      if (!isRecord(p) || typeof p.name !== 'string' || !isNumber(p.points) || !isNumber(p.max)) return undefined;
      checkedParts.push({ name: p.name, points: p.points, max: p.max });
    }
    attempts.push({ scenarioId, startedAt, finishedAt, score, maxScore, hintsUsed: hintsUsed as number, parts: checkedParts });
  }
  return { version: PROGRESS_VERSION, attempts, quiz: [...(raw.quiz as unknown[])] };
}
