/**
 * The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins
 * (k8s.io/apiserver pkg/admission/plugin/webhook): for each webhook of each
 * configuration (configurations by name) whose rules, namespaceSelector and
 * objectSelector match the request, the API server POSTs an AdmissionReview
 * to the webhook's Service, from its own node, through the cluster's network
 * (util/proxy ResolveCluster: the Service's ClusterIP and port, which
 * kube-proxy's rules on that node translate). A webhook that cannot be
 * called fails the request with an InternalError unless its failurePolicy
 * is Ignore; one that answers `allowed: false` rejects it with its status;
 * a mutating webhook's JSONPatch changes the object the later ones see.
 *
 * Not simulated: url clientConfigs beyond an IP address, matchConditions
 * (CEL), reinvocation (IfNeeded), TLS verification against caBundle, and the
 * CONNECT operation (exec, attach, port-forward).
 */
import type { Status, StatusReason } from '../types.js';
import type { AdmissionRequest, AdmissionStore } from './types.js';
import type { ResourceInfo } from '../resources.js';
import { matchesLabelSelector, type LabelSelector } from '../selectors.js';
import { goQuote } from '../../go-quote.js';
import { internalError } from '../errors.js';
import { jsonPatch } from '../patch.js';
import { applyDefaults } from '../defaults.js';

type Obj = Record<string, any>;

/** Which of the two plugins runs: mutating in the mutating phase, validating in the validating one. */
export type WebhookPhase = 'mutating' | 'validating';

/** The configuration resource each phase reads. */
const CONFIGURATIONS: Readonly<Record<WebhookPhase, string>> = { mutating: 'mutatingwebhookconfigurations', validating: 'validatingwebhookconfigurations' };

/** The plugin names --disable-admission-plugins takes. */
export const WEBHOOK_PLUGIN_NAMES: Readonly<Record<WebhookPhase, string>> = { mutating: 'MutatingAdmissionWebhook', validating: 'ValidatingAdmissionWebhook' };

/**
 * Resources never sent to webhooks (webhook/predicates IsExemptAdmissionConfigurationResource):
 * otherwise a broken webhook could lock its own configuration in place.
 */
const EXEMPT = new Set(['mutatingwebhookconfigurations', 'validatingwebhookconfigurations', 'validatingadmissionpolicies', 'validatingadmissionpolicybindings']);

/** What came back from a POST to a webhook: its answer, a failed connection, or nothing before the deadline. */
export type WebhookReply =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'failed'; failure: 'refused' | 'timeout' | 'unreachable' }
  | { kind: 'silent' };

/** Where the dispatchers' klog lines go: severity, `file:line` of k8s.io/apiserver v0.32.4, message. */
export type WebhookLog = (severity: 'W' | 'E', source: string, message: string) => void;

/** The dispatchers' log lines, by phase (pkg/admission/plugin/webhook/{mutating,validating}/dispatcher.go at v0.32.4). */
const LOG_LINES: Readonly<Record<WebhookPhase, { failingOpen: string; unhandled: string; failingClosed: string; rejected?: string }>> = {
  mutating: { failingOpen: 'dispatcher.go:210', unhandled: 'dispatcher.go:214', failingClosed: 'dispatcher.go:225' },
  validating: { failingOpen: 'dispatcher.go:205', unhandled: 'dispatcher.go:213', failingClosed: 'dispatcher.go:217', rejected: 'dispatcher.go:225' },
};

/** What the dispatchers need from the API server for one request. */
export interface WebhookCalls {
  /** The POST from a serving kube-apiserver's node. */
  readonly post: WebhookPost;
  /** A fresh AdmissionReview uid. */
  readonly reviewUid: () => string;
  readonly log?: WebhookLog;
  /** The request waited `ms` for webhooks that never answered (their timeoutSeconds): the client's wait. */
  readonly waited?: (ms: number) => void;
}

/** A POST of `body` to ip:port from the API server's node (the kube-apiserver process provides it while it serves). */
export type WebhookPost = (ip: string, port: number, request: { path: string; host: string; body: string }) => WebhookReply;

/**
 * Could a webhook of this phase be called for a request on `resource`: a rule
 * of some configuration names its group and the resource (or `*`)? Cheap, as
 * most requests of most clusters have no configuration to look at; the
 * operation, subresource and selectors are judged when the request is dispatched.
 */
