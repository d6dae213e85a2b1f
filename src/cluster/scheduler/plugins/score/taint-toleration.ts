/**
 * TaintToleration score: fewer untolerated PreferNoSchedule taints rank
 * higher (count, then reversed normalization). After
 * `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`.
 */
import { tolerationsTolerateTaint } from '../../taints.js';
import { defaultNormalizeScore, MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

/** The TaintToleration Score plugin (weight 3). */
export const taintTolerationScore: ScorePlugin = {
  name: 'TaintToleration',
  weight: 3,
  score(pod, nodeInfo) {
    // Only tolerations with an empty or PreferNoSchedule effect count (getAllTolerationPreferNoSchedule).
    const tolerations = (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
    return (nodeInfo.node.spec?.taints ?? []).filter(
      (taint) => taint.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, taint),
    ).length;
  },
  normalize(scores) {
    return defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  },
};
