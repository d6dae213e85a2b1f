import { describe, expect, it } from 'vitest';
import { createCluster, WORKER_JOIN_DELAY_MS, type ClusterWorld } from '../../src/cluster/cluster.js';
import { worldNode } from './kubelet/harness.js';

type Obj = Record<string, any>;

const NOW = Date.parse('2026-11-10T12:00:00Z');
const DAY = 86_400_000;
const items = (c: ReturnType<typeof createCluster>, resource: string, ns?: string) => (c.systemClient().list(resource, ns) as { ok: true; value: { items: Obj[] } }).value.items;
const created = (o: Obj) => Date.parse(o.metadata.creationTimestamp);

describe('nodes join together unless the world says otherwise', () => {
  const world: ClusterWorld = {
    version: 'v1.32.4',
    now: NOW,
    createdAgoMs: 30 * DAY,
    nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2'), worldNode('node-3'), { ...worldNode('late'), joinedAt: NOW - DAY }],
    podSubnet: '10.200.0.0/16',
    images: {},
  };
  const cluster = createCluster(world, { seed: 5 });
  const nodes = new Map(items(cluster, 'nodes').map((n) => [n.metadata.name as string, n]));

  it('the control plane registers at creation, every other node a minute later, all at once', () => {
    const createdAt = NOW - 30 * DAY;
    expect(created(nodes.get('cp-1')!)).toBe(createdAt);
    for (const name of ['node-1', 'node-2', 'node-3']) expect(created(nodes.get(name)!), name).toBe(createdAt + WORKER_JOIN_DELAY_MS);
  });

  it('a node with joinedAt registers then: its own CreationTimestamp, Ready now, its DaemonSet pod as old as it', () => {
    const late = nodes.get('late')!;
    expect(created(late)).toBe(NOW - DAY);
    expect(late.status.conditions.find((c: Obj) => c.type === 'Ready').status).toBe('True');
    const proxy = items(cluster, 'pods', 'kube-system').find((p) => p.metadata.name.startsWith('kube-proxy-') && p.spec.nodeName === 'late')!;
    expect(created(proxy)).toBe(NOW - DAY);
    expect(proxy.status.phase).toBe('Running');
    const lease = items(cluster, 'leases', 'kube-node-lease').find((l) => l.metadata.name === 'late')!;
    expect(NOW - Date.parse(lease.spec.renewTime)).toBeLessThanOrEqual(10_000);
  });

  it('the pod subnet is the controller-manager\'s --cluster-cidr and the source of node and pod CIDRs', () => {
    const kcm = items(cluster, 'pods', 'kube-system').find((p) => p.metadata.name === 'kube-controller-manager-cp-1')!;
    expect(kcm.spec.containers[0].command).toContain('--cluster-cidr=10.200.0.0/16');
    expect([...nodes.values()].map((n) => n.spec.podCIDR).sort()).toEqual(['10.200.0.0/24', '10.200.1.0/24', '10.200.2.0/24', '10.200.3.0/24', '10.200.4.0/24']);
    const coredns = items(cluster, 'pods', 'kube-system').filter((p) => p.metadata.name.startsWith('coredns-'));
    for (const p of coredns) expect(p.status.podIP).toMatch(/^10\.200\.\d+\.\d+$/);
  });

  it('node addresses follow the declaration order from 10.0.0.10', () => {
    expect(['cp-1', 'node-1', 'late'].map((n) => nodes.get(n)!.status.addresses.find((a: Obj) => a.type === 'InternalIP').address)).toEqual(['10.0.0.10', '10.0.0.11', '10.0.0.14']);
  });
});
