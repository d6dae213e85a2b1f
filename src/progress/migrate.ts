/**
 * Migrating a progress document forward, one version at a time, to the
 * current schema. Each step takes a document valid for its version (checked
 * first) and returns the next version's, keeping fields it does not know.
 */
import { z } from 'zod';
import { PROGRESS_VERSION } from './document.js';
import { attemptSchema, progressDataSchema, quizResultSchema, type ProgressData } from './schema.js';

/** Why a parsed progress document could not be used. */
export type MigrateProblem = { kind: 'unknown-version'; version: unknown } | { kind: 'invalid' };

type Raw = Record<string, unknown>;

/** Version 1: attempts, and a `quiz` list reserved for later (never written by a version-1 build). */
const progressV1Schema = z.object({ version: z.literal(1), attempts: z.array(attemptSchema), quiz: z.array(z.unknown()) });

/**
 * 1 → 2: `quiz` holds quiz results and `leitner` spaced-repetition records.
 * Entries of the old reserved `quiz` list that are not results are kept, unread,
 * under `quizV1` rather than dropped.
 */
function fromV1(raw: Raw): Raw {
  const old = Array.isArray(raw.quiz) ? (raw.quiz as unknown[]) : [];
  const results = old.filter((q) => quizResultSchema.safeParse(q).success);
  const others = old.filter((q) => !quizResultSchema.safeParse(q).success);
  return { ...raw, version: 2, quiz: results, leitner: [], ...(others.length > 0 ? { quizV1: others } : {}) };
}

/** The schema of each older version, and the step that lifts it one version. */
const STEPS = new Map<number, { schema: z.ZodType; step: (raw: Raw) => Raw }>([[1, { schema: progressV1Schema, step: fromV1 }]]);

/**
 * Turns parsed JSON into the current schema, or says why it can't. Returns the
 * checked data and the migrated raw document, whose unknown fields a save keeps.
 */
export function migrateProgress(raw: unknown): { ok: true; data: ProgressData; raw: Raw } | { ok: false; problem: MigrateProblem } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problem: { kind: 'invalid' } };
  }
  let doc = raw as Raw;
  for (;;) {
    const version = doc.version;
    if (version === PROGRESS_VERSION) break;
    const step = typeof version === 'number' ? STEPS.get(version) : undefined;
    if (!step) return { ok: false, problem: { kind: 'unknown-version', version } };
    if (!step.schema.safeParse(doc).success) return { ok: false, problem: { kind: 'invalid' } };
    doc = step.step(doc);
  }
  const parsed = progressDataSchema.safeParse(doc);
  if (!parsed.success) return { ok: false, problem: { kind: 'invalid' } };
  return { ok: true, data: parsed.data, raw: doc };
}
