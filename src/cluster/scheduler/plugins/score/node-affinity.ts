/**
 * NodeAffinity score: sum of the weights of the matching
 * preferredDuringSchedulingIgnoredDuringExecution terms, normalized. After
 * `pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import type { CycleState } from '../../cycle-state.js';
import type { NodeInfo } from '../../types.js';
import { matchNodeSelectorTerm } from '../../node-selector.js';
import { defaultNormalizeScore, MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** Sum of the weights of the preferred terms the node matches (PreScore kept those with a non-zero weight). */
function preferredWeight(state: CycleState, nodeInfo: NodeInfo): number {
  let sum = 0;
  for (const term of state.preferredTerms) {
    if (matchNodeSelectorTerm(term.preference, nodeInfo.node)) sum += term.weight;
  }
  return sum;
}

/** The NodeAffinity Score plugin (weight 2). */
export const nodeAffinityScore: ScorePlugin = {
  name: 'NodeAffinity',
  weight: 2,
  score(pod, nodeInfo, _snapshot, state) {
    return preferredWeight(state ?? cycleStateOf(pod), nodeInfo);
  },
  scoreNodes(state, nodes, _snapshot, out) {
    if (state.preferredTerms.length === 0) {
      out.fill(0, 0, nodes.length);
      return;
    }
    for (let i = 0; i < nodes.length; i++) out[i] = preferredWeight(state, nodes[i] as NodeInfo);
  },
  // PreScore returns Skip without preferred terms (node_affinity.go): every node scores 0.
  uniform(state) {
    return state.preferredTerms.length === 0;
  },
  normalize(scores) {
    return defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
  },
};
