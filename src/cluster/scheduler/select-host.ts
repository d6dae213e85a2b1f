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

/**
 * The index of the best total; undefined for an empty list. The random source
 * is called once per tie after the first, as rand.Intn(cntOfMaxScore) is.
 */
export function selectHostIndex(totals: readonly number[], random: RandomSource): number | undefined {
  let selected = -1;
  let best = 0;
  let ties = 0;
  for (let i = 0; i < totals.length; i++) {
    const total = totals[i] as number;
    if (selected < 0 || total > best) {
      selected = i;
      best = total;
      ties = 1;
    } else if (total === best) {
      ties += 1;
      // Replace the candidate with probability 1/ties (rand.Intn(cntOfMaxScore) == 0).
      if (Math.floor(random() * ties) === 0) selected = i;
    }
  }
  return selected < 0 ? undefined : selected;
}

/** The name of the best-scored node; undefined for an empty list. */
export function selectHost(scores: readonly NodeScore[], random: RandomSource): string | undefined {
  const at = selectHostIndex(
    scores.map((s) => s.totalScore),
    random,
  );
  return at === undefined ? undefined : scores[at]?.name;
}
