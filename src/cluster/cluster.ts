/**
 * The simulated cluster's facade: builds a kubeadm-like cluster from a world
 * description, runs its history from creation to "now" (warm-up), and gives
 * callers API clients, nodes and the clock. Knows nothing of commands or UI.
 */
import { EventQueue } from './clock/event-queue.js';
import { Random } from './clock/random.js';
import { Store } from './store/store.js';
import { ApiServer } from './apiserver/server.js';
import type { ApiClient, KubeObject } from './apiserver/types.js';
import type { Credential } from './apiserver/authn.js';
import type { Impersonation } from './apiserver/impersonation.js';
import { resourceForKind } from './apiserver/resources.js';
import { componentContext, type Component, type ComponentContext } from './component.js';
import { ContainerRuntime } from './runtime/runtime.js';
import { NodeHost } from './host/node-host.js';
import { seedNodeFiles, containerdUnit, kubeletUnit } from './bootstrap/node-files.js';
import { seedControlPlanePki } from './bootstrap/kubeadm-pki.js';
import { Kubelet } from './kubelet/kubelet.js';
import { RUNTIME_REQUEST_TIMEOUT_MS } from './kubelet/pleg.js';
import { containerdStartupLines } from './runtime/containerd-log.js';
import { apiServerServingCertificate, type ApiServerEndpoint } from './kubelet/api-transport.js';
import type { VirtualFs } from './host/vfs.js';
import { decodeCertificate, type Certificate } from './host/certs.js';
import type { DeclaredNode, NodeSpec } from './kubelet/node-status.js';
import { ImageCatalog, type ImageBehaviour } from './workloads/catalog.js';
import { Network, type DialFailure, type NetNode } from './network/network.js';
import { hostDaemons } from './network/host-daemons.js';
import { networkPolicyEngine, storePolicyReads } from './network/policy.js';
import type { CniPlugin } from './bootstrap/node-files.js';
import { waitLoopLauncher } from './programs/wait-loop.js';
import { clientProgramTable } from './programs/index.js';
import type { Program } from './programs/types.js';
import { systemProgramLauncher } from './system-programs.js';
import { hash } from './programs/fnv.js';
import { kubeletClientCertChain } from './kubelet/client-cert-chain.js';
import { CURRENT_PEM, storeCertificate } from './kubelet/client-credentials.js';
import { dataCenterServices } from './dns/upstream.js';
import { podResolvConf } from './dns/resolv-conf.js';
import { execEndpoint } from './kubelet/exec-endpoint.js';
import { systemPriorityClasses } from './apiserver/system-priority-classes.js';
import { apiServerStartupConfigMaps, kubeadmUploadedConfigMaps } from './bootstrap/cluster-configmaps.js';
import { EtcdMember } from './etcd/member.js';
import { EtcdRaftGroup } from './etcd/raft-group.js';
import { EndpointReconciler } from './control-plane/endpoint-reconciler.js';
import { warmUp, warmUpAsync, type WarmUpOptions } from './warm-up.js';
import { DEFAULT_POD_SUBNET, nodeIP } from './ipv4.js';
import { kubeFlannelManifest } from './flannel/manifest.js';
import { calicoManifest } from './calico/manifest.js';
import { SYSTEM_NAMESPACES, controlPlaneStaticPods, kubeadmAddons, kubernetesService, rbacBootstrap } from './bootstrap/kubeadm.js';

type Obj = Record<string, any>;

/** A node as the world declares it. */
export interface WorldNode extends DeclaredNode {
  /** When its kubelet first started (ms since the epoch); default: with the others, {@link WORKER_JOIN_DELAY_MS} after creation. */
  joinedAt?: number;
}

