/**
 * The kubelet of one node: registers the Node, renews its Lease and posts
 * node status on the real intervals, creates mirror pods for static pods,
 * and runs a worker per pod bound to it. It authenticates with its own
 * client certificate, so a certificate problem is a real authentication
 * failure at the API server.
 */
import type { ApiClient, KubeObject, Status } from '../apiserver/types.js';
import type { Component, ComponentContext } from '../component.js';
import type { Credential } from '../apiserver/authn.js';
import type { ContainerRuntime } from '../runtime/runtime.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Journal } from '../host/journal.js';
import { klogKV, klogLine } from '../host/journal.js';
import { Informer, keyOf } from '../client/informer.js';
import { isoSeconds } from '../clock/time-text.js';
import { nodeObject, nodeStatus, sameButHeartbeats, type NodeSpec } from './node-status.js';
import { PodWorker, type PodWorkerHost } from './pod-worker.js';
import { containerEnv } from './container-env.js';
import { containerLogs } from './container-logs.js';
import { RuntimeState, criStartupError } from './runtime-state.js';
import { RuntimeStatusReader } from './runtime-status-inputs.js';
import { EvictionManager, EVICTION_MONITORING_PERIOD_MS } from './eviction-manager.js';
import type { KubeletEndpoint } from '../apiserver/types.js';
import type { NodeHost } from '../host/node-host.js';
import type { Certificate } from '../host/certs.js';
import type { TimerId } from '../clock/event-queue.js';
import { failure, proxyError } from '../apiserver/errors.js';
import { KubeletTransport, isTransportError, type ApiServerEndpoint } from './api-transport.js';
import { NodeLeaseController } from './node-lease.js';
import { kubeletStartup } from './kubelet-startup.js';
import { goDialError } from '../network/dial-error.js';
import { goTimeStringPrecise } from './go-text.js';
import { sameFields, sameInputs } from './same-inputs.js';
import { flatConcat } from '../flat-string.js';
import { podDnsConfig, podDnsType, type DnsConfig } from '../dns/resolv-conf.js';
import type { Network } from '../network/network.js';
import { FILE_CHECK_FREQUENCY_MS, STATIC_POD_PATH, readStaticPods, type StaticPod } from './static-pod-source.js';

type Obj = Record<string, any>;

/** kubelet --node-status-update-frequency */
export const NODE_STATUS_UPDATE_MS = 10_000;
/** kubelet nodeStatusReportFrequency: post unchanged status at least this often */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;
/** node lease duration; renewed every quarter of it */
export const NODE_LEASE_DURATION_S = 40;

/** What a kubelet is built from. */
export interface KubeletOptions {
  spec: NodeSpec;
  runtime: ContainerRuntime;
  journal: Journal;
  /** The credential used when the kubelet has no host files to read it from (tests). */
  credential: Credential;
  /** The node's machine: start-up reads config.yaml, kubelet.conf and the pki from its files. */
  host?: NodeHost;
  /** Where kubelet.conf points: the API server and its serving certificate. */
  apiServer?: ApiServerEndpoint;
  /** The process exits on its own (the certificate manager gave up): its systemd unit sees the exit code. */
  onExit?: (code: number) => void;
  /** The node's own clock (journal timestamps are host time). */
  hostNow?: () => number;
  /** The cluster network (probes dial through it). */
  network: Network;
}

/** The kubelet component. */
export class Kubelet implements Component {
  readonly name: string;
  private client!: ApiClient;
  private recorder!: EventRecorder;
  private informer?: Informer;
  private readonly workers = new Map<string, PodWorker>();
  private stops: (() => void)[] = [];
  private active = false;
  private lastPostedAt?: number;
  private nextIP = 2;
  /** Process id of the running kubelet (what journal lines show); set by its systemd unit. */
  private pid = 0;
  /** The connection to the API server (api-transport.ts). */
  private transport?: KubeletTransport;
  private lease?: NodeLeaseController;
  /** The client certificate the certificate manager holds (from start-up, or as a fault bent it). */
  private clientCert?: Certificate;
  /** transport.go: last time a valid client certificate was seen (host clock) and the process start. */
  private lastCertAvailable = 0;
  private processStart = 0;
  /** Timers of this process run (node status loop, pod relist). */
  private timers = new Set<TimerId>();
  private runId = 0;
  private registered = false;
  private relistDelayMs = 0;
  /** Runtime status, PLEG and their failure logs (runtime-state.ts); one per kubelet process. */
  private runtimeState?: RuntimeState;
  /** The disk eviction manager (eviction-manager.ts), when the kubelet has its machine; and when it last ran. */
  private eviction?: EvictionManager;
  private evictionRanAt = -Infinity;
  /** The runtime's share of the node status (Ready errors, images), read again only when it may have changed. */
  private readonly runtimeInputs: RuntimeStatusReader;

