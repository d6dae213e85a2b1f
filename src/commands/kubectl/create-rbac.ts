/**
 * `kubectl create serviceaccount|role|clusterrole|rolebinding|clusterrolebinding`
 * (kubectl v0.32 pkg/cmd/create: create_serviceaccount.go, create_role.go,
 * create_clusterrole.go, create_rolebinding.go, create_clusterrolebinding.go):
 * the objects an RBAC task starts from, which `kubectl auth can-i --as`
 * then checks. Like every generator they print, dry-run and save their
 * configuration through createOrPrint.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { resolveResource } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { arr, str } from './flags.js';
import { errorResult } from './errors.js';
import { createOrPrint } from './create-data.js';

type Obj = Record<string, any>;

const RBAC = 'rbac.authorization.k8s.io';

/** create_role.go validResourceVerbs and validNonResourceVerbs. */
const RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];
const NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];
/** create_role.go specialVerbs: the (group, resource) pairs each may name, served or not. */
const SPECIAL_VERBS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  use: [['policy', 'podsecuritypolicies'], ['extensions', 'podsecuritypolicies']],
  bind: [[RBAC, 'roles'], [RBAC, 'clusterroles']],
  escalate: [[RBAC, 'roles'], [RBAC, 'clusterroles']],
  impersonate: [['', 'users'], ['', 'serviceaccounts'], ['', 'groups'], ['authentication.k8s.io', 'userextras']],
};

/** The one NAME a generator takes. */
function oneName(inv: Invocation, what: string): { ok: true; name: string } | { ok: false; result: ExecResult } {
  if (inv.args.length === 1) return { ok: true, name: inv.args[0] };
  return { ok: false, result: { stdout: '', stderr: `error: exactly one NAME is required, got ${inv.args.length}\nSee 'kubectl create ${what} -h' for help and examples\n`, exitCode: 1 } };
}

/** Comma-separated values of a repeatable flag, as pflag's StringSlice reads them. */
function list(inv: Invocation, flag: string): string[] {
  return arr(inv.flags, flag).flatMap((v) => v.split(',')).filter((v) => v !== '');
}

/** Runs `kubectl create serviceaccount NAME`. */
export function runCreateServiceAccount(inv: Invocation): ExecResult {
  const named = oneName(inv, 'serviceaccount');
  if (!named.ok) return named.result;
  return createOrPrint(inv, 'serviceaccounts', undefined, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: named.name } } as KubeObject);
}

/**
 * create_role.go: the rules of --verb, --resource (`pods`, `deployments.apps`,
 * `pods/log`) and --resource-name, one rule per API group in group order;
 * --non-resource-url for a ClusterRole. The error texts are Validate's.
 */
function policyRules(inv: Invocation, allowNonResource: boolean): { ok: true; rules: Obj[] } | { ok: false; error: string } {
  const verbs = list(inv, 'verb');
  const resources = list(inv, 'resource');
  const names = list(inv, 'resource-name');
  const urls = allowNonResource ? list(inv, 'non-resource-url') : [];
  if (verbs.length === 0) return { ok: false, error: 'at least one verb must be specified' };
  if (resources.length === 0 && urls.length === 0) return { ok: false, error: allowNonResource ? 'one of resource or nonResourceURL must be specified' : 'at least one resource must be specified' };
  if (resources.length > 0) {
    for (const v of verbs) if (!RESOURCE_VERBS.includes(v)) return { ok: false, error: `invalid verb: '${v}'` };
  }
  if (urls.length > 0) {
    for (const v of verbs) if (!NON_RESOURCE_VERBS.includes(v)) return { ok: false, error: `invalid verb: '${v}' for nonResourceURL` };
    for (const u of urls) if (u !== '*' && !u.startsWith('/')) return { ok: false, error: `nonResourceURL should start with /` };
  }
  // Validate: each resource must be served, unless a special verb names it; a special verb only its own resources.
  for (const typed of resources) {
    const base = typed.split('/', 1)[0];
    if (base === '' || base.startsWith('.')) return { ok: false, error: 'resource must be specified if apiGroup/subresource specified' };
    if (base === '*') break;
    const info = resolveResource(base);
    const dot = base.indexOf('.');
    const resource = info ? info.name : dot < 0 ? base : base.slice(0, dot);
    const group = info ? info.group : dot < 0 ? '' : base.slice(dot + 1);
    let known = !!info;
    for (const v of verbs) {
      const allowed = SPECIAL_VERBS[v];
      if (!allowed) continue;
      if (!allowed.some(([g, r]) => g === group && r === resource)) return { ok: false, error: `can not perform '${v}' on '${resource}' in group '${group}'` };
      known = true;
    }
    if (!known) return { ok: false, error: `the server doesn't have a resource type "${resource}"` };
  }
  const byGroup = new Map<string, string[]>();
  for (const typed of resources) {
    const [base, sub] = typed.split('/', 2) as [string, string | undefined];
    const dot = base.indexOf('.');
    let resource = dot < 0 ? base : base.slice(0, dot);
    let group = dot < 0 ? '' : base.slice(dot + 1);
    // mapper.ResourceFor: a served type by any of its names becomes its plural in its group; `*` and others stay.
    const info = resource === '*' ? undefined : resolveResource(base);
    if (info) {
      resource = info.name;
      group = info.group;
    }
    const full = sub ? `${resource}/${sub}` : resource;
    const inGroup = byGroup.get(group) ?? [];
    if (!inGroup.includes(full)) inGroup.push(full);
    byGroup.set(group, inGroup);
  }
  const rules: Obj[] = [...byGroup.keys()].sort().map((group) => ({ apiGroups: [group], resources: byGroup.get(group)!, verbs, ...(names.length > 0 ? { resourceNames: names } : {}) }));
  if (urls.length > 0) rules.push({ nonResourceURLs: urls, verbs });
  return { ok: true, rules };
}

