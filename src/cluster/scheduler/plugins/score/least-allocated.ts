/**
 * NodeResourcesFit score with the default LeastAllocated strategy: prefers
 * nodes with more free cpu/memory. After
 * `pkg/scheduler/framework/plugins/noderesources/least_allocated.go`.
 */
import type { NodeInfo, Resources } from '../../types.js';
import { MAX_NODE_SCORE, requestsScorePlugin } from './score-plugin.js';

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

/**
 * leastAllocatedScore over the cpu and memory vectors (resource_allocation.go),
 * without building them: a resource the node does not offer is left out; the
 * pod counts scoring defaults (`pr`: its nonZero requests).
 */
function leastAllocatedNode(pr: Resources, nodeInfo: NodeInfo): number {
  const allocCpu = nodeInfo.allocMilliCpu;
  const allocMemory = nodeInfo.allocMemory;
  let nodeScore = 0;
  let weightSum = 0;
  if (allocCpu !== 0) {
    nodeScore += leastRequestedScore(nodeInfo.nonZeroMilliCpu + pr.milliCpu, allocCpu);
    weightSum += 1;
  }
  if (allocMemory !== 0) {
    nodeScore += leastRequestedScore(nodeInfo.nonZeroMemory + pr.memory, allocMemory);
    weightSum += 1;
  }
  return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
}

/** The NodeResourcesFit Score plugin (weight 1). */
export const leastAllocated = requestsScorePlugin('NodeResourcesFit', (state) => state.nonZeroRequests, leastAllocatedNode);
