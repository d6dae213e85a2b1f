import { describe, it, expect, beforeEach } from 'vitest';
import { TestCluster } from '../../../commands/kubectl/harness.js';
import type { WebhookPost, WebhookReply } from '../../../../src/cluster/apiserver/admission/webhooks.js';
import type { KubeObject } from '../../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } };

function config(hook: Obj = {}, kind = 'ValidatingWebhookConfiguration'): Obj {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name: 'pod-policy' },
    webhooks: [
      {
        name: 'pods.policy.example.com',
        clientConfig: { service: { namespace: 'policy-system', name: 'pod-policy', path: '/validate' } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        ...hook,
      },
    ],
  };
}

const SERVICE = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'pod-policy', namespace: 'policy-system' }, spec: { clusterIP: '10.96.0.50', selector: { app: 'pod-policy' }, ports: [{ port: 443, targetPort: 8443 }] } };

/** A webhook answering with `allowed` (and its status) for the review it is sent; records what it was sent. */
function reviewer(allowed: boolean, status?: Obj): { post: WebhookPost; calls: { ip: string; port: number; path: string; host: string; review: Obj }[] } {
  const calls: { ip: string; port: number; path: string; host: string; review: Obj }[] = [];
  const post: WebhookPost = (ip, port, request) => {
    const review = JSON.parse(request.body) as Obj;
    calls.push({ ip, port, path: request.path, host: request.host, review });
    return { kind: 'answered', status: 200, body: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed, ...(status ? { status } : {}) } }) };
  };
  return { post, calls };
}

const answering = (reply: WebhookReply): WebhookPost => () => reply;

