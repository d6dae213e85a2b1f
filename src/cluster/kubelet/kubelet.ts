/**
 * The kubelet of one node: registers the Node, renews its Lease and posts
 * node status on the real intervals, creates mirror pods for static pods,
 * and runs a worker per pod bound to it. It authenticates with its own
 * client certificate, so a certificate problem is a real authentication
 * failure at the API server.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import type { Component, ComponentContext } from '../component.js';
import type { Credential } from '../apiserver/authn.js';
import type { ContainerRuntime } from '../runtime/runtime.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Journal } from '../host/journal.js';
import { klogKV, klogLine } from '../host/journal.js';
import { Informer } from '../client/informer.js';
import { isoSeconds } from '../apiserver/server.js';
import { nodeObject, nodeStatus, withoutHeartbeats, type NodeSpec } from './node-status.js';
import { PodWorker, type PodWorkerHost } from './pod-worker.js';
import { containerLogs } from './container-logs.js';
import type { KubeletEndpoint } from '../apiserver/types.js';

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
  credential: Credential;
  /** Static pod manifests (kubeadm's /etc/kubernetes/manifests) to run as mirror pods. */
  staticPods: Obj[];
  /** The node's own clock (journal timestamps are host time). */
  hostNow?: () => number;
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
  private lastPosted?: { at: number; key: string };
  private nextIP = 2;
  /** Process id of the running kubelet (what journal lines show); set by its systemd unit. */
  private pid = 0;

  constructor(private readonly ctx: ComponentContext, readonly options: KubeletOptions) {
    this.name = `kubelet/${options.spec.name}`;
    options.runtime.onExit((c) => {
      // PLEG is part of the kubelet: while it is down nobody notices; start() relists.
      if (!this.active) return;
      for (const w of this.workers.values()) if (w.current().metadata.uid === c.podUid) w.containerExited(c);
    });
  }

  running(): boolean {
    return this.active;
  }

  /** The kubelet's HTTPS server (port 10250) as the API server reaches it. */
  endpoint(): KubeletEndpoint {
    return {
      serving: () => this.active,
      containerLogs: (pod, container, options) => containerLogs(this.options.runtime, pod, container, options, this.ctx.queue.now()),
    };
  }

  /** Starts the kubelet process (normally through its systemd unit, which passes the pid). */
  start(pid = this.pid || 1000): void {
    if (this.active) return;
    this.pid = pid;
    this.active = true;
    this.client = this.ctx.client(this.options.credential);
    this.recorder = this.ctx.recorder(this.client, { component: 'kubelet', host: this.options.spec.name });
    this.log('I', 'server.go:520', klogKV('Kubelet version', { kubeletVersion: this.options.spec.kubeletVersion }));
    this.register();
    const q = this.ctx.queue;
    this.stops.push(q.every(NODE_STATUS_UPDATE_MS, () => this.syncNodeStatus()));
    this.stops.push(q.every((NODE_LEASE_DURATION_S * 1000) / 4, () => this.renewLease(), 0));
    this.informer = new Informer(this.client, 'pods', undefined, { fieldSelector: `spec.nodeName=${this.options.spec.name}` });
    this.informer.on((type, pod) => this.onPod(type, pod));
    this.informer.start();
    this.resumeWorkers();
    this.ensureMirrorPods();
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

  private register(): void {
    const existing = this.client.get('nodes', undefined, this.nodeName);
    if (!existing.ok) {
      this.log('I', 'kubelet_node_status.go:75', klogKV('Attempting to register node', { node: this.nodeName }));
      const created = this.client.create('nodes', undefined, nodeObject(this.options.spec) as KubeObject);
      if (!created.ok) return;
      this.log('I', 'kubelet_node_status.go:78', klogKV('Successfully registered node', { node: this.nodeName }));
      this.recorder.record(created.value, 'Normal', 'Starting', 'Starting kubelet.');
    }
    this.syncNodeStatus(true);
  }

  private syncNodeStatus(force = false): void {
    const got = this.client.get('nodes', undefined, this.nodeName);
    if (!got.ok) return;
    const node = got.value;
    const now = this.ctx.queue.now();
    const status = nodeStatus({ spec: this.options.spec, now, notReadyReasons: this.notReadyReasons(), images: this.images(), previous: node.status as Obj | undefined });
    const key = withoutHeartbeats(status);
    const changed = key !== withoutHeartbeats(node.status as Obj | undefined);
    if (!force && !changed && this.lastPosted && now - this.lastPosted.at < NODE_STATUS_REPORT_MS) return;
    const updated = structuredClone(node);
    updated.status = status;
    if (this.client.updateStatus('nodes', undefined, updated).ok) this.lastPosted = { at: now, key };
  }

  private notReadyReasons(): string[] {
    const reasons: string[] = [];
    if (!this.options.runtime.up) reasons.push('container runtime is down');
    return reasons;
  }

  private images(): { names: string[]; sizeBytes: number }[] {
    return [...this.options.runtime.images.values()]
      .sort((a, b) => b.sizeBytes - a.sizeBytes)
      .map((img) => ({ names: [img.tags[0].replace(/:[^:/]+$/, '') + '@' + img.id, ...img.tags], sizeBytes: img.sizeBytes }));
  }

  private renewLease(): void {
    const now = this.ctx.queue.now();
    const micro = new Date(now).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
    const got = this.client.get('leases', 'kube-node-lease', this.nodeName);
    if (got.ok) {
      const lease = structuredClone(got.value) as Obj;
      lease.spec.renewTime = micro;
      lease.spec.holderIdentity = this.nodeName;
      this.client.update('leases', 'kube-node-lease', lease as KubeObject);
      return;
    }
    const node = this.client.get('nodes', undefined, this.nodeName);
    if (!node.ok) return;
    this.client.create('leases', 'kube-node-lease', {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: this.nodeName, namespace: 'kube-node-lease', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.nodeName, uid: node.value.metadata.uid! }] },
      spec: { holderIdentity: this.nodeName, leaseDurationSeconds: NODE_LEASE_DURATION_S, renewTime: micro },
    });
  }

  private ensureMirrorPods(): void {
    for (const manifest of this.options.staticPods) {
      const name = `${manifest.metadata.name}-${this.nodeName}`;
      const ns = manifest.metadata.namespace ?? 'default';
      if (this.client.get('pods', ns, name).ok) continue;
      const node = this.client.get('nodes', undefined, this.nodeName);
      const pod = structuredClone(manifest);
      pod.metadata.name = name;
      pod.metadata.namespace = ns;
      pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), 'kubernetes.io/config.mirror': this.options.spec.machineId.slice(0, 32), 'kubernetes.io/config.seen': isoSeconds(this.ctx.queue.now()), 'kubernetes.io/config.source': 'file' };
      if (node.ok) pod.metadata.ownerReferences = [{ apiVersion: 'v1', controller: true, kind: 'Node', name: this.nodeName, uid: node.value.metadata.uid! }];
      pod.spec.nodeName = this.nodeName;
      this.client.create('pods', ns, pod as KubeObject);
    }
  }

  private onPod(type: string, pod: KubeObject): void {
    const uid = pod.metadata.uid!;
    if (type === 'DELETED') {
      this.workers.delete(uid);
      if (this.options.staticPods.some((m) => `${m.metadata.name}-${this.nodeName}` === pod.metadata.name)) this.ctx.queue.after(1000, () => this.active && this.ensureMirrorPods());
      return;
    }
    let worker = this.workers.get(uid);
    if (!worker) {
      worker = new PodWorker(this.workerHost(), pod);
      this.workers.set(uid, worker);
      worker.sync();
      return;
    }
    const deleting = !!pod.metadata.deletionTimestamp && !worker.current().metadata.deletionTimestamp;
    worker.update(pod);
    if (deleting) worker.sync();
  }

  private workerHost(): PodWorkerHost {
    const kubelet = this;
    const q = this.ctx.queue;
    return {
      nodeName: this.nodeName,
      nodeIP: this.options.spec.ip,
      runtime: this.options.runtime,
      recorder: this.recorder,
      now: () => q.now(),
      after: (ms, fn) => q.after(ms, () => kubelet.active && fn()),
      cancel: (id) => q.cancel(id),
      allocatePodIP: () => kubelet.allocatePodIP(),
      postStatus: (pod, status) => {
        const current = kubelet.informer?.get(pod.metadata.namespace, pod.metadata.name!) ?? pod;
        if (current.metadata.uid !== pod.metadata.uid) return;
        const updated = { ...current, status: { ...(current.status as Obj), ...status } } as KubeObject;
        kubelet.client.updateStatus('pods', pod.metadata.namespace, updated);
      },
      deletePod: (pod) => {
        kubelet.client.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
      },
    };
  }

  /** host-local IPAM: the next free address of the node's podCIDR. */
  private allocatePodIP(): string | undefined {
    const node = this.client.get('nodes', undefined, this.nodeName);
    const cidr: string | undefined = node.ok ? (node.value.spec as Obj)?.podCIDR : undefined;
    if (!cidr) return undefined;
    const base = cidr.split('/')[0].split('.').slice(0, 3).join('.');
    const ip = `${base}.${this.nextIP}`;
    this.nextIP = this.nextIP >= 254 ? 2 : this.nextIP + 1;
    return ip;
  }
}
