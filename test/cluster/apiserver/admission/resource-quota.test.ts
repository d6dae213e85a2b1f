import { describe, it, expect } from 'vitest';
import { apiWithNamespace, pod } from './harness.js';

const quota = (hard: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' }, spec: { hard } });

describe('ResourceQuota admission', () => {
  it('admits pods until the quota is used up, then names requested, used and limited', () => {
    const client = apiWithNamespace();
    client.create('resourcequotas', 'default', quota({ 'requests.cpu': '1', pods: '10' }));
    expect(client.create('pods', 'default', pod('a', { requests: { cpu: '600m' } })).ok).toBe(true);
    const r = client.create('pods', 'default', pod('b', { requests: { cpu: '500m' } }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.code).toBe(403);
    expect(r.status.message).toBe('pods "b" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=600m, limited: requests.cpu=1');
  });

  it('requires the quota-tracked requests to be set', () => {
    const client = apiWithNamespace();
    client.create('resourcequotas', 'default', quota({ 'requests.memory': '1Gi' }));
    const r = client.create('pods', 'default', pod('c'));
    expect(r.ok ? '' : r.status.message).toBe('pods "c" is forbidden: failed quota: compute: must specify requests.memory for: app');
  });

  it('counts objects against count quotas', () => {
    const client = apiWithNamespace();
    client.create('resourcequotas', 'default', quota({ 'count/configmaps': '1' }));
    expect(client.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'one' } }).ok).toBe(true);
    const r = client.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'two' } });
    expect(r.ok ? '' : r.status.message).toBe('configmaps "two" is forbidden: exceeded quota: compute, requested: count/configmaps=1, used: count/configmaps=1, limited: count/configmaps=1');
  });
});
