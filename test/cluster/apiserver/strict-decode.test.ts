import { describe, expect, it } from 'vitest';
import { API_KINDS, API_STRUCTS } from '../../../src/cluster/apiserver/api-types.generated.js';
import { RESOURCES, apiVersionOf } from '../../../src/cluster/apiserver/resources.js';
import { decodeErrorMessage, strictDecodeProblems, visitFields } from '../../../src/cluster/apiserver/strict-decode.js';

const deployment = (podSpec: object) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: podSpec } },
});

/** The API server's message for an object, as `kubectl apply` would print after `error when creating`. */
function message(o: { apiVersion: string; kind: string }): string | undefined {
  const problems = strictDecodeProblems(o, o.apiVersion, o.kind);
  return problems.length === 0 ? undefined : decodeErrorMessage(o.apiVersion, o.kind, problems);
}

describe('strict decoding against the Kubernetes 1.32 types', () => {
  it('knows every kind the simulated API server serves', () => {
    // The self reviews are answered, never decoded nor stored (reviews.ts).
    const answered = new Set(['SelfSubjectAccessReview', 'SelfSubjectReview']);
    for (const r of RESOURCES) if (!answered.has(r.kind)) expect(API_KINDS[`${apiVersionOf(r)}/${r.kind}`], r.kind).toBeDefined();
    // 1.32 fields, read from k8s.io/api v0.32.4: pod-level resources and the container's restartPolicy are there.
    expect(API_STRUCTS['core/v1.PodSpec']!.resources).toBe('core/v1.ResourceRequirements');
    expect(API_STRUCTS['core/v1.Container']!.restartPolicy).toBe('core/v1.ContainerRestartPolicy');
  });

  it('accepts a valid object', () => {
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }], resources: { limits: { memory: '128Mi', cpu: 0.5 } } }] }))).toBeUndefined();
  });

  it('an unknown field is sigs.k8s.io/json strict error, with list indices; several are joined', () => {
    expect(message(deployment({ containerz: [], containers: [{ name: 'web', image: 'nginx', imagePullPolicyy: 'Always' }] }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containerz", unknown field "spec.template.spec.containers[0].imagePullPolicyy"',
    );
    // Field names are case-sensitive, as in the API server's decoder.
    expect(message({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', Labels: {} } } as never)).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.Labels"',
    );
  });

  it("a wrong type is encoding/json's error: innermost struct, path without indices, Go type", () => {
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 'eighty' }] }] }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    );
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx', env: [{ name: 'PORT', value: 8080 }] }] }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string',
    );
    expect(message({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { port: 5432 } } as never)).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    );
    expect(message(deployment({ containers: { name: 'web' } }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container',
    );
    // A named string type reports its own name.
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80, protocol: 6 }] }] }))).toMatch(/of type v1\.Protocol$/);
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 1.5 }] }] }))).toMatch(/cannot unmarshal number 1\.5 into Go struct field ContainerPort\.spec\.template\.spec\.containers\.ports\.containerPort of type int32$/);
  });

  it('quantities and int-or-strings decode as their own UnmarshalJSON does', () => {
    expect(message(deployment({ containers: [{ name: 'web', image: 'nginx', resources: { limits: { memory: '4 MB' } } }] }))).toBe(
      "Deployment in version \"v1\" cannot be handled as a Deployment: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
    const svc = (targetPort: unknown) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort }] } });
    expect(message(svc('http'))).toBeUndefined();
    expect(message(svc(8080))).toBeUndefined();
    expect(message(svc({ port: 1 }))).toBe('Service in version "v1" cannot be handled as a Service: json: cannot unmarshal object into Go struct field ServicePort.spec.ports.targetPort of type int32');
  });

  it('reports each problem at its path in the object', () => {
    const problems = strictDecodeProblems(deployment({ containers: [{ name: 'web', imagee: 'nginx', ports: [{ containerPort: 'x' }] }] }), 'apps/v1', 'Deployment');
    expect(problems.map((p) => [p.type, p.path.join('/')])).toEqual([
      ['unknown-field', 'spec/template/spec/containers/0/imagee'],
      ['wrong-type', 'spec/template/spec/containers/0/ports/0/containerPort'],
    ]);
  });

  it('visits every known field with its Go struct', () => {
    const seen: string[] = [];
    visitFields(deployment({ containers: [{ name: 'web', image: 'nginx' }], bogus: 1 }), 'apps/v1', 'Deployment', (struct, field) => {
      if (struct.startsWith('core/v1.')) seen.push(`${struct}.${field}`);
    });
    expect(seen).toEqual(['core/v1.PodTemplateSpec.metadata', 'core/v1.PodTemplateSpec.spec', 'core/v1.PodSpec.containers', 'core/v1.Container.name', 'core/v1.Container.image']);
  });
});