export function hasWebhooks(store: AdmissionStore & { count(resource: string): number }, phase: WebhookPhase, resource: ResourceInfo): boolean {
  if (store.count(CONFIGURATIONS[phase]) === 0 || EXEMPT.has(resource.name)) return false;
  const names = (r: unknown) => typeof r === 'string' && (r === '*' || r.startsWith('*/') || r === resource.name || r.startsWith(`${resource.name}/`));
  return store
    .list(CONFIGURATIONS[phase], undefined)
    .some((config) => list((config as Obj).webhooks).some((hook) => list(hook.rules).some((rule) => (Array.isArray(rule.apiGroups) && (rule.apiGroups.includes('*') || rule.apiGroups.includes(resource.group))) && Array.isArray(rule.resources) && rule.resources.some(names))));
}

/**
 * Calls the webhooks of `phase` that match `req`; a Status rejects the
 * request. Validating webhooks are all called (upstream calls them in
 * parallel and returns the first error); mutating ones in order, stopping
 * at the first error.
 */
export function dispatchWebhooks(phase: WebhookPhase, req: AdmissionRequest, calls: WebhookCalls): Status | undefined {
  // Validating webhooks are called in parallel (the request waits for the slowest), mutating ones in turn.
  let waitedMs = 0;
  const waited = (ms: number) => {
    waitedMs = phase === 'validating' ? Math.max(waitedMs, ms) : waitedMs + ms;
  };
  try {
    return dispatch(phase, req, { ...calls, waited });
  } finally {
    if (waitedMs > 0) calls.waited?.(waitedMs);
  }
}

function dispatch(phase: WebhookPhase, req: AdmissionRequest, calls: WebhookCalls): Status | undefined {
  let first: Status | undefined;
  for (const config of req.store.list(CONFIGURATIONS[phase], undefined)) {
    for (const hook of list((config as Obj).webhooks)) {
      const matched = shouldCall(phase, hook, req);
      if (matched !== true) {
        if (matched === false) continue;
        return matched;
      }
      const error = callHook(phase, hook, req, calls);
      if (!error) continue;
      if (phase === 'mutating') return error;
      // Only the first error answers; the others are handled as errors nobody returns.
      if (first) calls.log?.('E', 'dispatcher.go:242', `"Unhandled Error" err=${JSON.stringify(error.message)} logger="UnhandledError"`);
      first ??= error;
    }
  }
  return first;
}

const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x) => x !== null && typeof x === 'object') : []);

/** ShouldCallHook: a rule matches, then the namespace and object selectors; a Status when the namespace cannot be read. */
function shouldCall(phase: WebhookPhase, hook: Obj, req: AdmissionRequest): boolean | Status {
  if (!list(hook.rules).some((rule) => ruleMatches(rule, req))) return false;
  const ns = namespaceSelected(hook.namespaceSelector as LabelSelector | undefined, req);
  if (ns !== true) return ns;
  return objectSelected(hook.objectSelector as LabelSelector | undefined, req, phase);
}

/** The namespace an admission request names: a Namespace's own name for a request about a namespace. */
function requestNamespace(req: AdmissionRequest): string {
  return req.resource.name === 'namespaces' ? req.name : (req.namespace ?? '');
}

/** rules.Matcher: scope, operation, group, version and resource/subresource, each `*` or exact. */
function ruleMatches(rule: Obj, req: AdmissionRequest): boolean {
  const isNamespace = req.resource.name === 'namespaces';
  const ns = requestNamespace(req);
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced' && (isNamespace || ns === '')) return false;
  if (scope === 'Cluster' && !(isNamespace || ns === '')) return false;
  const has = (values: unknown, value: string) => Array.isArray(values) && (values.includes('*') || values.includes(value));
  if (!has(rule.operations, req.operation) || !has(rule.apiGroups, req.resource.group) || !has(rule.apiVersions, req.resource.version)) return false;
  const sub = req.subresource ?? '';
  return (Array.isArray(rule.resources) ? rule.resources : []).some((r: unknown) => {
    if (typeof r !== 'string') return false;
    const slash = r.indexOf('/');
    const res = slash < 0 ? r : r.slice(0, slash);
    const rsub = slash < 0 ? '' : r.slice(slash + 1);
    return (res === '*' || res === req.resource.name) && (rsub === '*' || rsub === sub);
  });
}

const isEmptySelector = (s: LabelSelector | undefined): boolean => !s || (Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0);

/**
 * namespace.Matcher.MatchNamespaceSelector: a cluster-scoped object that is no
 * Namespace is never exempted; a Namespace is judged by its own labels; any
 * other object by its namespace's (404 when that namespace does not exist).
 */
