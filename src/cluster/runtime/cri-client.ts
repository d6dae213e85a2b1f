/**
 * A CRI client of one node's containerd (k8s.io/cri-client remote_runtime.go,
 * remote_image.go): what node tools such as crictl see of the runtime. Every
 * call answers with a message shaped like CRI v1's (runtime/v1 api.proto,
 * camelCase as protojson names fields; int64 times as bigint nanoseconds on
 * the host's clock) or with the gRPC error the call ends in. Each call costs
 * what it costs containerd: calls that take containerd's task lock (lists,
 * statuses) wait out a hung task, and give up at the client's deadline with
 * DeadlineExceeded; image calls and Version do not take it. A stopped
 * containerd refuses the connection at once. Nothing here hands out the
 * runtime's own records: tools get copies in the API's shape.
 */
import type { ContainerRuntime, RuntimeContainer, RuntimeImage, Sandbox } from './runtime.js';
import { CRI_DEADLINE_EXCEEDED } from '../kubelet/pleg.js';
import { CONTAINERD_VERSION } from './containerd-log.js';
import type { CniFiles } from './cni.js';
import { containerdInfo, PINNED_IMAGES, RUNTIME_HANDLERS } from './cri-info.js';

/** The CRI methods the node tools call. */
export type CriMethod = 'Version' | 'ListContainers' | 'ListPodSandbox' | 'ContainerStatus' | 'PodSandboxStatus' | 'Status' | 'ListImages' | 'ImageStatus' | 'RemoveImage';

/** Methods that wait for containerd's task state (what a hung task blocks). */
const LOCKING: ReadonlySet<CriMethod> = new Set(['ListContainers', 'ListPodSandbox', 'ContainerStatus', 'PodSandboxStatus', 'Status']);

const UNAVAILABLE = 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"';

/** The outcome of one call: how long it took, and its gRPC error if it failed. */
export type CriCallResult = { ok: true; tookMs: number } | { ok: false; tookMs: number; error: string };

/** One call's cost with a deadline of `timeoutMs` (the client's --timeout), without its answer. */
export function criCall(runtime: ContainerRuntime, method: CriMethod, timeoutMs: number): CriCallResult {
  if (!runtime.up) return { ok: false, tookMs: 0, error: UNAVAILABLE };
  const latency = LOCKING.has(method) ? runtime.latencyMs : 0;
  if (latency >= timeoutMs) return { ok: false, tookMs: timeoutMs, error: CRI_DEADLINE_EXCEEDED };
  return { ok: true, tookMs: latency };
}

/** A call's answer or its gRPC error. */
export type CriResponse<T> = { ok: true; value: T } | { ok: false; error: string };

/** runtime/v1 ContainerMetadata / PodSandboxMetadata. */
export interface ContainerMetadata {
  readonly name: string;
  readonly attempt: number;
}
export interface PodSandboxMetadata {
  readonly name: string;
  readonly uid: string;
  readonly namespace: string;
  readonly attempt: number;
}

export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';
export type PodSandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';