  constructor(private readonly ctx: ComponentContext, readonly options: KubeletOptions) {
    this.name = `kubelet/${options.spec.name}`;
    this.runtimeInputs = new RuntimeStatusReader(options.runtime);
    ctx.onJump((delta) => {
      this.runtimeState?.shift(delta);
      this.eviction?.shift(delta);
      this.evictionRanAt += delta;
    });
    if (options.host) {
      // containerd's CRI plugin reads the node's CNI files (runtime/cni.ts).
      options.runtime.attachHostFiles(options.host.fs);
      this.eviction = new EvictionManager(this.evictionHost(options.host));
    }
    options.runtime.onExit((c) => {
      // PLEG is part of the kubelet: while it is down nobody notices; start() relists.
      if (!this.active) return;
      const worker = this.workers.get(c.podUid) ?? this.statics.get(c.podUid)?.worker;
      if (worker?.current().metadata.uid === c.podUid) worker.containerExited(c);
    });
  }

  running(): boolean {
    return this.active;
  }

  /** Is it connected to the API server: running, and its last request got an HTTP answer (`ss` shows the connection)? */
  apiConnected(): boolean {
    return this.active && (this.transport?.serverResponsive ?? false);
  }

  /** The kubelet's HTTPS server (port 10250) as the API server reaches it. */
  endpoint(): KubeletEndpoint {
    return {
      serving: () => this.active,
      containerLogs: (pod, container, options) => {
        // The API server dials the node's 10250 from its own node, over the one network.
        const ip = this.options.spec.ip;
        const apiNode = this.options.apiServer && this.options.network.nodeByIP(this.options.apiServer.ip);
        const dial = apiNode && this.options.network.dial({ kind: 'host', node: apiNode.name }, ip, 10250);
        // A url.Error, not an API status: responsewriters.ErrorToAPIStatus makes it a 500 with no reason (kubectl: `Error from server: ...`).
        if (dial && !dial.ok) return failure(proxyError(`Get "https://${ip}:10250/containerLogs/${pod.metadata.namespace}/${pod.metadata.name}/${container}": dial tcp ${ip}:10250: ${goDialError(dial.failure)}`));
        return containerLogs(this.options.runtime, pod, container, options, this.ctx.queue.now());
      },
    };
  }

  /** Starts the kubelet process (normally through its systemd unit, which passes the pid). */
  start(pid = this.pid || 1000): { ok: true } | { ok: false; exitCode: number } {
    if (this.active) return { ok: true };
    this.pid = pid;
    const run = ++this.runId;
    const host = this.options.host;
    if (host && this.options.apiServer) {
      const started = kubeletStartup(host.fs, this.options.spec.kubeletVersion, host.now());
      for (const line of started.lines) {
        if ('plain' in line) this.options.journal.append({ time: host.now(), identifier: 'kubelet', unit: 'kubelet.service', pid, priority: 6, message: line.plain });
        else this.log(line.severity, line.source, line.message);
      }
      if (!started.ok) return { ok: false, exitCode: 1 };
      this.clientCert = started.cert;
      this.config = started.config;
      this.transport = new KubeletTransport(host, this.options.network, this.options.apiServer, () => this.ctx.queue.now());
    } else this.log('I', 'server.go:520', klogKV('Kubelet version', { kubeletVersion: this.options.spec.kubeletVersion }));
    // PreInitRuntimeService: the CRI client validates the runtime API before anything else runs (runtime-state.ts).
    const criError = criStartupError(this.options.runtime);
    if (criError) {
      this.log('E', 'run.go:72', `${klogKV('command failed')} err=${JSON.stringify(criError)}`);
      return { ok: false, exitCode: 1 };
    }
    this.active = true;
    this.processStart = this.hostTime();
    this.lastCertAvailable = this.processStart;
    this.registered = false;
    this.client = this.apiClient('');
    this.recorder = this.ctx.recorder(this.client, { component: 'kubelet', host: this.options.spec.name });
    this.runtimeState = new RuntimeState({ runtime: this.options.runtime, now: () => this.ctx.queue.now(), after: (ms, fn) => this.ctx.queue.after(ms, fn), cancel: (id) => this.ctx.queue.cancel(id), log: (sev, source, msg) => this.log(sev, source, msg) });
    // The file source needs no API server: static pods (the control plane itself) start before registration.
    this.staticRead = undefined;
    this.syncStaticPods();
    const fileLoop = () => this.later(FILE_CHECK_FREQUENCY_MS, () => (this.syncStaticPods(), fileLoop()));
    fileLoop();
    this.register();
    const q = this.ctx.queue;
    const statusLoop = () => this.later(NODE_STATUS_UPDATE_MS, () => this.updateNodeStatus(0, false, statusLoop));
    statusLoop();
    const heartbeat = this.apiClient('?timeout=10s');
    this.lease = new NodeLeaseController({
      client: heartbeat,
      nodeName: this.nodeName,
      leaseDurationSeconds: NODE_LEASE_DURATION_S,
      renewIntervalMs: (NODE_LEASE_DURATION_S * 1000) / 4,
      hostNow: () => this.hostTime(),
      pid: () => this.pid,
      lastRequestMs: () => this.transport?.lastElapsedMs ?? 0,
      after: (ms, fn) => q.after(ms, () => this.active && run === this.runId && fn()),
      cancel: (id) => q.cancel(id),
      log: (sev, source, msg) => this.log(sev, source, msg),
    });
    this.lease.start();
    if (this.clientCert) this.stops.push(q.every(10_000, () => this.checkClientCertificate()));
    this.informer = new Informer(this.client, 'pods', undefined, { fieldSelector: `spec.nodeName=${this.options.spec.name}` });
    this.informer.on((type, pod) => this.onPod(type, pod));
    if (this.informer.start()) this.resumeWorkers();
    else this.podSourceFailed(true);
    this.ensureMirrorPods();
    return { ok: true };
  }

