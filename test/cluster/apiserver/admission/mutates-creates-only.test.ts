import { describe, it, expect } from 'vitest';
import { defaultAdmissionPlugins } from '../../../../src/cluster/apiserver/admission/index.js';
import { resolveResource } from '../../../../src/cluster/apiserver/resources.js';
import { deepFreeze } from '../../../../src/cluster/json.js';
import type { KubeObject } from '../../../../src/cluster/apiserver/types.js';

// Mutating plugins act on pod creations only: the API server hands an update (and any other creation) to the
// chain as it came, and what it stores must be what was validated. A frozen object makes any change throw here.
describe('admission: mutating plugins change pod creations only', () => {
  const pod = deepFreeze({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } }) as KubeObject;
  const event = deepFreeze({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Started' }) as KubeObject;
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } } as KubeObject;
  const requests = [
    { operation: 'UPDATE' as const, resource: resolveResource('pods')!, object: pod, oldObject: pod },
    { operation: 'CREATE' as const, resource: resolveResource('events')!, object: event },
  ];
  for (const plugin of defaultAdmissionPlugins()) {
    if (!plugin.admit) continue;
    for (const r of requests) {
      it(`${plugin.name} does not change a ${r.resource.name} ${r.operation.toLowerCase()}`, () => {
        const req = { ...r, namespace: 'default', name: r.object.metadata.name!, user: { name: 'admin', groups: ['system:masters'] }, store: { get: () => namespace, list: () => [] }, randomSuffix: () => 'abcde' };
        expect(() => plugin.admit!(req)).not.toThrow();
        expect(req.object).toBe(r.object);
      });
    }
  }
});
