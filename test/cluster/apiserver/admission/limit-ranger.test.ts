import { describe, it, expect } from 'vitest';
import { apiWithNamespace, pod } from './harness.js';

const limitRange = (limits: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults' }, spec: { limits: [{ type: 'Container', ...limits }] } });

describe('LimitRanger admission', () => {
  it('fills default requests and limits and records what it set', () => {
    const client = apiWithNamespace();
    client.create('limitranges', 'default', limitRange({ default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' } }));
    const r = client.create('pods', 'default', pod('web'));
    if (!r.ok) throw new Error(r.status.message);
    const c = (r.value.spec as any).containers[0];
    expect(c.resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } });
    expect(r.value.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu limit for container app; memory limit for container app; cpu request for container app; memory request for container app');
    expect((r.value.status as any).qosClass).toBe('Burstable');
  });

  it('rejects a container over the maximum with the plugin wording', () => {
    const client = apiWithNamespace();
    client.create('limitranges', 'default', limitRange({ max: { cpu: '1' } }));
    const r = client.create('pods', 'default', pod('big', { limits: { cpu: '2' } }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.code).toBe(403);
    expect(r.status.message).toBe('pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  });

  it('rejects a container under the minimum request', () => {
    const client = apiWithNamespace();
    client.create('limitranges', 'default', limitRange({ min: { memory: '64Mi' } }));
    const r = client.create('pods', 'default', pod('tiny', { requests: { memory: '32Mi' } }));
    expect(r.ok ? '' : r.status.message).toBe('pods "tiny" is forbidden: minimum memory usage per Container is 64Mi, but request is 32Mi');
  });
});
