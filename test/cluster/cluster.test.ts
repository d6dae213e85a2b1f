import { describe, it, expect } from 'vitest';
import { createCluster, type ClusterWorld, type TimelineItem } from '../../src/cluster/cluster.js';
import { worldNode } from './kubelet/harness.js';

type Obj = Record<string, any>;

const NOW = Date.parse('2026-11-10T12:00:00Z');
const DAY = 86_400_000;
const world = (): ClusterWorld => ({ version: 'v1.32.4', now: NOW, createdAgoMs: 100 * DAY, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: {} });
const web = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } };
const applyWeb = (at: number): TimelineItem => ({ at, run: (c) => void c.apply(structuredClone(web)) });
const list = (c: ReturnType<typeof createCluster>, resource: string, ns?: string) => (c.systemClient().list(resource, ns) as { ok: true; value: { items: Obj[] } }).value.items;

describe('createCluster warm-up', () => {
  const cluster = createCluster(world(), { seed: 3, timeline: [applyWeb(NOW - 2 * DAY)] });

  it('ends at "now", with a cluster created createdAgo earlier', () => {
    expect(cluster.now()).toBe(NOW);
    expect(cluster.createdAt).toBe(NOW - 100 * DAY);
    for (const n of list(cluster, 'nodes')) expect(Date.parse(n.metadata.creationTimestamp) - cluster.createdAt).toBeLessThan(5 * 60_000);
    expect(cluster.nodeNames()).toEqual(['cp-1', 'node-1', 'node-2']);
  });

  it('bootstraps a kubeadm control plane: Ready nodes, static pods, kube-proxy and CoreDNS running', () => {
    for (const n of list(cluster, 'nodes')) expect(n.status.conditions.find((c: Obj) => c.type === 'Ready').status).toBe('True');
    const system = list(cluster, 'pods', 'kube-system');
    const names = system.map((p) => p.metadata.name);
    for (const name of ['etcd-cp-1', 'kube-apiserver-cp-1', 'kube-controller-manager-cp-1', 'kube-scheduler-cp-1']) expect(names).toContain(name);
    expect(names.filter((n) => n.startsWith('kube-proxy-'))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('coredns-'))).toHaveLength(2);
    for (const p of system) expect(`${p.metadata.name} ${p.status.phase}`).toBe(`${p.metadata.name} Running`);
    expect(list(cluster, 'namespaces').map((n) => n.metadata.name)).toEqual(expect.arrayContaining(['default', 'kube-node-lease', 'kube-public', 'kube-system']));
  });

  it('runs timeline items at their time: workloads are as old as the scenario says', () => {
    const pods = list(cluster, 'pods', 'default');
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.status.phase).toBe('Running');
      expect(Date.parse(p.metadata.creationTimestamp)).toBe(NOW - 2 * DAY);
    }
    expect(Date.parse(list(cluster, 'deployments', 'default')[0].metadata.creationTimestamp)).toBe(NOW - 2 * DAY);
  });

  it('keeps consistent history: leases fresh, events older than an hour expired', () => {
    for (const l of list(cluster, 'leases', 'kube-node-lease')) expect(NOW - Date.parse(l.spec.renewTime)).toBeLessThanOrEqual(10_000);
    for (const e of list(cluster, 'events')) {
      const last = Date.parse(e.lastTimestamp ?? e.series?.lastObservedTime ?? e.eventTime);
      expect(NOW - last, `${e.reason} ${e.message}`).toBeLessThanOrEqual(60 * 60_000);
    }
  });

  it('ignores timeline items after "now"', () => {
    let ran = false;
    createCluster({ ...world(), nodes: [worldNode('cp-1', 'control-plane')] }, { seed: 1, timeline: [{ at: NOW + 1, run: () => (ran = true) }] });
    expect(ran).toBe(false);
  });
});

describe('determinism', () => {
  const snapshot = (seed: number) => {
    const c = createCluster(world(), { seed, timeline: [applyWeb(NOW - 3_600_000)] });
    c.advance(30_000);
    return JSON.stringify(['pods', 'nodes', 'events', 'leases', 'replicasets', 'services', 'endpointslices'].map((r) => list(c, r)));
  };

  it('the same world and seed give byte-identical store contents', () => {
    expect(snapshot(11)).toBe(snapshot(11));
  });

  it('a different seed gives different pod names', () => {
    const names = (seed: number) => list(createCluster(world(), { seed, timeline: [applyWeb(NOW - 3_600_000)] }), 'pods', 'default').map((p) => p.metadata.name).sort();
    const a = names(11);
    const b = names(12);
    expect(a).toHaveLength(3);
    expect(a.every((n) => /^web-[a-z0-9]+-[a-z0-9]{5}$/.test(n))).toBe(true);
    expect(a).not.toEqual(b);
  });
});