  /** The client of this process: its credential, through its connection (`query` as client-go appends it). */
  private apiClient(query: string): ApiClient {
    // Clients are kept while the certificate and the connection stay (the status loop asks every 10 s).
    const cache = this.clients;
    if (!cache || cache.cert !== this.clientCert || cache.transport !== this.transport) this.clients = { cert: this.clientCert, transport: this.transport, byQuery: new Map() };
    let client = this.clients!.byQuery.get(query);
    if (!client) {
      const inner = this.ctx.client(this.credential());
      client = this.transport ? this.transport.wrap(inner, query) : inner;
      this.clients!.byQuery.set(query, client);
    }
    return client;
  }

  private clients?: { cert?: Certificate; transport?: KubeletTransport; byQuery: Map<string, ApiClient> };

  /**
   * The certificate manager's store now holds `cert` (as after a rotation): the
   * kubelet presents it from now on. Faults use it to back-date an expiry.
   */
  useClientCertificate(cert: Certificate): void {
    if (!this.active || !this.clientCert) return;
    this.clientCert = cert;
    this.client = this.apiClient('');
    this.recorder = this.ctx.recorder(this.client, { component: 'kubelet', host: this.options.spec.name });
    this.lease?.stop();
    this.lease?.setClient(this.apiClient('?timeout=10s'));
    this.lease?.start();
  }

  /**
   * pkg/kubelet/certificate/transport.go: every 10 s; 5 minutes without a
   * valid client certificate (Current() is nil once NotAfter passed, by the
   * host clock) ends the process if the server answers, else only logs.
   */
  private checkClientCertificate(): void {
    const cert = this.clientCert;
    if (!cert || !this.active) return;
    const now = this.hostTime();
    if (now <= cert.notAfter) {
      this.lastCertAvailable = now;
      return;
    }
    if (now - this.lastCertAvailable <= 5 * 60_000) return;
    const since = (this.lastCertAvailable - this.processStart) / 1000;
    const kv = `lastCertificateAvailabilityTime=${JSON.stringify(`${goTimeStringPrecise(this.lastCertAvailable)} m=+${since.toFixed(9)}`)} shutdownThreshold="5m0s"`;
    if (this.transport?.serverResponsive) {
      this.log('E', 'transport.go:158', `${klogKV('No valid client certificate is found and the server is responsive, exiting.')} ${kv}`);
      const exit = this.options.onExit;
      this.stop();
      exit?.(1);
    } else {
      this.log('E', 'transport.go:161', `${klogKV('No valid client certificate is found but the server is not responsive. A restart may be necessary to retrieve new initial credentials.')} ${kv}`);
    }
  }

  /** A timer of this process run (dropped when the process stops). */
  private later(ms: number, fn: () => void): void {
    const run = this.runId;
    const id = this.ctx.queue.after(ms, () => {
      this.timers.delete(id);
      if (this.active && run === this.runId) fn();
    });
    this.timers.add(id);
  }

