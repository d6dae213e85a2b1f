/**
 * ImageLocality: prefers nodes that already hold the pod's images, scaled by
 * how widely each image is spread. After
 * `pkg/scheduler/framework/plugins/imagelocality/image_locality.go`.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { normalizedImageName } from '../../node-info.js';
import { specKey } from '../../pod-resources.js';
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

// Stored pods (and their specs) are never changed in place: normalize their images once, not once per node.
const imagesCache = new WeakMap<object, readonly string[]>();

/** The normalized image of every init and app container, in order. */
function containerImages(pod: Pod): readonly string[] {
  let images = imagesCache.get(specKey(pod));
  if (!images) {
    images = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => normalizedImageName(c.image ?? ''));
    imagesCache.set(specKey(pod), images);
  }
  return images;
}

/** The ImageLocality Score plugin (weight 1). */
export const imageLocality: ScorePlugin = {
  name: 'ImageLocality',
  weight: 1,
  score(pod, nodeInfo, snapshot) {
    const totalNumNodes = snapshot.nodeInfoList.length;
    const images = containerImages(pod);
    let sum = 0;
    for (const name of images) {
      const size = nodeInfo.images.get(name);
      if (size === undefined) continue;
      // scaledImageScore: the image's size scaled by its spread (ImageStateSummary.NumNodes).
      sum += Math.trunc(size * (snapshot.imageNumNodes(name) / totalNumNodes));
    }
    return imageLocalityPriority(sum, images.length);
  },
};
