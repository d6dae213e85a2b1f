import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { imageLocality, imageLocalityPriority } from '../../../../../src/cluster/scheduler/plugins/score/image-locality.js';
import { makeNode, makePod } from '../../fixtures.js';
import { Snapshot } from '../../../../../src/cluster/scheduler/snapshot.js';

const MB = 1024 * 1024;

describe('ImageLocality', () => {
  it('clamps between 23MB and 1000MB per container', () => {
    expect(imageLocalityPriority(0, 1)).toBe(0);
    expect(imageLocalityPriority(2000 * MB, 1)).toBe(100);
    expect(imageLocalityPriority(500 * MB, 1)).toBe(48);
  });

  it('scales image size by the share of nodes that hold it', () => {
    const withImage = buildNodeInfo(makeNode('a', { images: [{ names: ['docker.io/library/postgres:16', 'postgres:16'], sizeBytes: 500 * MB }] }), []);
    const without = buildNodeInfo(makeNode('b'), []);
    const pod = makePod('db', { containers: [{ name: 'pg', image: 'postgres:16' }] });
    // 500MB × 1/2 nodes = 250MB → 100 × (250 − 23) / (1000 − 23)
    expect(imageLocality.score(pod, withImage, Snapshot.of([withImage, without]))).toBe(23);
    expect(imageLocality.score(pod, without, Snapshot.of([withImage, without]))).toBe(0);
  });
});
