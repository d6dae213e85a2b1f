/**
 * One pod's worker in the kubelet: brings the runtime in line with the pod
 * spec (sandbox → image → create → start), runs the init containers one
 * after another before the app containers, restarts with back-off, runs
 * probes, tears down on deletion, and reports status. Every message it
 * emits is the kubelet's own wording (pkg/kubelet/kuberuntime,
 * pkg/kubelet/images, pkg/kubelet/prober).
 */
import type { KubeObject } from '../apiserver/types.js';
import type { ContainerRuntime, RuntimeContainer, RuntimeImage, Sandbox } from '../runtime/runtime.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { TimerId } from '../clock/event-queue.js';
import type { Network } from '../network/network.js';
import { buildPodStatus, initCompleted, type ContainerRecord } from './pod-status.js';
import { runProbe } from './prober.js';
import { goDuration, inBackoffSince, nextBackoff, type Backoff } from './backoff.js';
import { fullImageName, parseImageRef } from '../workloads/catalog.js';
import { sharedFields } from './same-inputs.js';
import { intern } from '../flat-string.js';
import type { DnsConfig } from '../dns/resolv-conf.js';
import type { ContainerEnv } from './container-env.js';

type Obj = Record<string, any>;

/** What a pod worker needs from its kubelet. */
export interface PodWorkerHost {
  readonly nodeName: string;
  readonly nodeIP: string;
  readonly runtime: ContainerRuntime;
  readonly recorder: EventRecorder;
  /** The cluster network: httpGet and tcpSocket probes dial through it from the node. */
  readonly network: Network;
  /** The User-Agent of HTTP probes (`kube-probe/1.32`). */
  readonly probeUserAgent: string;
  now(): number;
  after(ms: number, fn: () => void): TimerId;
  cancel(id: TimerId): void;
  /** host-local IPAM's next address: of `subnet` (the CNI plugin's), or else of the node's podCIDR. */
  allocatePodIP(subnet?: string): string | undefined;
  /**
   * Posts a pod status; answers the stored status that now holds every field
   * posted (JSON-equal), or undefined when the post failed or went nowhere.
   * `known`: a stored status already answered for this very `status` object
   * (stored statuses are immutable): while the pod still has it, nothing is
   * compared and nothing posted.
   */
  postStatus(pod: KubeObject, status: Obj, known?: Obj): Obj | undefined;
  /** syncLoop skips pod synchronization (runtime down, PLEG unhealthy). */
  syncBlocked?(): boolean;
  /** The runtime's network is not ready (runtimeState.networkErrors). */
  networkError?(): string | undefined;
  /** The environment of one of the pod's containers, or why it cannot be built (undefined: not modelled here). */
  containerEnv?(pod: KubeObject, container: Obj): ContainerEnv | undefined;
  /** The pod's DNS configuration (dns.go GetPodDNS) for its sandbox's resolv.conf. */
  podDNS?(pod: KubeObject): DnsConfig | undefined;
  deletePod(pod: KubeObject): void;
}

/** Per-container bookkeeping beyond its reported status. */
interface Tracked extends ContainerRecord {
  runtimeId?: string;
  /** The previous (exited) container, kept for `kubectl logs --previous` as the kubelet's GC keeps one. */
  previousRuntimeId?: string;
  restartBackoff?: Backoff;
  pullBackoff?: Backoff;
  pulling?: boolean;
  pullError?: string;
  /** The events' fieldPath: `spec.containers{name}`, `spec.initContainers{name}` or `spec.ephemeralContainers{name}`. */
  fieldPath: string;
  /** An init container (runs to completion before the app containers start). */
  init: boolean;
  /** An ephemeral container (`kubectl debug`): started once in the pod's sandbox, never restarted. */
  ephemeral?: boolean;
  /** A sidecar has started once: initialization went on past it, and it is kept running from then on. */
  sidecarUp?: boolean;
  /** The probe workers of the running container, by probe type (reset at each start; absent without probes). */
  probes?: Partial<Record<ProbeType, ProbeWorker>>;
}

/** The three probe types, in the order the kubelet's workers report them (prober/worker.go). */
type ProbeType = 'Startup' | 'Readiness' | 'Liveness';

