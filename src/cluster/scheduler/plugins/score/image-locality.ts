/**
 * ImageLocality: prefers nodes that already hold the pod's images, scaled by
 * how widely each image is spread. After
 * `pkg/scheduler/framework/plugins/imagelocality/image_locality.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import type { CycleState } from '../../cycle-state.js';
import type { NodeInfoLister } from '../../snapshot.js';
import type { NodeInfo } from '../../types.js';
import { MAX_NODE_SCORE } from './score-plugin.js';
import type { ScorePlugin } from './score-plugin.js';

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;

/** calculatePriority: maps the summed image score to 0..100 between the thresholds. */
export function imageLocalityPriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  const clamped = Math.min(Math.max(sumScores, MIN_THRESHOLD), maxThreshold);
  return Math.trunc((MAX_NODE_SCORE * (clamped - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

/**
 * Each image's spread, NumNodes / totalNumNodes, once per cycle (upstream
 * divides again on every node; the quotient is the same number).
 */
function spread(state: CycleState, snapshot: NodeInfoLister): readonly number[] {
  if (state.imageSpread?.snapshot === snapshot) return state.imageSpread.shares;
  const totalNumNodes = snapshot.nodeInfoList.length;
  const shares = state.images.map((name) => snapshot.imageNumNodes(name) / totalNumNodes);
  state.imageSpread = { snapshot, shares };
  return shares;
}

/** sumImageScores: each of the pod's images the node holds, its size scaled by its spread (scaledImageScore). */
function sumImageScores(images: readonly string[], shares: readonly number[], nodeInfo: NodeInfo): number {
  let sum = 0;
  if (nodeInfo.images.size === 0) return sum;
  for (let i = 0; i < images.length; i++) {
    const size = nodeInfo.images.get(images[i] as string);
    if (size !== undefined) sum += Math.trunc(size * (shares[i] as number));
  }
  return sum;
}

/** The ImageLocality Score plugin (weight 1). */
export const imageLocality: ScorePlugin = {
  name: 'ImageLocality',
  weight: 1,
  score(pod, nodeInfo, snapshot, state) {
    const s = state ?? cycleStateOf(pod);
    return imageLocalityPriority(sumImageScores(s.images, spread(s, snapshot), nodeInfo), s.images.length);
  },
  scoreNodes(state, nodes, snapshot, out) {
    const images = state.images;
    const shares = spread(state, snapshot);
    // No node holds any of the pod's images: every node sums 0.
    if (shares.every((share) => share === 0)) {
      out.fill(imageLocalityPriority(0, images.length), 0, nodes.length);
      return;
    }
    for (let i = 0; i < nodes.length; i++) out[i] = imageLocalityPriority(sumImageScores(images, shares, nodes[i] as NodeInfo), images.length);
  },
  // No node holds any of the pod's images: every node sums 0 and gets the same priority.
  uniform(state, _nodes, snapshot) {
    return spread(state, snapshot).every((share) => share === 0);
  },
  addWeightedScores(state, nodes, snapshot, totals) {
    const images = state.images;
    const shares = spread(state, snapshot);
    const weight = this.weight;
    for (let i = 0; i < nodes.length; i++) totals[i] += weight * imageLocalityPriority(sumImageScores(images, shares, nodes[i] as NodeInfo), images.length);
  },
};
