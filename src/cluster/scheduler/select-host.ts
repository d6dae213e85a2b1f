/**
 * Picking the node with the highest total score, ties broken by reservoir
 * sampling with a seeded random source. After `pkg/scheduler/schedule_one.go`
 * selectHost.
 */
import type { RandomSource } from './types.js';

/** A feasible node's total and per-plugin weighted scores. */
export interface NodeScore {
  readonly name: string;
  readonly totalScore: number;
  /** Weighted, normalized score per plugin name. */
  readonly scores: Readonly<Record<string, number>>;
}

/** The name of the best-scored node; undefined for an empty list. */
export function selectHost(scores: readonly NodeScore[], random: RandomSource): string | undefined {
  let selected: NodeScore | undefined;
  let ties = 0;
  for (const s of scores) {
    if (selected === undefined || s.totalScore > selected.totalScore) {
      selected = s;
      ties = 1;
    } else if (s.totalScore === selected.totalScore) {
      ties += 1;
      // Replace the candidate with probability 1/ties (rand.Intn(cntOfMaxScore) == 0).
      if (Math.floor(random() * ties) === 0) selected = s;
    }
  }
  return selected?.name;
}
