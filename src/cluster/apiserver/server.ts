/**
 * The simulated kube-apiserver. Every request goes through the real
 * pipeline order: authentication → authorization → (defaulting) → mutating
 * admission → validation → validating admission → store. Components,
 * kubectl and tests all talk to the cluster only through clients of this
 * server.
 */
import type { EventQueue } from '../clock/event-queue.js';
import type { Random } from '../clock/random.js';
import type { Store } from '../store/store.js';
import type { ApiClient, ApiResult, WriteOptions, DeleteOptions, ExecOutput, KubeletEndpoint, PodExecOptions, KubeList, KubeObject, ListOptions, PatchType, PodLogOptions, Status, WatchEvent, WatchHandle } from './types.js';
import { apiVersionOf, resolveResource, type ResourceInfo } from './resources.js';
import { authenticate, authenticationFailure, type Credential, type UserInfo } from './authn.js';
import { klogKV, klogLine } from '../host/journal.js';
import { authorize } from './authz.js';
import { KUBEADM_SERVING_OPTIONS, type ServingOptions } from './serving-options.js';
import { ETCD_ERROR_CODES, ETCD_ERRORS, REQUEST_TIMEOUT_NS } from '../etcd/member.js';
import { decodeWrite } from './field-validation.js';
import { alreadyExists, methodNotAllowed, storageError, badRequest, conflict, failure, forbidden, gone, proxyError, invalid, notFound, notServed, rejectedRequest, unauthorized, unstructuredServerError } from './errors.js';
import { healthAnswer, type HealthAnswer } from './health.js';
import { componentStatus, type ComponentProbe } from './component-status.js';
import { applyDefaults, hasDefaults } from './defaults.js';
import { goJsonType, jsonPatch, MAX_BODY_DEPTH, mergePatch, nestsDeeperThan } from './patch.js';
import { strategicMergePatch, StrategicPatchError } from './strategic-patch.js';
import { impersonate } from './impersonation.js';
import { selfSubjectAccessReview, selfSubjectReview } from './reviews.js';
import { exactFieldValue, fieldValue, parseFieldSelector, parseLabelSelector, type ObjectMatcher } from './selectors.js';
import { copyJson, copyJsonWithRoomFor, isPlainJsonObject, jsonEqual, TOO_DEEP } from '../json.js';
import { isoSeconds } from '../clock/time-text.js';
import { flatConcat } from '../flat-string.js';
import { copyWithRoomFor, spreadWith } from '../shallow-copy.js';
import { validateObject } from './validation.js';
import type { AdmissionPlugin, AdmissionRequest } from './admission/types.js';
import { defaultAdmissionPlugins } from './admission/index.js';
import { dispatchWebhooks, hasWebhooks, WEBHOOK_PLUGIN_NAMES, type WebhookCalls, type WebhookPhase, type WebhookPost } from './admission/webhooks.js';
import { ServiceAllocators } from './allocators.js';
import { LeaseManager } from '../store/lease-manager.js';
import { qosClass } from './qos.js';
import { FrozenPart } from './frozen-parts.js';
import { withEphemeralContainers } from './ephemeral-containers.js';
import { leaseMetadata, leaseSpec, leaseWith } from '../lease-copy.js';

/** --event-ttl (1h), in seconds as the registry's TTLFunc gives it. */
const EVENT_TTL_SECONDS = 60 * 60;

/** Resources whose `.status` is only written through the status subresource. */
const STATUS_SUBRESOURCE = new Set(['pods', 'nodes', 'deployments', 'replicasets', 'statefulsets', 'daemonsets', 'services', 'namespaces', 'resourcequotas', 'certificatesigningrequests', 'persistentvolumeclaims', 'persistentvolumes']);

/**
 * Status subresources whose strategy takes the request's annotations (the
 * legacy strategies reset only spec and labels: pkg/registry/apps/deployment
 * strategy.go deploymentStatusStrategy.PrepareForUpdate). The deployment
 * controller relies on it to stamp `deployment.kubernetes.io/revision` in the
 * same UpdateStatus as its conditions.
 */
const STATUS_KEEPS_ANNOTATIONS = new Set(['deployments']);

/** Resources whose spec changes bump metadata.generation. */
const GENERATION_TRACKED = new Set(['deployments', 'replicasets', 'statefulsets', 'daemonsets']);
/** The metadata keys a create sets (with the store's resourceVersion). */
const CREATE_KEYS = ['name', 'uid', 'creationTimestamp', 'resourceVersion'];
const NAMESPACED_CREATE_KEYS = ['namespace', ...CREATE_KEYS];

/**
 * How deep a patched object may nest: patches nest deeper than a body may, but
 * a bound keeps every stored object within what the recursive helpers handle.
 */
const MAX_PATCHED_DEPTH = 3 * MAX_BODY_DEPTH;

/** The field the watch cache indexes pod watches by (pkg/registry/core/pod/storage: NodeNameTriggerFunc). */
const POD_TRIGGER_FIELD = 'spec.nodeName';

/** Dependencies of the API server. */
export interface ApiServerOptions {
  store: Store;
  queue: EventQueue;
  random: Random;
  /** Version info served at /version. */
  version: { gitVersion: string; major: string; minor: string };
}

/** The simulated kube-apiserver. */
export class ApiServer {
  private readonly tokens = new Map<string, UserInfo>();
  private admission: AdmissionPlugin[] = defaultAdmissionPlugins();
  /** The chain's plugins per resource and operation ({@link admissionChain}); emptied when the chain changes. */
  private readonly admissionChains = new Map<string, Map<string, AdmissionChain>>();
  private serving: ServingOptions = KUBEADM_SERVING_OPTIONS;
  /**
   * The storage client's health probe (etcd3ProberMonitor.Probe, a GET of
   * /registry/health with --etcd-healthcheck-timeout): undefined while etcd
   * answers, else the error. Set by the kube-apiserver process while it runs
   * (it dials its --etcd-servers); without one, storage counts as healthy.
   */
  storageProbe: (() => string | undefined) | undefined;
  /**
   * How admission webhooks are called: a POST from a serving kube-apiserver's
   * node through the cluster network, one per running process (the newest
   * serves; an HA control plane keeps calling while any of them runs).
   */
  private readonly webhookPosts: WebhookPost[] = [];

