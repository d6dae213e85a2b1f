/**
 * Defaulting: the fields the API server fills in when a client leaves them
 * out (pkg/apis/core/v1/defaults.go, pkg/apis/apps/v1/defaults.go), so that
 * `-o yaml` and describe show what a real cluster shows.
 */
import type { KubeObject } from './types.js';

type Obj = Record<string, any>;

/** Applies defaults in place for the object's kind. */
export function applyDefaults(object: KubeObject): void {
  switch (object.kind) {
    case 'Pod':
      defaultPodSpec((object.spec ??= {}) as Obj);
      defaultPodOnly(object.spec as Obj);
      break;
    case 'Deployment':
      defaultDeployment(object as Obj);
      break;
    case 'ReplicaSet':
      (object as Obj).spec.replicas ??= 1;
      defaultPodTemplate((object as Obj).spec.template);
      break;
    case 'Service':
      defaultService(object as Obj);
      break;
    case 'NetworkPolicy':
      defaultNetworkPolicy(object as Obj);
      break;
    case 'ValidatingWebhookConfiguration':
    case 'MutatingWebhookConfiguration':
      defaultWebhooks(object as Obj);
      break;
    case 'Namespace':
      labelNamespaceName(object);
      break;
  }
}

/** The label every namespace carries with its own name (v1.LabelMetadataName). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/**
 * SetDefaults_Namespace (and the strategy's Canonicalize, for a generated
 * name): the `kubernetes.io/metadata.name` label is the namespace's name,
 * whatever the request said. A new labels map: the old one may be shared.
 */
function labelNamespaceName(ns: KubeObject): void {
  const name = ns.metadata?.name;
  if (!name || ns.metadata.labels?.[NAMESPACE_NAME_LABEL] === name) return;
  ns.metadata.labels = { ...ns.metadata.labels, [NAMESPACE_NAME_LABEL]: name };
}

/** Does {@link applyDefaults} change objects of this kind (else it leaves them as they are)? */
export function hasDefaults(kind: unknown): boolean {
  return kind === 'Pod' || kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'Service' || kind === 'NetworkPolicy' || kind === 'Namespace' || kind === 'ValidatingWebhookConfiguration' || kind === 'MutatingWebhookConfiguration';
}

/**
 * pkg/apis/admissionregistration/v1/defaults.go: each webhook fails closed,
 * matches equivalent versions, selects every namespace and object and waits
 * 10 s; a rule's scope is `*`, a service's port 443; a mutating webhook is
 * never reinvoked.
 */
function defaultWebhooks(config: Obj): void {
  const mutating = config.kind === 'MutatingWebhookConfiguration';
  for (const hook of Array.isArray(config.webhooks) ? config.webhooks : []) {
    if (hook === null || typeof hook !== 'object') continue;
    hook.failurePolicy ??= 'Fail';
    hook.matchPolicy ??= 'Equivalent';
    hook.namespaceSelector ??= {};
    hook.objectSelector ??= {};
    hook.timeoutSeconds ??= 10;
    if (mutating) hook.reinvocationPolicy ??= 'Never';
    for (const rule of Array.isArray(hook.rules) ? hook.rules : []) if (rule !== null && typeof rule === 'object') rule.scope ??= '*';
    const service = hook.clientConfig?.service;
    if (service !== null && typeof service === 'object') service.port ??= 443;
  }
}

/** Defaults of a pod template (a Deployment's or ReplicaSet's `spec.template`). */
export function defaultPodTemplate(template: Obj | undefined): void {
  if (!template) return;
  template.metadata ??= {};
  template.metadata.creationTimestamp ??= null;
  defaultPodSpec((template.spec ??= {}));
}

function defaultPodSpec(spec: Obj): void {
  // Decoding into []Container turns a JSON null item into a zero Container (validation then
  // reports its missing name and image); a patch adding `null` must not reach the code below as null.
  for (const key of ['initContainers', 'containers']) {
    if (Array.isArray(spec[key])) spec[key] = (spec[key] as unknown[]).map((c) => (c === null ? {} : c));
  }
  spec.restartPolicy ??= 'Always';
  spec.terminationGracePeriodSeconds ??= 30;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.securityContext ??= {};
  spec.schedulerName ??= 'default-scheduler';
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) defaultContainer(c);
  // SetDefaults_EphemeralContainer: the same container defaults (a debugging container added to a pod).
  for (const c of spec.ephemeralContainers ?? []) if (c !== null && typeof c === 'object') defaultContainer(c);
}

/**
 * SetDefaults_Pod: what a Pod gets but a pod template does not. Requests
 * default to limits (which makes a limits-only pod Guaranteed), and
 * enableServiceLinks defaults to true.
 */
function defaultPodOnly(spec: Obj): void {
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const limits: Obj | undefined = c.resources?.limits;
    if (!limits) continue;
    c.resources.requests ??= {};
    for (const [key, value] of Object.entries(limits)) c.resources.requests[key] ??= value;
  }
  spec.enableServiceLinks ??= true;
}

function defaultContainer(c: Obj): void {
  c.imagePullPolicy ??= imagePullPolicyFor(c.image);
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  c.resources ??= {};
  for (const p of c.ports ?? []) p.protocol ??= 'TCP';
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) {
    if (!probe) continue;
    probe.timeoutSeconds ??= 1;
    probe.periodSeconds ??= 10;
    probe.successThreshold ??= 1;
    probe.failureThreshold ??= 3;
    if (probe.httpGet) probe.httpGet.scheme ??= 'HTTP';
    if (probe.httpGet) probe.httpGet.path ??= '/';
  }
}

/** `Always` for `:latest` or an untagged image, else `IfNotPresent` (core/v1 defaults.go). */
export function imagePullPolicyFor(image: unknown): string {
  if (typeof image !== 'string') return 'IfNotPresent';
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const tagPart = image.slice(lastSlash + 1);
  const colon = tagPart.indexOf(':');
  if (colon < 0) return 'Always';
  return tagPart.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultDeployment(d: Obj): void {
  const spec = (d.spec ??= {});
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.strategy ??= { type: 'RollingUpdate' };
  if (spec.strategy.type === 'RollingUpdate') spec.strategy.rollingUpdate ??= { maxSurge: '25%', maxUnavailable: '25%' };
  defaultPodTemplate(spec.template);
}

function defaultService(s: Obj): void {
  const spec = (s.spec ??= {});
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  spec.internalTrafficPolicy ??= 'Cluster';
  spec.ipFamilyPolicy ??= 'SingleStack';
  spec.ipFamilies ??= ['IPv4'];
  for (const p of spec.ports ?? []) {
    p.protocol ??= 'TCP';
    p.targetPort ??= p.port;
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
}

/**
 * pkg/apis/networking/v1/defaults.go: a policy without policyTypes is an
 * Ingress policy, and an Egress one too when it has egress rules; a port's
 * protocol defaults to TCP.
 */
function defaultNetworkPolicy(np: Obj): void {
  const spec = (np.spec ??= {});
  spec.podSelector ??= {};
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
    spec.policyTypes = Array.isArray(spec.egress) && spec.egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  }
  for (const rule of [...(Array.isArray(spec.ingress) ? spec.ingress : []), ...(Array.isArray(spec.egress) ? spec.egress : [])]) {
    for (const p of Array.isArray(rule?.ports) ? rule.ports : []) if (p && typeof p === 'object') p.protocol ??= 'TCP';
  }
}