describe('admission webhooks', () => {
  let c: TestCluster;
  beforeEach(() => {
    c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
  });

  const createPod = (pod: Obj = POD) => c.admin.create('pods', (pod.metadata as Obj).namespace, structuredClone(pod) as KubeObject);

  it('POSTs an AdmissionReview to the Service ClusterIP and port, with the path, host and timeout of the configuration', () => {
    c.add(config());
    const { post, calls } = reviewer(true);
    c.api.addWebhookTransport(post);
    expect(createPod().ok).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ ip: '10.96.0.50', port: 443, path: '/validate?timeout=10s', host: 'pod-policy.policy-system.svc:443' });
    expect(calls[0].review).toMatchObject({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: { kind: { group: '', version: 'v1', kind: 'Pod' }, resource: { group: '', version: 'v1', resource: 'pods' }, name: 'web', namespace: 'default', operation: 'CREATE', userInfo: { username: 'kubernetes-admin' }, object: { metadata: { name: 'web' } } },
    });
  });

  it('fails a request closed with an InternalError naming the webhook, the URL and the dial error', () => {
    c.add(config());
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    const r = createPod();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toMatchObject({ code: 500, reason: 'InternalError' });
    expect(r.status.message).toBe(
      'Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=10s": dial tcp 10.96.0.50:443: connect: connection refused',
    );
    expect(c.sys.get('pods', 'default', 'web').ok).toBe(false);
  });

  it('words a webhook that does not answer within timeoutSeconds as the context deadline', () => {
    c.add(config({ timeoutSeconds: 5 }));
    c.api.addWebhookTransport(answering({ kind: 'silent' }));
    const r = createPod();
    expect(!r.ok && r.status.message).toBe('Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=5s": context deadline exceeded');
  });

  it('reports a missing Service and a port the Service does not have before dialing', () => {
    c.add(config({ clientConfig: { service: { namespace: 'policy-system', name: 'gone' } } }));
    let dialed = false;
    c.api.addWebhookTransport(() => ((dialed = true), { kind: 'silent' }));
    const r = createPod();
    expect(!r.ok && r.status.message).toBe('Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://gone.policy-system.svc:443/?timeout=10s": service "gone" not found');
    c.sys.delete('validatingwebhookconfigurations', undefined, 'pod-policy');
    c.add(config({ clientConfig: { service: { namespace: 'policy-system', name: 'pod-policy', port: 8443 } } }));
    const r2 = createPod();
    expect(!r2.ok && r2.status.message).toContain('Post "https://pod-policy.policy-system.svc:8443/?timeout=10s": no service port 8443 found for service "pod-policy"');
    expect(dialed).toBe(false);
  });

  it('admits the request when a webhook with failurePolicy Ignore cannot be called', () => {
    c.add(config({ failurePolicy: 'Ignore' }));
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    expect(createPod().ok).toBe(true);
  });

  it("rejects with the webhook's own status when it denies, its message behind who denied it", () => {
    c.add(config());
    c.api.addWebhookTransport(reviewer(false, { code: 403, reason: 'Forbidden', message: 'image nginx:1.27 is not from registry.example.com' }).post);
    const r = createPod();
    expect(!r.ok && r.status).toMatchObject({ code: 403, reason: 'Forbidden', message: 'admission webhook "pods.policy.example.com" denied the request: image nginx:1.27 is not from registry.example.com' });
    c.api.addWebhookTransport(reviewer(false).post);
    const r2 = createPod();
    expect(!r2.ok && r2.status).toMatchObject({ code: 400, message: 'admission webhook "pods.policy.example.com" denied the request without explanation' });
  });

  it('refuses an answer for another review uid', () => {
    c.add(config());
    c.api.addWebhookTransport(answering({ kind: 'answered', status: 200, body: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'x', allowed: true } }) }));
    const r = createPod();
    expect(!r.ok && r.status.message).toMatch(/failed calling webhook "pods.policy.example.com": received invalid webhook response: expected response.uid="[0-9a-f-]+", got "x"$/);
  });

  it('calls only webhooks whose rules match the operation, group, version, resource and subresource', () => {
    c.add(config({ rules: [{ operations: ['UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] }));
    const { post, calls } = reviewer(true);
    c.api.addWebhookTransport(post);
    expect(createPod().ok).toBe(true);
    expect(calls).toHaveLength(0);
    // A status update is the pods/status subresource: `pods` does not match it, `pods/*` does.
    const pod = c.sys.get('pods', 'default', 'web');
    expect(pod.ok && c.sys.updateStatus('pods', 'default', { ...pod.value, status: { phase: 'Running' } }).ok).toBe(true);
    expect(calls).toHaveLength(0);
    c.sys.delete('validatingwebhookconfigurations', undefined, 'pod-policy');
    c.add(config({ rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['pods/*'] }] }));
    const again = c.sys.get('pods', 'default', 'web');
    expect(again.ok && c.sys.updateStatus('pods', 'default', { ...again.value, status: { phase: 'Succeeded' } }).ok).toBe(true);
    expect(calls.map((x) => [x.review.request.operation, x.review.request.subResource])).toEqual([['UPDATE', 'status']]);
  });

  it('skips namespaces its namespaceSelector leaves out, by the kubernetes.io/metadata.name label every namespace has', () => {
    c.add(config({ namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system', 'policy-system'] }] } }));
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    expect(createPod({ ...POD, metadata: { ...POD.metadata, namespace: 'policy-system' } }).ok).toBe(true);
    expect(createPod({ ...POD, metadata: { ...POD.metadata, namespace: 'kube-system' } }).ok).toBe(true);
    expect(createPod().ok).toBe(false);
  });

  it('skips objects its objectSelector does not select', () => {
    c.add(config({ objectSelector: { matchLabels: { policy: 'enforced' } } }));
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    expect(createPod().ok).toBe(true);
    expect(createPod({ ...POD, metadata: { ...POD.metadata, name: 'web-2', labels: { policy: 'enforced' } } }).ok).toBe(false);
  });

  it('never sends webhook configurations themselves to webhooks, so a broken one can always be fixed', () => {
    c.add(config({ rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] }));
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    expect(c.admin.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } as KubeObject).ok).toBe(false);
    const r = c.admin.patch('validatingwebhookconfigurations', undefined, 'pod-policy', 'json', [{ op: 'replace', path: '/webhooks/0/failurePolicy', value: 'Ignore' }]);
    expect(r.ok).toBe(true);
    expect(c.admin.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } as KubeObject).ok).toBe(true);
  });

  it('stops at the first failing mutating webhook; calls every validating one and answers the first error', () => {
    const cfg = config({}, 'MutatingWebhookConfiguration');
    cfg.webhooks.push({ ...cfg.webhooks[0], name: 'second.policy.example.com' });
    c.add(cfg);
    let calls = 0;
    c.api.addWebhookTransport(() => (calls++, { kind: 'failed', failure: 'refused' }));
    expect(createPod().ok).toBe(false);
    expect(calls).toBe(1);
    c.sys.delete('mutatingwebhookconfigurations', undefined, 'pod-policy');
    const v = config();
    v.webhooks.push({ ...v.webhooks[0], name: 'second.policy.example.com' });
    c.add(v);
    calls = 0;
    const r = createPod();
    expect(calls).toBe(2);
    expect(!r.ok && r.status.message).toContain('failed calling webhook "pods.policy.example.com"');
  });

  it('is not called when kube-apiserver runs with the plugin disabled', () => {
    c.add(config());
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    c.api.configure({ authorizationModes: ['Node', 'RBAC'], disabledAdmissionPlugins: new Set(['ValidatingAdmissionWebhook']) });
    expect(createPod().ok).toBe(true);
  });
});