  /**
   * The pod reflector (pkg/kubelet/config/apiserver.go) lost its watch or
   * could not list: relist with client-go's back-off (800ms doubling to 30s),
   * logging each failure as reflector.go does.
   */
  private podSourceFailed(resume: boolean): void {
    if (this.relistDelayMs > 0) return;
    this.relistDelayMs = 800;
    const attempt = () => {
      this.transport?.reconnect();
      this.informer?.stop();
      this.informer = new Informer(this.client, 'pods', undefined, { fieldSelector: `spec.nodeName=${this.options.spec.name}` });
      this.informer.on((type, pod) => this.onPod(type, pod));
      if (this.informer.start()) {
        this.relistDelayMs = 0;
        if (resume) this.resumeWorkers();
        else this.dropVanishedWorkers();
        return;
      }
      const err = this.lastError ?? 'unknown';
      this.log('W', 'reflector.go:569', `pkg/kubelet/config/apiserver.go:66: failed to list *v1.Pod: ${err}`);
      this.log('E', 'reflector.go:166', `${klogKV('Unhandled Error')} err=${JSON.stringify(`pkg/kubelet/config/apiserver.go:66: Failed to watch *v1.Pod: failed to list *v1.Pod: ${err}`)}`);
      const delay = this.relistDelayMs;
      this.relistDelayMs = Math.min(delay * 2, 30_000);
      this.later(delay + (this.transport?.lastElapsedMs ?? 0), attempt);
    };
    this.later(this.transport?.lastElapsedMs || 1, attempt);
  }

  /** After a relist: workers of pods the API server no longer has are torn down. */
  private dropVanishedWorkers(): void {
    const live = new Set(this.informer?.list().map((p) => p.metadata.uid));
    for (const [uid, worker] of [...this.workers]) {
      if (live.has(uid)) continue;
      worker.kill();
      this.workers.delete(uid);
    }
  }

  /** The error text of the last failed request of this process. */
  private get lastError(): string | undefined {
    return this.transport?.lastError;
  }

  private hostTime(): number {
    return this.options.hostNow?.() ?? this.ctx.queue.now();
  }

  /** After a restart: pods deleted meanwhile are torn down, the others resynced against the runtime. */
  private resumeWorkers(): void {
    const live = new Set(this.informer?.list().map((p) => p.metadata.uid));
    for (const [uid, worker] of [...this.workers]) {
      if (live.has(uid)) worker.resume();
      else {
        worker.kill();
        this.workers.delete(uid);
      }
    }
  }

  stop(): void {
    this.active = false;
    this.runId++;
    this.lease?.stop();
    this.lease = undefined;
    for (const id of this.timers) this.ctx.queue.cancel(id);
    this.timers.clear();
    this.relistDelayMs = 0;
    this.runtimeState?.stop();
    for (const s of this.stops) s();
    this.stops = [];
    this.informer?.stop();
    this.informer = undefined;
  }

  private get nodeName(): string {
    return this.options.spec.name;
  }

  private log(severity: 'I' | 'W' | 'E', source: string, message: string): void {
    const now = this.options.hostNow?.() ?? this.ctx.queue.now();
    this.options.journal.append({ time: now, identifier: 'kubelet', unit: 'kubelet.service', pid: this.pid, priority: severity === 'E' ? 3 : severity === 'W' ? 4 : 6, message: klogLine(severity, now, this.pid, source, message) });
  }

  /** registerWithAPIServer: tries until the API server takes the node (back-off 100ms doubling to 7s). */
  private register(delayMs = 100): void {
    const existing = this.client.get('nodes', undefined, this.nodeName);
    if (!existing.ok) {
      this.log('I', 'kubelet_node_status.go:75', klogKV('Attempting to register node', { node: this.nodeName }));
      const created = this.client.create('nodes', undefined, nodeObject(this.options.spec) as KubeObject);
      if (!created.ok) {
        this.later(this.transport?.lastElapsedMs ?? 0, () => {
          this.log('E', 'kubelet_node_status.go:107', `${klogKV('Unable to register node with API server')} err=${JSON.stringify(created.status.message)} node=${JSON.stringify(this.nodeName)}`);
          this.later(delayMs, () => this.register(Math.min(delayMs * 2, 7_000)));
        });
        return;
      }
      this.log('I', 'kubelet_node_status.go:78', klogKV('Successfully registered node', { node: this.nodeName }));
      this.recorder.record(created.value, 'Normal', 'Starting', 'Starting kubelet.');
    }
    this.registered = true;
    this.syncNodeStatus(true);
  }

  /**
   * updateNodeStatus: up to nodeStatusUpdateRetry (5) tries, the first GET
   * from the API server's cache (`resourceVersion=0`); each failure logs
   * "Error updating node status, will retry", then "Unable to update node
   * status". A try on a dropped connection takes its 10 s timeout.
   */
  private updateNodeStatus(attempt: number, force: boolean, done: () => void): void {
    if (!this.registered) return done();
    const r = this.syncNodeStatus(force, attempt);
    if (r === undefined) return done();
    if (this.transport && isTransportError(r.status)) this.podSourceFailed(false);
    this.later(this.transport?.lastElapsedMs || 1, () => {
      this.log('E', 'kubelet_node_status.go:549', `${klogKV('Error updating node status, will retry')} err=${JSON.stringify(r.error)}`);
      if (attempt + 1 < 5) return this.updateNodeStatus(attempt + 1, force, done);
      this.log('E', 'kubelet_node_status.go:536', `${klogKV('Unable to update node status')} err="update node status exceeds retry count"`);
      done();
    });
  }

