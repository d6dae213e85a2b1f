/**
 * The resources the simulated API server serves: what `kubectl api-resources`
 * lists and what kubectl resolves `po`, `pod`, `pods`, `deploy` ... to.
 */

/** One served resource. */
export interface ResourceInfo {
  /** Plural lowercase name, e.g. `pods`. */
  readonly name: string;
  /** Singular name, e.g. `pod`. */
  readonly singular: string;
  readonly shortNames: readonly string[];
  /** API group; '' for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

function r(name: string, singular: string, shortNames: string[], group: string, version: string, kind: string, namespaced: boolean, verbs: readonly string[] = ALL_VERBS): ResourceInfo {
  return { name, singular, shortNames, group, version, kind, namespaced, verbs };
}

/** Every resource, in `kubectl api-resources` order (core group first, then by group). */
export const RESOURCES: readonly ResourceInfo[] = [
  r('bindings', 'binding', [], '', 'v1', 'Binding', true, ['create']),
  r('componentstatuses', 'componentstatus', ['cs'], '', 'v1', 'ComponentStatus', false, ['get', 'list']),
  r('configmaps', 'configmap', ['cm'], '', 'v1', 'ConfigMap', true),
  r('endpoints', 'endpoints', ['ep'], '', 'v1', 'Endpoints', true),
  r('events', 'event', ['ev'], '', 'v1', 'Event', true),
  r('limitranges', 'limitrange', ['limits'], '', 'v1', 'LimitRange', true),
  r('namespaces', 'namespace', ['ns'], '', 'v1', 'Namespace', false, ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
  r('nodes', 'node', ['no'], '', 'v1', 'Node', false),
  r('persistentvolumeclaims', 'persistentvolumeclaim', ['pvc'], '', 'v1', 'PersistentVolumeClaim', true),
  r('persistentvolumes', 'persistentvolume', ['pv'], '', 'v1', 'PersistentVolume', false),
  r('pods', 'pod', ['po'], '', 'v1', 'Pod', true),
  r('resourcequotas', 'resourcequota', ['quota'], '', 'v1', 'ResourceQuota', true),
  r('secrets', 'secret', [], '', 'v1', 'Secret', true),
  r('serviceaccounts', 'serviceaccount', ['sa'], '', 'v1', 'ServiceAccount', true),
  r('services', 'service', ['svc'], '', 'v1', 'Service', true),
  r('mutatingwebhookconfigurations', 'mutatingwebhookconfiguration', [], 'admissionregistration.k8s.io', 'v1', 'MutatingWebhookConfiguration', false),
  r('validatingwebhookconfigurations', 'validatingwebhookconfiguration', [], 'admissionregistration.k8s.io', 'v1', 'ValidatingWebhookConfiguration', false),
  r('daemonsets', 'daemonset', ['ds'], 'apps', 'v1', 'DaemonSet', true),
  r('deployments', 'deployment', ['deploy'], 'apps', 'v1', 'Deployment', true),
  r('replicasets', 'replicaset', ['rs'], 'apps', 'v1', 'ReplicaSet', true),
  r('statefulsets', 'statefulset', ['sts'], 'apps', 'v1', 'StatefulSet', true),
  r('selfsubjectreviews', 'selfsubjectreview', [], 'authentication.k8s.io', 'v1', 'SelfSubjectReview', false, ['create']),
  r('selfsubjectaccessreviews', 'selfsubjectaccessreview', [], 'authorization.k8s.io', 'v1', 'SelfSubjectAccessReview', false, ['create']),
  r('certificatesigningrequests', 'certificatesigningrequest', ['csr'], 'certificates.k8s.io', 'v1', 'CertificateSigningRequest', false),
  r('leases', 'lease', [], 'coordination.k8s.io', 'v1', 'Lease', true),
  r('endpointslices', 'endpointslice', [], 'discovery.k8s.io', 'v1', 'EndpointSlice', true),
  r('events', 'event', ['ev'], 'events.k8s.io', 'v1', 'Event', true),
  r('networkpolicies', 'networkpolicy', ['netpol'], 'networking.k8s.io', 'v1', 'NetworkPolicy', true),
  r('clusterrolebindings', 'clusterrolebinding', [], 'rbac.authorization.k8s.io', 'v1', 'ClusterRoleBinding', false),
  r('clusterroles', 'clusterrole', [], 'rbac.authorization.k8s.io', 'v1', 'ClusterRole', false),
  r('rolebindings', 'rolebinding', [], 'rbac.authorization.k8s.io', 'v1', 'RoleBinding', true),
  r('roles', 'role', [], 'rbac.authorization.k8s.io', 'v1', 'Role', true),
  r('priorityclasses', 'priorityclass', ['pc'], 'scheduling.k8s.io', 'v1', 'PriorityClass', false),
];

/**
 * The authorization attributes of a resource this server does not serve:
 * RBAC answers for any name (`users` and `groups` to impersonate, `*`, a type
 * a review asks about).
 */
export function unservedResource(name: string, group: string, namespaced: boolean): ResourceInfo {
  return { name, singular: name, shortNames: [], group, version: '', kind: '', namespaced, verbs: [] };
}

/** `apiVersion` string of a resource (`v1`, `apps/v1`). */
export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** The group-qualified name kubectl prints in errors: `pods`, `deployments.apps`. */
export function qualifiedName(info: ResourceInfo): string {
  return info.group ? `${info.name}.${info.group}` : info.name;
}

/** Names resolveResource has found, as typed. */
const resolved = new Map<string, ResourceInfo>();

/**
 * Resolves what a user typed (`po`, `pod`, `pods`, `deploy`, `deployments.apps`,
 * `Pod`) to a resource, the way kubectl's RESTMapper does. Core `events` wins
 * over `events.k8s.io` for the bare name, as in kubectl.
 */
export function resolveResource(typed: string): ResourceInfo | undefined {
  // Every API request resolves its resource: remember the names found (a few dozen at most).
  const known = resolved.get(typed);
  if (known) return known;
  const info = lookup(typed);
  if (info) resolved.set(typed, info);
  return info;
}

function lookup(typed: string): ResourceInfo | undefined {
  const lower = typed.toLowerCase();
  const dot = lower.indexOf('.');
  if (dot > 0) {
    const base = lower.slice(0, dot);
    const group = lower.slice(dot + 1);
    return RESOURCES.find((info) => info.group === group && matches(info, base));
  }
  return RESOURCES.find((info) => matches(info, lower));
}

function matches(info: ResourceInfo, lower: string): boolean {
  return info.name === lower || info.singular === lower || info.shortNames.includes(lower) || info.kind.toLowerCase() === lower;
}

/** Finds the resource served for an object's apiVersion and kind. */
export function resourceForKind(apiVersion: string, kind: string): ResourceInfo | undefined {
  return RESOURCES.find((info) => apiVersionOf(info) === apiVersion && info.kind === kind);
}

/**
 * The warnings the API server's deprecation filter sends (a `Warning`
 * header kubectl prints as `Warning: ...` on stderr) for a deprecated
 * resource, by resource name (k8s.io/apiserver endpoints/deprecation).
 */
const DEPRECATION_WARNINGS: ReadonlyMap<string, string> = new Map([['componentstatuses', 'v1 ComponentStatus is deprecated in v1.19+']]);

/** The deprecation warning a request for `info` gets, if any. */
export function deprecationWarning(info: ResourceInfo): string | undefined {
  return DEPRECATION_WARNINGS.get(info.name);
}
