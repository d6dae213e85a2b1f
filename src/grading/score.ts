/**
 * The score of an attempt: diagnosis + fix + evidence, minus hints, each part
 * explained.
 */
import type { CommandRecord, GradePart, GradeResult, Diagnosis } from './types.js';
import type { Scenario } from '../scenario/schema.js';
import type { PredicateResult } from '../scenario/predicates.js';
import { DIAGNOSIS_POINTS, gradeDiagnosis } from './diagnosis.js';
import { EVIDENCE_POINTS, gradeEvidence } from './evidence.js';

/** Points for a fix that reaches the goal. */
export const FIX_POINTS = 40;
/** Points lost per hint revealed. */
export const HINT_PENALTY = 5;
/** At most this many points are lost to hints. */
export const MAX_HINT_PENALTY = 15;
/** Points lost per grade after the first (a revised diagnosis). */
export const ATTEMPT_PENALTY = 5;
/** At most this many points are lost to revisions. */
export const MAX_ATTEMPT_PENALTY = 15;

/** Everything needed to grade an attempt. */
export interface AttemptFacts {
  scenario: Scenario;
  /** One diagnosis, or one per declared fault. */
  diagnosis: Diagnosis | readonly Diagnosis[] | undefined;
  goal: PredicateResult[];
  log: readonly CommandRecord[];
  hintsUsed: number;
  simulatedSeconds: number;
  /** Which grading of the attempt this is, 1-based (default 1). */
  attempt?: number;
}

/** Grades an attempt. */
export function gradeAttempt(facts: AttemptFacts): GradeResult {
  const diagnosis = gradeDiagnosis(facts.scenario.diagnosis, facts.diagnosis);
  const fixed = facts.goal.every((g) => g.holds);
  const failing = facts.goal.filter((g) => !g.holds).map((g) => g.description);
  const evidence = gradeEvidence(facts.scenario.evidence, facts.log);
  const penalty = Math.min(facts.hintsUsed * HINT_PENALTY, MAX_HINT_PENALTY);
  const attempt = facts.attempt ?? 1;
  const revisions = attempt - 1;
  const revisionPenalty = Math.min(revisions * ATTEMPT_PENALTY, MAX_ATTEMPT_PENALTY);
  const parts: GradePart[] = [
    { name: 'diagnosis', points: diagnosis.points, max: DIAGNOSIS_POINTS, explanation: diagnosis.explanation, ...(diagnosis.items ? { items: diagnosis.items } : {}) },
    {
      name: 'fix',
      points: fixed ? FIX_POINTS : 0,
      max: FIX_POINTS,
      explanation: fixed ? 'The cluster reached the healthy state: every goal holds.' : `Not yet fixed: ${failing.join('; ')}.`,
    },
    { name: 'evidence', points: evidence.points, max: EVIDENCE_POINTS, explanation: evidence.explanation },
    {
      name: 'hints',
      points: -penalty,
      max: 0,
      explanation: facts.hintsUsed === 0 ? 'No hints used.' : `${facts.hintsUsed} hint${facts.hintsUsed === 1 ? '' : 's'} used (−${HINT_PENALTY} each, at most −${MAX_HINT_PENALTY}).`,
    },
  ];
  // Only a regraded attempt shows the part, so a first grade reads as before.
  if (revisions > 0) {
    parts.push({
      name: 'attempts',
      points: -revisionPenalty,
      max: 0,
      explanation: `Graded ${attempt} times: ${revisions} revision${revisions === 1 ? '' : 's'} (−${ATTEMPT_PENALTY} each, at most −${MAX_ATTEMPT_PENALTY}).`,
    });
  }
  const score = Math.max(0, parts.reduce((n, p) => n + p.points, 0));
  return {
    scenarioId: facts.scenario.metadata.id,
    attempt,
    score,
    maxScore: DIAGNOSIS_POINTS + FIX_POINTS + EVIDENCE_POINTS,
    parts,
    explanation: facts.scenario.explanation.trim(),
    simulatedSeconds: facts.simulatedSeconds,
  };
}