describe('webhook configurations as stored', () => {
  it('defaults failurePolicy, matchPolicy, selectors, timeout, rule scope and service port', () => {
    const c = new TestCluster();
    const stored = c.add(config()) as Obj;
    expect(stored.webhooks[0]).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10, rules: [{ scope: '*' }], clientConfig: { service: { port: 443 } } });
    expect(stored.webhooks[0].reinvocationPolicy).toBeUndefined();
    const mutating = c.add({ ...config({}, 'MutatingWebhookConfiguration'), metadata: { name: 'm' } }) as Obj;
    expect(mutating.webhooks[0].reinvocationPolicy).toBe('Never');
  });

  it('refuses what admissionregistration validation refuses, with its paths and words', () => {
    const c = new TestCluster();
    const bad = config({ name: 'policy', sideEffects: undefined, failurePolicy: 'Sometimes', timeoutSeconds: 60, admissionReviewVersions: [], clientConfig: {} });
    const r = c.admin.create('validatingwebhookconfigurations', undefined, bad as KubeObject);
    expect(!r.ok && r.status.message).toBe(
      'ValidatingWebhookConfiguration.admissionregistration.k8s.io "pod-policy" is invalid: [' +
        [
          'webhooks[0].name: Invalid value: "policy": should be a domain with at least three segments separated by dots',
          'webhooks[0].failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
          'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
          'webhooks[0].timeoutSeconds: Invalid value: 60: the timeout value must be between 1 and 30 seconds',
          'webhooks[0].clientConfig: Required value: exactly one of url or service is required',
          'webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1',
        ].join(', ') +
        ']',
    );
  });

  it('labels every namespace with its own name', () => {
    const c = new TestCluster();
    const ns = c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { 'kubernetes.io/metadata.name': 'other', team: 'a' } } }) as Obj;
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'shop', team: 'a' });
    const system = c.sys.get('namespaces', undefined, 'kube-system');
    expect(system.ok && system.value.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'kube-system' });
  });
});

describe('kubectl and webhook configurations', () => {
  it('lists them as NAME WEBHOOKS AGE', async () => {
    const c = new TestCluster();
    c.add(config());
    c.advance(90_000);
    expect((await c.run('get validatingwebhookconfigurations')).stdout).toBe('NAME         WEBHOOKS   AGE\npod-policy   1          90s\n');
  });

  it('prints the InternalError of a webhook that cannot be called as kubectl apply does', async () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config());
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    const r = await c.run('run web --image=nginx:1.27');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'Error from server (InternalError): Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=10s": dial tcp 10.96.0.50:443: connect: connection refused\n',
    );
  });
});

