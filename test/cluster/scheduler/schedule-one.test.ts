import { describe, it, expect } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { schedulePod } from '../../../src/cluster/scheduler/schedule-one.js';
import type { ScheduleResult } from '../../../src/cluster/scheduler/schedule-one.js';
import { CONTROL_PLANE_TAINT, fixedRandom, makeNode, makePod } from './fixtures.js';

const random = fixedRandom(0.5);

function message(r: ScheduleResult): string {
  if (r.ok) throw new Error(`expected a failure, got ${r.node}`);
  return r.message;
}

describe('schedulePod failures (FailedScheduling text)', () => {
  it('tainted control plane and two small workers', () => {
    const nodes = [makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT], cpu: '4' }), makeNode('node-1'), makeNode('node-2')];
    const running = [makePod('web-1', { nodeName: 'node-1', cpu: '1' }), makePod('web-2', { nodeName: 'node-2', cpu: '1500m' })];
    const r = schedulePod(makePod('db-0', { cpu: '2' }), buildNodeInfos(nodes, running), { random });
    expect(message(r)).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    );
    expect(r.ok === false && r.reason).toBe('Unschedulable');
    expect(r.ok === false && [...r.diagnosis.unschedulablePlugins].sort()).toEqual(['NodeResourcesFit', 'TaintToleration']);
  });

  it('the reference 4-node cluster: control plane, too little memory, unreachable and not-ready nodes', () => {
    const nodes = [
      makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] }),
      makeNode('node-1', { memory: '8Gi' }),
      makeNode('node-2', {
        unschedulable: true,
        taints: [
          { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
          { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
          { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
        ],
      }),
      makeNode('node-3', { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] }),
    ];
    const running = [makePod('cache', { nodeName: 'node-1', memory: '1Gi' })];
    const tolerations = [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ];
    const pod = makePod('db-0', { cpu: '2', memory: '8Gi', spec: { tolerations } });
    const r = schedulePod(pod, buildNodeInfos(nodes, running), { random });
    // node-2 is cordoned: NodeUnschedulable runs before TaintToleration.
    expect(message(r)).toBe(
      '0/4 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) were unschedulable. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    );
  });

  it('the same cluster with node-2 unreachable but not cordoned reproduces the reference text exactly', () => {
    const nodes = [
      makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] }),
      makeNode('node-1', { memory: '8Gi' }),
      makeNode('node-2', { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] }),
      makeNode('node-3', { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] }),
    ];
    const running = [makePod('cache', { nodeName: 'node-1', memory: '1Gi' })];
    const r = schedulePod(makePod('db-0', { cpu: '2', memory: '8Gi' }), buildNodeInfos(nodes, running), { random });
    expect(message(r)).toBe(
      '0/4 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    );
  });

  it('a single-node kubeadm cluster', () => {
    const r = schedulePod(makePod('web'), buildNodeInfos([makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] })], []), { random });
    expect(message(r)).toBe(
      '0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    );
  });

  it('all nodes cordoned', () => {
    const nodes = ['node-1', 'node-2', 'node-3'].map((n) => makeNode(n, { unschedulable: true }));
    expect(message(schedulePod(makePod('web'), buildNodeInfos(nodes, []), { random }))).toBe(
      '0/3 nodes are available: 3 node(s) were unschedulable. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });

  it('hostPort conflict for a DaemonSet-style pod pinned to one node', () => {
    const nodes = ['node-1', 'node-2', 'node-3'].map((n) => makeNode(n));
    const ports = [{ containerPort: 9100, hostPort: 9100 }];
    const running = [makePod('other-exporter', { nodeName: 'node-1', containers: [{ name: 'c', ports }] })];
    const pod = makePod('node-exporter-x', {
      containers: [{ name: 'c', ports }],
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }] } } } },
    });
    expect(message(schedulePod(pod, buildNodeInfos(nodes, running), { random }))).toBe(
      "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node is filtered out by the prefilter result. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    );
  });

  it('a DaemonSet-style pod pinned to a node that is gone: every node is filtered out by the prefilter result', () => {
    const nodes = ['node-1', 'node-2', 'node-3'].map((n) => makeNode(n));
    const pod = makePod('node-exporter-y', {
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-9'] }] }] } } } },
    });
    expect(message(schedulePod(pod, buildNodeInfos(nodes, []), { random }))).toBe(
      '0/3 nodes are available: 3 node is filtered out by the prefilter result. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });

  it('nodeSelector that no worker matches', () => {
    const nodes = [makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT], labels: { disktype: 'ssd' } }), makeNode('node-1'), makeNode('node-2', { labels: { disktype: 'hdd' } })];
    const pod = makePod('db-0', { spec: { nodeSelector: { disktype: 'ssd' } } });
    expect(message(schedulePod(pod, buildNodeInfos(nodes, []), { random }))).toBe(
      "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    );
  });

  it('Too many pods', () => {
    const nodes = [makeNode('node-1', { pods: '2' })];
    const running = [makePod('a', { nodeName: 'node-1' }), makePod('b', { nodeName: 'node-1' })];
    expect(message(schedulePod(makePod('c'), buildNodeInfos(nodes, running), { random }))).toBe(
      '0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    );
  });

  it('conflicting name pins fail in PreFilter', () => {
    const terms = [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }, { key: 'metadata.name', operator: 'In', values: ['b'] }] }];
    const pod = makePod('p', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } });
    expect(message(schedulePod(pod, buildNodeInfos([makeNode('a'), makeNode('b')], []), { random }))).toBe(
      '0/2 nodes are available: pod affinity terms conflict. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    );
  });

  it('no nodes at all is a SchedulerError', () => {
    const r = schedulePod(makePod('p'), [], { random });
    expect(r).toMatchObject({ ok: false, reason: 'SchedulerError', message: 'no nodes available to schedule pods' });
  });
});

describe('schedulePod successes', () => {
  const nodes = [makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] }), makeNode('node-1'), makeNode('node-2')];

  it('places the pod on the only feasible node without scoring', () => {
    const running = [makePod('big', { nodeName: 'node-1', cpu: '1800m' })];
    const r = schedulePod(makePod('p', { cpu: '500m' }), buildNodeInfos(nodes, running), { random });
    expect(r).toEqual({ ok: true, node: 'node-2', scores: [] });
  });

  it('prefers the less loaded node', () => {
    const running = [makePod('half', { nodeName: 'node-1', cpu: '1', memory: '2Gi' })];
    const r = schedulePod(makePod('p', { cpu: '100m', memory: '128Mi' }), buildNodeInfos(nodes, running), { random });
    expect(r.ok && r.node).toBe('node-2');
    expect(r.ok && r.scores.map((s) => s.name)).toEqual(['node-1', 'node-2']);
  });

  it('breaks ties with the seeded random source (reservoir sampling)', () => {
    const infos = buildNodeInfos(nodes, []);
    const pod: Pod = makePod('p', { cpu: '100m' });
    // Second tie replaces the first when floor(r * 2) === 0.
    expect(schedulePod(pod, infos, { random: fixedRandom(0.4) })).toMatchObject({ ok: true, node: 'node-2' });
    expect(schedulePod(pod, infos, { random: fixedRandom(0.6) })).toMatchObject({ ok: true, node: 'node-1' });
  });

  it('lets a pod tolerate the control-plane taint', () => {
    const onlyCp = [makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] })];
    const pod = makePod('p', { spec: { tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }] } });
    expect(schedulePod(pod, buildNodeInfos(onlyCp, []), { random })).toEqual({ ok: true, node: 'cp-1', scores: [] });
  });
});
