import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { leastAllocated, leastAllocatedScore, leastRequestedScore } from '../../../../../src/cluster/scheduler/plugins/score/least-allocated.js';
import { makeNode, makePod } from '../../fixtures.js';
import { Snapshot } from '../../../../../src/cluster/scheduler/snapshot.js';

describe('LeastAllocated', () => {
  it('follows the upstream integer formula', () => {
    expect(leastRequestedScore(3000, 4000)).toBe(25);
    expect(leastRequestedScore(1, 3)).toBe(66);
    expect(leastRequestedScore(5000, 4000)).toBe(0);
    expect(leastAllocatedScore([3000, 5000], [4000, 10000])).toBe(37); // (25 + 50) / 2
    expect(leastAllocatedScore([0, 0], [0, 0])).toBe(0);
  });

  it('counts 100m/200Mi for pods without requests', () => {
    const node = makeNode('n', { cpu: '1', memory: '1000Mi' });
    const info = buildNodeInfo(node, [makePod('bare', { nodeName: 'n' })]);
    // cpu: (1000 - 200) * 100 / 1000 = 80; memory: (1000Mi - 400Mi) / 1000Mi = 60
    expect(leastAllocated.score(makePod('p'), info, Snapshot.of([info]))).toBe(70);
  });
});
