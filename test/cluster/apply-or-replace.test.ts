import { describe, it, expect } from 'vitest';
import { smallCluster } from './kubelet/harness.js';

describe('Cluster.applyOrReplace (a scenario manifest naming a kubeadm object)', () => {
  const cluster = smallCluster();
  const get = (name: string) => cluster.systemClient().get('configmaps', 'kube-system', name);

  it('replaces an object that exists, keeping its identity, and creates one that does not', () => {
    const before = get('coredns');
    expect(before.ok).toBe(true);
    const replaced = cluster.applyOrReplace({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'kube-system' }, data: { Corefile: '.:53 {\n    errors\n}\n' } });
    expect(typeof replaced).toBe('object');
    const after = get('coredns');
    expect(after.ok && after.value.data).toEqual({ Corefile: '.:53 {\n    errors\n}\n' });
    expect(after.ok && before.ok && after.value.metadata.uid).toBe(before.ok ? before.value.metadata.uid : '');
    expect(typeof cluster.applyOrReplace({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra', namespace: 'kube-system' }, data: {} })).toBe('object');
    expect(get('extra').ok).toBe(true);
  });

  it('answers a kind it does not know with the API error text', () => {
    expect(cluster.applyOrReplace({ apiVersion: 'v9', kind: 'Gizmo', metadata: { name: 'x' } })).toBe('no matches for kind "Gizmo" in version "v9"');
  });
});