/** The world a cluster is built from (a scenario's `cluster:` section, resolved). */
export interface ClusterWorld {
  /** Kubernetes version, e.g. `v1.32.4`. */
  version: string;
  /** "Now" at the end of warm-up (ms since the epoch). */
  now: number;
  /** Cluster age at "now" (ms). */
  createdAgoMs: number;
  nodes: WorldNode[];
  /** kubeadm's networking.podSubnet, the controller-manager's --cluster-cidr (default 10.244.0.0/16). */
  podSubnet?: string;
  /** Image catalog additions. */
  images: Record<string, ImageBehaviour>;
  /**
   * The pod network's CNI plugin (default flannel, which does not enforce
   * NetworkPolicy; calico does). It decides the nodes' /etc/cni/net.d and
   * /opt/cni/bin, and enforcement follows what each node's containerd loaded.
   */
  cni?: CniPlugin;
  /**
   * kubeadm's controlPlaneEndpoint: the load balancer in front of the API
   * servers of an HA control plane (stacked etcd). With it, every
   * control-plane node runs the four static pods, their etcd members form
   * one cluster, and admin.conf, kubelet.conf and kube-proxy name this
   * address. Without it the first control-plane node's API server is the endpoint.
   */
  controlPlaneEndpoint?: { ip: string; port: number };
}

/** Something that happens at a point of the cluster's history (manifests applied, a fault starting). */
export interface TimelineItem {
  /** ms since the epoch */
  at: number;
  run(cluster: Cluster): void;
}

/** A node's machinery: the machine (files, units, journal, clock), its kubelet and runtime. */
export interface NodeHandle {
  spec: NodeSpec;
  host: NodeHost;
  kubelet: Kubelet;
  runtime: ContainerRuntime;
}

const YEAR_MS = 365 * 86_400_000;

/** Mixed into the seed for the etcd member's own random stream. */
const ETCD_SEED_SALT = 0x65746364;

/**
 * When the nodes that say nothing else join, after the control plane came up
 * at creation: together, as machines provisioned in parallel run `kubeadm join`.
 */
export const WORKER_JOIN_DELAY_MS = 60_000;

/** Where kubeadm keeps the API server's serving certificate on the control-plane node. */
const PKI_DIR = '/etc/kubernetes/pki';
const SERVING_CERT = `${PKI_DIR}/apiserver.crt`;

/** Options of createCluster. */
export interface ClusterOptions {
  seed: number;
  timeline?: TimelineItem[];
  /**
   * Fold the steady state (default true): see docs/performance.md, "Warm-up
   * design". False replays it event by event, the reference tests compare with.
   */
  fold?: boolean;
}

/** The simulated cluster. */
export class Cluster {
  readonly queue: EventQueue;
  readonly random: Random;
  readonly store: Store;
  readonly api: ApiServer;
  readonly catalog = new ImageCatalog();
  readonly nodes = new Map<string, NodeHandle>();
  readonly components: Component[] = [];
  readonly ctx: ComponentContext;
  readonly createdAt: number;
  /** Hosts, pod network namespaces, packet filters: what every connection goes through. */
  readonly network: Network;
  /** The client programs (nslookup, wget, nc, ...) a container's script can run, by name (programs/wait-loop.ts). */
  readonly clientPrograms: Map<string, Program> = clientProgramTable();
  private readonly jumpHooks: ((d: number) => void)[] = [];
  private admin?: ApiClient;
  /** The etcd member on the control-plane node (created by bootstrap); in an HA control plane, the init node's. */
  etcd: EtcdMember | undefined;
  /** The etcd members by node name (one per control-plane node of an HA control plane; else the one). */
  readonly etcdMembers = new Map<string, EtcdMember>();
  private readonly seed: number;

  constructor(readonly world: ClusterWorld, options: ClusterOptions) {
    this.createdAt = world.now - world.createdAgoMs;
    this.queue = new EventQueue(this.createdAt);
    this.random = new Random(options.seed);
    this.seed = options.seed;
    this.store = new Store(this.queue, 1000 + this.random.int(9000), options.fold ?? true);
    const [major, minor] = world.version.replace(/^v/, '').split('.');
    this.api = new ApiServer({ store: this.store, queue: this.queue, random: this.random, version: { gitVersion: world.version, major, minor } });
    this.ctx = componentContext(this.queue, this.random, (c: Credential) => this.api.client(c), this.jumpHooks);
    this.jumpHooks.push(() => this.store.onClockJump());
    for (const [image, behaviour] of Object.entries(world.images)) this.catalog.add(image, behaviour);
    const netNodes: NetNode[] = [];
    this.netNodes = netNodes;
    this.network = new Network(() => netNodes, () => this.random.next());
    this.network.external = dataCenterServices;
  }