describe('kubectl patch of a webhook configuration', () => {
  it('merges a strategic patch into the webhook of that name (patchMergeKey name), keeping the rest', async () => {
    const c = new TestCluster();
    c.add(config());
    const r = await c.run(`patch validatingwebhookconfiguration pod-policy -p '{"webhooks":[{"name":"pods.policy.example.com","failurePolicy":"Ignore"}]}'`);
    expect(r).toMatchObject({ stdout: 'validatingwebhookconfiguration.admissionregistration.k8s.io/pod-policy patched\n', exitCode: 0 });
    const stored = c.sys.get('validatingwebhookconfigurations', undefined, 'pod-policy');
    expect(stored.ok && (stored.value as Obj).webhooks).toMatchObject([{ name: 'pods.policy.example.com', failurePolicy: 'Ignore', clientConfig: { service: { name: 'pod-policy' } }, sideEffects: 'None' }]);
  });
});

describe('the webhook transport', () => {
  it('is the newest serving kube-apiserver’s; when it stops, another still serving calls the webhooks', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config());
    const used: string[] = [];
    const from = (node: string): WebhookPost => (ip, port, request) => (used.push(node), reviewer(true).post(ip, port, request));
    c.api.addWebhookTransport(from('cp-1'));
    const stopCp2 = c.api.addWebhookTransport(from('cp-2'));
    expect(createPodIn(c, 'a').ok).toBe(true);
    stopCp2();
    expect(createPodIn(c, 'b').ok).toBe(true);
    expect(used).toEqual(['cp-2', 'cp-1']);
  });
});

function createPodIn(c: TestCluster, name: string) {
  return c.admin.create('pods', 'default', { ...structuredClone(POD), metadata: { ...POD.metadata, name } } as KubeObject);
}

/** A mutating webhook answering with a JSON Patch (base64, as []byte travels in Go's JSON). */
function patcher(patch: unknown, patchType: string | null = 'JSONPatch'): WebhookPost {
  return (_ip, _port, request) => {
    const review = JSON.parse(request.body) as Obj;
    const response = { uid: review.request.uid, allowed: true, ...(patchType ? { patchType } : {}), patch: Buffer.from(JSON.stringify(patch)).toString('base64') };
    return { kind: 'answered', status: 200, body: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }) };
  };
}

describe('mutating webhooks', () => {
  let c: TestCluster;
  beforeEach(() => {
    c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config({}, 'MutatingWebhookConfiguration'));
  });

  it('applies the JSON Patch it answers with, and the API server defaults what it added', () => {
    c.api.addWebhookTransport(patcher([{ op: 'add', path: '/spec/containers/-', value: { name: 'proxy', image: 'mesh/proxy:1.0' } }, { op: 'add', path: '/metadata/labels/injected', value: 'true' }]));
    const r = c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(r.ok).toBe(true);
    const pod = r.ok ? (r.value as Obj) : {};
    expect(pod.spec.containers.map((x: Obj) => x.name)).toEqual(['web', 'proxy']);
    expect(pod.spec.containers[1]).toMatchObject({ terminationMessagePath: '/dev/termination-log', imagePullPolicy: 'IfNotPresent' });
    expect(pod.metadata.labels).toEqual({ app: 'web', injected: 'true' });
  });

  it('fails the request with an InternalError when its patch does not apply, whatever the failurePolicy', () => {
    c.sys.delete('mutatingwebhookconfigurations', undefined, 'pod-policy');
    c.add(config({ failurePolicy: 'Ignore' }, 'MutatingWebhookConfiguration'));
    c.api.addWebhookTransport(patcher([{ op: 'replace', path: '/spec/nodeSelector/disk', value: 'ssd' }]));
    const r = c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(!r.ok && r.status).toMatchObject({ code: 500, reason: 'InternalError' });
    expect(!r.ok && r.status.message).toMatch(/^Internal error occurred: /);
  });

  it('refuses a patch without its patchType, and a validating webhook that answers with a patch', () => {
    c.api.addWebhookTransport(patcher([{ op: 'add', path: '/metadata/labels/x', value: 'y' }], null));
    const r = c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(!r.ok && r.status.message).toBe('Internal error occurred: failed calling webhook "pods.policy.example.com": received invalid webhook response: webhook returned response.patch but not response.patchType');
    c.sys.delete('mutatingwebhookconfigurations', undefined, 'pod-policy');
    c.add(config());
    c.api.addWebhookTransport(patcher([{ op: 'add', path: '/metadata/labels/x', value: 'y' }]));
    const v = c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(!v.ok && v.status.message).toBe('Internal error occurred: failed calling webhook "pods.policy.example.com": received invalid webhook response: validating webhook may not return response.patch');
  });
});