/** runtime/v1 Container (an item of ListContainersResponse). */
export interface CriContainer {
  readonly id: string;
  readonly podSandboxId: string;
  readonly metadata: ContainerMetadata;
  /** The image as the kubelet named it at creation (the image ID). */
  readonly image: { readonly image: string };
  readonly imageRef: string;
  readonly state: ContainerState;
  readonly createdAt: bigint;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

/** runtime/v1 ContainerStatus. */
export interface CriContainerStatus {
  readonly id: string;
  readonly metadata: ContainerMetadata;
  readonly state: ContainerState;
  readonly createdAt: bigint;
  /** 0 when never started. */
  readonly startedAt: bigint;
  /** 0 while not exited. */
  readonly finishedAt: bigint;
  readonly exitCode: number;
  readonly image: { readonly image: string };
  readonly imageRef: string;
  readonly reason: string;
  readonly message: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly logPath: string;
}

/** runtime/v1 ContainerStatusResponse: the status and, when verbose, containerd's info (a JSON text under "info"). */
export interface ContainerStatusResponse {
  readonly status: CriContainerStatus;
  readonly info: Readonly<Record<string, string>>;
}

/** runtime/v1 PodSandbox (an item of ListPodSandboxResponse). */
export interface CriPodSandbox {
  readonly id: string;
  readonly metadata: PodSandboxMetadata;
  readonly state: PodSandboxState;
  readonly createdAt: bigint;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly runtimeHandler: string;
}

/** runtime/v1 PodSandboxStatus. */
export interface CriPodSandboxStatus extends CriPodSandbox {
  readonly network: { readonly ip: string; readonly additionalIps: readonly { ip: string }[] };
}

export interface PodSandboxStatusResponse {
  readonly status: CriPodSandboxStatus;
  readonly info: Readonly<Record<string, string>>;
}

/** runtime/v1 Image. `size` is a uint64 (protojson prints it as a string). */
export interface CriImage {
  readonly id: string;
  readonly repoTags: readonly string[];
  readonly repoDigests: readonly string[];
  readonly size: bigint;
  readonly username: string;
  readonly pinned: boolean;
}

/** runtime/v1 ImageStatusResponse: no image when the reference names none. */
export interface ImageStatusResponse {
  readonly image?: CriImage;
  readonly info: Readonly<Record<string, string>>;
}

/** runtime/v1 RuntimeCondition. */
export interface CriRuntimeCondition {
  readonly type: string;
  readonly status: boolean;
  readonly reason: string;
  readonly message: string;
}

/** runtime/v1 StatusResponse: conditions and, when verbose, containerd's CRI plugin info (each value a JSON text). */
export interface StatusResponse {
  readonly status: { readonly conditions: readonly CriRuntimeCondition[] };
  /** runtime/v1 RuntimeHandler list (name and features), as json.Marshal prints it. */
  readonly runtimeHandlers: readonly unknown[];
  readonly info: Readonly<Record<string, string>>;
}

/** runtime/v1 VersionResponse. */
export interface VersionResponse {
  readonly version: string;
  readonly runtimeName: string;
  readonly runtimeVersion: string;
  readonly runtimeApiVersion: string;
}

/** runtime/v1 ContainerFilter (unset fields match everything). */
export interface ContainerFilter {
  readonly id?: string;
  readonly state?: ContainerState;
  readonly podSandboxId?: string;
}

/** runtime/v1 PodSandboxFilter. */
export interface PodSandboxFilter {
  readonly id?: string;
  readonly state?: PodSandboxState;
}

/** How the client is set up: its deadline, how it waits, and the host it runs on. */
export interface CriClientOptions {
  /** The deadline of every call (crictl's --timeout). */
  readonly timeoutMs: number;
  /** Lets simulated time pass while a call waits for its answer. */
  readonly wait: (ms: number) => void;
  /** How far the host's clock is ahead of true time: containerd stamps times with it. */
  readonly clockOffsetMs?: number;
  /** The host's files containerd reads (its CNI configuration, for Status's info). */
  readonly files?: CniFiles;
}

/** One CRI connection to a node's containerd. */
export class CriClient {
  constructor(private readonly runtime: ContainerRuntime, private readonly options: CriClientOptions) {}

  /** Runs `answer` as `method` costs: waits for the call, fails at the deadline or when containerd is down. */
  private call<T>(method: CriMethod, answer: () => CriResponse<T>): CriResponse<T> {
    const cost = criCall(this.runtime, method, this.options.timeoutMs);
    if (cost.tookMs > 0) this.options.wait(cost.tookMs);
    return cost.ok ? answer() : { ok: false, error: cost.error };
  }

  /** A time of the runtime as nanoseconds on the host's clock. */
  private ns(ms: number | undefined): bigint {
    return ms === undefined ? 0n : BigInt(Math.round(ms + (this.options.clockOffsetMs ?? 0))) * 1_000_000n;
  }

