import { describe, it, expect } from 'vitest';
import { fitErrorMessage, reasonHistogram } from '../../../src/cluster/scheduler/fit-error.js';
import type { Status } from '../../../src/cluster/scheduler/types.js';

const u = (...reasons: string[]): Status => ({ code: 'Unschedulable', reasons });
const uu = (...reasons: string[]): Status => ({ code: 'UnschedulableAndUnresolvable', reasons });

describe('fitErrorMessage', () => {
  it('counts each reason and sorts the "count reason" strings as text', () => {
    const nodeToStatus = new Map<string, Status>([
      ['cp-1', uu('node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }')],
      ['node-1', u('Insufficient memory')],
      ['node-2', uu('node(s) had untolerated taint {node.kubernetes.io/unreachable: }')],
      ['node-3', uu('node(s) had untolerated taint {node.kubernetes.io/not-ready: }')],
    ]);
    const msg = fitErrorMessage(4, {
      nodeToStatus,
      unschedulablePlugins: new Set(),
      postFilterMsg: 'preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    });
    expect(msg).toBe(
      '0/4 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    );
  });

  it('counts every reason of a node that failed for several', () => {
    const nodeToStatus = new Map<string, Status>([
      ['a', u('Insufficient cpu', 'Insufficient memory')],
      ['b', u('Insufficient cpu')],
    ]);
    expect(fitErrorMessage(2, { nodeToStatus, unschedulablePlugins: new Set() })).toBe('0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu.');
  });

  it('sorts counts as text, so 10 comes before 9', () => {
    const nodeToStatus = new Map<string, Status>();
    for (let i = 0; i < 10; i++) nodeToStatus.set(`a${i}`, u('Insufficient cpu'));
    for (let i = 0; i < 9; i++) nodeToStatus.set(`b${i}`, uu("node(s) didn't match Pod's node affinity/selector"));
    expect(reasonHistogram(19, { nodeToStatus })).toEqual(['10 Insufficient cpu', "9 node(s) didn't match Pod's node affinity/selector"]);
  });

  it('fills absent nodes with the absent status (prefilter result)', () => {
    const msg = fitErrorMessage(3, {
      nodeToStatus: new Map([['node-1', u("node(s) didn't have free ports for the requested pod ports")]]),
      absentNodesStatus: uu('node is filtered out by the prefilter result'),
      unschedulablePlugins: new Set(),
      postFilterMsg: 'preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
    });
    expect(msg).toBe(
      "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node is filtered out by the prefilter result. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    );
  });

  it('prints a PreFilter rejection once, without counts', () => {
    const msg = fitErrorMessage(3, {
      nodeToStatus: new Map(),
      absentNodesStatus: uu('pod has unbound immediate PersistentVolumeClaims'),
      unschedulablePlugins: new Set(),
      preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims',
    });
    expect(msg).toBe('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.');
  });

  it('appends the PostFilter message as is (no 1.26-style double period)', () => {
    const msg = fitErrorMessage(1, {
      nodeToStatus: new Map([['n', u('Insufficient cpu')]]),
      unschedulablePlugins: new Set(),
      postFilterMsg: 'preemption: not eligible due to preemptionPolicy=Never.',
    });
    expect(msg).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.');
  });
});