  /** tryUpdateNodeStatus: undefined when done, else the error. */
  private syncNodeStatus(force = false, attempt = 0): { error: string; status: Status } | undefined {
    const got = this.apiClient(attempt === 0 ? '?resourceVersion=0&timeout=10s' : '?timeout=10s').get('nodes', undefined, this.nodeName);
    if (!got.ok) return { error: `error getting node ${JSON.stringify(this.nodeName)}: ${got.status.message}`, status: got.status };
    const node = got.value;
    const now = this.ctx.queue.now();
    const ready = this.runtimeInputs.readyErrors(this.runtimeState);
    const images = this.runtimeInputs.images();
    const diskPressure = this.diskPressure();
    const previous = node.status as Obj | undefined;
    const reportDue = this.lastPostedAt === undefined || now - this.lastPostedAt >= NODE_STATUS_REPORT_MS;
    // nodeStatus is a function of these (time only moves heartbeats): when they and the stored status are the very
    // ones last found unchanged, it is unchanged again. The reader hands back the same errors and images while they
    // are the same.
    const inputs = [previous, ready, images, diskPressure];
    if (!force && !reportDue && sameInputs(this.unchangedStatusInputs, inputs)) return undefined;
    this.unchangedStatusInputs = undefined;
    const status = nodeStatus({ spec: this.options.spec, now, notReadyReasons: ready.reasons, images, previous, diskPressure });
    const changed = !sameButHeartbeats(status, previous);
    if (!force && !changed && !reportDue) {
      this.unchangedStatusInputs = inputs;
      return undefined;
    }
    const put = this.apiClient('?timeout=10s').updateStatus('nodes', undefined, { ...node, status });
    if (!put.ok) return { error: `failed to patch status for node ${JSON.stringify(this.nodeName)}: ${put.status.message}`, status: put.status };
    this.lastPostedAt = now;
    // The API server stored what was posted: with the same inputs, the next tick would build this status again
    // (its transition times are the stored ones) and find it unchanged. Say so now rather than build it then.
    const stored = put.value.status as Obj | undefined;
    if (sameButHeartbeats(status, stored)) this.unchangedStatusInputs = [stored, ready, images, diskPressure];
    return undefined;
  }

  /** What the last status check that found nothing to post was computed from (syncNodeStatus). */
  private unchangedStatusInputs?: unknown[];

  private credential(): Credential {
    const cert = this.clientCert;
    return cert ? { type: 'x509', commonName: cert.subject.CN, organizations: cert.subject.O ?? [], notBefore: cert.notBefore, notAfter: cert.notAfter } : this.options.credential;
  }

  /**
   * The eviction manager's condition. Its 10 s synchronize runs here, on the
   * status loop that has the same period, rather than on a timer of its own.
   */
  private diskPressure(): boolean {
    const now = this.ctx.queue.now();
    if (this.eviction && now - this.evictionRanAt >= EVICTION_MONITORING_PERIOD_MS) {
      this.evictionRanAt = now;
      this.eviction.synchronize();
    }
    return this.eviction?.diskPressure() ?? false;
  }

  private evictionHost(host: NodeHost): ConstructorParameters<typeof EvictionManager>[0] {
    return {
      runtime: this.options.runtime,
      machine: { usage: (path) => host.fs.usage(path), diskBytes: () => host.diskBytes },
      nodeName: this.nodeName,
      now: () => this.ctx.queue.now(),
      log: (sev, source, msg) => this.log(sev, source, msg),
      activePods: () => (this.informer?.list() ?? []).filter((p) => !['Failed', 'Succeeded'].includes((p.status as Obj | undefined)?.phase)),
      evictPod: (pod, message) => {
        const worker = this.workers.get(pod.metadata.uid!);
        if (!worker || worker.done()) return false;
        this.recorder.record(pod, 'Warning', 'Evicted', message);
        worker.evict(message);
        return true;
      },
      nodeEvent: (type, reason, message) => this.recorder.record({ apiVersion: 'v1', kind: 'Node', metadata: { name: this.nodeName, uid: this.nodeName } } as KubeObject, type, reason, message),
    };
  }