describe("kube-apiserver's log of webhook calls", () => {
  /** The API server's log lines, each as `W source] message` (timestamps and pid left out). */
  const logged = (c: TestCluster): string[] => {
    const lines: string[] = [];
    c.api.log = (line) => lines.push(line.replace(/^(\w)\d{4} [\d:.]+ +1 /, '$1 '));
    return lines;
  };

  it('warns when it fails closed, with the line of v0.32.4 validating/dispatcher.go', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config());
    const lines = logged(c);
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(lines).toEqual([
      'W dispatcher.go:217] Failed calling webhook, failing closed pods.policy.example.com: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=10s": dial tcp 10.96.0.50:443: connect: connection refused',
    ]);
  });

  it('warns and hands the error to HandleError when it fails open; a mutating webhook logs from its own dispatcher', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config({ failurePolicy: 'Ignore' }, 'MutatingWebhookConfiguration'));
    const lines = logged(c);
    c.api.addWebhookTransport(answering({ kind: 'silent' }));
    expect(c.admin.create('pods', 'default', structuredClone(POD) as KubeObject).ok).toBe(true);
    const error = 'failed calling webhook \\"pods.policy.example.com\\": failed to call webhook: Post \\"https://pod-policy.policy-system.svc:443/validate?timeout=10s\\": context deadline exceeded';
    expect(lines).toEqual([
      'W dispatcher.go:210] Failed calling webhook, failing open pods.policy.example.com: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=10s": context deadline exceeded',
      `E dispatcher.go:214] "Unhandled Error" err="${error}" logger="UnhandledError"`,
    ]);
  });

  it('logs a denial as the StatusError it returns', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add(config());
    const lines = logged(c);
    c.api.addWebhookTransport(reviewer(false, { code: 403, reason: 'Forbidden', message: 'no' }).post);
    c.admin.create('pods', 'default', structuredClone(POD) as KubeObject);
    expect(lines).toEqual([
      'W dispatcher.go:225] rejected by webhook "pods.policy.example.com": &errors.StatusError{ErrStatus:v1.Status{TypeMeta:v1.TypeMeta{Kind:"", APIVersion:""}, ListMeta:v1.ListMeta{SelfLink:"", ResourceVersion:"", Continue:"", RemainingItemCount:(*int64)(nil)}, Status:"Failure", Message:"admission webhook \\"pods.policy.example.com\\" denied the request: no", Reason:"Forbidden", Details:(*v1.StatusDetails)(nil), Code:403}}',
    ]);
  });
});