/** One probe worker's state (prober/worker.go: lastResult, resultRun, onHold) and its next run. */
interface ProbeWorker {
  dueAt: number;
  lastResult?: 'success' | 'failure';
  resultRun: number;
}

const PROBE_FIELDS: readonly (readonly [ProbeType, 'startupProbe' | 'readinessProbe' | 'livenessProbe'])[] = [
  ['Startup', 'startupProbe'],
  ['Readiness', 'readinessProbe'],
  ['Liveness', 'livenessProbe'],
];

/** Image pull throughput used to time pulls. */
const PULL_BYTES_PER_MS = 40_000;
/** How many of a container's fields statusInputs() lists. */
const INPUTS_PER_CONTAINER = 8;
/** How often a pod in a waiting state is re-synced (the kubelet's resync brings back-off events). */
const RESYNC_MS = 10_000;

/**
 * The records of a kind of container a pod has none of: most pods have no init or ephemeral
 * containers, and an empty Map of their own was about 180 bytes each, per pod.
 */
const NO_RECORDS: ReadonlyMap<string, Tracked> = new Map();

/** PodWorker.postedInSync in a sync that has posted no status yet (no inputs list is this one). */
const NOTHING_POSTED: readonly unknown[] = Object.freeze([]);

/**
 * The imageID each node image's containers show (`docker.io/library/nginx@sha256:…`), with the image text it
 * was made for. Per image, not one slot for all: a node pulls its own copy (its own id) of the image every pod
 * runs, and the kubelets of a cluster start their pods in turn, so one slot was made anew at almost every start.
 */
const imageRefs = new WeakMap<RuntimeImage, { image: string; ref: string }>();

/** A container's status imageID: its image's repository and the id of the node's image it runs. */
function imageRefOf(image: string, img: RuntimeImage): string {
  let made = imageRefs.get(img);
  // The id of a stored image never changes; the text naming it may differ (`nginx:1.27`, `docker.io/library/nginx:1.27`).
  if (made === undefined || made.image !== image) imageRefs.set(img, (made = { image, ref: intern(`${parseImageRef(image).repository}@${img.id}`) }));
  return made.ref;
}

/** The worker of one pod. */
export class PodWorker {
  private sandbox?: Sandbox;
  private podIP?: string;
  private readonly containers = new Map<string, Tracked>();
  /** The init containers, in spec order (NO_RECORDS while there are none). */
  private inits: ReadonlyMap<string, Tracked> = NO_RECORDS;
  /** The ephemeral containers, in the order they were added to the pod (NO_RECORDS while there are none). */
  private ephemerals: ReadonlyMap<string, Tracked> = NO_RECORDS;
  private readonly startTime: number;
  private timer?: TimerId;
  private timerAt = Infinity;
  private terminated = false;
  private lastStatus?: Obj;
  /** The stored status postStatus last answered for lastStatus: it holds every field of lastStatus (JSON-equal). */
  private lastStored?: Obj;
  private lastInputs?: unknown[];

  constructor(private readonly host: PodWorkerHost, private pod: KubeObject) {
    this.startTime = host.now();
    const initSpecs = (this.spec().initContainers ?? []) as Obj[];
    // convertToAPIContainerStatuses: with init containers every container not yet created waits in PodInitializing.
    const waiting = { reason: initSpecs.length ? 'PodInitializing' : 'ContainerCreating' };
    const record = (c: Obj, init: boolean): Tracked => ({ name: c.name, image: fullImageName(parseImageRef(c.image)), state: { waiting }, restartCount: 0, ready: false, started: false, fieldPath: intern(`spec.${init ? 'initContainers' : 'containers'}{${c.name}}`), init, ...(init && c.restartPolicy === 'Always' ? { restartable: true } : {}) });
    if (initSpecs.length) this.inits = new Map(initSpecs.map((c) => [c.name, record(c, true)]));
    for (const c of this.spec().containers as Obj[]) this.containers.set(c.name, record(c, false));
    this.trackEphemeralContainers();
  }

