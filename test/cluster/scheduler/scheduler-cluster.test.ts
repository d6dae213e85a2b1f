import { describe, it, expect } from 'vitest';
import { createCluster } from '../../../src/cluster/cluster.js';

describe('Scheduler inside the cluster facade', () => {
  it('a pod larger than every worker stays Pending with the upstream message', () => {
    const now = Date.parse('2026-11-10T12:00:00Z');
    const node = (name: string, role: 'control-plane' | 'worker') => ({ name, role, cpu: '2', memory: '4Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false });
    const cluster = createCluster({ version: 'v1.32.4', now, createdAgoMs: 3_600_000, nodes: [node('cp-1', 'control-plane'), node('node-1', 'worker')], images: {} }, { seed: 1 });
    cluster.apply({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: '3' } } }] } });
    cluster.advance(5_000);
    const events = cluster.systemClient().list('events', 'default');
    const failed = events.ok ? events.value.items.filter((e) => e.reason === 'FailedScheduling').map((e) => e.message) : [];
    expect(failed).toEqual([
      '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    ]);
  });
});
