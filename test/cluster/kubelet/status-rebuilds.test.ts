import { describe, it, expect, vi } from 'vitest';
import { smallCluster, createPod, getPod, podReady } from './harness.js';

// Counts status builds: the kubelet rebuilds a pod's status only when what it is built from changed.
vi.mock('../../../src/cluster/kubelet/pod-status.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/cluster/kubelet/pod-status.js')>();
  return { ...original, buildPodStatus: vi.fn(original.buildPodStatus) };
});
const { buildPodStatus } = await import('../../../src/cluster/kubelet/pod-status.js');

describe('kubelet: pod status rebuilds', () => {
  it('a status write that leaves the spec alone (as the kubelet\'s own posts do) does not rebuild the status', () => {
    const cluster = smallCluster();
    // A readiness probe runs every second: each tick reports the status.
    createPod(cluster, 'probed', { containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 1 } }] });
    cluster.advance(60_000);
    expect(podReady(getPod(cluster, 'probed'))).toBe('True');
    const before = vi.mocked(buildPodStatus).mock.calls.length;
    const pod = getPod(cluster, 'probed');
    // Another writer's status field: a status write shares the stored spec (only .status is taken from it).
    const written = cluster.systemClient().updateStatus('pods', 'default', { ...pod, status: { ...pod.status, nominatedNodeName: 'node-1' } } as never);
    expect(written.ok).toBe(true);
    cluster.advance(10_000);
    // The kubelet saw the new pod object (ten probe ticks later) and built nothing: its spec is the same object.
    expect(getPod(cluster, 'probed').status.nominatedNodeName).toBe('node-1');
    expect(vi.mocked(buildPodStatus).mock.calls.length).toBe(before);
    expect(podReady(getPod(cluster, 'probed'))).toBe('True');
  });
});
