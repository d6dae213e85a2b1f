/**
 * Per-kind gathering for `kubectl describe`: what each describer of
 * kubernetes/kubectl pkg/describe/describe.go fetches beside the object
 * (events via involvedObject field selectors, a node's non-terminated pods and
 * its Lease), then the pure describer from ./describers. Kinds without a
 * describer use kubectl's generic one (./describers/generic.ts).
 */
import type { ConfigMap, Endpoints, LimitRange, Namespace, Node, Pod, ResourceQuota, Secret, Service, ServiceAccount } from 'kubernetes-types/core/v1.js';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1.js';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from 'kubernetes-types/rbac/v1.js';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1.js';
import type { DaemonSet, Deployment, ReplicaSet } from 'kubernetes-types/apps/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { Invocation } from './invocation.js';
import { describePod } from './describers/pod.js';
import { describeNode } from './describers/node.js';
import { describeDeployment, describeReplicaSet } from './describers/workloads.js';
import { describeService } from './describers/service.js';
import { describeDaemonSet } from './describers/daemonset.js';
import { describeLimitRange, describeNamespace, describeQuota } from './describers/namespace.js';
import { formatLabelSelector } from './output/labels.js';
import { describeEndpointSlice, describeEndpoints, describeNetworkPolicy } from './describers/network.js';
import { describeEvents, type AnyEvent } from './describers/events.js';
import { describeGeneric } from './describers/generic.js';
import { describeRole, describeRoleBinding } from './describers/rbac.js';
import { describeConfigMap, describePriorityClass, describeSecret, describeServiceAccount } from './describers/config.js';

/**
 * Events about an object (describe.go searchEvents): involvedObject name,
 * namespace, kind and uid. Nodes use their name as uid, as the kubelet does.
 */
export function eventsFor(inv: Invocation, obj: KubeObject): AnyEvent[] {
  const ns = obj.metadata.namespace;
  const uid = obj.kind === 'Node' ? obj.metadata.name : obj.metadata.uid;
  const fields = [`involvedObject.name=${obj.metadata.name}`, `involvedObject.namespace=${ns ?? ''}`, `involvedObject.kind=${obj.kind}`, `involvedObject.uid=${uid}`];
  const r = inv.client.list('events', ns || undefined, { fieldSelector: fields.join(',') });
  return r.ok ? (r.value.items as unknown as AnyEvent[]) : [];
}

