/**
 * NodeResourcesBalancedAllocation: prefers nodes whose cpu and memory usage
 * fractions stay close after placing the pod (100 × (1 − std)). After
 * `pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go`.
 */
import type { NodeInfo, Resources } from '../../types.js';
import { MAX_NODE_SCORE, requestsScorePlugin } from './score-plugin.js';

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

/**
 * balancedResourceScore over the cpu and memory vectors with the pod's real
 * requests `pr`, without building them: with both resources offered std is
 * |f0 − f1| / 2, with one or none it is 0.
 */
function balancedNode(pr: Resources, nodeInfo: NodeInfo): number {
  const allocCpu = nodeInfo.allocMilliCpu;
  const allocMemory = nodeInfo.allocMemory;
  if (allocCpu === 0 || allocMemory === 0) return MAX_NODE_SCORE;
  const cpu = Math.min(1, (nodeInfo.reqMilliCpu + pr.milliCpu) / allocCpu);
  const memory = Math.min(1, (nodeInfo.reqMemory + pr.memory) / allocMemory);
  return Math.trunc((1 - Math.abs((cpu - memory) / 2)) * MAX_NODE_SCORE);
}

/** The NodeResourcesBalancedAllocation Score plugin (weight 1). */
export const balancedAllocation = requestsScorePlugin('NodeResourcesBalancedAllocation', (state) => state.requests, balancedNode);
