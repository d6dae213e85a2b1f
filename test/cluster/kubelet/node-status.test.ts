import { describe, it, expect } from 'vitest';
import { smallCluster, getPod, NOW } from './harness.js';
import { nodeStatus, sameButHeartbeats, type NodeSpec } from '../../../src/cluster/kubelet/node-status.js';

type Obj = Record<string, any>;

const node = (cluster: ReturnType<typeof smallCluster>, name: string) => (cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value;
const lease = (cluster: ReturnType<typeof smallCluster>, name: string) => (cluster.systemClient().get('leases', 'kube-node-lease', name) as { ok: true; value: Obj }).value;

describe('kubelet: node registration, status and lease', () => {
  const cluster = smallCluster();

  it('registers Ready nodes with the kubelet\'s conditions', () => {
    for (const name of ['cp-1', 'node-1', 'node-2']) {
      const n = node(cluster, name);
      expect(n.status.conditions.map((c: Obj) => [c.type, c.status, c.reason, c.message])).toEqual([
        ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
        ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
        ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
        ['Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'],
      ]);
      expect(n.status.nodeInfo).toMatchObject({ kubeletVersion: 'v1.32.4', containerRuntimeVersion: 'containerd://1.7.24', operatingSystem: 'linux', architecture: 'amd64' });
      expect(n.metadata.labels['kubernetes.io/hostname']).toBe(name);
    }
    expect(node(cluster, 'cp-1').spec.taints).toEqual([{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }]);
    expect(node(cluster, 'node-1').status.addresses).toEqual([{ address: '10.0.0.11', type: 'InternalIP' }, { address: 'node-1', type: 'Hostname' }]);
  });

  it('renews the node Lease every 10 seconds', () => {
    const renewals: string[] = [];
    for (let i = 0; i < 4; i++) {
      cluster.advance(10_000);
      renewals.push(lease(cluster, 'node-1').spec.renewTime);
    }
    const times = renewals.map((t) => Date.parse(t));
    expect(times.slice(1).map((t, i) => t - times[i])).toEqual([10_000, 10_000, 10_000]);
    expect(renewals[0]).toMatch(/^2026-11-10T12:00:\d\d\.\d{6}Z$/);
    expect(lease(cluster, 'node-1').spec).toMatchObject({ holderIdentity: 'node-1', leaseDurationSeconds: 40 });
    expect(lease(cluster, 'node-1').metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: node(cluster, 'node-1').metadata.uid }]);
  });

  it('writes klog-formatted lines to the node journal', () => {
    const lines = cluster.nodes.get('node-1')!.host.journal.all().filter((e) => e.unit === 'kubelet.service' && e.identifier === 'kubelet');
    expect(lines.length).toBeGreaterThan(0);
    for (const e of lines) expect(e.message).toMatch(/^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6} [ \d]{7} [\w.-]+\.go:\d+\] /);
  });
});

describe('kubelet stopped on node-2', () => {
  const cluster = smallCluster();
  cluster.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } });
  cluster.advance(60_000);
  const webPods = () => (cluster.systemClient().list('pods', 'default', { labelSelector: 'app=web' }) as { ok: true; value: { items: Obj[] } }).value.items;
  const onNode2 = webPods().filter((p) => p.spec.nodeName === 'node-2').map((p) => p.metadata.name);
  const stoppedAt = cluster.now();
  cluster.nodes.get('node-2')!.kubelet.stop();
  const readyAt = (t: number) => {
    cluster.runUntil(stoppedAt + t);
    return node(cluster, 'node-2').status.conditions.find((c: Obj) => c.type === 'Ready');
  };

  it('leaves the node Ready until the node-monitor grace period (50s) runs out', () => {
    expect(onNode2.length).toBeGreaterThan(0);
    expect(readyAt(40_000).status).toBe('True');
  });

  it('then every kubelet condition is Unknown and the unreachable taints are added', () => {
    const ready = readyAt(70_000);
    expect([ready.status, ready.reason, ready.message]).toEqual(['Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.']);
    const n = node(cluster, 'node-2');
    expect(n.status.conditions.every((c: Obj) => c.status === 'Unknown')).toBe(true);
    expect(n.spec.taints.map((t: Obj) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    for (const name of onNode2) expect(getPod(cluster, name).status.conditions.find((c: Obj) => c.type === 'Ready').status).toBe('False');
  });

  it('evicts its pods after their 300s toleration and replaces them on the other workers', () => {
    const taintAdded = Date.parse(node(cluster, 'node-2').spec.taints.find((t: Obj) => t.effect === 'NoExecute').timeAdded);
    cluster.runUntil(taintAdded + 295_000);
    expect(webPods().filter((p) => !p.metadata.deletionTimestamp)).toHaveLength(4);
    expect(webPods().filter((p) => p.spec.nodeName !== 'node-2')).toHaveLength(4 - onNode2.length);
    cluster.runUntil(taintAdded + 330_000);
    for (const name of onNode2) expect(getPod(cluster, name).metadata.deletionTimestamp).toBeDefined();
    const live = webPods().filter((p) => !p.metadata.deletionTimestamp);
    expect(live).toHaveLength(4);
    expect(live.every((p) => p.spec.nodeName === 'node-1')).toBe(true);
    expect(live.every((p) => p.status.phase === 'Running')).toBe(true);
    expect(cluster.now() - NOW).toBeGreaterThan(0);
  });
});