function namespaceSelected(selector: LabelSelector | undefined, req: AdmissionRequest): true | false | Status {
  const ns = requestNamespace(req);
  if (ns === '' || isEmptySelector(selector)) return true;
  let labels: Record<string, string> | undefined;
  if (req.resource.name === 'namespaces') labels = (req.object ?? req.oldObject)?.metadata?.labels;
  else {
    const namespace = req.store.get('namespaces', undefined, ns);
    if (!namespace) return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `namespaces "${ns}" not found`, reason: 'NotFound', details: { name: ns, kind: 'namespaces' }, code: 404 };
    labels = namespace.metadata.labels;
  }
  return matchesLabelSelector(selector, labels);
}

/**
 * object.Matcher.MatchObjectSelector: the new object's labels or the old one's.
 * A delete's mutating admission has neither (handlers/delete.go passes nil objects),
 * so only an empty selector matches it.
 */
function objectSelected(selector: LabelSelector | undefined, req: AdmissionRequest, phase: WebhookPhase): boolean {
  if (isEmptySelector(selector)) return true;
  if (req.operation === 'DELETE' && phase === 'mutating') return false;
  return matchesLabelSelector(selector, req.object?.metadata?.labels) || (req.oldObject !== undefined && matchesLabelSelector(selector, req.oldObject.metadata?.labels));
}

/** callHook: the POST, then the answer (a mutating webhook's patch applied); a Status when the request must fail. */
function callHook(phase: WebhookPhase, hook: Obj, req: AdmissionRequest, calls: WebhookCalls): Status | undefined {
  const name = String(hook.name ?? '');
  const lines = LOG_LINES[phase];
  const log = calls.log;
  const called = call(phase, hook, req, calls);
  if (called.kind === 'allowed') return called.patch === undefined ? undefined : applyPatch(name, req, called.patch);
  if (called.kind === 'denied') {
    if (lines.rejected) log?.('W', lines.rejected, `rejected by webhook ${goQuote(name)}: ${goStatusErrorSyntax(called.status)}`);
    return called.status;
  }
  // ErrCallingWebhook: failing open (Ignore) admits the request; failing closed is a 500.
  const callError = `failed calling webhook ${goQuote(name)}: ${called.reason}`;
  if (hook.failurePolicy === 'Ignore') {
    log?.('W', lines.failingOpen, `Failed calling webhook, failing open ${name}: ${callError}`);
    log?.('E', lines.unhandled, `"Unhandled Error" err=${JSON.stringify(callError)} logger="UnhandledError"`);
    return undefined;
  }
  log?.('W', lines.failingClosed, `Failed calling webhook, failing closed ${name}: ${callError}`);
  return internalError(`Internal error occurred: ${callError}`);
}

/** A StatusError as Go's %#v prints it (the dispatcher logs a rejection so). */
function goStatusErrorSyntax(status: Status): string {
  const q = (v: string) => goQuote(v);
  return (
    `&errors.StatusError{ErrStatus:v1.Status{TypeMeta:v1.TypeMeta{Kind:"", APIVersion:""}, ListMeta:v1.ListMeta{SelfLink:"", ResourceVersion:"", Continue:"", RemainingItemCount:(*int64)(nil)}, ` +
    `Status:${q(status.status)}, Message:${q(status.message)}, Reason:${q(status.reason)}, Details:(*v1.StatusDetails)(nil), Code:${status.code}}}`
  );
}

/**
 * callAttrMutatingHook with a JSONPatch: applied to the object as it stands
 * (earlier webhooks' changes included), then defaulted again. A patch that
 * does not apply is an InternalError whatever the failurePolicy.
 */
function applyPatch(webhook: string, req: AdmissionRequest, patchBase64: string): Status | undefined {
  const text = Buffer.from(patchBase64, 'base64').toString('utf8');
  let ops: unknown;
  try {
    ops = JSON.parse(text);
  } catch {
    return internalError(`Internal error occurred: ${goJsonSyntaxError(text)}`);
  }
  if (Array.isArray(ops) && ops.length === 0) return undefined;
  if (req.operation === 'DELETE') return internalError(`Internal error occurred: admission webhook ${goQuote(webhook)} attempted to modify the object, which is not supported for this operation`);
  const patched = jsonPatch(req.object, ops);
  if (!patched.ok) return internalError(`Internal error occurred: ${patched.error}`);
  replaceInPlace(req.object as unknown as Obj, patched.value as Obj);
  applyDefaults(req.object);
  return undefined;
}