/** The describe text of one object. */
export function describeObject(inv: Invocation, info: ResourceInfo, obj: KubeObject, showEvents: boolean): string {
  // NetworkPolicyDescriber and NamespaceDescriber search no events.
  const events = showEvents && !NO_EVENTS.has(info.kind) ? eventsFor(inv, obj) : undefined;
  switch (info.kind) {
    case 'Pod':
      return describePod(obj as unknown as Pod, events, inv.now);
    case 'Node': {
      const pods = inv.client.list('pods', undefined, { fieldSelector: `spec.nodeName=${obj.metadata.name},status.phase!=Failed,status.phase!=Succeeded` });
      const lease = inv.client.get('leases', 'kube-node-lease', obj.metadata.name ?? '');
      return describeNode(
        obj as unknown as Node,
        pods.ok ? (pods.value.items as unknown as Pod[]) : [],
        events,
        inv.now,
        lease.ok ? (lease.value as unknown as Lease) : undefined,
        lease.ok ? undefined : lease.status.message,
      );
    }
    case 'Deployment':
      return describeDeployment(obj as unknown as Deployment, owned(inv, 'replicasets', obj) as unknown as ReplicaSet[], events, inv.now);
    case 'ReplicaSet':
      return describeReplicaSet(obj as unknown as ReplicaSet, owned(inv, 'pods', obj) as unknown as Pod[], events, inv.now);
    case 'DaemonSet': {
      // getPodStatusForController: pods matching the selector whose controller is this DaemonSet.
      const ds = obj as unknown as DaemonSet;
      const selector = formatLabelSelector(ds.spec?.selector);
      const pods = inv.client.list('pods', obj.metadata.namespace, selector ? { labelSelector: selector } : {});
      const mine = pods.ok ? pods.value.items.filter((p) => (p.metadata.ownerReferences ?? []).some((ref) => ref.controller && ref.uid === obj.metadata.uid)) : [];
      return describeDaemonSet(ds, mine as unknown as Pod[], events, inv.now);
    }
    case 'Service': {
      // describe.go ServiceDescriber: EndpointSlices labelled kubernetes.io/service-name=<name>.
      const slices = inv.client.list('endpointslices', obj.metadata.namespace, { labelSelector: `kubernetes.io/service-name=${obj.metadata.name}` });
      return describeService(obj as unknown as Service, slices.ok ? (slices.value.items as unknown as EndpointSlice[]) : [], events, inv.now);
    }
    case 'Endpoints':
      return describeEndpoints(obj as unknown as Endpoints, events, inv.now);
    case 'EndpointSlice':
      return describeEndpointSlice(obj as unknown as EndpointSlice, events, inv.now);
    case 'NetworkPolicy':
      return describeNetworkPolicy(obj as unknown as NetworkPolicy);
    case 'Namespace': {
      // NamespaceDescriber lists the namespace's ResourceQuotas and LimitRanges; a list that fails
      // leaves its section out (upstream does so for NotFound and errors out otherwise).
      const name = obj.metadata.name ?? '';
      const quotas = inv.client.list('resourcequotas', name);
      const limits = inv.client.list('limitranges', name);
      return describeNamespace(
        obj as unknown as Namespace,
        quotas.ok ? (quotas.value.items as unknown as ResourceQuota[]) : undefined,
        limits.ok ? (limits.value.items as unknown as LimitRange[]) : undefined,
      );
    }
    case 'ResourceQuota':
      return describeQuota(obj as unknown as ResourceQuota);
    case 'LimitRange':
      return describeLimitRange(obj as unknown as LimitRange);
    case 'Role':
    case 'ClusterRole':
      return describeRole(obj as unknown as Role | ClusterRole);
    case 'RoleBinding':
    case 'ClusterRoleBinding':
      return describeRoleBinding(obj as unknown as RoleBinding | ClusterRoleBinding);
    case 'ConfigMap':
      return describeConfigMap(obj as unknown as ConfigMap, events, inv.now);
    case 'Secret':
      return describeSecret(obj as unknown as Secret);
    case 'ServiceAccount':
      return describeServiceAccount(obj as unknown as ServiceAccount, serviceAccountSecrets(inv, obj as unknown as ServiceAccount), events, inv.now);
    case 'PriorityClass':
      return describePriorityClass(obj as unknown as PriorityClass, events, inv.now);
    default:
      return describeGeneric(obj as unknown as Record<string, unknown>, events, inv.now);
  }
}

/** Kinds whose describer prints no Events section. */
const NO_EVENTS: ReadonlySet<string> = new Set(['NetworkPolicy', 'Namespace', 'Secret', 'ResourceQuota', 'LimitRange', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);

/** Objects of `resource` in the owner's namespace that it controls (ownerReferences with controller: true). */
function owned(inv: Invocation, resource: string, owner: KubeObject): KubeObject[] {
  const r = inv.client.list(resource, owner.metadata.namespace);
  if (!r.ok) return [];
  return r.value.items.filter((o) => (o.metadata.ownerReferences ?? []).some((ref) => ref.uid === owner.metadata.uid && ref.controller));
}

/**
 * ServiceAccountDescriber's look at the namespace's Secrets: token Secrets
 * annotated with the account's name and uid, and the referenced secrets that
 * do not exist (none are judged missing when the list fails).
 */
function serviceAccountSecrets(inv: Invocation, sa: ServiceAccount): { tokens: string[]; missing: Set<string> } {
  const listed = inv.client.list('secrets', sa.metadata?.namespace);
  if (!listed.ok) return { tokens: [], missing: new Set() };
  const secrets = listed.value.items as unknown as Secret[];
  const tokens = secrets
    .filter((s) => s.type === 'kubernetes.io/service-account-token' && s.metadata?.annotations?.['kubernetes.io/service-account.name'] === sa.metadata?.name && s.metadata?.annotations?.['kubernetes.io/service-account.uid'] === sa.metadata?.uid)
    .map((s) => s.metadata?.name ?? '');
  const existing = new Set(secrets.map((s) => s.metadata?.name ?? ''));
  const missing = new Set([...(sa.secrets ?? []), ...(sa.imagePullSecrets ?? [])].map((s) => s.name ?? '').filter((n) => !existing.has(n)));
  return { tokens, missing };
}