  /** Whether containerd's socket accepts a connection (gRPC's dial, before any call). */
  dial(): boolean {
    return this.runtime.up;
  }

  version(): CriResponse<VersionResponse> {
    return this.call('Version', () => ({ ok: true, value: { version: '0.1.0', runtimeName: 'containerd', runtimeVersion: CONTAINERD_VERSION, runtimeApiVersion: 'v1' } }));
  }

  status(verbose = false): CriResponse<StatusResponse> {
    return this.call('Status', () => {
      const conditions = this.runtime.status() ?? [];
      const info = verbose ? containerdInfo(this.options.files) : {};
      return { ok: true, value: { status: { conditions: conditions.map((c) => ({ ...c })) }, runtimeHandlers: RUNTIME_HANDLERS, info } };
    });
  }

  listContainers(filter: ContainerFilter = {}): CriResponse<CriContainer[]> {
    return this.call('ListContainers', () => {
      const out: CriContainer[] = [];
      for (const c of this.runtime.containers.values()) {
        if (filter.state && c.state !== filter.state) continue;
        // containerd resolves the filter's IDs as truncindex prefixes.
        if (filter.id && !c.id.startsWith(filter.id)) continue;
        if (filter.podSandboxId && !c.sandboxId.startsWith(filter.podSandboxId)) continue;
        out.push(this.container(c));
      }
      return { ok: true, value: out };
    });
  }

  containerStatus(id: string, verbose = false): CriResponse<ContainerStatusResponse> {
    return this.call<ContainerStatusResponse>('ContainerStatus', () => {
      const found = resolveId(this.runtime.containers.values(), id);
      if (!found.ok) return { ok: false, error: `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": ${found.reason}` };
      const c = found.value;
      const info: Record<string, string> = verbose ? { info: JSON.stringify(this.containerInfo(c)) } : {};
      return { ok: true, value: { status: this.containerStatusOf(c), info } };
    });
  }

  listPodSandbox(filter: PodSandboxFilter = {}): CriResponse<CriPodSandbox[]> {
    return this.call('ListPodSandbox', () => {
      const out: CriPodSandbox[] = [];
      for (const p of this.runtime.sandboxes.values()) {
        if (filter.state && p.state !== filter.state) continue;
        if (filter.id && !p.id.startsWith(filter.id)) continue;
        out.push(this.sandbox(p));
      }
      return { ok: true, value: out };
    });
  }

  podSandboxStatus(id: string, verbose = false): CriResponse<PodSandboxStatusResponse> {
    return this.call<PodSandboxStatusResponse>('PodSandboxStatus', () => {
      const found = resolveId(this.runtime.sandboxes.values(), id);
      if (!found.ok) return { ok: false, error: `rpc error: code = NotFound desc = an error occurred when try to find sandbox: ${found.reason}` };
      const p = found.value;
      const ready = p.state === 'SANDBOX_READY';
      const status: CriPodSandboxStatus = { ...this.sandbox(p), network: { ip: ready ? p.ip : '', additionalIps: [] } };
      const info: Record<string, string> = verbose
        ? { info: JSON.stringify({ pid: ready ? 900 + (parseInt(p.id.slice(0, 6), 16) % 60000) : 0, processStatus: ready ? 'running' : 'deleted', netNamespaceClosed: !ready, image: 'registry.k8s.io/pause:3.10', snapshotKey: p.id, snapshotter: 'overlayfs', runtimeHandler: '', runtimeType: 'io.containerd.runc.v2' }) }
        : {};
      return { ok: true, value: { status, info } };
    });
  }

  listImages(): CriResponse<CriImage[]> {
    // containerd 1.7 ignores ListImages' filter: every image answers.
    return this.call('ListImages', () => ({ ok: true, value: [...this.runtime.images.values()].map(imageMessage) }));
  }