/** The request's object becomes `next`, keeping its own metadata object (the API server holds both). */
function replaceInPlace(object: Obj, next: Obj): void {
  for (const key of Object.keys(object)) if (!Object.hasOwn(next, key)) delete object[key];
  for (const [key, value] of Object.entries(next)) {
    if (key === 'metadata' && object.metadata !== null && typeof object.metadata === 'object' && value !== null && typeof value === 'object') replaceInPlace(object.metadata as Obj, value as Obj);
    else object[key] = value;
  }
}

type CallResult = { kind: 'allowed'; patch?: string } | { kind: 'denied'; status: Status } | { kind: 'error'; reason: string };

function call(phase: WebhookPhase, hook: Obj, req: AdmissionRequest, calls: WebhookCalls): CallResult {
  const cc: Obj = hook.clientConfig ?? {};
  const timeout = `${hook.timeoutSeconds ?? 10}s`;
  const target = resolve(cc, req.store);
  const url = `${target.url}${target.url.includes('?') ? '&' : '?'}timeout=${timeout}`;
  const failed = (why: string): CallResult => ({ kind: 'error', reason: `failed to call webhook: Post ${goQuote(url)}: ${why}` });
  if ('error' in target) return failed(target.error);
  const uid = calls.reviewUid();
  const body = JSON.stringify(admissionReview(uid, req, phase));
  const reply = calls.post(target.ip, target.port, { path: `${target.path}?timeout=${timeout}`, host: target.host, body });
  if (reply.kind === 'failed' && reply.failure !== 'timeout') return failed(`dial tcp ${target.ip}:${target.port}: connect: ${reply.failure === 'refused' ? 'connection refused' : 'no route to host'}`);
  // The webhook's own deadline (timeoutSeconds) passed with no answer.
  if (reply.kind !== 'answered') {
    calls.waited?.(Number(hook.timeoutSeconds ?? 10) * 1000);
    return failed('context deadline exceeded');
  }
  if (reply.status < 200 || reply.status > 299) return { kind: 'error', reason: `failed to call webhook: ${unexpectedStatus(reply.status, reply.body)}` };
  let review: Obj;
  try {
    review = JSON.parse(reply.body) as Obj;
  } catch {
    return { kind: 'error', reason: `failed to call webhook: couldn't get version/kind; json parse error: ${goJsonSyntaxError(reply.body)}` };
  }
  const verified = verifyResponse(uid, phase === 'mutating', review);
  if (typeof verified === 'string') return { kind: 'error', reason: `received invalid webhook response: ${verified}` };
  if (verified.allowed !== true) return { kind: 'denied', status: rejection(String(hook.name ?? ''), verified.status as Obj | undefined) };
  if (typeof verified.patch === 'string' && verified.patch !== '') {
    if (verified.patchType !== 'JSONPatch') return { kind: 'error', reason: `unsupported patch type ${goQuote(String(verified.patchType))}` };
    return { kind: 'allowed', patch: verified.patch };
  }
  return { kind: 'allowed' };
}

/** webhookrequest.VerifyAdmissionResponse for an admission.k8s.io/v1 review: the response, or why it is refused. */
function verifyResponse(uid: string, mutating: boolean, review: Obj): Obj | string {
  const response = review?.response as Obj | undefined;
  if (!response || typeof response !== 'object') return 'webhook response was absent';
  if (response.uid !== uid) return `expected response.uid=${goQuote(uid)}, got ${goQuote(String(response.uid ?? ''))}`;
  const [group, version] = typeof review.apiVersion === 'string' && review.apiVersion.includes('/') ? review.apiVersion.split('/') : ['', String(review.apiVersion ?? '')];
  if (review.apiVersion !== 'admission.k8s.io/v1' || review.kind !== 'AdmissionReview') return `expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${group}/${version}, Kind=${review.kind ?? ''}`;
  const hasPatch = typeof response.patch === 'string' && response.patch !== '';
  const patchType = typeof response.patchType === 'string' ? response.patchType : '';
  if (mutating && hasPatch && (response.patchType === undefined || response.patchType === null)) return 'webhook returned response.patch but not response.patchType';
  if (mutating && !hasPatch && patchType !== '') return 'webhook returned response.patchType but not response.patch';
  if (mutating && hasPatch && response.patchType === '') return 'webhook returned invalid response.patchType of ""';
  if (!mutating && hasPatch) return 'validating webhook may not return response.patch';
  if (!mutating && response.patchType !== undefined && response.patchType !== null) return 'validating webhook may not return response.patchType';
  return response;
}