  /** A kube-apiserver process starts serving: webhooks are called from its node. Returns what it calls as it stops. */
  addWebhookTransport(post: WebhookPost): () => void {
    this.webhookPosts.push(post);
    return () => {
      const i = this.webhookPosts.lastIndexOf(post);
      if (i >= 0) this.webhookPosts.splice(i, 1);
    };
  }
  /**
   * Simulated time requests have spent waiting on webhooks that never answered and on etcd
   * proposals that timed out, in all; a client
   * reads it before and after its own requests (CredentialClient.waitedMs): nothing is served
   * concurrently, so the difference is its own wait.
   */
  waitedMs = 0;
  /** What the webhook dispatchers use: the serving transport, review uids, the API server's log, the wait. */
  private readonly webhookCalls: WebhookCalls = {
    // With no API server serving, nothing reaches the webhook's address.
    post: (ip, port, request) => this.webhookPosts.at(-1)?.(ip, port, request) ?? { kind: 'failed', failure: 'unreachable' },
    // A counter, so calling webhooks draws nothing from the seeded source.
    reviewUid: () => `00000000-0000-4000-8000-${(++this.reviews).toString(16).padStart(12, '0')}`,
    log: (severity, source, message) => this.log?.(klogLine(severity, this.options.queue.now(), 1, source, message)),
    waited: (ms) => {
      this.waitedMs += ms;
    },
  };
  /** AdmissionReview uids handed out (webhookCalls.reviewUid). */
  private reviews = 0;
  /** The components `componentstatuses` probes (set by the kube-apiserver process: it probes from its node). */
  componentProbes: readonly ComponentProbe[] = [];
  private readonly allocators: ServiceAllocators;
  private readonly leaseManager: LeaseManager;
  /** The frozen involvedObject and source of event bodies, kept as they are (frozen-parts.ts). */
  private readonly involvedObjects = new FrozenPart('involvedObject');
  private readonly eventSources = new FrozenPart('source');

  constructor(private readonly options: ApiServerOptions) {
    this.allocators = new ServiceAllocators(options.random);
    this.leaseManager = new LeaseManager(options.store, () => options.queue.now());
    options.store.indexBy('pods', (pod) => fieldValue(pod, POD_TRIGGER_FIELD));
  }

  /** The authorizers and admission plugins its process's flags chose (kube-apiserver sets them as it starts). */
  configure(options: ServingOptions): void {
    this.serving = options;
    this.admission = defaultAdmissionPlugins().filter((p) => !options.disabledAdmissionPlugins.has(p.name));
    this.admissionChains.clear();
  }

  /** Registers a bearer token (service account tokens, static tokens). */
  addToken(token: string, user: UserInfo): void {
    this.tokens.set(token, user);
  }

  private readonly kubelets = new Map<string, { ip: string; endpoint: KubeletEndpoint }>();

  /** Registers the kubelet server of a node (for logs and exec, proxied by the API server). */
  registerKubelet(nodeName: string, ip: string, endpoint: KubeletEndpoint): void {
    this.kubelets.set(nodeName, { ip, endpoint });
  }

  /** GET pods/log: resolves the container, then proxies to the node's kubelet. */
  podLogs(credential: Credential, namespace: string, name: string, options: PodLogOptions = {}): ApiResult<string> {
    const b = this.begin(credential, 'get', 'pods', namespace, name, 'log');
    if (!b.ok) return failure(b.status);
    const target = this.podContainer(b.info, namespace, name, options.container);
    if (!target.ok) return target;
    const { pod, spec, container } = target.value;
    if (!spec.nodeName) return { ok: true, value: '' };
    const kubelet = this.kubelets.get(spec.nodeName);
    if (!kubelet || !kubelet.endpoint.serving()) {
      const ip = kubelet?.ip ?? spec.nodeName;
      return failure(proxyError(`Get "https://${ip}:10250/containerLogs/${namespace}/${name}/${container}": dial tcp ${ip}:10250: connect: connection refused`));
    }
    return kubelet.endpoint.containerLogs(pod, container, options);
  }

  /** POST pods/exec (the `create` verb on pods/exec): resolves the container, then proxies to the node's kubelet. */
  podExec(credential: Credential, namespace: string, name: string, options: PodExecOptions): ApiResult<ExecOutput> {
    const b = this.begin(credential, 'create', 'pods', namespace, name, 'exec');
    if (!b.ok) return failure(b.status);
    const target = this.podContainer(b.info, namespace, name, options.container);
    if (!target.ok) return target;
    const { pod, spec, container } = target.value;
    const kubelet = spec.nodeName ? this.kubelets.get(spec.nodeName) : undefined;
    if (!spec.nodeName || !kubelet?.endpoint.exec) return failure(badRequest(`pod ${name} does not have a host assigned`));
    if (!kubelet.endpoint.serving()) return failure(proxyError(`error dialing backend: dial tcp ${kubelet.ip}:10250: connect: connection refused`));
    return kubelet.endpoint.exec(pod, container, { ...options, container });
  }

  /**
   * The pod and container a logs or exec request names (strategy.go LogLocation and streamLocation):
   * without a container, the pod's only one; a named one may be of any kind (podHasContainerWithName
   * visits init and ephemeral containers too, so a debugging container takes logs and exec).
   */
  private podContainer(info: ResourceInfo, namespace: string, name: string, named: string | undefined): ApiResult<{ pod: KubeObject; spec: PodContainers; container: string }> {
    const pod = this.options.store.get('pods', namespace, name);
    if (!pod) return failure(notFound(info, name));
    const spec = pod.spec as PodContainers;
    const names = spec.containers.map((c) => c.name);
    if (!named) {
      if (names.length !== 1) return failure(badRequest(`a container name must be specified for pod ${name}, choose one of: [${names.join(' ')}]`));
      return { ok: true, value: { pod, spec, container: names[0] } };
    }
    if (![...names, ...(spec.initContainers ?? []).map((c) => c.name), ...(spec.ephemeralContainers ?? []).map((c) => c.name)].includes(named)) {
      return failure(badRequest(`container ${named} is not valid for pod ${name}`));
    }
    return { ok: true, value: { pod, spec, container: named } };
  }

  /** A client that presents `credential` on every request. */
  client(credential: Credential): ApiClient {
    return new CredentialClient(this, credential);
  }

  /** Set while an update or patch with dryRun=All is served (requests are served one at a time). */
  private dryRunning = false;

  /** Serves `request` as a dry run: commit() answers without storing. */
  private asDryRun<T>(request: () => T): T {
    this.dryRunning = true;
    try {
      return request();
    } finally {
      this.dryRunning = false;
    }
  }

  /** Where the API server's own log lines go (its static pod's container log); set by the cluster. */
  log: ((line: string) => void) | undefined;

  /** @internal Authenticates; undefined = 401 (and the API server logs why, as authentication.go does). */
  authn(credential: Credential): UserInfo | undefined {
    const now = this.options.queue.now();
    const user = authenticate(credential, now, this.tokens);
    if (!user && this.log) {
      const why = authenticationFailure(credential, now, this.tokens);
      if (why) this.log(klogLine('E', now, 1, 'authentication.go:74', klogKV('Unable to authenticate the request', { err: `[${why}]` })));
    }
    return user;
  }