/** Runs `kubectl create role NAME --verb=... --resource=... [--resource-name=...]`. */
export function runCreateRole(inv: Invocation): ExecResult {
  const named = oneName(inv, 'role');
  if (!named.ok) return named.result;
  const rules = policyRules(inv, false);
  if (!rules.ok) return errorResult(rules.error);
  return createOrPrint(inv, 'roles', undefined, { apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name: named.name }, rules: rules.rules } as unknown as KubeObject);
}

/** Runs `kubectl create clusterrole NAME --verb=... (--resource=... | --non-resource-url=...)`. */
export function runCreateClusterRole(inv: Invocation): ExecResult {
  const named = oneName(inv, 'clusterrole');
  if (!named.ok) return named.result;
  const rules = policyRules(inv, true);
  if (!rules.ok) return errorResult(rules.error);
  return createOrPrint(inv, 'clusterroles', undefined, { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name: named.name }, rules: rules.rules } as unknown as KubeObject);
}

/** The subjects of --user, --group and --serviceaccount, in that order (create_rolebinding.go). */
function subjects(inv: Invocation): { ok: true; subjects: Obj[] } | { ok: false; error: string } {
  const out: Obj[] = [];
  for (const user of arr(inv.flags, 'user')) out.push({ kind: 'User', apiGroup: RBAC, name: user });
  for (const group of arr(inv.flags, 'group')) out.push({ kind: 'Group', apiGroup: RBAC, name: group });
  for (const sa of arr(inv.flags, 'serviceaccount')) {
    const parts = sa.split(':');
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return { ok: false, error: `serviceaccount must be <namespace>:<name>` };
    out.push({ kind: 'ServiceAccount', namespace: parts[0], name: parts[1] });
  }
  return { ok: true, subjects: out };
}

/** Runs `kubectl create rolebinding NAME --role=R|--clusterrole=C [--user=...] [--group=...] [--serviceaccount=ns:name]`. */
export function runCreateRoleBinding(inv: Invocation): ExecResult {
  const named = oneName(inv, 'rolebinding');
  if (!named.ok) return named.result;
  const role = str(inv.flags, 'role') ?? '';
  const clusterRole = str(inv.flags, 'clusterrole') ?? '';
  if (role === '' && clusterRole === '') return errorResult('exactly one of clusterrole or role must be specified');
  if (role !== '' && clusterRole !== '') return errorResult('exactly one of clusterrole or role must be specified');
  const who = subjects(inv);
  if (!who.ok) return errorResult(who.error);
  const roleRef = { apiGroup: RBAC, kind: role !== '' ? 'Role' : 'ClusterRole', name: role !== '' ? role : clusterRole };
  return createOrPrint(inv, 'rolebindings', undefined, { apiVersion: `${RBAC}/v1`, kind: 'RoleBinding', metadata: { name: named.name }, roleRef, ...(who.subjects.length > 0 ? { subjects: who.subjects } : {}) } as unknown as KubeObject);
}

/** Runs `kubectl create clusterrolebinding NAME --clusterrole=C [--user=...] [--group=...] [--serviceaccount=ns:name]`. */
export function runCreateClusterRoleBinding(inv: Invocation): ExecResult {
  const named = oneName(inv, 'clusterrolebinding');
  if (!named.ok) return named.result;
  const clusterRole = str(inv.flags, 'clusterrole') ?? '';
  if (clusterRole === '') return { stdout: '', stderr: 'error: required flag(s) "clusterrole" not set\n', exitCode: 1 };
  const who = subjects(inv);
  if (!who.ok) return errorResult(who.error);
  const roleRef = { apiGroup: RBAC, kind: 'ClusterRole', name: clusterRole };
  return createOrPrint(inv, 'clusterrolebindings', undefined, { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding', metadata: { name: named.name }, roleRef, ...(who.subjects.length > 0 ? { subjects: who.subjects } : {}) } as unknown as KubeObject);
}
