/**
 * What grading judges and gives back: the record of each command the learner
 * ran, the diagnosis they submitted, and the graded result. The practice
 * layer (src/practice) produces the records and shows the result.
 */
import type { ChainTrace } from './chain-trace.js';
import type { Observation } from './evidence.js';

/** One command the learner ran and what it showed. */
export interface CommandRecord {
  host: string;
  line: string;
  output: string;
  exitCode: number;
  /** Simulated time when it ran. */
  at: number;
  /** What it displayed that derives from simulated state, and what it read (src/grading/evidence.ts). */
  observation: Observation;
  /** Per evidence item of the scenario: did this line show it (judged against the state when it ran)? */
  seen: boolean[];
}

/** What the learner submits as their diagnosis. */
export type Diagnosis =
  | { kind: 'guided'; component: string; cause: string }
  | { kind: 'free-text'; text: string };

/** One graded part of an attempt. */
export interface GradePart {
  name: 'diagnosis' | 'fix' | 'evidence' | 'hints' | 'attempts';
  /** Points earned (negative for the hints and attempts deductions). */
  points: number;
  /** Points possible (0 for deductions). */
  max: number;
  /** Why, in a sentence or two the learner can act on. */
  explanation: string;
  /** The diagnosis part of a scenario with several faults: each fault's own share and why. */
  items?: GradePartItem[];
}

/** One fault's share of the diagnosis part. */
export interface GradePartItem {
  /** The fault, as the scenario names it (e.g. `node-1 disk`). */
  label: string;
  points: number;
  max: number;
  explanation: string;
}

/** A graded attempt. */
export interface GradeResult {
  scenarioId: string;
  /** Which grading of this attempt it is, 1-based: each grade after the first costs points. */
  attempt: number;
  score: number;
  maxScore: number;
  parts: GradePart[];
  /** The scenario's explanation of what was wrong and why the fix works. */
  explanation: string;
  /** Simulated seconds the attempt took. */
  simulatedSeconds: number;
  /** The goal's request through the components when the attempt began, and as it goes now (src/grading/chain-trace.ts). */
  trace?: { atStart?: ChainTrace; now?: ChainTrace };
}