  /**
   * @internal Who the request is served as: the authenticated user (401
   * when none), or whom it impersonates (403 when it may not).
   */
  identify(credential: Credential): { ok: true; user: UserInfo } | { ok: false; status: Status } {
    const user = this.authn(credential);
    if (!user) return { ok: false, status: unauthorized() };
    if (credential.type !== 'impersonating') return { ok: true, user };
    return impersonate(this.options.store, user, credential, this.serving.authorizationModes);
  }

  /** @internal Runs authn + authz and resolves the resource. */
  begin(credential: Credential, verb: string, resource: string, namespace: string | undefined, name?: string, subresource?: string): { ok: true; user: UserInfo; info: ResourceInfo; ns: string | undefined } | { ok: false; status: Status } {
    const who = this.identify(credential);
    if (!who.ok) return who;
    const user = who.user;
    const info = resolveResource(resource);
    if (!info) return { ok: false, status: notServed() };
    const ns = info.namespaced ? namespace : undefined;
    if (!authorize(this.options.store, user, verb, info, ns, name, subresource, this.serving.authorizationModes)) return { ok: false, status: forbidden(user.name, verb, info, ns, name, subresource) };
    // After authorization, as the handler chain has it: only the verbs a resource serves have routes.
    if (!subresource && !info.verbs.includes(verb)) return { ok: false, status: methodNotAllowed() };
    return { ok: true, user, info, ns };
  }

  get(credential: Credential, resource: string, namespace: string | undefined, name: string): ApiResult<KubeObject> {
    const b = this.begin(credential, 'get', resource, namespace, name);
    if (!b.ok) return failure(b.status);
    if (b.info.name === 'componentstatuses') {
      // rest.go Get: the named component's probe, NotFound for a name it does not validate.
      const probe = this.componentProbes.find((p) => p.name === name);
      return probe ? { ok: true, value: componentStatus(probe.name, probe.check()) } : failure(notFound(b.info, name));
    }
    const obj = this.options.store.get(b.info.name, b.ns, name);
    return obj ? { ok: true, value: obj } : failure(notFound(b.info, name));
  }

  list(credential: Credential, resource: string, namespace: string | undefined, options: ListOptions = {}): ApiResult<KubeList> {
    const b = this.begin(credential, 'list', resource, namespace);
    if (!b.ok) return failure(b.status);
    const matcher = this.matcher(b.info, options);
    if (!matcher.ok) return failure(badRequest(matcher.error));
    if (b.info.name === 'componentstatuses') {
      const statuses = this.componentProbes.map((p) => componentStatus(p.name, p.check())).filter(matcher.match);
      return { ok: true, value: { apiVersion: 'v1', kind: 'ComponentStatusList', metadata: {} as KubeList['metadata'], items: statuses } };
    }
    const items = this.options.store.list(b.info.name, b.ns, this.trigger(b.info, options)).filter(matcher.match);
    return { ok: true, value: { apiVersion: apiVersionOf(b.info), kind: `${b.info.kind}List`, metadata: { resourceVersion: String(this.options.store.currentRevision()) }, items } };
  }

  create(credential: Credential, resource: string, namespace: string | undefined, requestBody: KubeObject, options?: WriteOptions): ApiResult<KubeObject> {
    // A create request (POST to the collection) carries no name in its attributes, so RBAC
    // resourceNames cannot match it and the 403 reads `pods is forbidden: ...`.
    const b = this.begin(credential, 'create', resource, namespace);
    if (!b.ok) return failure(b.status);
    if (b.info.name === 'bindings') return this.bind(b.user, b.ns, requestBody);
    if (b.info.name === 'selfsubjectaccessreviews') return { ok: true, value: selfSubjectAccessReview(this.options.store, b.user, requestBody, this.serving.authorizationModes) };
    if (b.info.name === 'selfsubjectreviews') return { ok: true, value: selfSubjectReview(b.user) };
    const decoded = decodeWrite(b.user, requestBody, options?.fieldValidation);
    if (!decoded.ok) return failure(decoded.status);
    const body = decoded.body;
    // The one copy of the request body (what decoding it would make); the store keeps it. Its base (one
    // shape for every create; a key holding undefined is copied as usual) holds back an event's frozen
    // involvedObject and source, shared as they are (frozen-parts.ts), and the metadata, copied next on
    // its own and sized for the keys set below and by the store (no property array once stored).
    const plain = isPlainJsonObject(body);
    const bodyMeta: unknown = plain ? body.metadata : undefined;
    const ownMeta = isPlainJsonObject(bodyMeta);
    const event = plain && b.info.kind === 'Event';
    const base = plain ? { metadata: ownMeta ? bodyMeta : undefined, involvedObject: event ? this.involvedObjects.of(body) : undefined, source: event ? this.eventSources.of(body) : undefined } : undefined;
    const room = b.info.namespaced ? NAMESPACED_CREATE_KEYS : CREATE_KEYS;
    const object = copyJson(body, MAX_BODY_DEPTH, base);
    if (object === TOO_DEEP) return failure(badRequest('exceeded max depth'));
    // One level down: the same depth bound as within the body.
    const metadata = ownMeta ? copyJsonWithRoomFor(bodyMeta, room, MAX_BODY_DEPTH - 1) : copyWithRoomFor(object.metadata ?? {}, room);
    if (metadata === TOO_DEEP) return failure(badRequest('exceeded max depth'));
    const store = this.options.store;
    object.apiVersion = apiVersionOf(b.info);
    object.kind = b.info.kind;
    object.metadata = metadata as KubeObject['metadata'];
    if (b.info.namespaced) {
      if (object.metadata.namespace && b.ns && object.metadata.namespace !== b.ns) return failure(badRequest('the namespace of the provided object does not match the namespace sent on the request'));
      object.metadata.namespace = b.ns ?? object.metadata.namespace ?? 'default';
    } else delete object.metadata.namespace;
    if (!object.metadata.name && object.metadata.generateName) object.metadata.name = flatConcat(object.metadata.generateName, this.options.random.kubeSuffix(5));
    if (!object.metadata.name) return failure(invalid(b.info.kind, '', [{ field: 'metadata.name', detail: 'Required value: name or generateName is required' }]));
    const name = object.metadata.name;
    if (store.get(b.info.name, object.metadata.namespace, name)) return failure(alreadyExists(b.info, name));
    applyDefaults(object);
    const rejected = this.runAdmission({ operation: 'CREATE', resource: b.info, namespace: object.metadata.namespace, name, object, user: b.user });
    if (rejected) return failure(rejected);
    const now = isoSeconds(this.options.queue.now());
    object.metadata.uid = this.options.random.uuid();
    object.metadata.creationTimestamp = now;
    if (GENERATION_TRACKED.has(b.info.name)) object.metadata.generation = 1;
    if (b.info.name === 'namespaces') {
      object.spec = { finalizers: ['kubernetes'], ...((object.spec as object) ?? {}) };
      object.status = { phase: 'Active' };
    }
    if (b.info.name === 'pods') object.status = { phase: 'Pending', qosClass: qosClass(object.spec as Record<string, any>) };
    // dryRun=All: validated and admitted, never stored; a Service's address is not taken either.
    if (options?.dryRun) return decoded.warnings ? { ok: true, value: object, warnings: decoded.warnings } : { ok: true, value: object };
    if (b.info.name === 'services') {
      const taken = this.allocators.allocate(object);
      if (taken) return failure(invalid('Service', name, [taken]));
    }
    const refused = this.storageRefusal(b.info.name, object);
    if (refused) return failure(refused);
    const stored = store.put(b.info.name, object, 'ADDED');
    if (b.info.name === 'events') this.expireEvent(stored);
    return decoded.warnings ? { ok: true, value: stored, warnings: decoded.warnings } : { ok: true, value: stored };
  }

