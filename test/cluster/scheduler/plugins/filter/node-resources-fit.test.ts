import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodeResourcesFitFilter } from '../../../../../src/cluster/scheduler/plugins/filter/node-resources-fit.js';
import { makeNode, makePod } from '../../fixtures.js';

describe('NodeResourcesFit filter', () => {
  const node = makeNode('n', { cpu: '2', memory: '4Gi', pods: '3', extra: { 'nvidia.com/gpu': '1', 'ephemeral-storage': '10Gi' } });
  const running = [makePod('a', { nodeName: 'n', cpu: '1500m', memory: '1Gi' })];
  const info = buildNodeInfo(node, running);

  it('accepts a pod that fits in what is left', () => {
    expect(nodeResourcesFitFilter.filter(makePod('p', { cpu: '500m', memory: '3Gi' }), info).code).toBe('Success');
  });

  it('reports each short resource, as Unschedulable', () => {
    expect(nodeResourcesFitFilter.filter(makePod('p', { cpu: '501m', memory: '3Gi' }), info)).toEqual({
      code: 'Unschedulable',
      reasons: ['Insufficient cpu'],
      plugin: 'NodeResourcesFit',
    });
    expect(nodeResourcesFitFilter.filter(makePod('p', { cpu: '1', memory: '8Gi' }), info).reasons).toEqual(['Insufficient cpu', 'Insufficient memory']);
  });

  it('stays Unschedulable even when the pod is larger than the whole node (1.32)', () => {
    expect(nodeResourcesFitFilter.filter(makePod('p', { cpu: '64' }), info).code).toBe('Unschedulable');
  });

  it('checks ephemeral-storage and extended resources', () => {
    const pod = makePod('p', { requests: { 'ephemeral-storage': '20Gi', 'nvidia.com/gpu': '2', 'example.com/foo': '1' } });
    expect(nodeResourcesFitFilter.filter(pod, info).reasons).toEqual([
      'Insufficient ephemeral-storage',
      'Insufficient example.com/foo',
      'Insufficient nvidia.com/gpu',
    ]);
    expect(nodeResourcesFitFilter.filter(makePod('p', { requests: { 'nvidia.com/gpu': '1' } }), info).code).toBe('Success');
  });

  it('says Too many pods at max-pods, even for a pod that requests nothing', () => {
    const full = buildNodeInfo(node, [makePod('a', { nodeName: 'n' }), makePod('b', { nodeName: 'n' }), makePod('c', { nodeName: 'n' })]);
    expect(nodeResourcesFitFilter.filter(makePod('p'), full).reasons).toEqual(['Too many pods']);
    expect(nodeResourcesFitFilter.filter(makePod('p', { cpu: '3' }), full).reasons).toEqual(['Too many pods', 'Insufficient cpu']);
  });
});