  /** Static pods run from the file source, by config hash, and the last read of the directory. */
  private readonly statics = new Map<string, { pod: StaticPod; worker: PodWorker }>();
  private staticRead?: { dir: string; version: number; errors: { source: string; message: string }[] };
  /** A mirror pod could not be created or replaced yet (API server unreachable): try again on the next check. */
  private mirrorsPending = false;

  /**
   * The file source's check (at start and every fileCheckFrequency): new
   * manifests start their pods, removed ones stop theirs, a changed one is a
   * new pod (new hash) replacing the old. Unparsable files are logged at
   * every check, as upstream lists the directory again each time.
   */
  private syncStaticPods(): void {
    const fs = this.options.host?.fs;
    if (!fs) return;
    const dir = typeof this.config?.staticPodPath === 'string' && this.config.staticPodPath !== '' ? this.config.staticPodPath : STATIC_POD_PATH;
    const version = fs.dirVersion(dir);
    const last = this.staticRead;
    if (last && last.dir === dir && last.version === version) {
      for (const e of last.errors) this.log('E', e.source, e.message);
      if (this.mirrorsPending) this.ensureMirrorPods();
      return;
    }
    const read = readStaticPods(fs, dir, this.nodeName, isoSeconds(this.ctx.queue.now()));
    this.staticRead = { dir, version, errors: read.errors };
    for (const e of read.errors) this.log('E', e.source, e.message);
    const wanted = new Map(read.pods.map((p) => [p.hash, p]));
    for (const [hash, running] of [...this.statics]) {
      if (wanted.has(hash)) continue;
      running.worker.kill();
      this.statics.delete(hash);
      this.deleteMirrorPod(running.pod);
    }
    for (const pod of read.pods) {
      const running = this.statics.get(pod.hash);
      if (running) {
        if (running.worker.done()) continue;
        running.worker.resume();
        continue;
      }
      if (this.staticWorkerHostValue?.recorder !== this.recorder) this.staticWorkerHostValue = this.staticWorkerHost();
      const worker = new PodWorker(this.staticWorkerHostValue, pod.pod);
      this.statics.set(pod.hash, { pod, worker });
      worker.sync();
    }
    this.ensureMirrorPods();
  }

  private staticWorkerHostValue?: PodWorkerHost;

  /** The host of static pod workers: status goes to the mirror pod; nothing to delete in the API server. */
  private staticWorkerHost(): PodWorkerHost {
    const kubelet = this;
    return {
      ...this.workerHost(),
      postStatus: (pod, status, known) => {
        const mirror = kubelet.mirrorOf(pod);
        if (!mirror) return undefined;
        if (known !== undefined && mirror.status === known) return known;
        if (sameFields(mirror.status as Obj | undefined, status)) return mirror.status as Obj;
        const r = kubelet.client.updateStatus('pods', mirror.metadata.namespace, { ...mirror, status: { ...(mirror.status as Obj), ...status } } as KubeObject);
        return r.ok ? (r.value.status as Obj) : undefined;
      },
      deletePod: () => undefined,
    };
  }

  /** The mirror pod of a static pod as the pod informer has it (same name, this static pod's hash). */
  private mirrorOf(pod: KubeObject): KubeObject | undefined {
    const mirror = this.informer?.getByKey(podKeyOf(pod));
    return mirror && mirror.metadata.annotations?.['kubernetes.io/config.mirror'] === pod.metadata.uid ? mirror : undefined;
  }

  /**
   * mirror_client.go: every static pod has a mirror pod in the API server
   * (annotation `kubernetes.io/config.mirror` = its hash, owned by the Node);
   * a mirror of an older version of the manifest is deleted and recreated.
   */
  private ensureMirrorPods(): void {
    if (!this.active) return;
    this.mirrorsPending = false;
    for (const { pod: staticPod, worker } of this.statics.values()) {
      const manifest = staticPod.pod;
      const name = manifest.metadata.name!;
      const ns = manifest.metadata.namespace!;
      const existing = this.client.get('pods', ns, name);
      if (existing.ok) {
        if (existing.value.metadata.annotations?.['kubernetes.io/config.mirror'] === staticPod.hash && !existing.value.metadata.deletionTimestamp) continue;
        this.client.delete('pods', ns, name, { gracePeriodSeconds: 0 });
      } else if (existing.status.reason !== 'NotFound') {
        this.mirrorsPending = true;
        continue;
      }
      const node = this.client.get('nodes', undefined, this.nodeName);
      const pod = structuredClone(manifest) as Obj;
      delete pod.metadata.uid;
      pod.metadata.annotations = { ...pod.metadata.annotations, 'kubernetes.io/config.mirror': staticPod.hash };
      if (node.ok) pod.metadata.ownerReferences = [{ apiVersion: 'v1', controller: true, kind: 'Node', name: this.nodeName, uid: node.value.metadata.uid! }];
      const created = this.client.create('pods', ns, pod as KubeObject);
      if (!created.ok) this.mirrorsPending = true;
      // The status manager posts the static pod's status to its new mirror.
      else this.ctx.queue.after(0, () => this.active && !worker.done() && worker.sync());
    }
  }

