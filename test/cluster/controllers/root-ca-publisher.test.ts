import { describe, expect, it } from 'vitest';
import { testCluster } from './harness.js';

const CA = '-----BEGIN CERTIFICATE-----\nY2x1c3Rlci1jYQ==\n-----END CERTIFICATE-----\n';
const DESCRIPTION = 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

describe('root CA publisher (rootcacertpublisher/publisher.go)', () => {
  it('publishes kube-root-ca.crt with the CA and its description into every namespace, new ones too', () => {
    const c = testCluster({ rootCA: CA });
    c.advance(20_000);
    for (const ns of ['default', 'kube-system', 'kube-node-lease']) {
      const cm = c.get('configmaps', ns, 'kube-root-ca.crt') as Record<string, any>;
      expect(cm.data).toEqual({ 'ca.crt': CA });
      expect(cm.metadata.annotations).toEqual({ 'kubernetes.io/description': DESCRIPTION });
    }
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    c.advance(1_000);
    expect((c.get('configmaps', 'shop', 'kube-root-ca.crt') as Record<string, any>)?.data).toEqual({ 'ca.crt': CA });
  });

  it('puts the ConfigMap back when it is deleted, and its data when it is edited', () => {
    const c = testCluster({ rootCA: CA });
    c.advance(20_000);
    c.admin.delete('configmaps', 'default', 'kube-root-ca.crt');
    c.advance(1_000);
    expect((c.get('configmaps', 'default', 'kube-root-ca.crt') as Record<string, any>)?.data).toEqual({ 'ca.crt': CA });
    const cm = c.get('configmaps', 'default', 'kube-root-ca.crt')!;
    c.admin.update('configmaps', 'default', { ...cm, data: { 'ca.crt': 'tampered', extra: 'x' } } as never);
    c.advance(1_000);
    expect((c.get('configmaps', 'default', 'kube-root-ca.crt') as Record<string, any>).data).toEqual({ 'ca.crt': CA });
  });

  it('leaves other ConfigMaps alone, and is off without a root CA or when --controllers leaves it out', () => {
    const c = testCluster({ rootCA: CA });
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'default' }, data: { a: '1' } }, 'default');
    c.advance(20_000);
    expect((c.get('configmaps', 'default', 'app') as Record<string, any>).data).toEqual({ a: '1' });
    for (const cluster of [testCluster(), testCluster({ rootCA: CA, controllers: ['namespace-controller'] })]) {
      cluster.advance(20_000);
      expect(cluster.get('configmaps', 'default', 'kube-root-ca.crt')).toBeUndefined();
    }
  });
});
