import { describe, it, expect } from 'vitest';
import { smallCluster } from './harness.js';
import { runtimeDown } from '../../../src/faults/runtime-down.js';

type Obj = Record<string, any>;

const node = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => (cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value;
const ready = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => node(cluster, name).status.conditions.find((c: Obj) => c.type === 'Ready');
const SOCK = 'rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\"';

describe('containerd stopped on node-2', () => {
  const cluster = smallCluster();
  cluster.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } } });
  cluster.advance(60_000);
  const n2 = cluster.nodes.get('node-2')!;
  const stopped = cluster.now();
  runtimeDown.apply(cluster, { type: 'runtime-down', node: 'node-2' });
  const lines = () => n2.host.journal.all().filter((e) => e.identifier === 'kubelet' && e.time >= stopped).map((e) => e.message.replace(/^.*?\] /, ''));

  it('stops the unit; running containers keep running under their shims', () => {
    expect(n2.host.unit('containerd')!.active).toBe('inactive');
    expect(n2.runtime.up).toBe(false);
    expect([...n2.runtime.containers.values()].some((c) => c.state === 'CONTAINER_RUNNING')).toBe(true);
  });

  it('logs the cri-client failures: relists every second, Status every 5 seconds', () => {
    cluster.runUntil(stopped + 10_500);
    const l = lines();
    expect(l).toContain(`"ListPodSandbox with filter from runtime service failed" err="${SOCK}" filter="nil"`);
    expect(l).toContain(`"GenericPLEG: Unable to retrieve pods" err="${SOCK}"`);
    expect(l).toContain(`"Status from runtime service failed" err="${SOCK}"`);
    expect(l).toContain(`"Container runtime sanity check failed" err="${SOCK}"`);
    expect(l.filter((x) => x.startsWith('"GenericPLEG'))).toHaveLength(10);
    expect(l.filter((x) => x.startsWith('"Container runtime sanity'))).toHaveLength(2);
  });

  it('is "container runtime is down" after 30s, then adds PLEG after 3m (aggregated as §5.1 shows)', () => {
    cluster.runUntil(stopped + 50_000);
    expect([ready(cluster, 'node-2').status, ready(cluster, 'node-2').message]).toEqual(['False', 'container runtime is down']);
    cluster.runUntil(stopped + 200_000);
    expect(ready(cluster, 'node-2').message).toMatch(/^\[container runtime is down, PLEG is not healthy: pleg was last seen active 3m\d+(\.\d+)?s ago; threshold is 3m0s\]$/);
    expect(lines().filter((x) => x.startsWith('"Skipping pod synchronization" err="[container runtime is down, PLEG is not healthy')).length).toBeGreaterThan(0);
    expect(node(cluster, 'node-2').spec.taints.map((t: Obj) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
  });

  it('systemctl start containerd recovers: Ready, taints gone, failure lines stop', () => {
    n2.host.unit('containerd')!.start();
    const started = cluster.now();
    cluster.advance(30_000);
    expect(ready(cluster, 'node-2').status).toBe('True');
    expect(node(cluster, 'node-2').spec.taints).toBeUndefined();
    const after = n2.host.journal.all().filter((e) => e.identifier === 'kubelet' && e.time > started + 1000).map((e) => e.message);
    expect(after.filter((m) => /runtime service failed|Skipping pod/.test(m))).toEqual([]);
    expect(ready(cluster, 'node-1').status).toBe('True');
  });
});

describe('the kubelet starting while containerd is down', () => {
  const cluster = smallCluster();
  const n1 = cluster.nodes.get('node-1')!;
  n1.host.unit('containerd')!.stop();
  const at = cluster.now();
  n1.host.unit('kubelet')!.restart();

  it('fails validate service connection and systemd restarts it every 10 s', () => {
    cluster.advance(25_000);
    const lines = n1.host.journal.all().filter((e) => e.time >= at).map((e) => e.message);
    const failed = lines.filter((l) => l.includes('"command failed"'));
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed[0]).toMatch(/ run\.go:72\] "command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:\/\/\/var\/run\/containerd\/containerd\.sock\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix \/var\/run\/containerd\/containerd\.sock: connect: no such file or directory\\""$/);
    expect(lines).toContain('kubelet.service: Main process exited, code=exited, status=1/FAILURE');
    expect(lines.some((l) => l.startsWith('kubelet.service: Scheduled restart job, restart counter is at 2.'))).toBe(true);
  });

  it('starting containerd lets the next restart succeed', () => {
    n1.host.unit('containerd')!.start();
    cluster.advance(60_000);
    expect(n1.host.unit('kubelet')!.active).toBe('active');
    expect(n1.kubelet.running()).toBe(true);
  });
});