/** Where a webhook is reached: ResolveCluster for a service reference, the address itself for a url. */
function resolve(cc: Obj, store: AdmissionStore): { url: string; ip: string; port: number; path: string; host: string } | { url: string; error: string } {
  if (cc.service) {
    const s: Obj = cc.service;
    const port = Number(s.port ?? 443);
    const host = `${s.name}.${s.namespace}.svc`;
    const path = typeof s.path === 'string' && s.path !== '' ? s.path : '/';
    const url = `https://${host}:${port}${path}`;
    const svc = store.get('services', s.namespace, s.name) as Obj | undefined;
    if (!svc) return { url, error: `service ${goQuote(String(s.name))} not found` };
    const spec: Obj = svc.spec ?? {};
    if (spec.type === 'ExternalName') return { url, error: `dial tcp: lookup ${spec.externalName}: no such host` };
    if (spec.clusterIP === 'None') return { url, error: 'cannot route to service with ClusterIP "None"' };
    if (!list(spec.ports).some((p) => p.port === port)) return { url, error: `no service port ${port} found for service ${goQuote(String(s.name))}` };
    return { url, ip: String(spec.clusterIP), port, path, host: `${host}:${port}` };
  }
  const url = String(cc.url ?? '');
  const m = /^https:\/\/(\d+\.\d+\.\d+\.\d+)(?::(\d+))?(\/[^?#]*)?/.exec(url);
  if (!m) return { url, error: `dial tcp: lookup ${hostOf(url)}: no such host` };
  const port = m[2] ? Number(m[2]) : 443;
  return { url, ip: m[1], port, path: m[3] ?? '/', host: m[2] ? `${m[1]}:${m[2]}` : m[1] };
}

function hostOf(url: string): string {
  const rest = url.replace(/^[a-z]+:\/\//, '');
  return rest.split(/[/:?#]/)[0];
}

/** The AdmissionReview (admission.k8s.io/v1) the API server sends. */
function admissionReview(uid: string, req: AdmissionRequest, phase: WebhookPhase): Obj {
  const [group, version] = [req.resource.group, req.resource.version];
  return {
    kind: 'AdmissionReview',
    apiVersion: 'admission.k8s.io/v1',
    request: {
      uid,
      kind: { group, version, kind: req.resource.kind },
      resource: { group, version, resource: req.resource.name },
      ...(req.subresource ? { subResource: req.subresource } : {}),
      requestKind: { group, version, kind: req.resource.kind },
      requestResource: { group, version, resource: req.resource.name },
      name: req.name,
      ...(req.namespace ? { namespace: req.namespace } : {}),
      operation: req.operation,
      userInfo: { username: req.user.name, groups: req.user.groups },
      // A delete has no new object; its validating admission sees the object being deleted as oldObject, its mutating none.
      object: req.operation === 'DELETE' ? null : req.object,
      oldObject: req.operation === 'DELETE' && phase === 'mutating' ? null : (req.oldObject ?? null),
      dryRun: false,
    },
  };
}

/** webhookerrors.ToStatusErr: the webhook's status, at least 400, its message behind who denied it. */
function rejection(webhook: string, result: Obj | undefined): Status {
  const deniedBy = `admission webhook ${goQuote(webhook)} denied the request`;
  const code = typeof result?.code === 'number' && result.code >= 400 ? result.code : 400;
  const message = typeof result?.message === 'string' && result.message !== '' ? `${deniedBy}: ${result.message}` : typeof result?.reason === 'string' && result.reason !== '' ? `${deniedBy}: ${result.reason}` : `${deniedBy} without explanation`;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: (typeof result?.reason === 'string' ? result.reason : '') as StatusReason, code };
}

/**
 * client-go's error for an answer outside 2xx whose body is no Status
 * (rest.Request.newUnstructuredResponseError, apierrors.NewGenericServerResponse).
 */
function unexpectedStatus(code: number, body: string): string {
  switch (code) {
    case 404:
      return 'the server could not find the requested resource';
    case 500:
      return `an error on the server (${goQuote(body.slice(0, 2048).trim())}) has prevented the request from succeeding`;
    case 503:
      return 'the server is currently unable to handle the request';
    default:
      return `the server responded with the status code ${code} but did not return more information`;
  }
}

/** encoding/json's SyntaxError for a body that does not start a JSON value (the usual case: an HTML or text page). */
function goJsonSyntaxError(body: string): string {
  const first = body.trimStart()[0];
  if (first === undefined) return 'unexpected end of JSON input';
  return `invalid character ${goQuote(first).replace(/^"|"$/g, "'")} looking for beginning of value`;
}
