/**
 * Authorization as kube-apiserver's `--authorization-mode` says (kubeadm:
 * `Node,RBAC`): the Node authorizer for kubelets, RBAC over the
 * Role/ClusterRole and bindings stored in the cluster, AlwaysAllow.
 */
import type { KubeObject } from './types.js';
import type { ResourceInfo } from './resources.js';
import type { UserInfo } from './authn.js';
import type { AuthorizationMode } from './serving-options.js';

/** One RBAC PolicyRule. */
interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  verbs?: string[];
  nonResourceURLs?: string[];
}

/** What authorization needs to read from the store. */
export interface RbacSource {
  list(resource: string, namespace: string | undefined): KubeObject[];
  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined;
}

/** Is `user` allowed `verb` on `resource` (optionally `subresource`) in `namespace`? */
export function authorize(source: RbacSource, user: UserInfo, verb: string, resource: ResourceInfo, namespace: string | undefined, name: string | undefined, subresource?: string, modes: readonly AuthorizationMode[] = ['Node', 'RBAC']): boolean {
  // kube-apiserver always allows system:masters (authorizerfactory.NewPrivilegedGroups), before any mode.
  if (user.groups.includes('system:masters')) return true;
  // The union authorizer asks each mode in --authorization-mode's order; the first to allow decides.
  for (const mode of modes) {
    if (mode === 'AlwaysAllow') return true;
    // AlwaysDeny has no opinion ("Everything is forbidden."); ABAC and Webhook are not simulated: no opinion either.
    if (mode === 'Node' && nodeAllows(user)) return true;
    if (mode === 'RBAC' && rbacAllows(source, user, verb, resource, namespace, name, subresource)) return true;
  }
  return false;
}

/** Node authorizer (simplified): kubelets may do what their node needs. */
function nodeAllows(user: UserInfo): boolean {
  return user.groups.includes('system:nodes') && user.name.startsWith('system:node:');
}

function rbacAllows(source: RbacSource, user: UserInfo, verb: string, resource: ResourceInfo, namespace: string | undefined, name: string | undefined, subresource?: string): boolean {
  // The bootstrap policy's system:kube-scheduler and system:kube-controller-manager roles and bindings (simplified:
  // not stored as objects yet): the components' kubeconfig identities may do what their component needs.
  if (user.name === 'system:kube-scheduler' || user.name === 'system:kube-controller-manager') return true;
  // The bootstrap policy's system:basic-user, bound to system:authenticated: anyone may ask what they may do and who they are.
  if (verb === 'create' && SELF_REVIEWS.has(resource.name) && user.groups.includes('system:authenticated')) return true;
  const resourceName = subresource ? `${resource.name}/${subresource}` : resource.name;
  for (const rules of rulesFor(source, user, namespace)) {
    if (rules.some((rule) => ruleAllows(rule, verb, resource.group, resourceName, name))) return true;
  }
  return false;
}

/** The reviews system:basic-user allows (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go). */
const SELF_REVIEWS = new Set(['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews']);

/**
 * Is `user` allowed `verb` on the non-resource URL `path` (`/healthz`,
 * `/logs/*`)? RBAC's nonResourceURLs match exactly or, ending in `*`, by prefix.
 */
export function authorizeNonResource(source: RbacSource, user: UserInfo, verb: string, path: string, modes: readonly AuthorizationMode[] = ['Node', 'RBAC']): boolean {
  if (user.groups.includes('system:masters')) return true;
  for (const mode of modes) {
    if (mode === 'AlwaysAllow') return true;
    if (mode !== 'RBAC') continue;
    for (const rules of rulesFor(source, user, undefined)) {
      for (const rule of rules) {
        const verbs = rule.verbs ?? [];
        if (!verbs.includes('*') && !verbs.includes(verb)) continue;
        if ((rule.nonResourceURLs ?? []).some((u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))))) return true;
      }
    }
  }
  return false;
}

function* rulesFor(source: RbacSource, user: UserInfo, namespace: string | undefined): Generator<PolicyRule[]> {
  for (const binding of source.list('clusterrolebindings', undefined)) {
    if (!bindsUser(binding, user)) continue;
    const role = source.get('clusterroles', undefined, roleRefName(binding));
    if (role) yield (role.rules as PolicyRule[]) ?? [];
  }
  if (!namespace) return;
  for (const binding of source.list('rolebindings', namespace)) {
    if (!bindsUser(binding, user)) continue;
    const ref = binding.roleRef as { kind: string; name: string };
    const role = ref.kind === 'ClusterRole' ? source.get('clusterroles', undefined, ref.name) : source.get('roles', namespace, ref.name);
    if (role) yield (role.rules as PolicyRule[]) ?? [];
  }
}

function roleRefName(binding: KubeObject): string {
  return (binding.roleRef as { name: string }).name;
}

function bindsUser(binding: KubeObject, user: UserInfo): boolean {
  const subjects = (binding.subjects as { kind: string; name: string; namespace?: string }[]) ?? [];
  return subjects.some((s) => {
    if (s.kind === 'User') return s.name === user.name;
    if (s.kind === 'Group') return user.groups.includes(s.name);
    if (s.kind === 'ServiceAccount') return user.name === `system:serviceaccount:${s.namespace}:${s.name}`;
    return false;
  });
}

function ruleAllows(rule: PolicyRule, verb: string, group: string, resource: string, name: string | undefined): boolean {
  const has = (list: string[] | undefined, v: string) => !!list && (list.includes('*') || list.includes(v));
  if (!has(rule.verbs, verb)) return false;
  if (!has(rule.apiGroups, group)) return false;
  if (!has(rule.resources, resource)) return false;
  if (rule.resourceNames && rule.resourceNames.length > 0 && (!name || !rule.resourceNames.includes(name))) return false;
  return true;
}
