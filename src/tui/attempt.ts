import type { AttemptRecord } from '../progress/schema.js';
import type { GradeResult } from '../practice/types.js';

/** The progress record of a graded attempt; times are wall-clock ms since epoch. */
export function attemptRecord(result: GradeResult, startedAt: number, finishedAt: number, hintsUsed: number): AttemptRecord {
  return {
    scenarioId: result.scenarioId,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    score: result.score,
    maxScore: result.maxScore,
    hintsUsed,
    simulatedSeconds: result.simulatedSeconds,
    parts: result.parts.map((p) => ({ name: p.name, points: p.points, max: p.max })),
  };
}
