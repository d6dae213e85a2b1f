/**
 * NodeAffinity score: sum of the weights of the matching
 * preferredDuringSchedulingIgnoredDuringExecution terms, normalized. After
 * `pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { matchNodeSelectorTerm } from '../../node-selector.js';
import { defaultNormalizeScore, MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** The NodeAffinity Score plugin (weight 2). */
export const nodeAffinityScore: ScorePlugin = {
  name: 'NodeAffinity',
  weight: 2,
  score(pod, nodeInfo, _snapshot, state) {
    // PreScore keeps the terms with a non-zero weight.
    const preferred = (state ?? cycleStateOf(pod)).preferredTerms;
    let sum = 0;
    for (const term of preferred) {
      if (matchNodeSelectorTerm(term.preference, nodeInfo.node)) sum += term.weight;
    }
    return sum;
  },
  normalize(scores) {
    return defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
  },
};