describe('webhooks on DELETE', () => {
  it('sends a delete to a validating webhook with the object being deleted as oldObject, and its denial keeps the object', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default', labels: { protected: 'true' } } });
    c.add(config({ rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }], objectSelector: { matchLabels: { protected: 'true' } } }));
    const { post, calls } = reviewer(false, { code: 403, reason: 'Forbidden', message: 'settings are protected' });
    c.api.addWebhookTransport(post);
    const r = c.admin.delete('configmaps', 'default', 'settings');
    expect(!r.ok && r.status).toMatchObject({ code: 403, message: 'admission webhook "pods.policy.example.com" denied the request: settings are protected' });
    expect(calls[0].review.request).toMatchObject({ operation: 'DELETE', name: 'settings', object: null, oldObject: { metadata: { name: 'settings' } } });
    expect(c.sys.get('configmaps', 'default', 'settings').ok).toBe(true);
  });

  it('gives a mutating webhook no objects on a delete, and refuses its patch', () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    c.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' } });
    c.add(config({ rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }] }, 'MutatingWebhookConfiguration'));
    c.api.addWebhookTransport(patcher([{ op: 'add', path: '/metadata/labels', value: { a: 'b' } }]));
    const r = c.admin.delete('configmaps', 'default', 'settings');
    expect(!r.ok && r.status.message).toBe('Internal error occurred: admission webhook "pods.policy.example.com" attempted to modify the object, which is not supported for this operation');
  });
});

describe('the time a webhook that never answers costs', () => {
  const setup = (kind: string, hooks: Obj[]) => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'policy-system' } });
    c.add(SERVICE);
    const cfg = config(hooks[0], kind);
    for (const h of hooks.slice(1)) cfg.webhooks.push({ ...cfg.webhooks[0], ...h });
    c.add(cfg);
    c.api.addWebhookTransport(answering({ kind: 'silent' }));
    return c;
  };

  it('is the slowest validating webhook’s timeout (they are called in parallel), added to the clock by kubectl', async () => {
    const c = setup('ValidatingWebhookConfiguration', [{ timeoutSeconds: 5 }, { name: 'second.policy.example.com', timeoutSeconds: 8 }]);
    const before = c.queue.now();
    expect((await c.run('run web --image=nginx:1.27')).exitCode).toBe(1);
    expect(c.queue.now() - before).toBe(8_000);
  });

  it('is the sum of the mutating webhooks’ timeouts (they are called in turn), even when they fail open', async () => {
    const c = setup('MutatingWebhookConfiguration', [{ timeoutSeconds: 5, failurePolicy: 'Ignore' }, { name: 'second.policy.example.com', timeoutSeconds: 8, failurePolicy: 'Ignore' }]);
    const before = c.queue.now();
    expect((await c.run('run web --image=nginx:1.27')).stdout).toBe('pod/web created\n');
    expect(c.queue.now() - before).toBe(13_000);
  });

  it('is nothing for a refused connection, which fails at once', async () => {
    const c = setup('ValidatingWebhookConfiguration', [{}]);
    c.api.addWebhookTransport(answering({ kind: 'failed', failure: 'refused' }));
    const before = c.queue.now();
    await c.run('run web --image=nginx:1.27');
    expect(c.queue.now()).toBe(before);
  });
});

describe('hasWebhooks', () => {
  it('answers whether some rule names the resource’s group and the resource, so other requests skip webhook admission', async () => {
    const { hasWebhooks } = await import('../../../../src/cluster/apiserver/admission/webhooks.js');
    const { resolveResource } = await import('../../../../src/cluster/apiserver/resources.js');
    const c = new TestCluster();
    const store = (c.api as unknown as { options: { store: Parameters<typeof hasWebhooks>[0] } }).options.store;
    expect(hasWebhooks(store, 'validating', resolveResource('pods')!)).toBe(false);
    c.add(config());
    expect(hasWebhooks(store, 'validating', resolveResource('pods')!)).toBe(true);
    expect(hasWebhooks(store, 'validating', resolveResource('leases')!)).toBe(false);
    expect(hasWebhooks(store, 'mutating', resolveResource('pods')!)).toBe(false);
    c.add({ ...config({ name: 'all.policy.example.com', rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*/*'] }] }), metadata: { name: 'everything' } });
    expect(hasWebhooks(store, 'validating', resolveResource('leases')!)).toBe(true);
    expect(hasWebhooks(store, 'validating', resolveResource('validatingwebhookconfigurations')!)).toBe(false);
  });
});
