import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodeAffinityScore } from '../../../../../src/cluster/scheduler/plugins/score/node-affinity.js';
import { makeNode, makePod } from '../../fixtures.js';
import { Snapshot } from '../../../../../src/cluster/scheduler/snapshot.js';

describe('NodeAffinity score', () => {
  it('sums matching preferred weights and scales to 100', () => {
    const ssd = buildNodeInfo(makeNode('a', { labels: { disk: 'ssd', zone: 'z1' } }), []);
    const hdd = buildNodeInfo(makeNode('b', { labels: { disk: 'hdd', zone: 'z1' } }), []);
    const pod = makePod('p', {
      spec: {
        affinity: {
          nodeAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 80, preference: { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] } },
              { weight: 20, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }] } },
            ],
          },
        },
      },
    });
    const raw = [ssd, hdd].map((n) => nodeAffinityScore.score(pod, n, Snapshot.of([ssd, hdd])));
    expect(raw).toEqual([100, 20]);
    expect(nodeAffinityScore.normalize?.([50, 20])).toEqual([100, 40]);
  });
});
