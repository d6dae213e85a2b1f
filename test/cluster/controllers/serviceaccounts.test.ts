import { describe, expect, it } from 'vitest';
import { testCluster } from './harness.js';

describe('service account controller (serviceaccounts_controller.go)', () => {
  it('gives every active namespace a default ServiceAccount, and recreates it when deleted', () => {
    const c = testCluster();
    c.advance(20_000);
    for (const ns of ['default', 'kube-system', 'kube-node-lease']) expect(c.get('serviceaccounts', ns, 'default')).toBeDefined();
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    c.advance(1_000);
    expect(c.get('serviceaccounts', 'shop', 'default')).toBeDefined();
    const before = c.get('serviceaccounts', 'shop', 'default')!.metadata.uid;
    c.admin.delete('serviceaccounts', 'shop', 'default');
    c.advance(1_000);
    const after = c.get('serviceaccounts', 'shop', 'default');
    expect(after?.metadata.uid).toBeDefined();
    expect(after?.metadata.uid).not.toBe(before);
  });

  it('leaves other accounts alone and does nothing when left out of --controllers', () => {
    const c = testCluster({ controllers: ['namespace-controller'] });
    c.advance(20_000);
    expect(c.get('serviceaccounts', 'default', 'default')).toBeUndefined();
  });
});
