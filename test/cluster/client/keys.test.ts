import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { keyOf } from '../../../src/cluster/client/informer.js';
import { objectKey } from '../../../src/cluster/controllers/util.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

describe('object keys (built flat)', () => {
  it('are namespace/name, or the name of a cluster-scoped object, as before', () => {
    const name = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,40}[a-z0-9])?$/);
    fc.assert(
      fc.property(fc.option(name, { nil: undefined }), name, (namespace, n) => {
        const obj = { apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name: n } } as KubeObject;
        const want = namespace ? `${namespace}/${n}` : n;
        expect(keyOf(obj)).toBe(want);
        expect(objectKey(obj)).toBe(want);
      }),
    );
  });
});
