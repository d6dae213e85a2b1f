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
  /**
   * Simulated seconds the attempt took. Optional, so the version stays 2:
   * files written before it was recorded lack it, and builds that do not know
   * it keep it unread (unknown fields survive a save).
   */
  simulatedSeconds: z.number().nonnegative().optional(),
  /** The graded parts. */
  parts: z.array(attemptPartSchema),
});

/** One answered quiz question. */
export const quizResultSchema = z.object({
  /** The question's id (unique across banks). */
  questionId: z.string(),
  /** The id of the bank it came from. */
  bankId: z.string(),
  /** Wall-clock time of the answer, ISO 8601. */
  answeredAt: z.string(),
  /** Whether all of the answer was right (what the score and review count). */
  correct: z.boolean(),
  /** Parts right (partial credit shown to the learner). */
  earned: z.number(),
  /** Parts there were. */
  possible: z.number(),
});

/** Where one question stands in spaced repetition (src/quiz/leitner.ts). */
export const leitnerRecordSchema = z.object({
  /** The question's id. */
  questionId: z.string(),
  /** Leitner box, 1 to 5. */
  box: z.number().int().min(1).max(5),
  /** When it is due again, ISO 8601. */
  dueAt: z.string(),
  /** When it was last answered, ISO 8601. */
  reviewedAt: z.string(),
});

/** The whole progress file, version 2 (version 1 is migrated: migrate.ts). */
export const progressDataSchema = z.object({
  /** Schema version; older versions are migrated, unknown ones kept aside, not read. */
  version: z.literal(PROGRESS_VERSION),
  /** Every graded attempt, oldest first. */
  attempts: z.array(attemptSchema),
  /** Every answered quiz question, oldest first. */
  quiz: z.array(quizResultSchema),
  /** Spaced-repetition state, one record per question answered. */
  leitner: z.array(leitnerRecordSchema),
});

/** One recorded attempt. */
export type AttemptRecord = z.infer<typeof attemptSchema>;
/** One answered quiz question. */
export type QuizResultRecord = z.infer<typeof quizResultSchema>;
/** One question's spaced-repetition record. */
export type LeitnerRecord = z.infer<typeof leitnerRecordSchema>;
/** The progress file's content. */
export type ProgressData = z.infer<typeof progressDataSchema>;
