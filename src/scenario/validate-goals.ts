/**
 * Goal and evidence `objectField`s checked against what the simulated API
 * server can hold: the resource must be served, and the field path must start
 * with a field its kind has. A mistyped path reads as "not set" forever, so a
 * `not:` around it always holds and `verify` passes on a goal that checks
 * nothing; here it is an error at the path instead.
 *
 * Conservative on purpose: only the top-level fields of each kind (and the
 * fields of `metadata`) are known here, taken from the Kubernetes API types
 * (k8s.io/api v0.32: core/v1/types.go, apps/v1/types.go, rbac/v1/types.go,
 * ..., and apimachinery meta/v1 ObjectMeta). Deeper segments may name fields
 * a learner's fix adds, so they are not judged; a kind not listed is not judged.
 */
import { resolveResource, type ResourceInfo } from '../cluster/apiserver/resources.js';
import { formatPath, type DocPath } from './load.js';
import type { GoalPredicate, Scenario } from './schema.js';
import type { Report } from './validate-manifests.js';
import { quote } from '../shell/sanitize.js';

const TYPE_META = ['apiVersion', 'kind', 'metadata'];
const SPEC_STATUS = [...TYPE_META, 'spec', 'status'];
const SPEC_ONLY = [...TYPE_META, 'spec'];

/** Top-level fields by `group/Kind` ('' for the core group). Built on first use: no work at import time. */
let topLevel: ReadonlyMap<string, readonly string[]> | undefined;

function topLevelFields(info: ResourceInfo): readonly string[] | undefined {
  topLevel ??= new Map<string, readonly string[]>([
    ...['Pod', 'Node', 'Service', 'Namespace', 'PersistentVolumeClaim', 'PersistentVolume', 'ResourceQuota'].map((k) => [`/${k}`, SPEC_STATUS] as const),
    ...['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet'].map((k) => [`apps/${k}`, SPEC_STATUS] as const),
    ['certificates.k8s.io/CertificateSigningRequest', SPEC_STATUS],
    ['/LimitRange', SPEC_ONLY],
    ['coordination.k8s.io/Lease', SPEC_ONLY],
    // NetworkPolicyStatus was removed from networking/v1 in v1.27 (KEP-2943 withdrawn).
    ['networking.k8s.io/NetworkPolicy', SPEC_ONLY],
    ['/ConfigMap', [...TYPE_META, 'data', 'binaryData', 'immutable']],
    ['/Secret', [...TYPE_META, 'data', 'stringData', 'type', 'immutable']],
    ['/Endpoints', [...TYPE_META, 'subsets']],
    ['/ServiceAccount', [...TYPE_META, 'secrets', 'imagePullSecrets', 'automountServiceAccountToken']],
    ['rbac.authorization.k8s.io/Role', [...TYPE_META, 'rules']],
    ['rbac.authorization.k8s.io/ClusterRole', [...TYPE_META, 'rules', 'aggregationRule']],
    ['rbac.authorization.k8s.io/RoleBinding', [...TYPE_META, 'subjects', 'roleRef']],
    ['rbac.authorization.k8s.io/ClusterRoleBinding', [...TYPE_META, 'subjects', 'roleRef']],
    ['scheduling.k8s.io/PriorityClass', [...TYPE_META, 'value', 'globalDefault', 'description', 'preemptionPolicy']],
    ['discovery.k8s.io/EndpointSlice', [...TYPE_META, 'addressType', 'endpoints', 'ports']],
  ]);
  return topLevel.get(`${info.group}/${info.kind}`);
}

/** The fields of ObjectMeta (apimachinery pkg/apis/meta/v1/types.go). */
const OBJECT_META: ReadonlySet<string> = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

/** Why `path` can never name a field of an object of this resource, or undefined when it may. */
export function fieldPathProblem(info: ResourceInfo, path: string): string | undefined {
  // The same split as predicates.ts fieldAt: an optional leading dot, then dot-separated keys.
  const segments = path.replace(/^\./, '').split('.');
  const empty = segments.indexOf('');
  if (empty >= 0) return `path ${quote(path)} has an empty segment: it names no field`;
  const fields = topLevelFields(info);
  if (fields === undefined) return undefined;
  const [first, second] = segments as [string, string | undefined];
  if (!fields.includes(first)) return `${info.kind} objects have no field ${quote(first)} (top-level fields: ${fields.join(', ')})`;
  if (first === 'metadata' && second !== undefined && !OBJECT_META.has(second)) return `metadata has no field ${quote(second)}`;
  return undefined;
}

/** Goal items with their document paths, `not:` unwrapped (a guard is a goal under `not`). */
function objectFieldGoals(goal: GoalPredicate, path: DocPath): { field: { resource: string; path: string }; path: DocPath }[] {
  if ('not' in goal && goal.not) return objectFieldGoals(goal.not as GoalPredicate, [...path, 'not']);
  if ('objectField' in goal) return [{ field: goal.objectField, path: [...path, 'objectField'] }];
  return [];
}

/** Checks every goal's and evidence item's `objectField`: a served resource, a path its kind can have. */
export function checkObjectFields(scenario: Scenario, report: Report): void {
  const refs = [
    ...scenario.goal.flatMap((g, i) => objectFieldGoals(g, ['goal', i])),
    ...scenario.evidence.flatMap((e, i) => (e.objectField ? [{ field: e.objectField, path: ['evidence', i, 'objectField'] as DocPath }] : [])),
  ];
  for (const { field, path } of refs) {
    const info = resolveResource(field.resource);
    if (!info) {
      report([...path, 'resource'], `${formatPath(path)}.resource: the API server serves no resource ${quote(field.resource)}`);
      continue;
    }
    const problem = fieldPathProblem(info, field.path);
    if (problem !== undefined) report([...path, 'path'], `${formatPath(path)}.path: ${problem}`);
  }
}
