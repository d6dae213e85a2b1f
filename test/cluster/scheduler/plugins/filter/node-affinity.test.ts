import { describe, it, expect } from 'vitest';
import type { NodeSelectorTerm } from 'kubernetes-types/core/v1.js';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodeAffinityFilter, nodeAffinityPreFilter } from '../../../../../src/cluster/scheduler/plugins/filter/node-affinity.js';
import { makeNode, makePod } from '../../fixtures.js';

const node = buildNodeInfo(makeNode('node-1', { labels: { disktype: 'ssd', zone: 'a', cores: '8' } }), []);

function required(...terms: NodeSelectorTerm[]) {
  return makePod('p', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } });
}

describe('NodeAffinity filter', () => {
  it('matches nodeSelector labels and rejects a mismatch as unresolvable', () => {
    expect(nodeAffinityFilter.filter(makePod('p', { spec: { nodeSelector: { disktype: 'ssd' } } }), node).code).toBe('Success');
    expect(nodeAffinityFilter.filter(makePod('p', { spec: { nodeSelector: { disktype: 'hdd' } } }), node)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match Pod's node affinity/selector"],
      plugin: 'NodeAffinity',
    });
  });

  it.each<[string, NodeSelectorTerm, boolean]>([
    ['In', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }, true],
    ['In miss', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['c'] }] }, false],
    ['NotIn', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['c'] }] }, true],
    ['NotIn absent key', { matchExpressions: [{ key: 'gpu', operator: 'NotIn', values: ['x'] }] }, true],
    ['Exists', { matchExpressions: [{ key: 'disktype', operator: 'Exists' }] }, true],
    ['DoesNotExist', { matchExpressions: [{ key: 'disktype', operator: 'DoesNotExist' }] }, false],
    ['Gt', { matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['4'] }] }, true],
    ['Lt', { matchExpressions: [{ key: 'cores', operator: 'Lt', values: ['4'] }] }, false],
    ['Gt non-integer', { matchExpressions: [{ key: 'zone', operator: 'Gt', values: ['1'] }] }, false],
    ['ANDed expressions', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'disktype', operator: 'In', values: ['hdd'] }] }, false],
    ['matchFields name', { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }, true],
    ['matchFields other name', { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }, false],
    ['empty term', {}, false],
  ])('%s', (_name, term, want) => {
    expect(nodeAffinityFilter.filter(required(term), node).code).toBe(want ? 'Success' : 'UnschedulableAndUnresolvable');
  });

  it('ORs terms and ANDs them with nodeSelector', () => {
    const pod = required(
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z'] }] },
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
    );
    expect(nodeAffinityFilter.filter(pod, node).code).toBe('Success');
    pod.spec = { ...pod.spec!, nodeSelector: { disktype: 'hdd' } };
    expect(nodeAffinityFilter.filter(pod, node).code).toBe('UnschedulableAndUnresolvable');
  });
});

describe('NodeAffinity PreFilter', () => {
  it('returns all nodes without a name pin', () => {
    expect(nodeAffinityPreFilter(makePod('p')).kind).toBe('all');
    expect(nodeAffinityPreFilter(required({ matchExpressions: [{ key: 'zone', operator: 'Exists' }] })).kind).toBe('all');
  });

  it('returns the pinned node names (DaemonSet style)', () => {
    const r = nodeAffinityPreFilter(required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }));
    expect(r.kind === 'nodes' && [...r.nodeNames]).toEqual(['node-2']);
  });

  it('rejects conflicting pins', () => {
    const r = nodeAffinityPreFilter(
      required({
        matchFields: [
          { key: 'metadata.name', operator: 'In', values: ['node-1'] },
          { key: 'metadata.name', operator: 'In', values: ['node-2'] },
        ],
      }),
    );
    expect(r).toEqual({ kind: 'rejected', status: { code: 'UnschedulableAndUnresolvable', reasons: ['pod affinity terms conflict'], plugin: 'NodeAffinity' } });
  });
});
