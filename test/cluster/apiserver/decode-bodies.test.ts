import { describe, it, expect } from 'vitest';
import { apiWithNamespace, pod } from './admission/harness.js';

// The API server decodes a body into its Go type before anything else; a value of the wrong JSON type
// fails there with apimachinery's wrapping of encoding/json's error (strict-decode.ts).
describe('API server: bodies of the wrong JSON types', () => {
  it('refuses a create, an update and a patch whose result does not decode, with 400', () => {
    const client = apiWithNamespace();
    const bad = pod('web');
    (bad.spec as any).containers[0].image = [1];
    const created = client.create('pods', 'default', bad);
    expect(created.ok ? 'created' : `${created.status.code} ${created.status.reason} ${created.status.message}`).toBe(
      '400 BadRequest Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal array into Go struct field Container.spec.containers.image of type string',
    );
    const made = client.create('pods', 'default', pod('web'));
    if (!made.ok) throw new Error(made.status.message);
    const updated = client.update('pods', 'default', { ...made.value, spec: { ...(made.value.spec as object), activeDeadlineSeconds: 'soon' } } as any);
    expect(updated.ok ? 'updated' : updated.status.message).toBe('Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.activeDeadlineSeconds of type int64');
    const patched = client.patch('pods', 'default', 'web', 'merge', { spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: { many: true } } } }] } });
    expect(patched.ok ? 'patched' : patched.status.message).toBe("Pod in version \"v1\" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    // Nothing was stored of any of them.
    expect(client.get('pods', 'default', 'web').ok && (client.get('pods', 'default', 'web') as any).value.spec.containers[0].image).toBe('nginx:1.27');
  });

  it('takes well-typed bodies as before', () => {
    const client = apiWithNamespace();
    expect(client.create('pods', 'default', pod('web', { requests: { cpu: '100m' } })).ok).toBe(true);
    expect(client.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'b' } }).ok).toBe(true);
  });
});
