/**
 * The default profile's Score plugins with their weights
 * (`pkg/scheduler/apis/config/v1/default_plugins.go`). PodTopologySpread and
 * InterPodAffinity are not simulated.
 */
import { balancedAllocation } from './balanced-allocation.js';
import { imageLocality } from './image-locality.js';
import { leastAllocated } from './least-allocated.js';
import { nodeAffinityScore } from './node-affinity.js';
import type { ScorePlugin } from './score-plugin.js';
import { taintTolerationScore } from './taint-toleration.js';

/** Score plugins in profile order. */
export const DEFAULT_SCORE_PLUGINS: readonly ScorePlugin[] = [
  taintTolerationScore,
  nodeAffinityScore,
  leastAllocated,
  balancedAllocation,
  imageLocality,
];

export type { ScorePlugin } from './score-plugin.js';
