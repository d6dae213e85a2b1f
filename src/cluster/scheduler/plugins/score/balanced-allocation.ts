/**
 * NodeResourcesBalancedAllocation: prefers nodes whose cpu and memory usage
 * fractions stay close after placing the pod (100 × (1 − std)). After
 * `pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go`.
 */
import { allocationVectors } from './resource-allocation.js';
import { MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** balancedResourceScorer. */
export function balancedResourceScore(requested: readonly number[], allocatable: readonly number[]): number {
  const fractions: number[] = [];
  let total = 0;
  for (let i = 0; i < requested.length; i++) {
    const alloc = allocatable[i] as number;
    if (alloc === 0) continue;
    const fraction = Math.min(1, (requested[i] as number) / alloc);
    total += fraction;
    fractions.push(fraction);
  }
  let std = 0;
  if (fractions.length === 2) {
    std = Math.abs(((fractions[0] as number) - (fractions[1] as number)) / 2);
  } else if (fractions.length > 2) {
    const mean = total / fractions.length;
    const sum = fractions.reduce((acc, f) => acc + (f - mean) * (f - mean), 0);
    std = Math.sqrt(sum / fractions.length);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** The NodeResourcesBalancedAllocation Score plugin (weight 1). */
export const balancedAllocation: ScorePlugin = {
  name: 'NodeResourcesBalancedAllocation',
  weight: 1,
  score(pod, nodeInfo) {
    const v = allocationVectors(pod, nodeInfo, true);
    return balancedResourceScore(v.requested, v.allocatable);
  },
};
