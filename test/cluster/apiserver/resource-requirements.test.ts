import { describe, it, expect } from 'vitest';
import { apiWithNamespace, pod } from './admission/harness.js';

/** The message of a refused create, or 'created'. */
function createPod(resources: Record<string, unknown>, setup?: (client: ReturnType<typeof apiWithNamespace>) => void): string {
  const client = apiWithNamespace();
  setup?.(client);
  const r = client.create('pods', 'default', pod('web', resources));
  return r.ok ? 'created' : `${r.status.code} ${r.status.message}`;
}

// pkg/apis/core/validation ValidateResourceRequirements, as kube-apiserver v1.32 words it.
describe('API server: a container\'s requests against its limits', () => {
  it('refuses a request above its limit, naming both in canonical form', () => {
    expect(createPod({ requests: { cpu: '500m' }, limits: { cpu: '0.2' } })).toBe('422 Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "500m": must be less than or equal to cpu limit of 200m');
    expect(createPod({ requests: { memory: '1.5Gi' }, limits: { memory: '1Gi' } })).toBe('422 Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi');
  });

  it('takes a request equal to or below its limit, in any units, and a request with no limit', () => {
    expect(createPod({ requests: { cpu: '1' }, limits: { cpu: '1000m' } })).toBe('created');
    expect(createPod({ requests: { memory: '1G' }, limits: { memory: '1Gi' } })).toBe('created');
    expect(createPod({ requests: { cpu: '2', memory: '4Gi' } })).toBe('created');
  });

  it('lists every request over its limit, in the order they are written', () => {
    expect(createPod({ requests: { memory: '2Gi', cpu: '2' }, limits: { memory: '1Gi', cpu: '1' } })).toBe(
      '422 Pod "web" is invalid: [spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi, spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1]',
    );
  });

  it('wants extended resources and hugepages requested at exactly their limit', () => {
    expect(createPod({ requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '2' } })).toBe('422 Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2');
    expect(createPod({ requests: { 'nvidia.com/gpu': '1' } })).toBe('422 Pod "web" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources');
    expect(createPod({ requests: { 'hugepages-2Mi': '4Mi' }, limits: { 'hugepages-2Mi': '8Mi' } })).toMatch(/must be equal to hugepages-2Mi limit of 8Mi$/);
    expect(createPod({ requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '1' } })).toBe('created');
  });

  it('checks what LimitRanger made of the pod: a default limit below the request refuses it', () => {
    const defaults = (client: ReturnType<typeof apiWithNamespace>) =>
      void client.create('limitranges', 'default', { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults' }, spec: { limits: [{ type: 'Container', default: { cpu: '200m' } }] } });
    expect(createPod({ requests: { cpu: '500m' } }, defaults)).toBe('422 Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "500m": must be less than or equal to cpu limit of 200m');
    expect(createPod({ requests: { cpu: '100m' } }, defaults)).toBe('created');
  });

  it('reads only the limits object\'s own keys', () => {
    expect(createPod({ requests: { constructor: '1', toString: '2' }, limits: {} })).toBe('created');
  });

  it('holds a Deployment\'s pod template to the same rules', () => {
    const client = apiWithNamespace();
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: '2' }, limits: { cpu: '1' } } }] } };
    const r = client.create('deployments', 'default', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template } });
    expect(r.ok ? 'created' : r.status.message).toBe('Deployment.apps "web" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1');
  });
});