  /** The image a reference names, as containerd's localResolve finds it: a name (normalized, `:latest` implied), an ID or a unique ID prefix. */
  imageStatus(ref: string, verbose = false): CriResponse<ImageStatusResponse> {
    return this.call<ImageStatusResponse>('ImageStatus', () => {
      const img = this.resolveImage(ref);
      const none: Record<string, string> = {};
      if (!img) return { ok: true, value: { info: none } };
      return { ok: true, value: { image: imageMessage(img), info: verbose ? { info: JSON.stringify(imageInfo(img)) } : none } };
    });
  }

  /** Removes an image by reference (a no-op for one already gone, as containerd's RemoveImage is). */
  removeImage(ref: string): CriResponse<Record<string, never>> {
    return this.call('RemoveImage', () => {
      const img = this.resolveImage(ref);
      if (img) this.runtime.images.delete(img.id);
      return { ok: true, value: {} };
    });
  }

  private resolveImage(ref: string): RuntimeImage | undefined {
    const byName = this.runtime.findImage(ref);
    if (byName) return byName;
    const id = ref.startsWith('sha256:') ? ref : `sha256:${ref}`;
    const matches = [...this.runtime.images.values()].filter((img) => img.id.startsWith(id));
    return matches.length === 1 ? matches[0] : undefined;
  }

  private container(c: RuntimeContainer): CriContainer {
    const sandbox = this.runtime.sandboxes.get(c.sandboxId);
    return {
      id: c.id,
      podSandboxId: c.sandboxId,
      metadata: { name: c.name, attempt: c.attempt },
      image: { image: c.imageId },
      imageRef: c.imageId,
      state: c.state,
      createdAt: this.ns(c.createdAt),
      labels: containerLabels(c, sandbox),
      annotations: containerAnnotations(c),
    };
  }

  private containerStatusOf(c: RuntimeContainer): CriContainerStatus {
    const sandbox = this.runtime.sandboxes.get(c.sandboxId);
    const image = this.runtime.images.get(c.imageId);
    const exited = c.state === 'CONTAINER_EXITED';
    return {
      id: c.id,
      metadata: { name: c.name, attempt: c.attempt },
      state: c.state,
      createdAt: this.ns(c.createdAt),
      startedAt: c.state === 'CONTAINER_CREATED' || !c.startedAt ? 0n : this.ns(c.startedAt),
      finishedAt: exited && c.finishedAt !== undefined ? this.ns(c.finishedAt) : 0n,
      exitCode: c.exitCode ?? 0,
      image: { image: image?.tags[0] ?? c.image },
      imageRef: image ? `${(image.tags[0] ?? '').replace(/:[^:/]+$/, '')}@sha256:${digestOf(image.id)}` : c.imageId,
      reason: exited ? (c.reason ?? '') : '',
      message: '',
      labels: containerLabels(c, sandbox),
      annotations: containerAnnotations(c),
      logPath: containerLogPath(c, sandbox),
    };
  }

  /** containerd's verbose container info (pkg/cri/server container_status.go ContainerInfo). */
  private containerInfo(c: RuntimeContainer): Record<string, unknown> {
    return {
      sandboxID: c.sandboxId,
      pid: c.state === 'CONTAINER_RUNNING' ? 1000 + (parseInt(c.id.slice(0, 6), 16) % 60000) : 0,
      removing: false,
      snapshotKey: c.id,
      snapshotter: 'overlayfs',
      runtimeType: 'io.containerd.runc.v2',
      runtimeOptions: { systemd_cgroup: true },
    };
  }