  /** Records the ephemeral containers the spec has and the worker does not yet track; answers whether there were any. */
  private trackEphemeralContainers(): boolean {
    let added = false;
    for (const c of (this.spec().ephemeralContainers ?? []) as Obj[]) {
      if (this.ephemerals.has(c.name)) continue;
      const waiting = { reason: this.inits.size ? 'PodInitializing' : 'ContainerCreating' };
      if (this.ephemerals === NO_RECORDS) this.ephemerals = new Map();
      (this.ephemerals as Map<string, Tracked>).set(c.name, { name: c.name, image: fullImageName(parseImageRef(c.image)), state: { waiting }, restartCount: 0, ready: false, started: false, fieldPath: intern(`spec.ephemeralContainers{${c.name}}`), init: false, ephemeral: true });
      added = true;
    }
    return added;
  }

  /** The pod as last seen. */
  current(): KubeObject {
    return this.pod;
  }

  /** A newer version of the pod arrived from the API server; answers whether it added ephemeral containers (to be started now). */
  update(pod: KubeObject): boolean {
    this.pod = pod;
    return !this.terminated && this.trackEphemeralContainers();
  }

  /** Is the worker finished (pod torn down)? */
  done(): boolean {
    return this.terminated;
  }

  /** Reconciles the pod once, then reports status. */
  sync(): void {
    this.postedInSync = NOTHING_POSTED;
    this.syncOnce();
    this.postedInSync = undefined;
  }

  /**
   * The inputs of the status this sync has posted and the API server holds (see {@link report}),
   * NOTHING_POSTED before its first post, undefined outside a sync (a nested sync, from a container
   * that exits as it starts, ends it early). Nothing else writes a pod's status while its worker syncs.
   */
  private postedInSync?: readonly unknown[];

  private syncOnce(): void {
    if (this.terminated) return;
    this.timerAt = Infinity;
    // kubelet.go syncLoop: while runtime errors persist no pod is synced, not even a deletion.
    if (this.host.syncBlocked?.()) {
      this.wake(RESYNC_MS);
      return;
    }
    if (this.pod.metadata.deletionTimestamp) {
      this.terminate();
      return;
    }
    const runtime = this.host.runtime;
    if (!runtime.up) {
      this.wake(RESYNC_MS);
      return;
    }
    if (!this.sandbox && !this.createSandbox()) return;
    if (!this.syncInitContainers()) for (const spec of this.spec().containers as Obj[]) this.syncContainer(spec, this.containers.get(spec.name)!);
    // kuberuntime_manager.go computePodActions: ephemeral containers start even before initialization is complete.
    for (const spec of (this.spec().ephemeralContainers ?? []) as Obj[]) {
      const rec = this.ephemerals.get(spec.name);
      if (rec) this.syncContainer(spec, rec);
    }
    this.report();
  }

  /**
   * kuberuntime_manager.go computeInitContainerActions: the first init
   * container that has not exited 0 runs (or restarts with back-off after a
   * failure, unless restartPolicy is Never, which fails the pod); the app
   * containers wait until every init container has completed. Answers
   * whether initialization is still under way.
   */
  private syncInitContainers(): boolean {
    for (const spec of (this.spec().initContainers ?? []) as Obj[]) {
      const rec = this.inits.get(spec.name);
      if (!rec) continue;
      if (rec.restartable) {
        // A sidecar (restartPolicy Always) runs for the pod's life, restarted with back-off whatever the pod's
        // policy; the next init container starts once it has started (its startup probe passed).
        if (rec.state.running) this.probe(spec, rec);
        else this.syncContainer(spec, rec);
        if (rec.state.running && rec.started) rec.sidecarUp = true;
        if (!rec.sidecarUp) return true;
        continue;
      }
      if (initCompleted(rec)) continue;
      if (!rec.state.running) this.syncContainer(spec, rec);
      return !initCompleted(rec);
    }
    return false;
  }

  /** Every container record: init containers first, then the app and ephemeral containers, in spec order. */
  private records(): IterableIterator<Tracked> {
    return this.inits.size || this.ephemerals.size ? [...this.inits.values(), ...this.containers.values(), ...this.ephemerals.values()][Symbol.iterator]() : this.containers.values();
  }

  /** How many containers the worker tracks. */
  private recordCount(): number {
    return this.inits.size + this.containers.size + this.ephemerals.size;
  }

  /** A container of this pod exited (PLEG event). */
  containerExited(c: RuntimeContainer): void {
    if (this.markExited(c)) this.sync();
  }

