/**
 * NodeResourcesFit score with the default LeastAllocated strategy: prefers
 * nodes with more free cpu/memory. After
 * `pkg/scheduler/framework/plugins/noderesources/least_allocated.go`.
 */
import { allocationVectors } from './resource-allocation.js';
import { MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** leastRequestedScore: (capacity - requested) * 100 / capacity, 0 when over capacity. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/** leastResourceScorer with equal weights: integer mean of the per-resource scores. */
export function leastAllocatedScore(requested: readonly number[], allocatable: readonly number[]): number {
  let nodeScore = 0;
  let weightSum = 0;
  for (let i = 0; i < requested.length; i++) {
    const alloc = allocatable[i] as number;
    if (alloc === 0) continue;
    nodeScore += leastRequestedScore(requested[i] as number, alloc);
    weightSum += 1;
  }
  return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
}

/** The NodeResourcesFit Score plugin (weight 1). */
export const leastAllocated: ScorePlugin = {
  name: 'NodeResourcesFit',
  weight: 1,
  score(pod, nodeInfo) {
    const v = allocationVectors(pod, nodeInfo, false);
    return leastAllocatedScore(v.requested, v.allocatable);
  },
};