  private sandbox(p: Sandbox): CriPodSandbox {
    return {
      id: p.id,
      metadata: { name: p.podName, uid: p.podUid, namespace: p.namespace, attempt: p.attempt },
      state: p.state,
      createdAt: this.ns(p.createdAt),
      labels: { 'io.kubernetes.pod.name': p.podName, 'io.kubernetes.pod.namespace': p.namespace, 'io.kubernetes.pod.uid': p.podUid },
      annotations: {},
      runtimeHandler: '',
    };
  }
}

/** Finds one object by full ID or unique prefix, as containerd's truncindex does. */
function resolveId<T extends { id: string }>(items: Iterable<T>, id: string): { ok: true; value: T } | { ok: false; reason: string } {
  const matches = [...items].filter((x) => x.id.startsWith(id));
  const exact = matches.find((x) => x.id === id);
  if (exact) return { ok: true, value: exact };
  if (id === '' || matches.length === 0) return { ok: false, reason: 'not found' };
  if (matches.length > 1) return { ok: false, reason: `multiple IDs found with provided prefix: ${id}` };
  return { ok: true, value: matches[0] };
}

/** The kubelet labels on a container (pkg/kubelet/types/labels.go). */
function containerLabels(c: RuntimeContainer, sandbox: Sandbox | undefined): Record<string, string> {
  return {
    'io.kubernetes.container.name': c.name,
    'io.kubernetes.pod.name': sandbox?.podName ?? '',
    'io.kubernetes.pod.namespace': sandbox?.namespace ?? '',
    'io.kubernetes.pod.uid': c.podUid,
  };
}

/** The kubelet's container annotations (kuberuntime_labels.go newContainerAnnotations). */
function containerAnnotations(c: RuntimeContainer): Record<string, string> {
  return { 'io.kubernetes.container.restartCount': String(c.attempt), 'io.kubernetes.container.terminationMessagePath': '/dev/termination-log', 'io.kubernetes.container.terminationMessagePolicy': 'File', 'io.kubernetes.pod.terminationGracePeriod': '30' };
}

/** The CRI log path the kubelet sets: /var/log/pods/<ns>_<pod>_<uid>/<container>/<attempt>.log. */
function containerLogPath(c: RuntimeContainer, sandbox: Sandbox | undefined): string {
  return `/var/log/pods/${sandbox?.namespace ?? ''}_${sandbox?.podName ?? ''}_${c.podUid}/${c.name}/${c.attempt}.log`;
}

/** The repository digest of an image: a stable function of its ID. */
export function digestOf(imageId: string): string {
  const hex = imageId.replace(/^sha256:/, '');
  return [...hex].reverse().join('');
}

/** The CRI Image message of an image. */
function imageMessage(img: RuntimeImage): CriImage {
  const digest = `sha256:${digestOf(img.id)}`;
  const repositories = [...new Set(img.tags.map((t) => t.slice(0, t.lastIndexOf(':'))))];
  return { id: img.id, repoTags: [...img.tags], repoDigests: repositories.map((r) => `${r}@${digest}`), size: BigInt(img.sizeBytes), username: '', pinned: img.tags.some((t) => PINNED_IMAGES.has(t)) };
}

/** The PATH every Debian-based and busybox image's config sets. */
const IMAGE_PATH = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * containerd's verbose image info: the chain ID and the OCI image config, from what the image catalog says
 * it runs; fields in the Go structs' order (verboseImageInfo, image-spec v1 Image/ImageConfig/RootFS).
 */
function imageInfo(img: RuntimeImage): Record<string, unknown> {
  const hex = img.id.slice('sha256:'.length);
  const diffId = `sha256:${hex.slice(32)}${hex.slice(0, 32)}`;
  const b = img.behaviour;
  const config: Record<string, unknown> = {};
  if (b.listens?.length) config.ExposedPorts = Object.fromEntries(b.listens.map((p) => [`${p}/tcp`, {}]));
  config.Env = [IMAGE_PATH];
  // The catalog's `entrypoint` is ENTRYPOINT + CMD; `cmd` is its CMD tail (absent: all of it is the ENTRYPOINT).
  const argv = b.entrypoint ?? [];
  const cmd = b.cmd ?? [];
  const entrypoint = argv.slice(0, argv.length - cmd.length);
  if (entrypoint.length) config.Entrypoint = entrypoint;
  if (cmd.length) config.Cmd = cmd;
  return {
    chainID: diffId,
    imageSpec: { architecture: 'amd64', os: 'linux', config, rootfs: { type: 'layers', diff_ids: [diffId] } },
  };
}