  /** Where kubeconfigs point (`server: https://IP:6443`): the control-plane node's API server port (set by bootstrap). */
  apiServerAddress = { ip: '', port: 6443 };

  /**
   * What a client on `from` (the workstation, or a node's host) meets when it
   * dials the API server: undefined when it connects, else the dial failure.
   */
  dialApiServer(from: string | undefined): DialFailure | undefined {
    const r = this.network.dial(from === undefined ? { kind: 'workstation' } : { kind: 'host', node: from }, this.apiServerAddress.ip, this.apiServerAddress.port);
    return r.ok ? undefined : r.failure;
  }

  /** The nodes as the network sees them, in declaration order (filled by bootstrap). */
  private readonly netNodes: NetNode[];

  /** The simulated time (ms since the epoch). */
  now(): number {
    return this.queue.now();
  }

  /** Runs the simulation for `ms` of simulated time. */
  advance(ms: number): void {
    this.queue.runUntil(this.queue.now() + ms);
  }

  /** Runs the simulation up to `time`. */
  runUntil(time: number): void {
    this.queue.runUntil(time);
  }

  /** The cluster-admin client of kubeadm's admin.conf (O=kubeadm:cluster-admins). */
  adminClient(impersonate?: Impersonation): ApiClient {
    this.adminCredential ??= { type: 'x509', commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'], notBefore: this.createdAt, notAfter: this.world.now + 300 * 86_400_000 };
    if (impersonate) return this.api.client({ type: 'impersonating', as: this.adminCredential, user: impersonate.user, groups: impersonate.groups });
    this.admin ??= this.api.client(this.adminCredential);
    return this.admin;
  }

  /** The credential of kubeadm's admin.conf, made once. */
  private adminCredential: Credential | undefined;

  /** A privileged in-process client for bootstrap and tests. */
  systemClient(): ApiClient {
    return this.api.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
  }

  /** Creates an object through the API server with the system identity (bootstrap, scenario manifests). */
  apply(object: Obj): KubeObject | string {
    const info = resourceForKind(object.apiVersion, object.kind);
    if (!info) return `no matches for kind "${object.kind}" in version "${object.apiVersion}"`;
    const r = this.systemClient().create(info.name, info.namespaced ? (object.metadata?.namespace ?? 'default') : undefined, object as KubeObject);
    return r.ok ? r.value : r.status.message;
  }

  /**
   * Creates the object, or replaces the one already there, as `kubectl
   * apply` of a whole manifest does: a scenario's manifest that names an
   * object kubeadm created (the coredns ConfigMap or Deployment) is the
   * world's version of it.
   */
  applyOrReplace(object: Obj): KubeObject | string {
    const info = resourceForKind(object.apiVersion, object.kind);
    if (!info) return `no matches for kind "${object.kind}" in version "${object.apiVersion}"`;
    const namespace = info.namespaced ? (object.metadata?.namespace ?? 'default') : undefined;
    const client = this.systemClient();
    const created = client.create(info.name, namespace, object as KubeObject);
    if (created.ok) return created.value;
    if (created.status.reason !== 'AlreadyExists') return created.status.message;
    const existing = client.get(info.name, namespace, object.metadata?.name ?? '');
    if (!existing.ok) return existing.status.message;
    const replacement = { ...object, metadata: { ...object.metadata, resourceVersion: existing.value.metadata.resourceVersion } } as KubeObject;
    const replaced = client.update(info.name, namespace, replacement);
    return replaced.ok ? replaced.value : replaced.status.message;
  }

  /** Bootstrap objects must be accepted; a rejection is a bug in the simulation, not a scenario problem. */
  private mustApply(object: Obj): void {
    const r = this.apply(object);
    if (typeof r === 'string') throw new Error(`bootstrap: ${object.kind} ${object.metadata?.name}: ${r}`);
  }

  /** Skips idle time: every pending timer keeps its phase, components shift remembered times. */
  jump(deltaMs: number): void {
    if (deltaMs <= 0) return;
    this.queue.jump(deltaMs);
    for (const hook of this.jumpHooks) hook(deltaMs);
  }

  /** Node names in declaration order. */
  nodeNames(): string[] {
    return [...this.nodes.keys()];
  }

  /**
   * @internal Builds nodes and control plane at creation time. Returns the
   * joins of nodes that came later (`joinedAt`): history for the warm-up to
   * play at their time, since a timer would move with skipped idle time.
   */
  bootstrap(): TimelineItem[] {
    const joins: TimelineItem[] = [];
    this.etcd = this.etcdMember();
    this.etcdMembers.set(this.etcd.name, this.etcd);
    this.store.backend = this.etcd;
    const sys = this.systemClient();
    for (const ns of SYSTEM_NAMESPACES) sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } } });
    for (const obj of rbacBootstrap()) this.mustApply(obj);
    for (const obj of systemPriorityClasses()) this.mustApply(obj);
    const specs = this.world.nodes.map((n, i) => this.nodeSpec(n, i));
    const cp = specs.find((s) => s.role === 'control-plane') ?? specs[0];
    const podSubnet = this.world.podSubnet ?? DEFAULT_POD_SUBNET;
    // An HA control plane: every control-plane node runs the API server, behind the endpoint's load balancer.
    const endpoint = this.world.controlPlaneEndpoint;
    const apiServerNodes = endpoint ? specs.filter((s) => s.role === 'control-plane') : [cp];
    if (endpoint) this.joinEtcdMembers(apiServerNodes);
    const front = endpoint ?? { ip: cp.ip, port: 6443 };
    if (endpoint) {
      this.network.loadBalancers.set(`${front.ip}:${front.port}`, apiServerNodes.map((s) => ({ ip: s.ip, port: 6443 })));
      this.network.controlPlaneEndpoint = front;
    }
    // An HA control plane's API servers list themselves as they start (the init node's first, as at `kubeadm init`).
    for (const obj of kubernetesService(endpoint ? [cp.ip] : apiServerNodes.map((s) => s.ip))) this.mustApply(obj);
    const apiServerPeers = endpoint ? new EndpointReconciler(this.systemClient(), [cp.ip], (fn) => this.queue.after(0, fn)) : undefined;
    const apiServer: ApiServerEndpoint = { ip: front.ip, port: front.port, servingCertificate: apiServerServingCertificate(() => this.apiServerCertOnDisk(cp.name), this.createdAt, cp.ip) };
    specs.forEach((spec, i) => {
      const host = new NodeHost(spec.name, spec.ip, this.queue);
      const runtime = new ContainerRuntime(this.queue, this.random, this.catalog);
      const staticPods = spec.role === 'control-plane' ? controlPlaneStaticPods(spec.name, spec.ip, this.world.version, podSubnet, endpoint ? this.initialEtcdCluster(spec.name) : []) : [];
      // The kubelet's client certificates: signed at its TLS bootstrap (when it joins), then rotated as client-go rotates them.
      const joinAt = this.world.nodes[i].joinedAt ?? this.createdAt + (spec.role === 'control-plane' ? 0 : WORKER_JOIN_DELAY_MS);
      const chain = kubeletClientCertChain(spec.name, this.seed, Math.min(joinAt, this.world.now), this.world.now);
      const credential: Credential = { type: 'x509', commonName: `system:node:${spec.name}`, organizations: ['system:nodes'], notBefore: chain[0].notBefore, notAfter: chain[0].notAfter };
      seedNodeFiles(host, spec, { version: this.world.version, apiServerIP: front.ip, ...(endpoint ? { apiServerPort: front.port } : {}), clusterCreatedAt: this.createdAt, kubeletClient: credential, staticPods, random: this.random, cni: this.world.cni });
      if (spec.role === 'control-plane') {
        // `kubeadm join --control-plane` copies the cluster's CAs and service-account keys from the init node (--upload-certs).
        if (endpoint && spec.name !== cp.name) copySharedPki(this.nodes.get(cp.name)!.host.fs, host.fs);
        // kubeadm upgrades renew the leaf certificates about once a year: date them from the last anniversary.
        const years = Math.floor((this.world.now - this.createdAt) / YEAR_MS);
        seedControlPlanePki(host, this.createdAt, this.random, { issuedAt: this.createdAt + years * YEAR_MS, ...(endpoint ? { controlPlaneEndpoint: `${front.ip}:${front.port}` } : {}) });
      }
      const onExit = (code: number) => host.unit('kubelet')?.crashed(code);
      // kubeadm init's preflight pulls the control-plane images before the kubelet starts the static pods.
      for (const pod of staticPods) for (const c of pod.spec.containers) runtime.pullImage(c.image);
      const kubelet = new Kubelet(this.ctx, { spec, runtime, journal: host.journal, credential, hostNow: () => host.now(), host, apiServer, onExit, network: this.network });
      const containerdStarted = (pid: number) => {
        for (const message of containerdStartupLines(host.now(), pid)) host.journal.append({ time: host.now(), identifier: 'containerd', unit: 'containerd.service', pid, priority: 6, message });
      };
      host.addUnit(containerdUnit(), { start: (pid) => ((runtime.up = true), containerdStarted(pid), { ok: true }), stop: () => void (runtime.up = false), ignoresSigterm: () => runtime.latencyMs >= RUNTIME_REQUEST_TIMEOUT_MS });
      host.addUnit(kubeletUnit(), { start: (pid) => kubelet.start(pid), stop: () => kubelet.stop() });
      this.nodes.set(spec.name, { spec, host, kubelet, runtime });
      this.jumpHooks.push((delta) => host.skipped(delta));
      const systemProgram = systemProgramLauncher({ ctx: this.ctx, network: this.network, node: { name: spec.name, ip: spec.ip, host, runtime }, podSubnet, apiServerCertificate: apiServer.servingCertificate, api: this.api, ...(apiServerPeers ? { apiServerPeers } : {}), ...(this.etcdMembers.has(spec.name) && (spec.name === cp.name || endpoint) ? { etcd: this.etcdMembers.get(spec.name)! } : {}) });
      const waitLoop = waitLoopLauncher({ queue: this.queue, network: this.network, node: { name: spec.name, runtime }, programs: () => this.clientPrograms, resolvConf: (sandbox) => sandbox.resolvConf });
      runtime.hostClockOffsetMs = () => host.clockOffsetMs;
      runtime.launcher = (container, sandbox) => systemProgram(container, sandbox) ?? waitLoop(container, sandbox);
      const podCidr = () => (this.store.get('nodes', undefined, spec.name)?.spec as { podCIDR?: string } | undefined)?.podCIDR;
      this.netNodes.push({ name: spec.name, ip: spec.ip, host, runtime, hostDaemon: hostDaemons({ kubelet }), podCidr, podSubnet, kubeletConnected: () => kubelet.apiConnected() });
      this.api.registerKubelet(spec.name, spec.ip, { ...kubelet.endpoint(), exec: execEndpoint({ network: this.network, runtime, node: spec.name, nodeIP: spec.ip, apiServerNode: cp.name, random: this.random, now: () => this.queue.now(), resolvConf: (pod) => podResolvConf(runtime, String(pod.metadata.uid)), files: host.fs }) });
      this.components.push(kubelet);
      const join = () => {
        host.unit('containerd')!.start();
        host.unit('kubelet')!.start();
      };
      for (const period of chain.slice(1)) {
        joins.push({
          at: period.issuedAt,
          run: () => {
            const pem = host.fs.read(CURRENT_PEM) ?? '';
            const current = decodeCertificate(pem);
            if (!current) return;
            const cert = { ...current, serial: hash(`${spec.name}@${period.issuedAt}`).toString(16).padStart(32, '0'), notBefore: period.notBefore, notAfter: period.notAfter };
            storeCertificate(host.fs, cert, pem, host.now());
            kubelet.useClientCertificate(cert);
          },
        });
      }
      const joinedAt = this.world.nodes[i].joinedAt;
      if (joinedAt !== undefined) joins.push({ at: joinedAt, run: join });
      // The rest join a little after the control plane (`kubeadm init`), as with `kubeadm join`.
      // Each machine's kubelet starts at its own point of that second, so its periodic work (status, lease, PLEG) runs at sub-second times.
      else this.queue.after((spec.name === cp.name ? 0 : WORKER_JOIN_DELAY_MS) + startPhaseMs(spec.name, this.seed), join);
    });
    // The API server's start-up ConfigMaps, from the CA files kubeadm gives it.
    const cpFiles = this.nodes.get(cp.name)!.host.fs;
    const caPem = cpFiles.read('/etc/kubernetes/pki/ca.crt') ?? '';
    for (const obj of apiServerStartupConfigMaps({ clientCa: caPem, requestHeaderCa: cpFiles.read('/etc/kubernetes/pki/front-proxy-ca.crt') ?? '' }, this.createdAt)) this.mustApply(obj);
    // NetworkPolicy: judged on every dial, enforced where a node's CNI plugin does (network/policy.ts).
    this.network.policy = networkPolicyEngine(storePolicyReads(this.store, (name) => {
      const n = this.nodes.get(name);
      return n && { ip: n.spec.ip, fs: n.host.fs };
    }));
    // The API server logs to stdout of its static pod container on the control-plane node (kubectl logs);
    // of an HA control plane's, the first that runs (the one the load balancer sends requests to).
    const apiServerRuntimes = apiServerNodes.map((s) => this.nodes.get(s.name)!.runtime);
    this.api.log = (line) => {
      for (const runtime of apiServerRuntimes) {
        let wrote = false;
        for (const c of runtime.containers.values()) {
          if (c.name === 'kube-apiserver' && c.state === 'CONTAINER_RUNNING') {
            runtime.appendLog(c, this.queue.now(), [line]);
            wrote = true;
          }
        }
        if (wrote) return;
      }
    };
    // The scheduler, controller manager and API server are the static pods' programs (control-plane/programs.ts).
    this.apiServerAddress = { ip: front.ip, port: front.port };
    this.queue.after(30_000, () => {
      for (const obj of kubeadmUploadedConfigMaps(this.world.version, podSubnet, caPem, cp.ip, endpoint)) this.mustApply(obj);
      for (const obj of kubeadmAddons(this.world.version, podSubnet, front.ip, front.port)) this.mustApply(obj);
      // The pod network add-on the administrator applies next (`kubectl apply -f kube-flannel.yml`, or calico.yaml).
      const addon = (this.world.cni ?? 'flannel') === 'flannel' ? kubeFlannelManifest(podSubnet) : calicoManifest();
      for (const obj of addon) this.mustApply(obj);
    });
    return joins;
  }

  /**
   * The stacked etcd member kubeadm runs on the control-plane node (the
   * first node when none says control-plane), with its own random stream so
   * that adding it shifts nothing else the seed decides.
   */
  private etcdMember(): EtcdMember {
    const index = Math.max(0, this.world.nodes.findIndex((n) => n.role === 'control-plane'));
    const name = this.world.nodes[index]?.name ?? 'cp-1';
    return new EtcdMember({ name, ip: nodeIP(index), queue: this.queue, seed: (this.seed ^ ETCD_SEED_SALT) >>> 0, revision: () => this.store.currentRevision(), fsyncMs: () => this.nodes.get(name)?.host.disk.fsyncMs() ?? 2, entries: () => this.store.entries() });
  }

  /**
   * The etcd members `kubeadm join --control-plane` adds beside the init
   * node's, one per further control-plane node, into its cluster (same
   * cluster id, each with its own random stream); together the store's backend.
   */
  private joinEtcdMembers(controlPlanes: readonly NodeSpec[]): void {
    const first = this.etcd!;
    for (const spec of controlPlanes) {
      if (this.etcdMembers.has(spec.name)) continue;
      const name = spec.name;
      const member = new EtcdMember({ name, ip: spec.ip, queue: this.queue, seed: (this.seed ^ ETCD_SEED_SALT ^ hash(name, 0x811c9dc5)) >>> 0, clusterId: first.clusterId, revision: () => this.store.currentRevision(), fsyncMs: () => this.nodes.get(name)?.host.disk.fsyncMs() ?? 2, entries: () => this.store.entries() });
      this.etcdMembers.set(name, member);
    }
    if (this.etcdMembers.size > 1) this.store.backend = new EtcdRaftGroup([...this.etcdMembers.values()]);
  }

  /**
   * The `--initial-cluster` kubeadm writes for a joining member: the members
   * AddMember answered with (those that joined before it and itself, by id);
   * the init node's member starts a cluster of its own (empty list).
   */
  private initialEtcdCluster(node: string): { name: string; peerURL: string }[] {
    const members = [...this.etcdMembers.values()];
    const upTo = members.findIndex((m) => m.name === node);
    if (upTo <= 0) return [];
    return members
      .slice(0, upTo + 1)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((m) => ({ name: m.name, peerURL: m.peerURL }));
  }

  /**
   * The control-plane node's /etc/kubernetes/pki/apiserver.crt, when it has
   * one: every kubelet request asks, so the answer is kept until an entry of
   * that directory changes (a file whose content is computed is read each time).
   */
  private apiServerCertOnDisk(cpName: string): Certificate | undefined {
    const fs = this.nodes.get(cpName)?.host.fs;
    if (!fs) return undefined;
    const version = fs.dirVersion(PKI_DIR);
    const known = this.servingCertRead;
    if (known && known.fs === fs && known.version === version) return known.cert;
    const file = fs.stat(SERVING_CERT);
    const pem = fs.read(SERVING_CERT);
    const cert = pem ? decodeCertificate(pem) : undefined;
    this.servingCertRead = file !== undefined && typeof file.content === 'function' ? undefined : { fs, version, cert };
    return cert;
  }

  /** What {@link apiServerCertOnDisk} read last, and the version of the directory it read it at. */
  private servingCertRead: { fs: VirtualFs; version: number; cert: Certificate | undefined } | undefined;

  private nodeSpec(n: WorldNode, index: number): NodeSpec {
    return {
      name: n.name,
      role: n.role,
      ip: nodeIP(index),
      cpu: n.cpu,
      memory: n.memory,
      pods: n.pods,
      ephemeralStorage: n.ephemeralStorage,
      labels: n.labels,
      taints: [...(n.role === 'control-plane' ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : []), ...n.taints],
      unschedulable: n.unschedulable,
      kubeletVersion: this.world.version,
      machineId: this.random.hex(32),
      bootId: this.random.uuid(),
      systemUuid: this.random.uuid(),
    };
  }
}

