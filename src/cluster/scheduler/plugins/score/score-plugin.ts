/** The contract of a Score plugin (framework.ScorePlugin + ScoreExtensions), pure. */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { NodeInfoLister } from '../../snapshot.js';
import type { NodeInfo } from '../../types.js';

/** Highest score a plugin gives a node (framework.MaxNodeScore). */
export const MAX_NODE_SCORE = 100;

/** A Score plugin: ranks a feasible node for the pod. */
export interface ScorePlugin {
  /** Upstream plugin name. */
  readonly name: string;
  /** Weight in the default profile. */
  readonly weight: number;
  /** Raw score of one node; `snapshot` is the cycle's view of all nodes (ImageLocality needs it). */
  score(pod: Pod, nodeInfo: NodeInfo, snapshot: NodeInfoLister): number;
  /** Optional NormalizeScore over the feasible nodes' raw scores (same order). */
  normalize?(scores: readonly number[]): number[];
}

/** helper.DefaultNormalizeScore: scale to 0..max by the highest raw score, optionally reversed. */
export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: readonly number[]): number[] {
  const maxCount = Math.max(0, ...scores);
  if (maxCount === 0) return scores.map((s) => (reverse ? maxPriority : s));
  return scores.map((s) => {
    const scaled = Math.trunc((maxPriority * s) / maxCount);
    return reverse ? maxPriority - scaled : scaled;
  });
}
