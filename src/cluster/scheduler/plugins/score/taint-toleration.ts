/**
 * TaintToleration score: fewer untolerated PreferNoSchedule taints rank
 * higher (count, then reversed normalization). After
 * `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import type { CycleState } from '../../cycle-state.js';
import type { NodeInfo } from '../../types.js';
import { hasPreferNoScheduleTaint } from '../../snapshot.js';
import { tolerationsTolerateTaint } from '../../taints.js';
import { defaultNormalizeScore, MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** countIntolerableTaintsPreferNoSchedule. */
function intolerableCount(state: CycleState, nodeInfo: NodeInfo): number {
  const taints = nodeInfo.taints;
  if (taints.length === 0) return 0;
  // Only tolerations with an empty or PreferNoSchedule effect count (PreScore: getAllTolerationPreferNoSchedule).
  const tolerations = state.preferNoScheduleTolerations;
  let count = 0;
  for (const taint of taints) {
    if (taint.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, taint)) count += 1;
  }
  return count;
}

/** The TaintToleration Score plugin (weight 3). */
export const taintTolerationScore: ScorePlugin = {
  name: 'TaintToleration',
  weight: 3,
  score(pod, nodeInfo, _snapshot, state) {
    return intolerableCount(state ?? cycleStateOf(pod), nodeInfo);
  },
  scoreNodes(state, nodes, _snapshot, out) {
    for (let i = 0; i < nodes.length; i++) out[i] = intolerableCount(state, nodes[i] as NodeInfo);
  },
  // No node has a PreferNoSchedule taint: every node counts 0, and the reversed normalization gives each the maximum.
  uniform(_state, nodes, snapshot) {
    if (snapshot.numPreferNoScheduleNodes === 0) return true;
    for (let i = 0; i < nodes.length; i++) if (hasPreferNoScheduleTaint(nodes[i] as NodeInfo)) return false;
    return true;
  },
  normalize(scores) {
    return defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  },
};
