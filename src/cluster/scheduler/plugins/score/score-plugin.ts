/** The contract of a Score plugin (framework.ScorePlugin + ScoreExtensions), pure. */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { cycleStateOf, type CycleState } from '../../cycle-state.js';
import type { NodeInfoLister } from '../../snapshot.js';
import type { NodeInfo, Resources } from '../../types.js';

/** Highest score a plugin gives a node (framework.MaxNodeScore). */
export const MAX_NODE_SCORE = 100;

/** A Score plugin: ranks a feasible node for the pod. */
export interface ScorePlugin {
  /** Upstream plugin name. */
  readonly name: string;
  /** Weight in the default profile. */
  readonly weight: number;
  /**
   * Raw score of one node; `snapshot` is the cycle's view of all nodes
   * (ImageLocality needs it), `state` the cycle's view of the pod after
   * (read from `pod` when absent).
   */
  score(pod: Pod, nodeInfo: NodeInfo, snapshot: NodeInfoLister, state?: CycleState): number;
  /**
   * The raw score of every node into `out` (same order): the
   * loop runs inside the plugin, so the call per node is direct, not through
   * the profile's list of plugins.
   */
  scoreNodes(state: CycleState, nodes: readonly NodeInfo[], snapshot: NodeInfoLister, out: number[]): void;
  /**
   * Optional: true when every one of `nodes` ends with the same weighted,
   * normalized score this cycle, e.g. when upstream's
   * PreScore returns Skip; such a plugin ranks no node above another, so the
   * cycle's choice of node may leave it out.
   */
  uniform?(state: CycleState, nodes: readonly NodeInfo[], snapshot: NodeInfoLister): boolean;
  /**
   * Optional, for a plugin without normalize: adds weight × raw score of
   * each node to `totals` (same order), with no row of its own.
   */
  addWeightedScores?(state: CycleState, nodes: readonly NodeInfo[], snapshot: NodeInfoLister, totals: number[]): void;
  /** Optional NormalizeScore over the feasible nodes' raw scores (same order): changes `scores` in place and returns it. */
  normalize?(scores: number[]): number[];
}

/**
 * A weight-1 Score plugin whose node score is a function of the pod's
 * requests (picked from the cycle state) and the node's info alone, with
 * no normalize: the noderesources scorers.
 */
export function requestsScorePlugin(name: string, requestsOf: (state: CycleState) => Resources, scoreNode: (requests: Resources, nodeInfo: NodeInfo) => number): ScorePlugin {
  return {
    name,
    weight: 1,
    score(pod, nodeInfo, _snapshot, state) {
      return scoreNode(requestsOf(state ?? cycleStateOf(pod)), nodeInfo);
    },
    scoreNodes(state, nodes, _snapshot, out) {
      const pr = requestsOf(state);
      for (let i = 0; i < nodes.length; i++) out[i] = scoreNode(pr, nodes[i] as NodeInfo);
    },
    addWeightedScores(state, nodes, _snapshot, totals) {
      const pr = requestsOf(state);
      const weight = this.weight;
      for (let i = 0; i < nodes.length; i++) totals[i] += weight * scoreNode(pr, nodes[i] as NodeInfo);
    },
  };
}

/** helper.DefaultNormalizeScore: scales `scores` in place to 0..max by the highest raw score, optionally reversed. */
export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: number[]): number[] {
  let maxCount = 0;
  for (const s of scores) if (s > maxCount) maxCount = s;
  if (maxCount === 0) {
    if (reverse) scores.fill(maxPriority);
    return scores;
  }
  for (let i = 0; i < scores.length; i++) {
    const scaled = Math.trunc((maxPriority * (scores[i] as number)) / maxCount);
    scores[i] = reverse ? maxPriority - scaled : scaled;
  }
  return scores;
}
