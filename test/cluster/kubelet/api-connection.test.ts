import { describe, it, expect } from 'vitest';
import { smallCluster } from './harness.js';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { kubeletClientCertExpired } from '../../../src/faults/kubelet-client-cert-expired.js';
import { clockSkew } from '../../../src/faults/clock-skew.js';
import { nodePartitioned } from '../../../src/faults/node-partitioned.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';

type Obj = Record<string, any>;

function kubeletLines(cluster: Cluster, from: number, node = 'node-2'): string[] {
  return cluster.nodes
    .get(node)!
    .host.journal.all()
    .filter((e) => e.time >= from && e.identifier === 'kubelet')
    .map((e) => e.message.replace(/^([IWE])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /, '$1 '));
}
const ready = (cluster: Cluster, name = 'node-2') => ((cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value.status.conditions as Obj[]).find((c) => c.type === 'Ready')!.status;
const webPods = (cluster: Cluster) => (cluster.systemClient().list('pods', 'default', { labelSelector: 'app=web' }) as { ok: true; value: { items: Obj[] } }).value.items;

/** Names of the pods whose app container runs on node-2 (what crictl ps shows). */
function runningPods(cluster: Cluster): string[] {
  const rt = cluster.nodes.get('node-2')!.runtime;
  return [...rt.containers.values()].filter((c) => c.state === 'CONTAINER_RUNNING').map((c) => rt.sandboxes.get(c.sandboxId)?.podName ?? '');
}

function withWeb(): Cluster {
  const cluster = smallCluster();
  cluster.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } });
  cluster.advance(60_000);
  return cluster;
}

/** The web Deployment's pods on node-2, the fault's start, and the cluster: each test starts its own, so any one can run alone. */
function withFault(apply: (cluster: Cluster) => void): { cluster: Cluster; onNode2: string[]; t0: number } {
  const cluster = withWeb();
  const onNode2 = webPods(cluster).filter((p) => p.spec.nodeName === 'node-2').map((p) => p.metadata.name);
  const t0 = cluster.now();
  apply(cluster);
  return { cluster, onNode2, t0 };
}

describe('client certificate expiring while the kubelet runs', () => {
  const start = () => withFault((c) => kubeletClientCertExpired.apply(c, { type: 'kubelet-client-cert-expired', node: 'node-2' }));

  it('meets 401: five node status tries, then the lease update retries and the ensure back-off', () => {
    const { cluster, t0 } = start();
    cluster.advance(10_500);
    const lines = kubeletLines(cluster, t0);
    const status = 'E kubelet_node_status.go:549] "Error updating node status, will retry" err="error getting node \\"node-2\\": Unauthorized"';
    expect(lines.filter((l) => l.includes('kubelet_node_status'))).toEqual([status, status, status, status, status, 'E kubelet_node_status.go:536] "Unable to update node status" err="update node status exceeds retry count"']);
    expect(lines.filter((l) => l.includes('controller.go')).slice(0, 8)).toEqual([
      ...Array(5).fill('E controller.go:128] "Failed to update lease" err="Unauthorized"'),
      'I controller.go:120] "failed to update lease using latest lease, fallback to ensure lease" err="failed 5 attempts to update lease"',
      'E controller.go:145] "Failed to ensure lease exists, will retry" err="Unauthorized" interval="200ms"',
      'E controller.go:145] "Failed to ensure lease exists, will retry" err="Unauthorized" interval="400ms"',
    ]);
  });

  it('goes Unknown after the 50 s grace period', () => {
    const { cluster, t0 } = start();
    cluster.runUntil(t0 + 45_000);
    expect(ready(cluster)).toBe('True');
    cluster.runUntil(t0 + 70_000);
    expect(ready(cluster)).toBe('Unknown');
  });

  it('exits 5 minutes after the certificate expired, as transport.go does, and systemd starts the bootstrap.go loop', () => {
    const { cluster, t0 } = start();
    cluster.runUntil(t0 + 6 * 60_000);
    const lines = kubeletLines(cluster, t0);
    expect(lines.find((l) => l.includes('transport.go'))).toBe('E transport.go:158] "No valid client certificate is found and the server is responsive, exiting." lastCertificateAvailabilityTime="2026-11-10 12:00:50.719 +0000 UTC m=+2591990.000000000" shutdownThreshold="5m0s"');
    expect(lines.filter((l) => l.includes('bootstrap.go:266')).length).toBeGreaterThan(1);
    expect(cluster.nodes.get('node-2')!.host.unit('kubelet')!.restartCounter).toBeGreaterThan(1);
  });

  it('evicts its pods after 300 s; they stay Terminating, their containers keep running; replacements run elsewhere', () => {
    const { cluster, onNode2, t0 } = start();
    cluster.runUntil(t0 + 8 * 60_000);
    const pods = webPods(cluster);
    const old = pods.filter((p) => onNode2.includes(p.metadata.name));
    expect(old.length).toBe(onNode2.length);
    for (const p of old) expect(p.metadata.deletionTimestamp).toBeDefined();
    expect(pods.filter((p) => !p.metadata.deletionTimestamp && p.spec.nodeName !== 'node-2').length).toBe(4);
    expect(runningPods(cluster).filter((n) => onNode2.includes(n)).sort()).toEqual([...onNode2].sort());
  });
});

