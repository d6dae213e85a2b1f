import { describe, it, expect } from 'vitest';
import { defaultAdmissionPlugins } from '../../../../src/cluster/apiserver/admission/index.js';
import { resolveResource } from '../../../../src/cluster/apiserver/resources.js';
import { deepFreeze } from '../../../../src/cluster/json.js';
import type { KubeObject } from '../../../../src/cluster/apiserver/types.js';

// The API server validates an UPDATE once, before admission (server.ts runAdmission): that holds only while no
// mutating plugin changes an update. A frozen object makes any such change throw here.
describe('admission: mutating plugins leave updates alone', () => {
  const pod = deepFreeze({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } }) as KubeObject;
  for (const plugin of defaultAdmissionPlugins()) {
    if (!plugin.admit) continue;
    it(`${plugin.name} does not change a pod update`, () => {
      const req = { operation: 'UPDATE' as const, resource: resolveResource('pods')!, namespace: 'default', name: 'web', object: pod, oldObject: pod, user: { name: 'admin', groups: ['system:masters'] }, store: { get: () => undefined, list: () => [] }, randomSuffix: () => 'abcde' };
      expect(() => plugin.admit!(req)).not.toThrow();
      expect(req.object).toBe(pod);
    });
  }
});
