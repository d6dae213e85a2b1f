import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { balancedAllocation, balancedResourceScore } from '../../../../../src/cluster/scheduler/plugins/score/balanced-allocation.js';
import { makeNode, makePod } from '../../fixtures.js';
import { Snapshot } from '../../../../../src/cluster/scheduler/snapshot.js';

describe('BalancedAllocation', () => {
  it('is 100 × (1 − |f_cpu − f_mem| / 2)', () => {
    expect(balancedResourceScore([3000, 5000], [4000, 10000])).toBe(87); // fractions .75/.5, std .125
    expect(balancedResourceScore([1000, 1000], [2000, 2000])).toBe(100);
    expect(balancedResourceScore([4000, 0], [2000, 1000])).toBe(50); // capped at 1
  });

  it('uses real requests, not scoring defaults', () => {
    const node = makeNode('n', { cpu: '2', memory: '2Gi' });
    const info = buildNodeInfo(node, [makePod('bare', { nodeName: 'n' })]);
    expect(balancedAllocation.score(makePod('p', { cpu: '1' }), info, Snapshot.of([info]))).toBe(75);
  });
});