  update(credential: Credential, resource: string, namespace: string | undefined, requestBody: KubeObject, subresource?: 'status' | 'ephemeralcontainers', options?: WriteOptions): ApiResult<KubeObject> {
    if (options?.dryRun && !this.dryRunning) return this.asDryRun(() => this.update(credential, resource, namespace, requestBody, subresource, options));
    const name = requestBody.metadata?.name ?? '';
    const b = this.begin(credential, 'update', resource, namespace, name, subresource);
    if (!b.ok) return failure(b.status);
    if (subresource === 'ephemeralcontainers' && b.info.name !== 'pods') return failure(notServed());
    const ns = b.info.namespaced ? (b.ns ?? requestBody.metadata?.namespace) : undefined;
    const old = this.options.store.get(b.info.name, ns, name);
    // A renewal's fast path skips admission: no plugin acts on it, unless a webhook configuration might.
    if (old !== undefined && subresource === undefined && b.info.name === 'leases' && !this.dryRunning && renewsOnly(requestBody, old) && !this.webhooksOn('mutating', b.info) && !this.webhooksOn('validating', b.info)) return this.renew(old, requestBody);
    const decoded = decodeWrite(b.user, requestBody, options?.fieldValidation);
    if (!decoded.ok) return failure(decoded.status);
    const body = decoded.body;
    // The one copy of the request body. A status update takes only .status and changes nothing
    // in it, so it may share what the client sent back unchanged from the stored object. An
    // update is defaulted and admitted in place: it shares only when its kind has no defaults
    // (UPDATE admission changes nothing) and gets its own top level and metadata, which write() sets.
    // (applyDefaults goes by the stored kind, which write() keeps.)
    const shares = subresource === 'status' || (old !== undefined && !hasDefaults(old.kind));
    let object = copyJson(body, MAX_BODY_DEPTH, shares ? old : undefined);
    if (object === TOO_DEEP) return failure(badRequest('exceeded max depth'));
    if (!old) return failure(notFound(b.info, name));
    if (subresource !== 'status') {
      if (object === old) object = { ...old };
      if (object.metadata === old.metadata) object.metadata = { ...old.metadata };
    }
    if (body.metadata.resourceVersion && body.metadata.resourceVersion !== old.metadata.resourceVersion) {
      return failure(conflict(b.info, name, 'the object has been modified; please apply your changes to the latest version and try again'));
    }
    if (subresource === 'ephemeralcontainers') {
      const r = withEphemeralContainers(old, object);
      return withWarnings(r.ok ? this.commit(b.info, old, r.object) : failure(r.status), decoded.warnings);
    }
    return withWarnings(this.write(b.user, b.info, old, object, subresource), decoded.warnings);
  }

