import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { staticPodManifestMoved } from '../../src/faults/static-pod-manifest-moved.js';
import { DAY, testCluster } from '../commands/crictl/node-session.js';

describe('static-pod-manifest-moved', () => {
  it('moves the manifest out of the kubelet file source, keeping its content and mode, and the component stops', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const fs = c.nodes.get('cp-1')!.host.fs;
    const before = fs.read('/etc/kubernetes/manifests/kube-scheduler.yaml')!;
    expect(staticPodManifestMoved.params(z).safeParse({ type: 'static-pod-manifest-moved', node: 'cp-1', manifest: 'kube-scheduler', to: '/root/maintenance/' }).success).toBe(true);
    staticPodManifestMoved.apply(c, { type: 'static-pod-manifest-moved', node: 'cp-1', manifest: 'kube-scheduler', to: '/root/maintenance/' });
    expect(fs.exists('/etc/kubernetes/manifests/kube-scheduler.yaml')).toBeUndefined();
    expect(fs.read('/root/maintenance/kube-scheduler.yaml')).toBe(before);
    expect(fs.stat('/root/maintenance/kube-scheduler.yaml')!.mode).toBe(0o600);
    c.advance(21_000);
    const running = [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-scheduler' && x.state === 'CONTAINER_RUNNING');
    expect(running).toEqual([]);
  });

  it('refuses a destination inside the manifests directory', () => {
    expect(staticPodManifestMoved.params(z).safeParse({ type: 'static-pod-manifest-moved', node: 'cp-1', manifest: 'etcd', to: '/etc/kubernetes/manifests/old' }).success).toBe(false);
    expect((staticPodManifestMoved.params(z).parse({ type: 'static-pod-manifest-moved', node: 'cp-1', manifest: 'etcd' }) as { to: string }).to).toBe('/root');
  });
});
