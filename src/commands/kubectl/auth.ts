/**
 * `kubectl auth can-i` and `kubectl auth whoami` (kubernetes/kubectl v0.32
 * pkg/cmd/auth/cani.go and whoami.go): a SelfSubjectAccessReview asks the
 * API server whether the caller (after --as and --as-group) may do
 * something, a SelfSubjectReview who the caller is. `can-i` prints yes, or
 * no and exits 1; its warnings name a resource type the server lacks, a
 * cluster-scoped resource asked about in a namespace, and an unknown verb.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { resolveResource } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { GET_TABWRITER, tabwrite } from './output/tabwriter.js';

type Obj = Record<string, any>;

/** cani.go resourceVerbs and nonResourceVerbs. */
const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
/** cani.go nonStandardResourceNames: subjects RBAC names that the server serves no type for. */
const NON_STANDARD_RESOURCES = new Set(['users', 'groups']);

const USAGE = "you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.";

/** Runs `kubectl auth can-i VERB (TYPE | TYPE/NAME | NONRESOURCEURL)`. */
export function runAuthCanI(inv: Invocation): ExecResult {
  if (bool(inv.flags, 'list')) return errorResult('--list is not simulated by kubedrill: ask about one verb and resource');
  if (inv.args.length !== 2) return errorResult(USAGE);
  const [verb, target] = inv.args;
  const subresource = str(inv.flags, 'subresource') ?? '';
  const allNamespaces = bool(inv.flags, 'all-namespaces');
  let warnings = '';
  let spec: Obj;
  if (target.startsWith('/')) {
    if (subresource) return errorResult('--subresource can not be used with NonResourceURL');
    if (!NON_RESOURCE_VERBS.has(verb)) warnings += `Warning: verb '${verb}' is not a known verb\n`;
    spec = { nonResourceAttributes: { path: target, verb } };
  } else {
    const slash = target.indexOf('/');
    const typed = slash < 0 ? target : target.slice(0, slash);
    const name = slash < 0 ? '' : target.slice(slash + 1);
    // resourceFor: a type the server serves resolves (`po` is pods, `deploy` is deployments.apps); `*` stays.
    const lower = typed.toLowerCase();
    const info = typed === '*' ? undefined : resolveResource(lower);
    let group = '';
    let resource = typed;
    if (info) {
      group = info.group;
      resource = info.name;
    } else if (typed !== '*') {
      const dot = lower.indexOf('.');
      const [plain, inGroup] = dot < 0 ? [lower, ''] : [lower.slice(0, dot), lower.slice(dot + 1)];
      if (!NON_STANDARD_RESOURCES.has(lower)) {
        warnings += inGroup ? `Warning: the server doesn't have a resource type '${plain}' in group '${inGroup}'\n` : `Warning: the server doesn't have a resource type '${plain}'\n`;
      }
    }
    // Validate: a cluster-scoped type asked about in a namespace, and an unknown verb, are warned about.
    if (!allNamespaces) {
      if (info && !info.namespaced) warnings += info.group ? `Warning: resource '${info.name}' is not namespace scoped in group '${info.group}'\n` : `Warning: resource '${info.name}' is not namespace scoped\n`;
      if (!RESOURCE_VERBS.has(verb)) warnings += `Warning: verb '${verb}' is not a known verb\n`;
    }
    spec = { resourceAttributes: { namespace: allNamespaces ? '' : inv.namespace, verb, group, resource, subresource, name } };
  }
  const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec } as unknown as KubeObject;
  const r = inv.client.create('selfsubjectaccessreviews', undefined, review);
  if (!r.ok) return { stdout: '', stderr: warnings + statusMessage(r.status), exitCode: 1 };
  const status: Obj = (r.value as Obj).status ?? {};
  const allowed = status.allowed === true;
  const quiet = bool(inv.flags, 'quiet');
  let out = '';
  if (!quiet) {
    if (allowed) out = 'yes\n';
    else out = `no${status.reason ? ` - ${status.reason}` : ''}${status.evaluationError ? ` - ${status.evaluationError}` : ''}\n`;
  }
  return { stdout: out, stderr: warnings, exitCode: allowed ? 0 : 1 };
}

/** Runs `kubectl auth whoami`: the attributes the API server authenticated (after impersonation). */
export function runAuthWhoAmI(inv: Invocation): ExecResult {
  const output = str(inv.flags, 'output') ?? '';
  if (output !== '') return errorResult(`-o ${output} is not simulated by kubedrill for auth whoami: its table is`);
  const review = { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} } as unknown as KubeObject;
  const r = inv.client.create('selfsubjectreviews', undefined, review);
  if (!r.ok) {
    // whoami.go Run: a 403 (or a server without the API) is worded by kubectl itself.
    if (r.status.reason === 'Forbidden') return errorResult('the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it');
    return { stdout: '', stderr: statusMessage(r.status), exitCode: 1 };
  }
  const user: Obj = (r.value as Obj).status?.userInfo ?? {};
  let rows = 'ATTRIBUTE\tVALUE\n';
  if (user.username) rows += `Username\t${user.username}\n`;
  if (user.uid) rows += `UID\t${user.uid}\n`;
  if (Array.isArray(user.groups) && user.groups.length > 0) rows += `Groups\t[${user.groups.join(' ')}]\n`;
  return { stdout: tabwrite(rows, GET_TABWRITER), stderr: '', exitCode: 0 };
}