  patch(credential: Credential, resource: string, namespace: string | undefined, name: string, type: PatchType, patchBody: unknown, subresource?: 'ephemeralcontainers' | 'status', options?: WriteOptions): ApiResult<KubeObject> {
    if (options?.dryRun && !this.dryRunning) return this.asDryRun(() => this.patch(credential, resource, namespace, name, type, patchBody, subresource, options));
    const b = this.begin(credential, 'patch', resource, namespace, name, subresource);
    if (!b.ok) return failure(b.status);
    // Only pods serve the ephemeralcontainers subresource: elsewhere the path is not found (404, no details).
    if (subresource === 'ephemeralcontainers' && b.info.name !== 'pods') return failure(notServed());
    if (subresource === 'status' && !STATUS_SUBRESOURCE.has(b.info.name)) return failure(notServed());
    const old = this.options.store.get(b.info.name, b.ns, name);
    if (!old) return failure(notFound(b.info, name));
    if (nestsDeeperThan(patchBody, MAX_BODY_DEPTH)) return failure(badRequest('exceeded max depth'));
    let patched: unknown;
    if (type === 'json') {
      // patch.go applyJSPatch: a patch that does not decode is a 400; one that does not apply is
      // NewGenericServerResponse(422), whose message drops jsonpatch's reason.
      const r = jsonPatch(old, patchBody);
      if (!r.ok) return failure(r.error.startsWith('json: ') ? badRequest(r.error) : rejectedRequest());
      patched = r.value;
    } else if (patchBody === null) {
      // A strategic patch body `null` decodes to an empty map; jsonpatch.MergePatch calls it ErrBadJSONPatch.
      if (type === 'merge') return failure(badRequest('Invalid JSON Patch'));
      patched = old;
    } else if (typeof patchBody !== 'object' || Array.isArray(patchBody)) {
      const why = `json: cannot unmarshal ${goJsonType(patchBody)} into Go value of type map[string]interface {}`;
      return failure(badRequest(type === 'merge' ? `error decoding patch: ${why}` : why));
    } else if (type === 'merge') patched = mergePatch(old, patchBody);
    else {
      try {
        patched = strategicMergePatch(old, patchBody);
      } catch (e) {
        if (!(e instanceof StrategicPatchError)) throw e;
        // interpretStrategicMergePatchError: malformed directives are a 400; the rest reach the handler as plain errors (500).
        return failure(e.badRequest ? badRequest(e.message) : storageError(e.message));
      }
    }
    // A patch that replaced the whole document with a non-object decodes to an empty object.
    // Merge patches share untouched subtrees with the stored object: the request's own copy.
    const isDocument = patched !== null && typeof patched === 'object' && !Array.isArray(patched);
    const copied = isDocument ? copyJson(patched, MAX_PATCHED_DEPTH) : {};
    if (copied === TOO_DEEP) return failure(badRequest('exceeded max depth'));
    const decoded = decodeWrite(b.user, copied as KubeObject, options?.fieldValidation, { type, body: patchBody });
    if (!decoded.ok) return failure(decoded.status);
    const object = decoded.body;
    // handlers/rest.go checkName: the patched object must still carry the name (and namespace) of the URL.
    const meta = object.metadata as unknown;
    const objName: unknown = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).name : undefined;
    if (typeof objName !== 'string' || objName === '') return failure(badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`));
    if (objName !== name) return failure(badRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`));
    const objNs = object.metadata.namespace;
    if (b.ns && typeof objNs === 'string' && objNs !== '' && objNs !== b.ns) {
      return failure(badRequest(`the namespace of the object (${objNs}) does not match the namespace on the request (${b.ns})`));
    }
    object.metadata.resourceVersion = old.metadata.resourceVersion;
    if (subresource === 'ephemeralcontainers') {
      const r = withEphemeralContainers(old, object);
      return withWarnings(r.ok ? this.commit(b.info, old, r.object) : failure(r.status), decoded.warnings);
    }
    if (subresource === 'status') {
      // The status strategies (e.g. nodeStatusStrategy.PrepareForUpdate) keep the stored spec and take the
      // request's status and metadata: labels and annotations change through status too (flannel annotates its node so).
      return withWarnings(this.commit(b.info, old, { ...old, metadata: { ...old.metadata, labels: object.metadata.labels, annotations: object.metadata.annotations }, status: object.status }), decoded.warnings);
    }
    return withWarnings(this.write(b.user, b.info, old, object, undefined, true), decoded.warnings);
  }

  delete(credential: Credential, resource: string, namespace: string | undefined, name: string, options: DeleteOptions = {}): ApiResult<KubeObject> {
    const b = this.begin(credential, 'delete', resource, namespace, name);
    if (!b.ok) return failure(b.status);
    const store = this.options.store;
    const old = store.get(b.info.name, b.ns, name);
    if (!old) return failure(notFound(b.info, name));
    const now = this.options.queue.now();
    // handlers/delete.go: mutating admission with no objects, then (rest.AdmissionToValidateObjectDeleteFunc) validating
    // admission of the object being deleted; only webhooks act on a delete here. A dry run is admitted too.
    const rejected = this.webhooksAlone({ operation: 'DELETE', resource: b.info, namespace: b.ns, name, object: old, oldObject: old, user: b.user });
    if (rejected) return failure(rejected);
    const graceful = b.info.name === 'pods' && !!(old.spec as { nodeName?: string })?.nodeName && options.gracePeriodSeconds !== 0;
    const finalizers = old.metadata.finalizers ?? [];
    // A Terminating namespace whose spec.finalizers the namespace controller has cleared is removed on the next delete.
    const namespaceDone = b.info.name === 'namespaces' && !!old.metadata.deletionTimestamp && ((old.spec as { finalizers?: string[] })?.finalizers ?? []).length === 0;
    // dryRun=All: authorized and found, nothing deleted (the stored object is the answer).
    if (options.dryRun) return { ok: true, value: old };
    const refusedDelete = this.storageRefusal(b.info.name, old, true);
    if (refusedDelete) return failure(refusedDelete);
    if (namespaceDone && finalizers.length === 0) {
      store.remove(b.info.name, old);
      return { ok: true, value: old };
    }
    if (graceful || finalizers.length > 0 || b.info.name === 'namespaces') {
      if (old.metadata.deletionTimestamp && !(b.info.name === 'pods' && options.gracePeriodSeconds === 0)) return { ok: true, value: old };
      const updated: KubeObject = { ...old, metadata: { ...old.metadata } };
      const grace = b.info.name === 'pods' ? (options.gracePeriodSeconds ?? ((old.spec as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds ?? 30)) : 0;
      if (b.info.name === 'pods' && options.gracePeriodSeconds === 0 && finalizers.length === 0) {
        store.remove(b.info.name, old);
        return { ok: true, value: old };
      }
      updated.metadata.deletionTimestamp = isoSeconds(now + grace * 1000);
      updated.metadata.deletionGracePeriodSeconds = grace;
      if (b.info.name === 'namespaces') updated.status = { phase: 'Terminating' };
      return { ok: true, value: store.put(b.info.name, updated, 'MODIFIED') };
    }
    store.remove(b.info.name, old);
    if (b.info.name === 'services') this.allocators.release(old);
    return { ok: true, value: old };
  }

  watch(credential: Credential, resource: string, namespace: string | undefined, resourceVersion: string, handler: (e: WatchEvent) => void, options: ListOptions = {}): ApiResult<WatchHandle> {
    const b = this.begin(credential, 'watch', resource, namespace);
    if (!b.ok) return failure(b.status);
    const matcher = this.matcher(b.info, options);
    if (!matcher.ok) return failure(badRequest(matcher.error));
    const from = resourceVersion === '' || resourceVersion === '0' ? this.options.store.currentRevision() : Number(resourceVersion);
    const filter = options.labelSelector || options.fieldSelector ? matcher.match : undefined;
    const handle = this.options.store.watch(b.info.name, b.ns, from, handler, filter, this.trigger(b.info, options), options.takesFolded === true);
    // etcd3 watcher: "too old resource version: <requested> (<compacted>)".
    if (!handle) return failure(gone(`too old resource version: ${from} (${this.options.store.compactedRevision()})`));
    return { ok: true, value: handle };
  }

  raw(credential: Credential, path: string): ApiResult<string> {
    const who = this.identify(credential);
    if (!who.ok) return failure(who.status);
    if (path === '/version') {
      const v = this.options.version;
      return { ok: true, value: JSON.stringify({ major: v.major, minor: v.minor, gitVersion: v.gitVersion, platform: 'linux/amd64' }, null, 2) };
    }
    const health = this.healthAnswer(path);
    if (health) return health.status === 200 ? { ok: true, value: health.body } : failure(unstructuredServerError(health.body));
    return failure(notServed());
  }

  /** GET of a health path (health.ts), or undefined for any other path. */
  healthAnswer(pathAndQuery: string): HealthAnswer | undefined {
    return healthAnswer(pathAndQuery, (check) => this.healthCheck(check));
  }

  /**
   * One health check: the etcd checks ask the storage client; the rest
   * (ping, log, informer sync, post-start hooks, shutdown) pass once the
   * server serves, which is whenever it answers at all.
   */
  private healthCheck(check: string): string | undefined {
    if (check !== 'etcd' && check !== 'etcd-readiness') return undefined;
    return this.storageProbe?.();
  }

  private bind(user: UserInfo, namespace: string | undefined, body: KubeObject): ApiResult<KubeObject> {
    const store = this.options.store;
    const podInfo = resolveResource('pods')!;
    const name = body.metadata.name!;
    const pod = store.get('pods', namespace, name);
    if (!pod) return failure(notFound(podInfo, name));
    const spec = pod.spec as { nodeName?: string };
    if (spec.nodeName) return failure(conflict(podInfo, name, `pod ${name} is already assigned to node "${spec.nodeName}"`));
    if (pod.metadata.deletionTimestamp) return failure(conflict(podInfo, name, 'pod is being deleted, cannot be assigned to a host'));
    const target = (body as { target?: { name?: string } }).target?.name;
    if (!target) return failure(badRequest('target.name: Required value'));
    void user;
    // The binding REST storage also records PodScheduled=True (pkg/registry/core/pod/storage assignPod).
    const status = (pod.status ?? {}) as { conditions?: Record<string, unknown>[] };
    const conditions = (status.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    conditions.push({ lastProbeTime: null, lastTransitionTime: isoSeconds(this.options.queue.now()), status: 'True', type: 'PodScheduled' });
    const updated: KubeObject = { ...pod, metadata: { ...pod.metadata }, spec: spreadWith(pod.spec as object, { nodeName: target }), status: spreadWith(status, { conditions }) };
    const refused = this.storageRefusal('pods', updated);
    if (refused) return failure(refused);
    return { ok: true, value: store.put('pods', updated, 'MODIFIED') };
  }

  /**
   * An update or patch: `object` is this request's own copy (mutated here and
   * by admission, then stored); `old` is the stored object, never changed.
   */
  private write(user: UserInfo, info: ResourceInfo, old: KubeObject, object: KubeObject, subresource?: 'status', isPatch = false): ApiResult<KubeObject> {
    if (subresource === 'status') {
      // Only .status is taken from the request (and, where the strategy allows, annotations); the rest is the stored object's, shared.
      const metadata = { ...old.metadata };
      if (STATUS_KEEPS_ANNOTATIONS.has(info.name)) {
        if (object.metadata.annotations && Object.keys(object.metadata.annotations).length > 0) metadata.annotations = object.metadata.annotations;
        else delete metadata.annotations;
      }
      const updated = { ...old, metadata, status: object.status };
      // The status subresource's admission: only webhooks act on it here (rules naming `pods/status`, `*/*`...).
      const rejected = this.webhooksAlone({ operation: 'UPDATE', resource: info, subresource: 'status', namespace: old.metadata.namespace, name: old.metadata.name!, object: updated, oldObject: old, user });
      if (rejected) return failure(rejected);
      return this.commit(info, old, updated);
    }
    object.apiVersion = old.apiVersion;
    object.kind = old.kind;
    const meta = object.metadata;
    meta.uid = old.metadata.uid;
    meta.creationTimestamp = old.metadata.creationTimestamp;
    meta.namespace = old.metadata.namespace;
    meta.name = old.metadata.name;
    if (old.metadata.deletionTimestamp) {
      meta.deletionTimestamp = old.metadata.deletionTimestamp;
      meta.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
    }
    if (STATUS_SUBRESOURCE.has(info.name)) object.status = old.status;
    applyDefaults(object);
    if (info.name === 'pods') {
      const err = podUpdateError(old, object);
      if (err) return failure(err);
    }
    const rejected = this.runAdmission({ operation: 'UPDATE', resource: info, namespace: meta.namespace, name: meta.name!, object, oldObject: old, user });
    if (rejected) return failure(rejected);
    if (GENERATION_TRACKED.has(info.name)) {
      meta.generation = old.metadata.generation ?? 1;
      if (!jsonEqual(old.spec, object.spec)) meta.generation++;
    }
    void isPatch;
    // Finalizers removed from an object being deleted complete its deletion.
    if (meta.deletionTimestamp && (meta.finalizers ?? []).length === 0 && (old.metadata.finalizers ?? []).length > 0 && !this.dryRunning) {
      const refused = this.storageRefusal(info.name, old, true);
      if (refused) return failure(refused);
      this.options.store.remove(info.name, old);
      return { ok: true, value: object };
    }
    return this.commit(info, old, object);
  }

  /**
   * A Lease renewal ({@link renewsOnly}): the update the general path would
   * make, without its steps that cannot act on it. The body is the stored
   * Lease with another renew time, so the copy is that Lease with this spec;
   * no resourceVersion conflicts (the metadata is the stored one); no
   * admission plugin acts on a Lease update (each acts on creates only) and
   * Leases have no defaults, so only validation is left, and a renewal shows
   * it nothing new; a renew time equal to the stored one is a no-op. Only
   * etcd's own refusal (storageRefusal) is left to judge.
   */
  private renew(old: KubeObject, body: KubeObject): ApiResult<KubeObject> {
    if ((body.spec as Record<string, unknown>).renewTime === (old.spec as Record<string, unknown>).renewTime) return { ok: true, value: old };
    const next = leaseWith(body, leaseMetadata(old.metadata), leaseSpec(body.spec as Record<string, unknown>));
    // etcd judges a renewal as any write: a full database or a slow disk refuses it too.
    const refused = this.storageRefusal('leases', next);
    if (refused) return failure(refused);
    return { ok: true, value: this.options.store.put('leases', next, 'MODIFIED', true) };
  }

  /** Stores `next` (its metadata this request's own) unless it equals `old`. */
  private commit(info: ResourceInfo, old: KubeObject, next: KubeObject): ApiResult<KubeObject> {
    next.metadata.resourceVersion = old.metadata.resourceVersion;
    // A no-op update writes nothing and keeps the resourceVersion, as etcd3 storage does
    // (GuaranteedUpdate compares the encoded bytes; subtrees shared with `old` compare by reference).
    if (unchanged(next, old)) return { ok: true, value: old };
    // dryRun=All (the update or patch being served): the object as it would be stored, under the old resourceVersion.
    if (this.dryRunning) return { ok: true, value: next };
    const refused = this.storageRefusal(info.name, next);
    if (refused) return failure(refused);
    const stored = this.options.store.put(info.name, next, 'MODIFIED', info.name === 'leases' && isRenewal(next, old));
    if (info.name === 'events') this.expireEvent(stored);
    return { ok: true, value: stored };
  }

  /**
   * Whether etcd commits a write of `object` (or its deletion) now. A
   * refusal reaches the client as ErrorToAPIStatus makes any error that is
   * not a Status (500, no reason, the etcd client's text), and the API
   * server logs it as an unhandled error
   * (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/status.go).
   */
  private storageRefusal(resource: string, object: KubeObject, remove = false): Status | undefined {
    const why = this.options.store.admit(resource, object, remove);
    if (why === undefined) return undefined;
    // A proposal etcd never applied: the request waited out etcd's ReqTimeout before it failed.
    if (why === ETCD_ERRORS.timeout) this.waitedMs += REQUEST_TIMEOUT_NS / 1_000_000;
    if (this.log) {
      const code = ETCD_ERROR_CODES[why] ?? 2;
      const err = `apiserver received an error that is not an metav1.Status: rpctypes.EtcdError{code:0x${code.toString(16)}, desc:${JSON.stringify(why)}}: ${why}`;
      this.log(klogLine('E', this.options.queue.now(), 1, 'status.go:71', `"Unhandled Error" err=${JSON.stringify(err)} logger="UnhandledError"`));
    }
    return storageError(why);
  }

  /** Events live in etcd under a lease of at least --event-ttl, renewed by every write (shared leases: lease-manager.ts). */
  private expireEvent(event: KubeObject): void {
    this.leaseManager.attach('events', event, EVENT_TTL_SECONDS);
  }


  /** Seeded name suffixes for admission (one function for every request). */
  private readonly randomSuffix = (n: number): string => this.options.random.kubeSuffix(n);

  private runAdmission(partial: Omit<AdmissionRequest, 'store' | 'randomSuffix'>): Status | undefined {
    const chain = this.admissionChain(partial.operation, partial.resource.name);
    const mutatingHooks = this.webhooksOn('mutating', partial.resource);
    const validatingHooks = this.webhooksOn('validating', partial.resource);
    // One object shape for every request (a spread of `partial`, whose keys vary, took V8's slow copy path);
    // none for a request no plugin acts on (every update, and most creates but a pod's have one or two).
    const req: AdmissionRequest | undefined =
      chain.admit.length === 0 && chain.validate.length === 0 && !mutatingHooks && !validatingHooks
        ? undefined
        : {
            operation: partial.operation,
            resource: partial.resource,
            subresource: partial.subresource,
            namespace: partial.namespace,
            name: partial.name,
            object: partial.object,
            oldObject: partial.oldObject,
            user: partial.user,
            store: this.options.store,
            randomSuffix: this.randomSuffix,
          };
    for (const plugin of chain.admit) {
      const s = plugin.admit!(req!);
      if (s) return s;
    }
    // MutatingAdmissionWebhook comes last of the mutating plugins kube-apiserver enables.
    if (mutatingHooks) {
      const s = dispatchWebhooks('mutating', req!, this.webhookCalls);
      if (s) return s;
    }
    // handlers/create.go and update.go: mutating admission, then the strategy's Validate (rest.BeforeCreate,
    // BeforeUpdate) on what admission made of the object, then validating admission. Once, after the chain.
    const invalid = validateObject(partial.object, partial.oldObject);
    if (invalid) return invalid;
    // ValidatingAdmissionWebhook comes before ResourceQuota, the last plugin (RecommendedPluginOrder).
    let hooksDue = validatingHooks;
    for (const plugin of chain.validate) {
      if (hooksDue && plugin.name === 'ResourceQuota') {
        hooksDue = false;
        const s = dispatchWebhooks('validating', req!, this.webhookCalls);
        if (s) return s;
      }
      const s = plugin.validate!(req!);
      if (s) return s;
    }
    if (hooksDue) return dispatchWebhooks('validating', req!, this.webhookCalls);
    return undefined;
  }

  /** Both webhook phases, for requests no other plugin here acts on (status updates, deletes); nothing is built when no configuration could match. */
  private webhooksAlone(partial: Omit<AdmissionRequest, 'store' | 'randomSuffix'>): Status | undefined {
    const phases = (['mutating', 'validating'] as const).filter((phase) => this.webhooksOn(phase, partial.resource));
    if (phases.length === 0) return undefined;
    const req: AdmissionRequest = { ...partial, store: this.options.store, randomSuffix: this.randomSuffix };
    for (const phase of phases) {
      const s = dispatchWebhooks(phase, req, this.webhookCalls);
      if (s) return s;
    }
    return undefined;
  }

  /** Does this phase's webhook plugin run, and are there webhook configurations it could call for `resource`? */
  private webhooksOn(phase: WebhookPhase, resource: ResourceInfo): boolean {
    return hasWebhooks(this.options.store, phase, resource) && !this.serving.disabledAdmissionPlugins.has(WEBHOOK_PLUGIN_NAMES[phase]);
  }

  /**
   * The plugins of the chain that act on `operation` of `resource` (those that declare
   * neither, or declare them: AdmissionPlugin.operations/resources), in chain order,
   * split into the mutating and the validating phase. Made once per operation and
   * resource; configure() changes the chain and starts over.
   */
  private admissionChain(operation: AdmissionRequest['operation'], resource: string): AdmissionChain {
    let byOperation = this.admissionChains.get(resource);
    if (byOperation === undefined) this.admissionChains.set(resource, (byOperation = new Map()));
    let chain = byOperation.get(operation);
    if (chain === undefined) {
      const acting = this.admission.filter((p) => (p.operations === undefined || p.operations.includes(operation)) && (p.resources === undefined || p.resources.includes(resource)));
      chain = { admit: acting.filter((p) => p.admit !== undefined), validate: acting.filter((p) => p.validate !== undefined) };
      byOperation.set(operation, chain);
    }
    return chain;
  }

  /** cacher.Watch/GetList: the spec.nodeName a pod selector requires (the watch cache's index key), if any. */
  private trigger(info: ResourceInfo, options: ListOptions): string | undefined {
    return info.name === 'pods' && options.fieldSelector ? exactFieldValue(options.fieldSelector, POD_TRIGGER_FIELD) : undefined;
  }

  private matcher(info: ResourceInfo, options: ListOptions): { ok: true; match: ObjectMatcher } | { ok: false; error: string } {
    const matchers: ObjectMatcher[] = [];
    if (options.labelSelector) {
      const p = parseLabelSelector(options.labelSelector);
      if (!p.ok) return p;
      matchers.push(p.match);
    }
    if (options.fieldSelector) {
      const p = parseFieldSelector(info.name, options.fieldSelector);
      // The list handler wraps field label conversion errors with the GroupVersionResource it served.
      if (!p.ok && p.error.startsWith('field label not supported')) {
        return { ok: false, error: `Unable to find "${info.group}/${info.version}, Resource=${info.name}" that match label selector "${options.labelSelector ?? ''}", field selector "${options.fieldSelector}": ${p.error}` };
      }
      if (!p.ok) return p;
      matchers.push(p.match);
    }
    return { ok: true, match: (o) => matchers.every((m) => m(o)) };
  }
}

/** The container lists a logs or exec request is checked against. */
interface PodContainers {
  nodeName?: string;
  containers: { name: string }[];
  initContainers?: { name: string }[];
  ephemeralContainers?: { name: string }[];
}

/** The plugins that act on one operation of one resource, by phase. */
interface AdmissionChain {
  admit: readonly AdmissionPlugin[];
  validate: readonly AdmissionPlugin[];
}

/** An ApiClient bound to one credential. */
class CredentialClient implements ApiClient {
  constructor(private readonly server: ApiServer, private readonly credential: Credential) {}
  private waited = 0;
  /** A write, counting what it waited on webhooks (requests are served one at a time, so the server's total grows by this one's wait). */
  private measured<T>(request: () => T): T {
    const before = this.server.waitedMs;
    try {
      return request();
    } finally {
      this.waited += this.server.waitedMs - before;
    }
  }
  waitedMs(): number {
    return this.waited;
  }
  get(resource: string, namespace: string | undefined, name: string) {
    return this.server.get(this.credential, resource, namespace, name);
  }
  list(resource: string, namespace: string | undefined, options?: ListOptions) {
    return this.server.list(this.credential, resource, namespace, options);
  }
  create(resource: string, namespace: string | undefined, object: KubeObject, options?: WriteOptions) {
    return this.measured(() => this.server.create(this.credential, resource, namespace, object, options));
  }
  update(resource: string, namespace: string | undefined, object: KubeObject, subresource?: 'ephemeralcontainers', options?: WriteOptions) {
    return this.measured(() => this.server.update(this.credential, resource, namespace, object, subresource, options));
  }
  updateStatus(resource: string, namespace: string | undefined, object: KubeObject) {
    return this.measured(() => this.server.update(this.credential, resource, namespace, object, 'status'));
  }
  patch(resource: string, namespace: string | undefined, name: string, type: PatchType, patch: unknown, subresource?: 'ephemeralcontainers' | 'status', options?: WriteOptions) {
    return this.measured(() => this.server.patch(this.credential, resource, namespace, name, type, patch, subresource, options));
  }
  delete(resource: string, namespace: string | undefined, name: string, options?: DeleteOptions) {
    return this.measured(() => this.server.delete(this.credential, resource, namespace, name, options));
  }
  watch(resource: string, namespace: string | undefined, resourceVersion: string, handler: (e: WatchEvent) => void, options?: ListOptions) {
    return this.server.watch(this.credential, resource, namespace, resourceVersion, handler, options);
  }
  raw(path: string) {
    return this.server.raw(this.credential, path);
  }
  podExec(namespace: string, name: string, options: PodExecOptions) {
    return this.server.podExec(this.credential, namespace, name, options);
  }

  podLogs(namespace: string, name: string, options?: PodLogOptions) {
    return this.server.podLogs(this.credential, namespace, name, options);
  }
}

const POD_UPDATE_FORBIDDEN =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** Pod spec is immutable but for a few fields (pkg/apis/core/validation ValidatePodUpdate). */
function podUpdateError(old: KubeObject, next: KubeObject): Status | undefined {
  const a = old.spec as Record<string, unknown> | undefined;
  const b = next.spec as Record<string, unknown> | undefined;
  if (!a || !b) return undefined;
  // Binding sets nodeName once; a client update may carry it unchanged.
  const nodeName = !b.nodeName && a.nodeName ? a.nodeName : b.nodeName;
  if (jsonEqual(mutableFieldsCleared(a, a.nodeName), mutableFieldsCleared(b, nodeName))) return undefined;
  return invalid('Pod', old.metadata.name!, [{ field: 'spec', detail: `Forbidden: ${POD_UPDATE_FORBIDDEN}` }]);
}

/** A pod spec view without the fields an update may change (a shallow copy; undefined = missing). */
function mutableFieldsCleared(spec: Record<string, unknown>, nodeName: unknown): Record<string, unknown> {
  const noImage = (list: unknown) => (Array.isArray(list) ? list.map((c) => (c !== null && typeof c === 'object' && !Array.isArray(c) ? { ...c, image: undefined } : c)) : list);
  return { ...spec, containers: noImage(spec.containers), initContainers: noImage(spec.initContainers), activeDeadlineSeconds: undefined, tolerations: undefined, terminationGracePeriodSeconds: undefined, nodeName };
}

/**
 * Does `next` encode as `old` (jsonEqual)? The periodic writers (lease renewals, node and pod
 * status posts) change .spec or .status: those are compared first, so such a write is told
 * apart without walking its metadata and the rest; only when both match are the whole objects compared.
 */
function unchanged(next: KubeObject, old: KubeObject): boolean {
  // Two differing .spec (or .status) objects settle it; anything else is left to the whole comparison.
  if (differentObjects(next.spec, old.spec) || differentObjects(next.status, old.status)) return false;
  return jsonEqual(next, old);
}

/**
 * Is `next` a renewal of the Lease `old`: the same object but for its
 * spec.renewTime? Every other field is the very value `old` holds (an update
 * built on the stored object shares them), so its owner references too: no
 * watcher's cache learns anything from it but the renew time (store.ts folds
 * its deliveries).
 */
function isRenewal(next: KubeObject, old: KubeObject): boolean {
  const spec = next.spec as Record<string, unknown> | undefined;
  const oldSpec = old.spec as Record<string, unknown> | undefined;
  if (!spec || !oldSpec || !sameFields(next.metadata, old.metadata, undefined)) return false;
  if (!sameFields(spec, oldSpec, 'renewTime')) return false;
  for (const key in next) if (key !== 'spec' && key !== 'metadata' && next[key] !== old[key]) return false;
  for (const key in old) if (!(key in next)) return false;
  return true;
}

/**
 * Is the update `body` of the stored `old` a renewal only: the stored
 * object itself, metadata and all (so no resourceVersion conflict), with a
 * spec that differs at most in a string renewTime? ({@link isRenewal} for
 * the stored result.)
 */
function renewsOnly(body: KubeObject, old: KubeObject): boolean {
  return body.metadata === old.metadata && typeof (body.spec as Record<string, unknown> | undefined)?.renewTime === 'string' && isRenewal(body, old);
}

/** Do `a` and `b` have the same keys, in the same order, holding the very same values (but `except`)? */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>, except: string | undefined): boolean {
  // One object has its own keys and values (a renewal's body carries the stored metadata itself).
  if (a === b) return true;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== others[i]) return false;
    if (key !== except && a[key] !== b[key]) return false;
  }
  return true;
}

/** Are `a` and `b` both objects (so both visible fields) that encode differently? */
function differentObjects(a: unknown, b: unknown): boolean {
  return a !== b && typeof a === 'object' && typeof b === 'object' && !jsonEqual(a, b);
}

/** A successful answer with the warnings decoding its body raised (kubectl prints them); a failure as it is. */
function withWarnings(r: ApiResult<KubeObject>, warnings: readonly string[] | undefined): ApiResult<KubeObject> {
  return warnings && r.ok ? { ...r, warnings } : r;
}