  /**
   * The kubelet (re)started: timers that fell due while it was down were
   * dropped, and containers may have exited unseen. Relist them from the
   * runtime, as PLEG's first relist does, and sync again.
   */
  resume(): void {
    if (this.terminated) return;
    if (this.timer !== undefined) this.host.cancel(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    for (const rec of this.records()) {
      rec.pulling = false;
      const c = rec.runtimeId ? this.host.runtime.containers.get(rec.runtimeId) : undefined;
      if (c?.state === 'CONTAINER_EXITED') this.markExited(c);
    }
    this.sync();
  }

  /** The pod is gone from the API server: stop its containers and sandbox (HandlePodCleanups). */
  kill(): void {
    if (!this.terminated) this.terminate();
  }

  private markExited(c: RuntimeContainer): boolean {
    let rec: Tracked | undefined;
    for (const r of this.records()) if (r.runtimeId === c.id) rec = r;
    if (!rec || !rec.state.running) return false;
    rec.state = { terminated: { exitCode: c.exitCode ?? 0, reason: c.reason ?? 'Error', startedAt: c.startedAt ?? 0, finishedAt: c.finishedAt ?? this.host.now(), containerId: c.id } };
    rec.ready = false;
    return true;
  }

  private spec(): Obj {
    return this.pod.spec as Obj;
  }

  private createSandbox(): boolean {
    // kubelet.go SyncPod: without a ready network only host-network pods start.
    const networkError = this.spec().hostNetwork ? undefined : this.host.networkError?.();
    if (networkError) {
      this.host.recorder.record(this.pod, 'Warning', 'NetworkNotReady', `network is not ready: ${networkError}`);
      this.report();
      this.wake(RESYNC_MS);
      return false;
    }
    const meta = this.pod.metadata;
    // host-local IPAM hands out an address only when the plugins before it succeeded: a broken network says so first.
    const ip = this.spec().hostNetwork ? this.host.nodeIP : (subnet: string | undefined) => this.host.allocatePodIP(subnet);
    const r = this.host.runtime.runPodSandbox({ uid: meta.uid!, name: meta.name!, namespace: meta.namespace! }, ip, 0, !!this.spec().hostNetwork, this.host.podDNS?.(this.pod));
    if (!r.ok && !r.error) {
      this.wake(RESYNC_MS);
      return false;
    }
    if (!r.ok) {
      this.host.recorder.record(this.pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${r.error}`);
      this.report();
      this.wake(RESYNC_MS);
      return false;
    }
    this.sandbox = r.value;
    this.podIP = r.value.ip;
    return true;
  }

  private syncContainer(spec: Obj, rec: Tracked): void {
    const now = this.host.now();
    if (rec.state.running) {
      this.probe(spec, rec);
      return;
    }
    if (rec.pulling) return;
    if (rec.state.terminated || (rec.state.waiting?.reason === 'CrashLoopBackOff' || rec.state.waiting?.reason === 'RunContainerError')) {
      if (!this.shouldRestart(rec)) return;
      // The exited container becomes lastState as soon as the kubelet looks at it again.
      if (rec.state.terminated) rec.lastTerminated = rec.state.terminated;
      // kuberuntime_manager.go doBackOff: the window counts from the latest exit.
      const finishedAt = rec.lastTerminated?.finishedAt ?? now;
      if (inBackoffSince(rec.restartBackoff, finishedAt, now)) {
        const fieldPath = rec.fieldPath;
        const podRef = `${this.pod.metadata.name}_${this.pod.metadata.namespace}(${this.pod.metadata.uid})`;
        rec.state = { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${goDuration(rec.restartBackoff!.delayMs)} restarting failed container=${spec.name} pod=${podRef}` } };
        this.host.recorder.record(this.pod, 'Warning', 'BackOff', `Back-off restarting failed container ${spec.name} in pod ${podRef}`, fieldPath);
        this.wake(Math.min(RESYNC_MS, finishedAt + rec.restartBackoff!.delayMs - now));
        return;
      }
      rec.restartBackoff = nextBackoff(rec.restartBackoff, now);
      rec.restartCount++;
    }
    this.startContainer(spec, rec);
  }

  private shouldRestart(rec: Tracked): boolean {
    // An ephemeral container is never restarted (kuberuntime_manager.go: they are started once).
    if (rec.ephemeral) return false;
    const policy = this.spec().restartPolicy ?? 'Always';
    // A sidecar always restarts; an init container that exited 0 is done, a failed one restarts unless the policy is Never.
    if (rec.restartable || (policy === 'Always' && !rec.init)) return true;
    if (policy === 'Never') return false;
    const exit = rec.state.terminated?.exitCode ?? rec.lastTerminated?.exitCode ?? 1;
    return exit !== 0;
  }

  private startContainer(spec: Obj, rec: Tracked): void {
    const runtime = this.host.runtime;
    const rec2 = this.host.recorder;
    const fieldPath = rec.fieldPath;
    const now = this.host.now();
    const policy = spec.imagePullPolicy ?? 'IfNotPresent';
    const present = runtime.findImage(spec.image);
    if (present && policy !== 'Always') {
      rec2.record(this.pod, 'Normal', 'Pulled', `Container image "${spec.image}" already present on machine`, fieldPath);
    } else {
      if (rec.pullBackoff && now < rec.pullBackoff.until) {
        rec.state = { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${spec.image}": ErrImagePull: ${rec.pullError}` } };
        rec2.record(this.pod, 'Normal', 'BackOff', `Back-off pulling image "${spec.image}"`, fieldPath);
        rec2.record(this.pod, 'Warning', 'Failed', 'Error: ImagePullBackOff', fieldPath);
        this.wake(Math.min(RESYNC_MS, rec.pullBackoff.until - now));
        return;
      }
      this.pull(spec, rec);
      return;
    }
    this.createAndStart(spec, rec, present!);
  }

  private pull(spec: Obj, rec: Tracked): void {
    const runtime = this.host.runtime;
    const fieldPath = rec.fieldPath;
    this.host.recorder.record(this.pod, 'Normal', 'Pulling', `Pulling image "${spec.image}"`, fieldPath);
    rec.pulling = true;
    const result = runtime.pullImage(spec.image);
    const duration = result.ok ? 500 + Math.floor(result.value.sizeBytes / PULL_BYTES_PER_MS) : 900;
    this.host.after(duration, () => {
      rec.pulling = false;
      if (this.terminated || this.pod.metadata.deletionTimestamp) return this.sync();
      if (!result.ok) {
        rec.pullError = result.error;
        rec.pullBackoff = nextBackoff(rec.pullBackoff, this.host.now());
        rec.state = { waiting: { reason: 'ErrImagePull', message: result.error } };
        this.host.recorder.record(this.pod, 'Warning', 'Failed', `Failed to pull image "${spec.image}": ${result.error}`, fieldPath);
        this.host.recorder.record(this.pod, 'Warning', 'Failed', 'Error: ErrImagePull', fieldPath);
        this.report();
        this.wake(RESYNC_MS);
        return;
      }
      rec.pullBackoff = undefined;
      // image_manager.go prints time.Duration values truncated to the millisecond (`750ms`, `2.302s`).
      const took = goDuration(duration);
      this.host.recorder.record(this.pod, 'Normal', 'Pulled', `Successfully pulled image "${spec.image}" in ${took} (${took} including waiting). Image size: ${result.value.sizeBytes} bytes.`, fieldPath);
      this.createAndStart(spec, rec, result.value);
      this.report();
    });
    this.report();
  }

  private createAndStart(spec: Obj, rec: Tracked, image: RuntimeImage): void {
    const runtime = this.host.runtime;
    const fieldPath = rec.fieldPath;
    // kuberuntime_container.go startContainer: generateContainerConfig fails before anything is created.
    const env = this.host.containerEnv?.(this.pod, spec);
    if (env && !env.ok) {
      this.host.recorder.record(this.pod, 'Warning', 'Failed', `Error: ${env.error}`, fieldPath);
      rec.state = { waiting: { reason: 'CreateContainerConfigError', message: env.error } };
      this.wake(RESYNC_MS);
      return;
    }
    const created = runtime.createContainer(this.sandbox!.id, { name: spec.name, command: spec.command, args: spec.args, stdin: spec.stdin, env: env?.env }, image, rec.restartCount);
    if (!created.ok) {
      this.host.recorder.record(this.pod, 'Warning', 'Failed', `Error: ${created.error}`, fieldPath);
      rec.state = { waiting: { reason: 'CreateContainerError', message: created.error } };
      this.wake(RESYNC_MS);
      return;
    }
    if (rec.previousRuntimeId) runtime.removeContainer(rec.previousRuntimeId);
    rec.previousRuntimeId = rec.runtimeId;
    rec.runtimeId = created.value.id;
    rec.containerId = created.value.id;
    rec.imageRef = imageRefOf(spec.image, image);
    this.host.recorder.record(this.pod, 'Normal', 'Created', `Created container: ${spec.name}`, fieldPath);
    const started = runtime.startContainer(created.value.id, spec.command);
    if (!started.ok) {
      const c = created.value;
      this.host.recorder.record(this.pod, 'Warning', 'Failed', `Error: ${started.error}`, fieldPath);
      rec.state = { waiting: { reason: 'RunContainerError', message: started.error } };
      rec.lastTerminated = { exitCode: c.exitCode ?? 128, reason: 'StartError', message: started.error, startedAt: 0, finishedAt: c.finishedAt ?? this.host.now(), containerId: c.id };
      rec.ready = false;
      this.wake(1000);
      return;
    }
    this.host.recorder.record(this.pod, 'Normal', 'Started', `Started container ${spec.name}`, fieldPath);
    const now = this.host.now();
    rec.state = { running: { startedAt: now } };
    // prober_manager.go UpdatePodStatus: with a startup probe the container is not started (and not ready) until it passes.
    rec.started = !spec.startupProbe;
    rec.ready = rec.started && !spec.readinessProbe;
    rec.probes = undefined;
    if (rec.init && !rec.restartable) return;
    let first = Infinity;
    for (const [type, field] of PROBE_FIELDS) {
      const probe = spec[field];
      if (!probe) continue;
      // worker.go doProbe: nothing runs before initialDelaySeconds; the first tick comes about a second in.
      const dueAt = now + Math.max(1000, (probe.initialDelaySeconds ?? 0) * 1000);
      (rec.probes ??= {})[type] = { dueAt, resultRun: 0 };
      first = Math.min(first, dueAt);
    }
    if (first !== Infinity) this.wake(first - now);
  }

  /**
   * The prober workers of a running container (pkg/kubelet/prober/worker.go):
   * each probe that is due runs once; until the startup probe has passed,
   * liveness and readiness do not run; a result counts only after
   * failureThreshold (successThreshold) equal results in a row; a failed
   * startup or liveness probe kills the container, which is restarted.
   */
  private probe(spec: Obj, rec: Tracked): void {
    const runtime = this.host.runtime;
    const probes = rec.probes;
    const c = probes && rec.runtimeId ? runtime.containers.get(rec.runtimeId) : undefined;
    if (!c || !probes) return;
    const now = this.host.now();
    let next = Infinity;
    for (const [type, field] of PROBE_FIELDS) {
      const probe = spec[field] as Obj | undefined;
      const worker = probes[type];
      if (!probe || !worker) continue;
      if (worker.dueAt <= now) {
        worker.dueAt = now + (probe.periodSeconds ?? 10) * 1000;
        // Once started the startup worker stops; before that the other workers skip their ticks.
        const skip = type === 'Startup' ? rec.started : !rec.started;
        if (!skip && this.runProbe(type, probe, worker, spec, rec, c)) return;
      }
      if (!(type === 'Startup' && rec.started)) next = Math.min(next, worker.dueAt);
    }
    if (next !== Infinity) this.wake(next - now);
  }

  /** Runs one probe and applies its result; answers true when the container was killed. */
  private runProbe(type: ProbeType, probe: Obj, worker: ProbeWorker, spec: Obj, rec: Tracked, c: RuntimeContainer): boolean {
    const now = this.host.now();
    const outcome = runProbe(probe, { network: this.host.network, nodeName: this.host.nodeName, nodeIP: this.host.nodeIP, podIP: this.podIP ?? '', spec, container: c, userAgent: this.host.probeUserAgent, now });
    // prober.go probe: every failed run is an Unhealthy event, whatever the threshold.
    if (outcome.result === 'failure') this.host.recorder.record(this.pod, 'Warning', 'Unhealthy', `${type} probe failed: ${outcome.output}`, rec.fieldPath);
    else if (outcome.result === 'unknown') this.host.recorder.record(this.pod, 'Warning', 'Unhealthy', `${type} probe errored and resulted in unknown state: ${outcome.error}`, rec.fieldPath);
    const result = outcome.result === 'success' ? 'success' : 'failure';
    if (worker.lastResult === result) worker.resultRun++;
    else {
      worker.lastResult = result;
      worker.resultRun = 1;
    }
    const threshold = result === 'failure' ? (probe.failureThreshold ?? 3) : (probe.successThreshold ?? 1);
    if (worker.resultRun < threshold) return false;
    if (type === 'Readiness') {
      rec.ready = result === 'success';
      return false;
    }
    if (result === 'success') {
      if (type === 'Startup') {
        rec.started = true;
        rec.ready = !spec.readinessProbe;
        // The other workers tick on from here.
        for (const [t] of PROBE_FIELDS) {
          const other = t === 'Startup' ? undefined : rec.probes?.[t];
          if (other) other.dueAt = Math.max(other.dueAt, now);
        }
        this.wake(0);
      }
      return false;
    }
    // kuberuntime_manager.go computePodActions: "Container %s failed liveness|startup probe, will be restarted".
    this.host.recorder.record(this.pod, 'Normal', 'Killing', `Container ${spec.name} failed ${type.toLowerCase()} probe, will be restarted`, rec.fieldPath);
    this.host.runtime.stopContainer(c.id);
    rec.state = { terminated: { exitCode: c.exitCode ?? 137, reason: 'Error', startedAt: c.startedAt ?? 0, finishedAt: now, containerId: c.id } };
    rec.ready = false;
    rec.probes = undefined;
    this.wake(0);
    return true;
  }

  /**
   * The eviction manager kills the pod (eviction_manager.go evictPod with a
   * zero grace period for a hard threshold): containers are killed, the
   * sandbox stopped, and the status says Failed/Evicted with a
   * DisruptionTarget condition. The pod object stays; its owner replaces it.
   */
  evict(message: string): void {
    const runtime = this.host.runtime;
    const now = this.host.now();
    for (const rec of this.records()) {
      if (!rec.state.running || !rec.runtimeId) continue;
      const c = runtime.containers.get(rec.runtimeId);
      runtime.stopContainer(rec.runtimeId);
      rec.state = { terminated: { exitCode: 137, reason: 'Error', startedAt: c?.startedAt ?? rec.state.running.startedAt, finishedAt: now, containerId: rec.runtimeId } };
      rec.ready = false;
    }
    if (this.sandbox) this.sandbox.state = 'SANDBOX_NOTREADY';
    this.terminated = true;
    if (this.timer !== undefined) this.host.cancel(this.timer);
    const status = buildPodStatus({ pod: this.pod as Obj, containers: [...this.containers.values()], initContainers: [...this.inits.values()], ephemeralContainers: [...this.ephemerals.values()], sandboxReady: false, podIP: this.podIP, hostIP: this.host.nodeIP, startTime: this.startTime, now, previous: this.lastStatus ?? (this.pod.status as Obj | undefined) });
    const stamp = new Date(Math.floor(now / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    status.phase = 'Failed';
    status.reason = 'Evicted';
    status.message = message;
    status.conditions = [{ lastProbeTime: null, lastTransitionTime: stamp, message, reason: 'TerminationByKubelet', status: 'True', type: 'DisruptionTarget' }, ...status.conditions];
    this.lastStatus = status;
    this.lastStored = undefined;
    this.host.postStatus(this.pod, status);
  }

  private terminate(): void {
    const runtime = this.host.runtime;
    for (const rec of this.records()) {
      if (rec.state.running && rec.runtimeId) {
        this.host.recorder.record(this.pod, 'Normal', 'Killing', `Stopping container ${rec.name}`, rec.fieldPath);
        runtime.stopContainer(rec.runtimeId);
      }
    }
    if (this.sandbox) runtime.removePodSandbox(this.sandbox.id);
    this.terminated = true;
    if (this.timer !== undefined) this.host.cancel(this.timer);
    this.host.deletePod(this.pod);
  }

  private report(): void {
    // Same inputs, same status (conditions only take a new time on a transition): rebuild only on change.
    if (this.lastStatus && this.sameInputs()) {
      // Posted and stored earlier in this sync (a container whose image is being pulled reports at once,
      // and the sync reports again at its end): posting it again changes nothing, and costs a conflict
      // (the informer has not seen the first post yet), a GET and an update the API server finds unchanged.
      if (this.postedInSync === this.lastInputs) return;
      const stored = this.host.postStatus(this.pod, this.lastStatus, this.lastStored);
      // The status answered last time: lastStatus already holds its values (sharedFields would answer lastStatus itself).
      if (stored && stored !== this.lastStored) {
        this.lastStatus = sharedFields(this.lastStatus, stored);
        this.lastStored = stored;
      }
      if (stored && this.postedInSync) this.postedInSync = this.lastInputs;
      return;
    }
    this.lastInputs = this.statusInputs();
    const status = buildPodStatus({
      pod: this.pod as Obj,
      containers: [...this.containers.values()],
      // Absent parts as undefined, not spread in: one shape of input for every pod.
      initContainers: this.inits.size ? [...this.inits.values()] : undefined,
      ephemeralContainers: this.ephemerals.size ? [...this.ephemerals.values()] : undefined,
      sandboxReady: !!this.sandbox,
      podIP: this.podIP,
      hostIP: this.host.nodeIP,
      startTime: this.startTime,
      now: this.host.now(),
      previous: this.lastStatus ?? (this.pod.status as Obj | undefined),
    });
    // Kept as the stored status's own (frozen) values once they are stored: one copy per pod, not two.
    const stored = this.host.postStatus(this.pod, status);
    this.lastStatus = stored ? sharedFields(status, stored) : status;
    this.lastStored = stored;
    if (stored && this.postedInSync) this.postedInSync = this.lastInputs;
  }

  /** Everything buildPodStatus reads, by identity (container states are replaced, never edited in place). */
  private statusInputs(): unknown[] {
    // The spec, not the pod: buildPodStatus reads only pod.spec once there is a last status, and the spec
    // outlives status writes, so the inputs do not keep an old version of the pod alive.
    // Sized once (no spare capacity kept per pod), in the order sameInputs() walks.
    const inputs = new Array<unknown>(3 + INPUTS_PER_CONTAINER * this.recordCount());
    inputs[0] = this.pod.spec;
    inputs[1] = this.sandbox;
    inputs[2] = this.podIP;
    let i = 3;
    for (const c of this.records()) {
      inputs[i++] = c.state;
      inputs[i++] = c.lastTerminated;
      inputs[i++] = c.ready;
      inputs[i++] = c.started;
      inputs[i++] = c.restartCount;
      inputs[i++] = c.containerId;
      inputs[i++] = c.imageRef;
      inputs[i++] = c.image;
    }
    return inputs;
  }

  /** Does statusInputs() hold the very values of the last status's inputs (nothing built to find out)? */
  private sameInputs(): boolean {
    const last = this.lastInputs;
    if (last === undefined || last.length !== 3 + INPUTS_PER_CONTAINER * this.recordCount()) return false;
    if (last[0] !== this.pod.spec || last[1] !== this.sandbox || last[2] !== this.podIP) return false;
    let i = 3;
    for (const c of this.records()) {
      if (last[i] !== c.state || last[i + 1] !== c.lastTerminated || last[i + 2] !== c.ready || last[i + 3] !== c.started) return false;
      if (last[i + 4] !== c.restartCount || last[i + 5] !== c.containerId || last[i + 6] !== c.imageRef || last[i + 7] !== c.image) return false;
      i += INPUTS_PER_CONTAINER;
    }
    return true;
  }

  /** Schedules the next sync in `ms` unless one is due sooner. */
  private wake(ms: number): void {
    const at = this.host.now() + Math.max(0, ms);
    if (at >= this.timerAt) return;
    if (this.timer !== undefined) this.host.cancel(this.timer);
    this.timerAt = at;
    this.timer = this.host.after(Math.max(0, ms), () => {
      this.timer = undefined;
      this.sync();
    });
  }
}
