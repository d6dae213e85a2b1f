import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { taintTolerationScore } from '../../../../../src/cluster/scheduler/plugins/score/taint-toleration.js';
import { makeNode, makePod } from '../../fixtures.js';
import { Snapshot } from '../../../../../src/cluster/scheduler/snapshot.js';

describe('TaintToleration score', () => {
  const soft = buildNodeInfo(makeNode('soft', { taints: [{ key: 'a', effect: 'PreferNoSchedule' }, { key: 'b', effect: 'PreferNoSchedule' }] }), []);
  const clean = buildNodeInfo(makeNode('clean'), []);

  it('counts untolerated PreferNoSchedule taints and normalizes in reverse', () => {
    const pod = makePod('p', { spec: { tolerations: [{ key: 'a', operator: 'Exists', effect: 'PreferNoSchedule' }] } });
    const raw = [soft, clean].map((n) => taintTolerationScore.score(pod, n, Snapshot.of([soft, clean])));
    expect(raw).toEqual([1, 0]);
    expect(taintTolerationScore.normalize?.(raw)).toEqual([0, 100]);
    expect(taintTolerationScore.normalize?.([0, 0])).toEqual([100, 100]);
  });

  it('ignores tolerations for other effects', () => {
    const pod = makePod('p', { spec: { tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }] } });
    expect(taintTolerationScore.score(pod, soft, Snapshot.of([soft]))).toBe(2);
  });
});
