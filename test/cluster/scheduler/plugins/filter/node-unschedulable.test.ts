import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodeUnschedulable } from '../../../../../src/cluster/scheduler/plugins/filter/node-unschedulable.js';
import { makeNode, makePod } from '../../fixtures.js';

describe('NodeUnschedulable', () => {
  it('rejects a cordoned node as unresolvable', () => {
    const s = nodeUnschedulable.filter(makePod('p'), buildNodeInfo(makeNode('n', { unschedulable: true }), []));
    expect(s).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'], plugin: 'NodeUnschedulable' });
  });

  it('accepts a schedulable node', () => {
    expect(nodeUnschedulable.filter(makePod('p'), buildNodeInfo(makeNode('n'), [])).code).toBe('Success');
  });

  it('accepts a cordoned node when the pod tolerates the unschedulable taint', () => {
    const info = buildNodeInfo(makeNode('n', { unschedulable: true }), []);
    const exact = makePod('p', { spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] } });
    const everything = makePod('p', { spec: { tolerations: [{ operator: 'Exists' }] } });
    const wrongEffect = makePod('p', { spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoExecute' }] } });
    expect(nodeUnschedulable.filter(exact, info).code).toBe('Success');
    expect(nodeUnschedulable.filter(everything, info).code).toBe('Success');
    expect(nodeUnschedulable.filter(wrongEffect, info).code).toBe('UnschedulableAndUnresolvable');
  });
});