describe('nodeStatus', () => {
  const spec: NodeSpec = { name: 'n', role: 'worker', ip: '10.0.0.20', cpu: '2', memory: '4Gi', pods: 110, ephemeralStorage: '20Gi', labels: {}, taints: [], unschedulable: false, kubeletVersion: 'v1.32.4', machineId: 'm', bootId: 'b', systemUuid: 's' };

  it('reports capacity and allocatable, and Ready=False with the aggregated reasons', () => {
    const s = nodeStatus({ spec, now: NOW, notReadyReasons: ['container runtime is down', 'PLEG is not healthy: pleg has yet to be successful'], images: [], previous: undefined });
    expect(s.capacity).toEqual({ cpu: '2', 'ephemeral-storage': '20971520Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '4194304Ki', pods: '110' });
    expect(s.allocatable.memory).toBe('4091904Ki');
    const ready = s.conditions.find((c: Obj) => c.type === 'Ready');
    expect([ready.status, ready.reason, ready.message]).toEqual(['False', 'KubeletNotReady', '[container runtime is down, PLEG is not healthy: pleg has yet to be successful]']);
  });

  it('keeps transition times while the status holds, and heartbeats do not count as a change', () => {
    const first = nodeStatus({ spec, now: NOW, notReadyReasons: [], images: [], previous: undefined });
    const later = nodeStatus({ spec, now: NOW + 60_000, notReadyReasons: [], images: [], previous: first });
    const r = later.conditions.find((c: Obj) => c.type === 'Ready');
    expect([r.lastTransitionTime, r.lastHeartbeatTime]).toEqual(['2026-11-10T12:00:00Z', '2026-11-10T12:01:00Z']);
    expect(sameButHeartbeats(later, first)).toBe(true);
    const notReady = nodeStatus({ spec, now: NOW + 60_000, notReadyReasons: ['container runtime is down'], images: [], previous: first });
    expect(sameButHeartbeats(notReady, first)).toBe(false);
    expect(sameButHeartbeats(nodeStatus({ spec, now: NOW, notReadyReasons: [], images: [{ names: ['nginx:1.27'], sizeBytes: 1 }], previous: first }), first)).toBe(false);
  });
});

describe('kubelet: a steady node status costs no writes', () => {
  it('a node whose status holds is written once per nodeStatusReportFrequency (5 min), not on each 10 s check', () => {
    const cluster = smallCluster();
    cluster.advance(10 * 60_000);
    const writes: string[] = [];
    const start = cluster.systemClient().get('nodes', undefined, 'node-1');
    if (!start.ok) throw new Error('no node-1');
    cluster.systemClient().watch('nodes', undefined, start.value.metadata.resourceVersion!, (e) => {
      if (e.object.metadata.name === 'node-1') writes.push(e.type);
    });
    cluster.advance(10 * 60_000);
    expect(writes).toEqual(['MODIFIED', 'MODIFIED']);
  });
});
