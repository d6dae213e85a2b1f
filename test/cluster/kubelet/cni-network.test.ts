import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod, eventLines } from './harness.js';
import { cniBroken } from '../../../src/faults/cni-broken.js';

type Obj = Record<string, any>;
const ready = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => (cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value.status.conditions.find((c: Obj) => c.type === 'Ready');

describe('CNI config missing on node-1', () => {
  const cluster = smallCluster();
  const n1 = cluster.nodes.get('node-1')!;
  const conf = n1.host.fs.read('/etc/cni/net.d/10-flannel.conflist')!;
  cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-1', mode: 'missing-config' });
  createPod(cluster, 'pinned', { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27' }] });

  it('the node is NotReady with the runtime network message; its pods wait with NetworkNotReady', () => {
    cluster.advance(20_000);
    expect([ready(cluster, 'node-1').status, ready(cluster, 'node-1').message]).toEqual(['False', 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized']);
    expect(getPod(cluster, 'pinned').status.containerStatuses[0].state.waiting.reason).toBe('ContainerCreating');
    expect(eventLines(cluster, 'pinned')).toContain('NetworkNotReady: network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized');
    const lines = n1.host.journal.all().filter((e) => e.identifier === 'kubelet').map((e) => e.message);
    expect(lines.some((l) => l.endsWith('"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"'))).toBe(true);
  });

  it('putting the file back makes the node Ready and the pod run', () => {
    n1.host.fs.write('/etc/cni/net.d/10-flannel.conflist', conf);
    cluster.advance(30_000);
    expect(ready(cluster, 'node-1').status).toBe('True');
    expect(getPod(cluster, 'pinned').status.phase).toBe('Running');
  });
});

describe('a CNI plugin binary missing on node-2', () => {
  const cluster = smallCluster();
  cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-2', mode: 'missing-plugin' });
  createPod(cluster, 'stuck', { nodeName: 'node-2', containers: [{ name: 'app', image: 'nginx:1.27' }] });

  it('keeps the node Ready but every sandbox fails with FailedCreatePodSandBox', () => {
    cluster.advance(25_000);
    expect(ready(cluster, 'node-2').status).toBe('True');
    const failed = eventLines(cluster, 'stuck').filter((l) => l.startsWith('FailedCreatePodSandBox'));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatch(/^FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": failed to find plugin "flannel" in path \[\/opt\/cni\/bin\]$/);
    expect(getPod(cluster, 'stuck').status.containerStatuses[0].state.waiting.reason).toBe('ContainerCreating');
  });
});
