import { describe, it, expect } from 'vitest';
import { smallCluster, eventLines } from './harness.js';
import { diskPressure } from '../../../src/faults/disk-pressure.js';
import { nodeFsStats, binaryQuantity, OS_DISK_BYTES } from '../../../src/cluster/kubelet/eviction-manager.js';

type Obj = Record<string, any>;

function setup() {
  const cluster = smallCluster();
  cluster.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } });
  cluster.advance(60_000);
  return cluster;
}
const node = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => (cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value;
const cond = (cluster: ReturnType<typeof smallCluster>, name: string, type: string): Obj => node(cluster, name).status.conditions.find((c: Obj) => c.type === type);
const pods = (cluster: ReturnType<typeof smallCluster>): Obj[] => (cluster.systemClient().list('pods', 'default', { labelSelector: 'app=web' }) as { ok: true; value: { items: Obj[] } }).value.items;

describe('binaryQuantity', () => {
  it('prints BinarySI quantities as resource.Quantity does', () => {
    expect(binaryQuantity(5 * 1024 ** 3)).toBe('5Gi');
    expect(binaryQuantity(8_053_063_680)).toBe('7680Mi');
    expect(binaryQuantity(4096 * 3)).toBe('12Ki');
    expect(binaryQuantity(1500)).toBe('1500');
  });
});

describe('disk pressure on node-1', () => {
  const cluster = setup();
  const n1 = cluster.nodes.get('node-1')!;
  const onNode1 = pods(cluster).filter((p) => p.spec.nodeName === 'node-1').map((p) => p.metadata.name);
  const began = cluster.now();
  diskPressure.apply(cluster, { type: 'disk-pressure', node: 'node-1', path: '/var/log/app/debug.log', size: '42Gi' });

  it('counts the file, the OS and the images against the 50Gi root filesystem', () => {
    const stats = nodeFsStats({ usage: (p) => n1.host.fs.usage(p), diskBytes: () => n1.host.diskBytes }, n1.runtime);
    expect(stats.capacity).toBe(50 * 1024 ** 3);
    expect(stats.used).toBeGreaterThan(42 * 1024 ** 3 + OS_DISK_BYTES);
    expect(stats.available).toBeLessThan(5 * 1024 ** 3);
  });

  it('reports DiskPressure=True; the node lifecycle controller adds the disk-pressure taint', () => {
    cluster.runUntil(began + 20_000);
    const c = cond(cluster, 'node-1', 'DiskPressure');
    expect([c.status, c.reason, c.message]).toEqual(['True', 'KubeletHasDiskPressure', 'kubelet has disk pressure']);
    expect(cond(cluster, 'node-1', 'Ready').status).toBe('True');
    expect(node(cluster, 'node-1').spec.taints).toEqual([{ key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' }]);
    expect(eventLines(cluster, 'node-1')).toEqual(expect.arrayContaining(['NodeHasDiskPressure: Node node-1 status is now: NodeHasDiskPressure', 'EvictionThresholdMet: Attempting to reclaim ephemeral-storage']));
  });

  it('tries image GC, then evicts one pod per round with the upstream message, and the ReplicaSet replaces them elsewhere', () => {
    cluster.runUntil(began + 120_000);
    expect(onNode1.length).toBeGreaterThan(0);
    const evicted = pods(cluster).filter((p) => p.status?.reason === 'Evicted');
    expect(evicted.map((p) => p.metadata.name).sort()).toEqual([...onNode1].sort());
    const p = evicted[0];
    expect(p.status.phase).toBe('Failed');
    expect(p.status.message).toMatch(/^The node was low on resource: ephemeral-storage\. Threshold quantity: 7680Mi, available: \d+Ki\. Container nginx was using \d+Ki, request is 0, has larger consumption of ephemeral-storage\. $/);
    expect(p.status.conditions[0]).toMatchObject({ type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet' });
    expect(eventLines(cluster, p.metadata.name)).toContain(`Evicted: ${p.status.message}`);
    const running = pods(cluster).filter((q) => q.status?.phase === 'Running');
    expect(running).toHaveLength(4);
    expect(running.every((q) => q.spec.nodeName === 'node-2')).toBe(true);
    const lines = n1.host.journal.all().filter((e) => e.identifier === 'kubelet' && e.time >= began).map((e) => e.message.replace(/^.*?\] /, ''));
    expect(lines.slice(0, 5)).toEqual([
      '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"',
      '"Attempting to delete unused containers"',
      '"Attempting to delete unused images"',
      '"Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"',
      expect.stringMatching(/^"Eviction manager: pods ranked for eviction" pods=\["default\/web-/),
    ]);
    expect(lines).toContain(`"Eviction manager: pod is evicted successfully" pod="default/${onNode1[0]}"`.replace(onNode1[0], lines.find((l) => l.includes('evicted successfully'))!.match(/web-[\w-]+/)![0]));
    expect(lines.some((l) => l.startsWith('"Eviction manager: cannot evict a critical pod" pod="kube-system/kube-proxy-'))).toBe(true);
  });

  it('clears the pressure 5 minutes after the file is removed (evictionPressureTransitionPeriod)', () => {
    n1.host.fs.remove('/var/log/app/debug.log');
    const removed = cluster.now();
    cluster.runUntil(removed + 4 * 60_000);
    expect(cond(cluster, 'node-1', 'DiskPressure').status).toBe('True');
    cluster.runUntil(removed + 5 * 60_000 + 20_000);
    expect(cond(cluster, 'node-1', 'DiskPressure').status).toBe('False');
    expect(node(cluster, 'node-1').spec.taints).toBeUndefined();
  });
});