  /** A static pod was removed: its mirror pod goes too. */
  private deleteMirrorPod(staticPod: StaticPod): void {
    const meta = staticPod.pod.metadata;
    const got = this.client.get('pods', meta.namespace, meta.name!);
    if (got.ok && got.value.metadata.annotations?.['kubernetes.io/config.mirror'] === staticPod.hash) this.client.delete('pods', meta.namespace, meta.name!, { gracePeriodSeconds: 0 });
  }

  private onPod(type: string, pod: KubeObject): void {
    const uid = pod.metadata.uid!;
    // Mirror pods are the API server's view of static pods: the kubelet runs the static pod, never the mirror.
    if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) {
      const ours = [...this.statics.values()].some((s) => s.pod.pod.metadata.name === pod.metadata.name && s.pod.pod.metadata.namespace === pod.metadata.namespace);
      // Deleted (or being deleted) through the API: the kubelet makes it again.
      if (ours && (type === 'DELETED' || pod.metadata.deletionTimestamp)) this.ctx.queue.after(1000, () => this.active && this.ensureMirrorPods());
      return;
    }
    if (type === 'DELETED') {
      this.workers.delete(uid);
      return;
    }
    let worker = this.workers.get(uid);
    if (!worker) {
      // One host for the workers made with the same recorder: it holds nothing of a pod (eight closures per pod otherwise).
      if (this.podWorkerHost?.recorder !== this.recorder) this.podWorkerHost = this.workerHost();
      worker = new PodWorker(this.podWorkerHost, pod);
      this.workers.set(uid, worker);
      worker.sync();
      return;
    }
    const deleting = !!pod.metadata.deletionTimestamp && !worker.current().metadata.deletionTimestamp;
    const debugged = worker.update(pod);
    if (deleting || debugged) worker.sync();
  }

  private podWorkerHost?: PodWorkerHost;

  private workerHost(): PodWorkerHost {
    const kubelet = this;
    const q = this.ctx.queue;
    return {
      nodeName: this.nodeName,
      nodeIP: this.options.spec.ip,
      runtime: this.options.runtime,
      recorder: this.recorder,
      network: this.options.network,
      // pkg/probe/http/request.go userAgent: kube-probe/<major>.<minor>.
      probeUserAgent: `kube-probe/${this.options.spec.kubeletVersion.replace(/^v/, '').split('.').slice(0, 2).join('.')}`,
      now: () => q.now(),
      after: (ms, fn) => q.after(ms, () => kubelet.active && fn()),
      cancel: (id) => q.cancel(id),
      allocatePodIP: (subnet) => kubelet.allocatePodIP(subnet),
      syncBlocked: () => kubelet.runtimeState?.syncBlocked() ?? false,
      networkError: () => kubelet.runtimeState?.networkErrors(),
      podDNS: (pod) => kubelet.podDNS(pod),
      containerEnv: (pod, container) =>
        containerEnv(pod, container, {
          get: (resource, namespace, name) => kubelet.client.get(resource, namespace, name),
          services: (namespace) => {
            const r = kubelet.client.list('services', namespace);
            return r.ok ? r.value.items : undefined;
          },
        }),
      postStatus: (pod, status, known) => {
        const current = kubelet.informer?.getByKey(podKeyOf(pod)) ?? pod;
        if (current.metadata.uid !== pod.metadata.uid) return undefined;
        // status_manager.go updateStatusInternal: "Ignoring same status for pod" — no request at all. A stored
        // status already found to hold every field of this very status object holds them still (both immutable).
        if (known !== undefined && current.status === known) return known;
        if (sameFields(current.status as Obj | undefined, status)) return current.status as Obj;
        const put = (base: KubeObject) => kubelet.client.updateStatus('pods', pod.metadata.namespace, { ...base, status: { ...(base.status as Obj), ...status } } as KubeObject);
        let r = put(current);
        if (!r.ok && r.status.reason === 'Conflict') {
          // The informer has not yet seen this kubelet's previous write (a status posted in the same
          // instant). The status manager GETs the pod and patches its status with no resourceVersion
          // precondition (status_manager.go syncPod, PatchPodStatus): it never waits for the watch.
          const fresh = kubelet.client.get('pods', pod.metadata.namespace, pod.metadata.name!);
          if (fresh.ok && fresh.value.metadata.uid === pod.metadata.uid) r = put(fresh.value);
        }
        return r.ok ? (r.value.status as Obj) : undefined;
      },
      deletePod: (pod) => {
        kubelet.client.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
      },
    };
  }

  /** The configuration file this process started with (config.yaml). */
  private config?: Obj;

  /** dns.go GetPodDNS with this kubelet's clusterDNS, clusterDomain and resolvConf. */
  private podDNS(pod: KubeObject): DnsConfig | undefined {
    const config = this.config;
    const fs = this.options.host?.fs;
    if (!config || !fs) return undefined;
    const resolvConf: string = config.resolvConf ?? '/etc/resolv.conf';
    const spec = (pod.spec ?? {}) as Obj;
    const type = podDnsType(spec);
    const hostResolvConf = resolvConf === '' ? '' : fs.read(resolvConf);
    // Without a dnsConfig of its own a pod gets its type's configuration (and its namespace's, for the cluster's):
    // shared, frozen, while the settings and the host file it was made from are the same (every sandbox asks).
    const shared = spec.dnsConfig === undefined && hostResolvConf !== undefined ? this.sharedDns : undefined;
    // (A namespace name has no '/': the other types' keys are no namespace's.)
    const key = type === 'cluster' ? ((pod.metadata.namespace as string | undefined) ?? 'default') : `/${type}`;
    if (shared && shared.config === config && shared.hostResolvConf === hostResolvConf) {
      const made = shared.byKey.get(key);
      if (made) return made;
    }
    const clusterDNS = Array.isArray(config.clusterDNS) ? config.clusterDNS.map(String) : [];
    if (clusterDNS.length === 0 && type === 'cluster') {
      // dns.go GetPodDNS: the pod falls back to the node's resolv.conf, and the kubelet says so on the node and the pod.
      const message = `kubelet does not have ClusterDNS IP configured and cannot create Pod using "ClusterFirst" policy. Falling back to "Default" policy.`;
      this.recorder.record({ apiVersion: 'v1', kind: 'Node', metadata: { name: this.nodeName, uid: this.nodeName } } as KubeObject, 'Warning', 'MissingClusterDNS', message);
      this.recorder.record(pod, 'Warning', 'MissingClusterDNS', `pod: "${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})". ${message}`);
    }
    const dns = podDnsConfig(pod as Obj, { clusterDNS, clusterDomain: String(config.clusterDomain ?? ''), hostResolvConf, noResolvConf: resolvConf === '' });
    // The MissingClusterDNS events above are sent for every pod: such a configuration is not kept.
    if (!dns || spec.dnsConfig !== undefined || hostResolvConf === undefined || (clusterDNS.length === 0 && type === 'cluster')) return dns;
    if (this.sharedDns?.config !== config || this.sharedDns.hostResolvConf !== hostResolvConf) this.sharedDns = { config, hostResolvConf, byKey: new Map() };
    const frozen = Object.freeze({ servers: Object.freeze(dns.servers), searches: Object.freeze(dns.searches), options: Object.freeze(dns.options) }) as DnsConfig;
    this.sharedDns.byKey.set(key, frozen);
    return frozen;
  }

  /** The DNS configurations of pods without a dnsConfig, by namespace (cluster type) or type, and what they were made from. */
  private sharedDns?: { config: Obj; hostResolvConf: string; byKey: Map<string, DnsConfig> };

  /** The node's podCIDR and its first three octets, parsed once. */
  private podCidr?: { cidr: string; base: string };

  /**
   * host-local IPAM: the next free address of `subnet`, the range the CNI
   * plugin gave it (flannel's, from its subnet.env), or else of the node's
   * podCIDR (calico's `usePodCidr` asks the API server for it).
   */
  private allocatePodIP(subnet?: string): string | undefined {
    let cidr = subnet;
    if (cidr === undefined) {
      const node = this.client.get('nodes', undefined, this.nodeName);
      cidr = node.ok ? (node.value.spec as Obj)?.podCIDR : undefined;
    }
    if (!cidr) return undefined;
    if (cidr !== this.podCidr?.cidr) this.podCidr = { cidr, base: cidr.split('/')[0].split('.').slice(0, 3).join('.') };
    const ip = flatConcat(this.podCidr.base, '.', String(this.nextIP));
    this.nextIP = this.nextIP >= 254 ? 2 : this.nextIP + 1;
    return ip;
  }
}

/**
 * The informer key of a pod object, made once per object: a pod worker posts its status with the same pod object at
 * every quiet tick (the static pods' workers with their manifest's for good), and the informer's one-slot key memo
 * is taken by the other workers' lookups in between.
 */
const podKeys = new WeakMap<KubeObject, string>();

function podKeyOf(pod: KubeObject): string {
  let key = podKeys.get(pod);
  if (key === undefined) podKeys.set(pod, (key = keyOf(pod)));
  return key;
}
