/**
 * The contract between the simulated API server and everything that talks to
 * it: components, kubectl, tests. Calls are synchronous; the simulation is
 * single-threaded and deterministic.
 */

/** Any Kubernetes object as stored (plain JSON, the wire shape). */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** The metadata every stored object carries. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  [field: string]: unknown;
}

/** metadata.ownerReferences entry. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** A list as the API returns it (`PodList`, ...). */
export interface KubeList {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion: string };
  items: KubeObject[];
}

/** Reasons of metav1.Status as the API server sets them. */
export type StatusReason =
  | ''
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'Unauthorized'
  | 'MethodNotAllowed'
  | 'Gone'
  | 'Expired'
  | 'InternalError'
  | 'Timeout'
  | 'ServiceUnavailable';

/** metav1.Status, the error body of every failed request. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: { reason?: string; message: string; field?: string }[] };
  code: number;
}

/**
 * Result of an API call: the object (with the server's warnings, sent as
 * `Warning` headers, which kubectl prints), or the Status the server answered with.
 */
export type ApiResult<T> = { ok: true; value: T; warnings?: readonly string[] } | { ok: false; status: Status };

/**
 * How the server treats fields of a written body its type does not have
 * (the `fieldValidation` query parameter): refuse the request (Strict, what
 * kubectl create/apply/replace send by default), drop them with a warning
 * each (Warn, the server's default), or drop them silently (Ignore).
 */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** Query parameters of a create, update or patch. */
export interface WriteOptions {
  fieldValidation?: FieldValidation;
  /** dryRun=All: validated and admitted, answered as if stored, never stored (kubectl --dry-run=server). */
  dryRun?: boolean;
}

/** Options of list and watch calls. */
export interface ListOptions {
  /** e.g. `app=web,tier!=db`, `env in (a,b)`, `!key` */
  labelSelector?: string;
  /** e.g. `spec.nodeName=node-1,status.phase!=Running` */
  fieldSelector?: string;
  /**
   * Not a request parameter: a watch whose reader settles it before every
   * read (an informer) takes Lease renewals folded, without a queued
   * delivery each (store.ts). Its handlers see a renewal when it settles.
   */
  takesFolded?: boolean;
}

/** How a patch body is interpreted (`kubectl patch --type`). */
export type PatchType = 'merge' | 'json' | 'strategic';

/** Options of delete calls. */
export interface DeleteOptions {
  /** 0 deletes at once; otherwise pods go Terminating first. */
  gracePeriodSeconds?: number;
  /** dryRun=All: answered as if deleted, nothing deleted. */
  dryRun?: boolean;
}

/** A watch event, as delivered to watchers. */
export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** Handle to stop a watch. */
export interface WatchHandle {
  stop(): void;
  /**
   * For a watch that takes folded writes (ListOptions.takesFolded): delivers
   * those whose delivery would have run by now. Call before reading what the
   * watch keeps current.
   */
  settle?(): void;
}

/** One API identity's view of the server (what a kubeconfig or a kubelet cert gives you). */
export interface ApiClient {
  get(resource: string, namespace: string | undefined, name: string): ApiResult<KubeObject>;
  /** namespace undefined = all namespaces (or a cluster-scoped resource). */
  list(resource: string, namespace: string | undefined, options?: ListOptions): ApiResult<KubeList>;
  create(resource: string, namespace: string | undefined, object: KubeObject, options?: WriteOptions): ApiResult<KubeObject>;
  /** PUT; with `ephemeralcontainers`, on that subresource of a pod (only spec.ephemeralContainers is taken from the body). */
  update(resource: string, namespace: string | undefined, object: KubeObject, subresource?: 'ephemeralcontainers', options?: WriteOptions): ApiResult<KubeObject>;
  /** PUT on the status subresource: only `.status` is taken from the body. */
  updateStatus(resource: string, namespace: string | undefined, object: KubeObject): ApiResult<KubeObject>;
  /**
   * PATCH; with `ephemeralcontainers`, on that subresource of a pod (only
   * spec.ephemeralContainers changes: kubectl debug); with `status`, on the
   * status subresource (status, labels and annotations change).
   */
  patch(resource: string, namespace: string | undefined, name: string, type: PatchType, patch: unknown, subresource?: 'ephemeralcontainers' | 'status', options?: WriteOptions): ApiResult<KubeObject>;
  delete(resource: string, namespace: string | undefined, name: string, options?: DeleteOptions): ApiResult<KubeObject>;
  /** Watches from `resourceVersion` (exclusive); events arrive through the simulation's event queue. */
  watch(resource: string, namespace: string | undefined, resourceVersion: string, handler: (event: WatchEvent) => void, options?: ListOptions): ApiResult<WatchHandle>;
  /** Non-resource GETs: /healthz, /livez, /readyz, /version. */
  raw(path: string): ApiResult<string>;
  /** GET pods/log: the API server proxies to the kubelet of the pod's node. */
  podLogs(namespace: string, name: string, options?: PodLogOptions): ApiResult<string>;
  /** POST pods/exec: runs a command in a container through the kubelet of the pod's node (kubectl exec). */
  podExec(namespace: string, name: string, options: PodExecOptions): ApiResult<ExecOutput>;
  /**
   * Simulated time this client's requests have spent waiting on the server so far (admission
   * webhooks that never answered, etcd proposals that timed out); a command adds what its
   * requests waited to the clock.
   */
  waitedMs?(): number;
}

/** Options of a pods/exec request. */
export interface PodExecOptions {
  container?: string;
  command: readonly string[];
  stdin?: boolean;
  tty?: boolean;
  /**
   * The directory the command starts in. Not an API field: the simulation's
   * stand-in for the working directory of the interactive shell the line was
   * typed into (`cd /host/etc` then `cat kubelet.conf`).
   */
  workingDir?: string;
}

/** What an exec'd command wrote, its exit status and how long it ran (simulated ms). */
export interface ExecOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  durationMs: number;
  chunks?: readonly { readonly fd: 1 | 2; readonly text: string }[];
}

/** Options of a pods/log request (`kubectl logs` flags). */
export interface PodLogOptions {
  container?: string;
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
  sinceSeconds?: number;
}

/** What the kubelet serves on its port 10250 that the API server proxies to. */
export interface KubeletEndpoint {
  /** Is the kubelet's server up (else: connection refused)? */
  serving(): boolean;
  containerLogs(pod: KubeObject, container: string, options: PodLogOptions): ApiResult<string>;
  /** `/exec/<ns>/<pod>/<container>` (absent: the kubelet cannot exec, e.g. in tests). */
  exec?(pod: KubeObject, container: string, options: PodExecOptions): ApiResult<ExecOutput>;
}
