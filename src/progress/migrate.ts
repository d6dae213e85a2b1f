import { progressDataSchema, type ProgressData } from './schema.js';

/** Why a parsed progress document could not be used. */
export type MigrateProblem = { kind: 'unknown-version'; version: unknown } | { kind: 'invalid' };

/**
 * Turns parsed JSON into the current schema, or says why it can't. Only
 * version 1 exists so far; a later version adds a step here per old version.
 */
export function migrateProgress(raw: unknown): { ok: true; data: ProgressData } | { ok: false; problem: MigrateProblem } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problem: { kind: 'invalid' } };
  }
  const version = (raw as { version?: unknown }).version;
  if (version !== 1) return { ok: false, problem: { kind: 'unknown-version', version } };
  const parsed = progressDataSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: { kind: 'invalid' } };
  return { ok: true, data: parsed.data };
}
