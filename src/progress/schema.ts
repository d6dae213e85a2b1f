import { z } from 'zod';
import { PROGRESS_VERSION } from './document.js';

export { PROGRESS_VERSION, emptyProgress } from './document.js';

/** One graded part of a recorded attempt (a copy of the grade, not a reference). */
export const attemptPartSchema = z.object({
  /** Part name: diagnosis, fix, evidence or hints. */
  name: z.string(),
  /** Points earned (negative for deductions). */
  points: z.number(),
  /** Points possible. */
  max: z.number(),
});

/** One finished, graded attempt at a scenario. */
export const attemptSchema = z.object({
  /** The scenario's id. */
  scenarioId: z.string(),
  /** Wall-clock start, ISO 8601. */
  startedAt: z.string(),
  /** Wall-clock end (when graded), ISO 8601. */
  finishedAt: z.string(),
  /** Points earned. */
  score: z.number(),
  /** Points possible. */
  maxScore: z.number(),
  /** How many hints were revealed. */
  hintsUsed: z.number().int().nonnegative(),
  /** The graded parts. */
  parts: z.array(attemptPartSchema),
});

/** The whole progress file, version 1. */
export const progressDataSchema = z.object({
  /** Schema version; files with any other value are kept aside, not read. */
  version: z.literal(PROGRESS_VERSION),
  /** Every graded attempt, oldest first. */
  attempts: z.array(attemptSchema),
  /** Quiz results; reserved for the quiz, kept as written. */
  quiz: z.array(z.unknown()),
});

/** One recorded attempt. */
export type AttemptRecord = z.infer<typeof attemptSchema>;
/** The progress file's content. */
export type ProgressData = z.infer<typeof progressDataSchema>;
