import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { taintTolerationFilter } from '../../../../../src/cluster/scheduler/plugins/filter/taint-toleration.js';
import { CONTROL_PLANE_TAINT, makeNode, makePod } from '../../fixtures.js';

describe('TaintToleration filter', () => {
  it('names the first untolerated taint with an empty value shown as ": "', () => {
    const info = buildNodeInfo(makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] }), []);
    expect(taintTolerationFilter.filter(makePod('p'), info)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
      plugin: 'TaintToleration',
    });
  });

  it('skips PreferNoSchedule and tolerated taints, reporting the next one', () => {
    const info = buildNodeInfo(
      makeNode('n', {
        taints: [
          { key: 'soft', effect: 'PreferNoSchedule' },
          { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
          { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
        ],
      }),
      [],
    );
    const pod = makePod('p', { spec: { tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }] } });
    expect(taintTolerationFilter.filter(pod, info).reasons).toEqual(['node(s) had untolerated taint {dedicated: gpu}']);
  });

  it('matches Equal on value and Exists on key, and respects the effect', () => {
    const info = buildNodeInfo(makeNode('n', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }), []);
    const ok = [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'dedicated', operator: 'Equal', value: 'gpu' },
      { key: 'dedicated', operator: 'Exists' },
      { operator: 'Exists' },
    ];
    for (const t of ok) expect(taintTolerationFilter.filter(makePod('p', { spec: { tolerations: [t] } }), info).code).toBe('Success');
    const bad = [
      { key: 'dedicated', value: 'cpu' },
      { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' },
      { key: 'other', operator: 'Exists' },
    ];
    for (const t of bad) expect(taintTolerationFilter.filter(makePod('p', { spec: { tolerations: [t] } }), info).code).toBe('UnschedulableAndUnresolvable');
  });

  it('rejects NoExecute unreachable taints despite the default tolerations (they only cover NoExecute for 300s)', () => {
    const info = buildNodeInfo(
      makeNode('node-2', {
        taints: [
          { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
          { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
        ],
      }),
      [],
    );
    const pod = makePod('p', {
      spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }] },
    });
    expect(taintTolerationFilter.filter(pod, info).reasons).toEqual(['node(s) had untolerated taint {node.kubernetes.io/unreachable: }']);
  });
});