/**
 * Builds a cluster and runs its history: bootstrap at creation, settle, skip
 * the idle months, then play the timeline (manifests, faults) up to "now".
 */
export function createCluster(world: ClusterWorld, options: ClusterOptions): Cluster {
  const cluster = new Cluster(world, options);
  const joins = cluster.bootstrap();
  warmUp(cluster, [...joins, ...(options.timeline ?? [])]);
  return cluster;
}

/**
 * {@link createCluster} in slices, yielding to the event loop between them
 * and reporting progress: the same cluster, for a front-end that must stay alive.
 */
export async function createClusterAsync(world: ClusterWorld, options: ClusterOptions & WarmUpOptions): Promise<Cluster> {
  const cluster = new Cluster(world, options);
  const joins = cluster.bootstrap();
  await warmUpAsync(cluster, [...joins, ...(options.timeline ?? [])], options);
  return cluster;
}

/** What `kubeadm join --control-plane` brings from the init node (phases/copycerts: the shared CAs and keys). */
const SHARED_PKI = ['ca.crt', 'ca.key', 'sa.key', 'sa.pub', 'front-proxy-ca.crt', 'front-proxy-ca.key', 'etcd/ca.crt', 'etcd/ca.key'].map((f) => `${PKI_DIR}/${f}`);

/** Copies the shared PKI from the init node's files to a joining control-plane node's. */
function copySharedPki(from: VirtualFs, to: VirtualFs): void {
  for (const path of SHARED_PKI) {
    const content = from.read(path);
    const stat = from.stat(path);
    if (content !== undefined) to.write(path, content, { mode: path.endsWith('.key') ? 0o600 : 0o644, ...(stat?.mtime !== undefined ? { mtime: stat.mtime } : {}) });
  }
}

/** A machine's sub-second start phase (ms), from its name and the run's seed (no draw from the shared random stream). */
function startPhaseMs(name: string, seed: number): number {
  return hash(name, 0x811c9dc5 ^ seed) % 1000;
}