describe('clock skew on node-2', () => {
  const start = () => withFault((c) => clockSkew.apply(c, { type: 'clock-skew', node: 'node-2', offset: '+400d' }));

  it('fails TLS verification of the API server certificate by the host clock', () => {
    const { cluster, t0 } = start();
    cluster.advance(10_500);
    const line = kubeletLines(cluster, t0).find((l) => l.includes('kubelet_node_status.go:549'));
    expect(line).toBe('E kubelet_node_status.go:549] "Error updating node status, will retry" err="error getting node \\"node-2\\": Get \\"https://10.0.0.10:6443/api/v1/nodes/node-2?resourceVersion=0&timeout=10s\\": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2027-12-15T12:01:00Z is after 2027-10-11T12:00:00Z"');
    expect(cluster.nodes.get('node-2')!.host.ntp).toEqual({ service: false, synchronized: false });
  });

  it('goes Unknown, and Ready again once the clock is right', () => {
    const { cluster } = start();
    cluster.advance(70_500);
    expect(ready(cluster)).toBe('Unknown');
    cluster.nodes.get('node-2')!.host.clockOffsetMs = 0;
    cluster.advance(20_000);
    expect(ready(cluster)).toBe('True');
  });

  it('a clock far behind gives "is before" NotBefore', () => {
    const c2 = smallCluster();
    const from = c2.now();
    clockSkew.apply(c2, { type: 'clock-skew', node: 'node-1', offset: '-60d' });
    c2.advance(10_500);
    expect(kubeletLines(c2, from - 61 * 86_400_000, 'node-1').find((l) => l.includes('kubelet_node_status.go:549'))).toContain('tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2026-09-11T12:00:00Z is before 2026-10-11T11:55:00Z');
  });
});

describe('node partitioned from the control plane', () => {
  const start = () => withFault((c) => nodePartitioned.apply(c, { type: 'node-partitioned', node: 'node-2' }));

  it('times out: each node status try waits 10 s for "dial tcp ...: i/o timeout"', () => {
    const { cluster, t0 } = start();
    cluster.advance(60_500);
    const tries = cluster.nodes.get('node-2')!.host.journal.all().filter((e) => e.time >= t0 && e.message.includes('kubelet_node_status.go:549'));
    expect(tries.map((e) => e.time - tries[0].time)).toEqual([0, 10_000, 10_000 + 10_000, 30_000, 40_000].slice(0, tries.length));
    expect(tries[0].message).toContain('err="error getting node \\"node-2\\": Get \\"https://10.0.0.10:6443/api/v1/nodes/node-2?resourceVersion=0&timeout=10s\\": dial tcp 10.0.0.10:6443: i/o timeout"');
  });

  it('goes Unknown; the API server cannot reach the kubelet for logs', () => {
    const { cluster, onNode2 } = start();
    cluster.advance(60_500);
    expect(ready(cluster)).toBe('Unknown');
    const logs = cluster.adminClient().podLogs('default', onNode2[0]);
    expect(logs.ok ? '' : logs.status.message).toBe(`Get "https://10.0.0.12:10250/containerLogs/default/${onNode2[0]}/nginx": dial tcp 10.0.0.12:10250: i/o timeout`);
  });

  it('keeps containers running on node-2 while replacements start elsewhere; recovers when the rule is gone', () => {
    const { cluster, onNode2, t0 } = start();
    cluster.runUntil(t0 + 7 * 60_000);
    expect(webPods(cluster).filter((p) => !p.metadata.deletionTimestamp && p.spec.nodeName !== 'node-2').length).toBe(4);
    expect(runningPods(cluster).filter((n) => onNode2.includes(n)).sort()).toEqual([...onNode2].sort());
    netfilterOf(cluster.nodes.get('node-2')!.host).filterTable.flush('INPUT');
    cluster.advance(90_000);
    expect(ready(cluster)).toBe('True');
    expect(webPods(cluster).filter((p) => onNode2.includes(p.metadata.name))).toEqual([]);
  });
});
