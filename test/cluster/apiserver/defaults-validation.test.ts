import { describe, it, expect } from 'vitest';
import { harness, pod, ok, err } from './harness.js';
import { applyDefaults, imagePullPolicyFor } from '../../../src/cluster/apiserver/defaults.js';
import { validateObject } from '../../../src/cluster/apiserver/validation.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const deployment = (spec: Obj = {}): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } }, ...spec },
});

describe('defaults', () => {
  it('fills a pod spec as the API server does (core/v1 defaults.go)', () => {
    const p = pod('web', { spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }], readinessProbe: { httpGet: { port: 80 } }, resources: { limits: { cpu: '500m', memory: '128Mi' } } }] } });
    applyDefaults(p);
    expect(p.spec).toEqual({
      containers: [
        {
          name: 'app',
          image: 'nginx:1.27',
          imagePullPolicy: 'IfNotPresent',
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          readinessProbe: { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
          // SetDefaults_Pod: requests default to limits.
          resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '500m', memory: '128Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
    });
  });

  it('chooses imagePullPolicy from the tag', () => {
    expect(['nginx', 'nginx:latest', 'nginx:1.27', 'registry:5000/app', 'registry:5000/app:v1', 'nginx@sha256:abc'].map(imagePullPolicyFor)).toEqual(['Always', 'Always', 'IfNotPresent', 'Always', 'IfNotPresent', 'IfNotPresent']);
  });

  it('fills a Deployment and its template, without pod-only defaults', () => {
    const d = deployment();
    applyDefaults(d);
    const spec = d.spec as Obj;
    expect([spec.replicas, spec.revisionHistoryLimit, spec.progressDeadlineSeconds]).toEqual([1, 10, 600]);
    expect(spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
    expect(spec.template.metadata.creationTimestamp).toBeNull();
    expect(spec.template.spec.restartPolicy).toBe('Always');
    expect(spec.template.spec.enableServiceLinks).toBeUndefined();
    const recreate = deployment({ strategy: { type: 'Recreate' } });
    applyDefaults(recreate);
    expect((recreate.spec as Obj).strategy).toEqual({ type: 'Recreate' });
  });

  it('fills a Service and allocates a ClusterIP from 10.96.0.0/12 on create', () => {
    const h = harness();
    const svc = ok(h.sys.create('services', 'default', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }, { name: 'm', port: 9090 }] } }));
    const spec = svc.spec as Obj;
    expect(spec.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(spec.clusterIPs).toEqual([spec.clusterIP]);
    expect(spec).toMatchObject({ type: 'ClusterIP', sessionAffinity: 'None', internalTrafficPolicy: 'Cluster', ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4'] });
    expect(spec.ports).toEqual([{ port: 80, targetPort: 8080, protocol: 'TCP' }, { name: 'm', port: 9090, targetPort: 9090, protocol: 'TCP' }]);
  });
});

describe('validation', () => {
  const message = (o: KubeObject) => validateObject(o)?.message;

  it('rejects bad names with the RFC 1123 wording', () => {
    expect(message(pod('Web'))).toBe(
      `Pod "Web" is invalid: metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    );
    expect(message(pod('ok', { spec: { containers: [{ name: 'My_App', image: 'nginx' }] } }))).toBe(
      `Pod "ok" is invalid: spec.containers[0].name: Invalid value: "My_App": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    );
  });

  it('lists several errors in brackets', () => {
    expect(message(pod('x', { spec: { containers: [{ name: 'a' }, { name: 'a', image: 'nginx', ports: [{ containerPort: 70000 }, {}] }] } }))).toBe(
      'Pod "x" is invalid: [spec.containers[0].image: Required value, spec.containers[1].name: Duplicate value: "a", spec.containers[1].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.containers[1].ports[1].containerPort: Required value]',
    );
    expect(message(pod('x', { spec: {} }))).toBe('Pod "x" is invalid: spec.containers: Required value');
  });

  it('checks workloads: replicas, selector, selector against template labels', () => {
    expect(message(deployment({ replicas: -1 }))).toBe('Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(message(deployment({ selector: { matchLabels: { app: 'other' } } }))).toBe('Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`');
    expect(message(deployment({ selector: undefined }))).toBe('Deployment.apps "web" is invalid: spec.selector: Required value');
  });

  it('checks service ports and lets RBAC names contain colons', () => {
    expect(message({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 0 }] } })).toBe('Service "s" is invalid: spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive');
    expect(message({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'kubeadm:get-nodes' } })).toBeUndefined();
  });

  it('is what the API server answers with (422 Invalid, with causes)', () => {
    const h = harness();
    const s = err(h.sys.create('pods', 'default', pod('x', { spec: { containers: [{ name: 'a' }] } })));
    expect(s).toMatchObject({ code: 422, reason: 'Invalid', message: 'Pod "x" is invalid: spec.containers[0].image: Required value', details: { name: 'x', kind: 'Pod', causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' }] } });
    expect(err(h.sys.create('pods', 'default', { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: {} })).message).toBe('Pod "" is invalid: metadata.name: Required value: name or generateName is required');
  });
});
