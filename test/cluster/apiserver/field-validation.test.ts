import { describe, it, expect } from 'vitest';
import { apiWithNamespace, pod } from './admission/harness.js';
import type { ApiResult, KubeObject } from '../../../src/cluster/apiserver/types.js';

/** The pod with fields no Go type has: one in the spec, one in its container. */
function podWithUnknownFields(name: string): KubeObject {
  const p = pod(name);
  (p.spec as any).zeta = 2;
  (p.spec as any).containers[0].foo = 1;
  (p.spec as any).alpha = 3;
  return p;
}

const answer = (r: ApiResult<KubeObject>) => (r.ok ? `ok ${JSON.stringify(r.warnings ?? [])}` : `${r.status.code} ${r.status.reason} ${r.status.message}`);

// handlers/rest.go fieldValidation and patch.go: unknown fields are refused (Strict), dropped with a
// warning each (Warn, the default) or dropped silently (Ignore); never stored.
describe('API server: fields a type does not have', () => {
  it('refuses a Strict create with every unknown field, in the sorted order of the encoded body', () => {
    const client = apiWithNamespace();
    const r = client.create('pods', 'default', podWithUnknownFields('web'), { fieldValidation: 'Strict' });
    expect(answer(r)).toBe(
      '400 BadRequest Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.alpha", unknown field "spec.containers[0].foo", unknown field "spec.zeta"',
    );
    expect(client.get('pods', 'default', 'web').ok).toBe(false);
  });

  it('drops them with a warning each by default, and silently with Ignore, leaving the request body as it was', () => {
    const client = apiWithNamespace();
    const body = podWithUnknownFields('web');
    const r = client.create('pods', 'default', body);
    expect(answer(r)).toBe('ok ["unknown field \\"spec.alpha\\"","unknown field \\"spec.containers[0].foo\\"","unknown field \\"spec.zeta\\""]');
    const stored = client.get('pods', 'default', 'web');
    if (!stored.ok) throw new Error(stored.status.message);
    expect(Object.keys(stored.value.spec as object)).not.toContain('zeta');
    expect(Object.keys((stored.value.spec as any).containers[0])).not.toContain('foo');
    expect((body.spec as any).zeta).toBe(2);
    expect((body.spec as any).containers[0].foo).toBe(1);
    const ignored = client.create('pods', 'default', podWithUnknownFields('api'), { fieldValidation: 'Ignore' });
    expect(answer(ignored)).toBe('ok []');
    expect(JSON.stringify(client.get('pods', 'default', 'api'))).not.toMatch(/zeta|foo|alpha/);
  });

  it('applies the same to an update', () => {
    const client = apiWithNamespace();
    const made = client.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'b' } });
    if (!made.ok) throw new Error(made.status.message);
    const changed = { ...made.value, datas: { x: 'y' } } as KubeObject;
    expect(answer(client.update('configmaps', 'default', changed, undefined, { fieldValidation: 'Strict' }))).toBe(
      '400 BadRequest ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "datas"',
    );
    expect(answer(client.update('configmaps', 'default', changed))).toBe('ok ["unknown field \\"datas\\""]');
    expect(JSON.stringify(client.get('configmaps', 'default', 'c'))).not.toContain('datas');
  });

  it('refuses a Strict strategic patch with 422, printing the patch as Go prints the map it decoded', () => {
    const client = apiWithNamespace();
    expect(client.create('pods', 'default', pod('web')).ok).toBe(true);
    const r = client.patch('pods', 'default', 'web', 'strategic', { spec: { foo: 1, activeDeadlineSeconds: 30, tags: ['a', 'b'], ratio: 0.5 } }, undefined, { fieldValidation: 'Strict' });
    if (r.ok) throw new Error('patched');
    expect([r.status.code, r.status.reason, r.status.details?.kind, r.status.details?.name]).toEqual([422, 'Invalid', '', '']);
    expect(r.status.details?.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: 'patch',
        message: 'Invalid value: "map[spec:map[activeDeadlineSeconds:30 foo:1 ratio:0.5 tags:[a b]]]": strict decoding error: unknown field "spec.foo", unknown field "spec.ratio", unknown field "spec.tags"',
      },
    ]);
    expect((client.get('pods', 'default', 'web') as any).value.spec.activeDeadlineSeconds).toBeUndefined();
  });

  it('drops what a patch adds by default, so a patch of unknown fields changes nothing', () => {
    const client = apiWithNamespace();
    const made = client.create('pods', 'default', pod('web'));
    if (!made.ok) throw new Error(made.status.message);
    const r = client.patch('pods', 'default', 'web', 'merge', { spec: { qux: 1 } });
    expect(answer(r)).toBe('ok ["unknown field \\"spec.qux\\""]');
    expect(r.ok && r.value.metadata.resourceVersion).toBe(made.value.metadata.resourceVersion);
  });

  it('still answers a value of the wrong type first, whatever the directive', () => {
    const client = apiWithNamespace();
    const bad = podWithUnknownFields('web');
    (bad.spec as any).containers[0].image = [1];
    for (const fieldValidation of ['Strict', 'Warn', 'Ignore'] as const) {
      expect(answer(client.create('pods', 'default', bad, { fieldValidation }))).toBe(
        '400 BadRequest Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal array into Go struct field Container.spec.containers.image of type string',
      );
    }
  });
});
