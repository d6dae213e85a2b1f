import { describe, it, expect } from 'vitest';
import { defaultAdmissionPlugins } from '../../../../src/cluster/apiserver/admission/index.js';
import type { AdmissionOperation, AdmissionRequest } from '../../../../src/cluster/apiserver/admission/types.js';
import { resolveResource } from '../../../../src/cluster/apiserver/resources.js';
import { EventQueue } from '../../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../../src/cluster/clock/random.js';
import { Store } from '../../../../src/cluster/store/store.js';
import { ApiServer } from '../../../../src/cluster/apiserver/server.js';
import { KUBEADM_SERVING_OPTIONS } from '../../../../src/cluster/apiserver/serving-options.js';
import { deepFreeze } from '../../../../src/cluster/json.js';
import type { KubeObject } from '../../../../src/cluster/apiserver/types.js';

// The API server calls a plugin only for the operations and resources it declares (server.ts admissionChain).
// That is exact only while a plugin, asked about anything else, answers undefined and changes nothing: here
// each is asked about every other request in a namespace that makes every plugin act on what it handles
// (the namespace is missing, quotas allow nothing, a LimitRange sets defaults, no PriorityClass exists).
describe('admission: a plugin does nothing outside the operations and resources it declares', () => {
  const quota = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'none', namespace: 'default' }, spec: { hard: { pods: '0', cpu: '0', 'requests.cpu': '0', 'count/events': '0', 'count/configmaps': '0', 'count/leases.coordination.k8s.io': '0', configmaps: '0' } } };
  const limits = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits', namespace: 'default' }, spec: { limits: [{ type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '1' }, max: { cpu: '1m' } }] } };
  const store = { get: () => undefined, list: (resource: string) => (resource === 'resourcequotas' ? [quota] : resource === 'limitranges' ? [limits] : []) } as unknown as AdmissionRequest['store'];
  const objects: Record<string, KubeObject> = {
    pods: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { priorityClassName: 'missing', containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    events: { apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Started' },
    configmaps: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data: { a: 'b' } },
    leases: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'node-1', namespace: 'default' }, spec: { holderIdentity: 'node-1' } },
  } as Record<string, KubeObject>;
  const operations: AdmissionOperation[] = ['CREATE', 'UPDATE', 'DELETE'];
  for (const plugin of defaultAdmissionPlugins()) {
    for (const operation of operations) {
      for (const [resource, object] of Object.entries(objects)) {
        const handled = (plugin.operations?.includes(operation) ?? true) && (plugin.resources?.includes(resource) ?? true);
        if (handled) continue;
        it(`${plugin.name} leaves a ${resource} ${operation.toLowerCase()} alone`, () => {
          const frozen = deepFreeze(structuredClone(object)) as KubeObject;
          const req: AdmissionRequest = { operation, resource: resolveResource(resource)!, namespace: 'default', name: frozen.metadata.name!, object: frozen, oldObject: operation === 'CREATE' ? undefined : frozen, user: { name: 'admin', groups: ['system:masters'] }, store, randomSuffix: () => 'abcde' };
          expect(plugin.admit?.(req)).toBeUndefined();
          expect(plugin.validate?.(req)).toBeUndefined();
          expect(req.object).toBe(frozen);
        });
      }
    }
  }

  // The same namespace does make them act on what they handle, so the checks above ask something.
  it('the namespace above makes the plugins act on pod creations', () => {
    const answers = defaultAdmissionPlugins().map((plugin) => {
      const req: AdmissionRequest = { operation: 'CREATE', resource: resolveResource('pods')!, namespace: 'default', name: 'web', object: structuredClone(objects.pods), user: { name: 'admin', groups: ['system:masters'] }, store, randomSuffix: () => 'abcde' };
      return [plugin.name, plugin.admit?.(req)?.code ?? plugin.validate?.(req)?.code ?? JSON.stringify(req.object) !== JSON.stringify(objects.pods)];
    });
    expect(Object.fromEntries(answers)).toEqual({ NamespaceLifecycle: 404, LimitRanger: 403, ServiceAccount: true, DefaultTolerationSeconds: true, Priority: 403, ResourceQuota: 403 });
  });
});

describe('admission: the chain per request follows the configured plugins', () => {
  const server = () => {
    const queue = new EventQueue(Date.parse('2026-11-30T09:00:00Z'));
    const api = new ApiServer({ store: new Store(queue), queue, random: new Random(1), version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
    const client = api.client({ type: 'loopback', user: 'admin', groups: ['system:masters'] });
    client.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    return { api, client };
  };
  const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } });
  const serviceAccountOf = (r: { ok: boolean; value?: KubeObject }) => (r.value?.spec as { serviceAccountName?: string } | undefined)?.serviceAccountName;

  it('a plugin disabled after pods were created no longer acts on the next one, and acts again once enabled', () => {
    const { api, client } = server();
    expect(serviceAccountOf(client.create('pods', 'default', pod('a')) as { ok: boolean; value?: KubeObject })).toBe('default');
    api.configure({ ...KUBEADM_SERVING_OPTIONS, disabledAdmissionPlugins: new Set(['ServiceAccount']) });
    expect(serviceAccountOf(client.create('pods', 'default', pod('b')) as { ok: boolean; value?: KubeObject })).toBeUndefined();
    api.configure(KUBEADM_SERVING_OPTIONS);
    expect(serviceAccountOf(client.create('pods', 'default', pod('c')) as { ok: boolean; value?: KubeObject })).toBe('default');
  });

  it('an event in a missing namespace is still refused by NamespaceLifecycle, and a quota still counts events', () => {
    const { client } = server();
    const event = (name: string, namespace: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace }, involvedObject: { kind: 'Pod', name: 'web', namespace }, reason: 'Started', message: 'Started container app', type: 'Normal' }) as KubeObject;
    const missing = client.create('events', 'elsewhere', event('web.1', 'elsewhere'));
    expect(missing.ok ? 0 : missing.status.code).toBe(404);
    expect(client.create('events', 'default', event('web.1', 'default')).ok).toBe(true);
    client.create('resourcequotas', 'default', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'events' }, spec: { hard: { 'count/events': '1' } } } as KubeObject);
    const over = client.create('events', 'default', event('web.2', 'default'));
    expect(over.ok ? '' : over.status.message).toBe('events "web.2" is forbidden: exceeded quota: events, requested: count/events=1, used: count/events=1, limited: count/events=1');
  });
});
