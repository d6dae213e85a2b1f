/**
 * TaintToleration score: fewer untolerated PreferNoSchedule taints rank
 * higher (count, then reversed normalization). After
 * `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { tolerationsTolerateTaint } from '../../taints.js';
import { defaultNormalizeScore, MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** The TaintToleration Score plugin (weight 3). */
export const taintTolerationScore: ScorePlugin = {
  name: 'TaintToleration',
  weight: 3,
  score(pod, nodeInfo, _snapshot, state) {
    const taints = nodeInfo.node.spec?.taints;
    if (!taints || taints.length === 0) return 0;
    // Only tolerations with an empty or PreferNoSchedule effect count (PreScore: getAllTolerationPreferNoSchedule).
    const tolerations = (state ?? cycleStateOf(pod)).preferNoScheduleTolerations;
    let count = 0;
    for (const taint of taints) {
      if (taint.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, taint)) count += 1;
    }
    return count;
  },
  normalize(scores) {
    return defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  },
};
