/**
 * The kube-proxy program (principle 1): what runs while the kube-proxy
 * DaemonSet's container runs on a node. Like `kube-proxy --config=...`, it
 * reads its KubeProxyConfiguration from the file its pod mounts from the
 * `kube-proxy` ConfigMap, watches Services and EndpointSlices with its
 * ServiceAccount's identity (through authentication and RBAC, as the
 * `kubeadm:node-proxier` binding allows), and on every change programs the
 * node's packet filter (iptables-proxier.ts). When its container stops,
 * nothing undoes the rules: they stay as the last sync left them (stale).
 *
 * Its log is the container's stdout in klog format, with upstream's start-up
 * lines (cmd/kube-proxy/app/server.go, server_linux.go, pkg/proxy/config/
 * config.go, client-go tools/cache/shared_informer.go). Source line numbers
 * follow a v1.31/v1.32 capture.
 */
import yaml from 'js-yaml';
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import type { TimerId } from '../clock/event-queue.js';
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext, SystemProgram } from '../system-programs.js';
import { Informer } from '../client/informer.js';
import { LruCache } from '../client/lru.js';
import { nodeIdentityClient, podServiceAccountClient } from '../client/pod-identity.js';
import { klogKV, klogLine, type KlogSeverity } from '../host/journal.js';
import { netfilterOf } from '../network/netfilter.js';
import { goDialError } from '../network/dial-error.js';
import { yamlSyntaxError } from '../kubelet/kubelet-config.js';
import { syncProxyRules } from './iptables-proxier.js';
import { syncIpvs } from './ipvs-proxier.js';
import { ipvsOf } from '../network/ipvs.js';
import { kernelModulesOf } from '../host/kernel-modules.js';
import { endpointsByServicePort, servicePorts } from './service-ports.js';
import { kubeconfigServer } from '../control-plane/kubeconfig-client.js';
import { deepFreeze } from '../json.js';

type Obj = Record<string, any>;

/** The container's process id, as in its own PID namespace. */
const PID = 1;
/** iptables.minSyncPeriod kubeadm leaves at its default (1s): syncs closer together are batched. */
const MIN_SYNC_PERIOD_MS = 1_000;
/** How long the informers take to list and report their caches synced after start-up. */
const CACHE_SYNC_MS = 100;
/** How long the kubelet takes to project a changed ConfigMap into the pod's volume (its sync period, about a minute). */
const CONFIGMAP_VOLUME_SYNC_MS = 60_000;
/** The query of kube-proxy's informer lists (one label selector for the factory: no service-proxy-name, not headless). */
const LIST_QUERY = 'labelSelector=%21service.kubernetes.io%2Fheadless%2C%21service.kubernetes.io%2Fservice-proxy-name&limit=500&resourceVersion=0';
/** client-go's reflector backoff: the first retry after 800ms, doubling up to 30s. */
const FIRST_LIST_BACKOFF_MS = 400;
const MAX_LIST_BACKOFF_MS = 30_000;

/** The kube-proxy system program, for `registry.k8s.io/kube-proxy` images. */
export const kubeProxyProgram: SystemProgram = {
  repository: 'registry.k8s.io/kube-proxy',
  launch: (lc) => new KubeProxy(lc).start(),
};

/** KubeProxyConfiguration, the fields the simulation reads. */
interface ProxyConfig {
  /** '' (iptables), 'iptables' or 'ipvs'. */
  mode: string;
  clusterCIDR: string;
  /** ipvs.scheduler, default rr. */
  scheduler: string;
}

/** One kube-proxy process. */
class KubeProxy implements ContainerProcess {
  private stopped = false;
  private services?: Informer;
  private slices?: Informer;
  private syncTimer?: TimerId;
  private lastSync = -Infinity;
  private config?: ProxyConfig;
  private listBackoffMs = FIRST_LIST_BACKOFF_MS;
  /** Where config.conf came from, and what it said when read. */
  private configFile?: { configMap: string; key: string; text: string };
  private configWatch?: Informer;
  /** The API server's address, from the kubeconfig the configuration names. */
  private apiServer?: { ip: string; port: number };
  private exitTimer?: TimerId;

  constructor(private readonly lc: LaunchContext) {}

  /** Reads the configuration and begins; a configuration it cannot use makes it exit, as `kube-proxy` does. */
  start(): ContainerProcess {
    const loaded = this.loadConfig();
    if (typeof loaded === 'string') {
      // cmd/kube-proxy/app/server.go: Run returns "failed complete: ..." and cobra's runner logs it, exit 1.
      this.log('E', 'run.go:72', klogKV('command failed', { err: `failed complete: ${loaded}` }));
      this.lc.ctx.queue.after(0, () => !this.stopped && this.lc.node.runtime.processExited(this.lc.container, 1));
      return this;
    }
    this.config = loaded;
    const nodeIP = this.lc.node.ip;
    if (loaded.mode === '') this.log('I', 'server_linux.go:66', klogKV('Using iptables proxy'));
    this.log('I', 'server.go:698', klogKV('Successfully retrieved node IP(s)', { IPs: [nodeIP] }));
    this.log('I', 'conntrack.go:60', klogKV('Setting nf_conntrack_max', { nfConntrackMax: 131072 }));
    this.log('E', 'server.go:234', klogKV('Kube-proxy configuration may be incomplete or incorrect', { err: 'nodePortAddresses is unset; NodePort connections will be accepted on all local IPs. Consider using `--nodeport-addresses primary`' }));
    this.log('I', 'server.go:243', `${klogKV('kube-proxy running in dual-stack mode')} primary ipFamily="IPv4"`);
    if (loaded.mode === 'ipvs') {
      // ipvs.CanUseIPVSProxier: creating a virtual service makes the kernel load ip_vs and the scheduler's module.
      const modules = kernelModulesOf(this.lc.node.host);
      if (!modules.load('ip_vs') || !modules.load(`ip_vs_${loaded.scheduler}`)) {
        const err = 'can\'t use the IPVS proxier: Ipvs not supported by the kernel';
        this.log('E', 'server.go:558', klogKV('Error running ProxyServer', { err }));
        this.log('E', 'run.go:72', klogKV('command failed', { err }));
        this.lc.ctx.queue.after(0, () => !this.stopped && this.lc.node.runtime.processExited(this.lc.container, 1));
        return this;
      }
      this.log('I', 'server_linux.go:204', klogKV('Using ipvs Proxier'));
    } else {
      this.log('I', 'server_linux.go:170', klogKV('Using iptables Proxier'));
      this.log('I', 'proxier.go:255', klogKV('Setting route_localnet=1 to allow node-ports on localhost; to change this either disable iptables.localhostNodePorts (--iptables-localhost-nodeports) or set nodePortAddresses (--nodeport-addresses) to filter loopback addresses', { ipFamily: 'IPv4' }));
    }
    this.log('I', 'server.go:497', klogKV('Version info', { version: this.version() }));
    this.log('I', 'server.go:499', klogKV('Golang settings', { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' }));
    // ProxyServer.Run: s.Recorder.Eventf(s.NodeRef, nil, "Normal", "Starting", "StartKubeProxy", ""); NodeRef's UID is the node name.
    const node = this.lc.node.name;
    this.lc.ctx.recorder(this.serviceAccountClient(), { component: 'kube-proxy', instance: `kube-proxy-${node}` }, 'events.k8s.io').record({ kind: 'Node', metadata: { name: node, uid: node } } as KubeObject, 'Normal', 'Starting', '', undefined, 'StartKubeProxy');
    this.log('I', 'config.go:199', klogKV('Starting service config controller'));
    this.log('I', 'shared_informer.go:313', 'Waiting for caches to sync for service config');
    this.log('I', 'config.go:105', klogKV('Starting endpoint slice config controller'));
    this.log('I', 'shared_informer.go:313', 'Waiting for caches to sync for endpoint slice config');
    this.log('I', 'config.go:329', klogKV('Starting node config controller'));
    this.log('I', 'shared_informer.go:313', 'Waiting for caches to sync for node config');
    this.lc.ctx.queue.after(CACHE_SYNC_MS, () => this.watch());
    this.watchConfigFile();
    return this;
  }

  /**
   * Options.initWatcher: kube-proxy watches its config file and exits when its
   * content changes, so the container restarts with the new configuration. The
   * file changes when the kubelet refreshes the ConfigMap volume, about a
   * minute after the ConfigMap does.
   */
  private watchConfigFile(): void {
    const file = this.configFile;
    if (!file) return;
    this.configWatch = new Informer(this.nodeClient(), 'configmaps', this.lc.sandbox.namespace).on((type, cm) => {
      // A deleted ConfigMap leaves the projected file as it was (the kubelet cannot refresh it).
      if (this.exitTimer !== undefined || type === 'DELETED' || cm.metadata.name !== file.configMap) return;
      const data = ((cm as Obj).data ?? {}) as Obj;
      if (Object.hasOwn(data, file.key) && String(data[file.key]) === file.text) return;
      this.exitTimer = this.lc.ctx.queue.after(CONFIGMAP_VOLUME_SYNC_MS, () => {
        if (this.stopped) return;
        const err = "content of the proxy server's configuration file was updated";
        this.log('E', 'server.go:558', klogKV('Error running ProxyServer', { err }));
        this.log('E', 'run.go:72', klogKV('command failed', { err }));
        this.lc.node.runtime.processExited(this.lc.container, 1);
      });
    });
    this.configWatch.start();
  }

  /** The container's process ended: stop watching. The rules stay as they are. */
  stop(): void {
    this.stopped = true;
    this.services?.stop();
    this.slices?.stop();
    this.configWatch?.stop();
    if (this.exitTimer !== undefined) this.lc.ctx.queue.cancel(this.exitTimer);
    if (this.syncTimer !== undefined) this.lc.ctx.queue.cancel(this.syncTimer);
    this.syncTimer = undefined;
  }

  /** Starts both informers; once both listed, the caches are synced and the first (full) sync runs. */
  private watch(): void {
    if (this.stopped) return;
    const client = this.serviceAccountClient();
    const onChange = () => this.queueSync();
    this.services ??= new Informer(client, 'services').on(onChange);
    this.slices ??= new Informer(client, 'endpointslices').on(onChange);
    for (const [informer, type, path] of [[this.services, '*v1.Service', '/api/v1/services'], [this.slices, '*v1.EndpointSlice', '/apis/discovery.k8s.io/v1/endpointslices']] as const) {
      if (informer.running()) continue;
      // The list goes over the network first: a node cut off from the API server cannot list.
      const cut = this.unreachable();
      if (!cut && informer.start()) continue;
      // client-go's reflector logs the failed list and retries with a backoff (800ms doubling, capped at 30s).
      const err = cut ? `Get "https://${this.apiServer!.ip}:${this.apiServer!.port}${path}?${LIST_QUERY}": dial tcp ${this.apiServer!.ip}:${this.apiServer!.port}: ${cut}` : (informer.lastError ?? '');
      this.log('W', 'reflector.go:569', `k8s.io/client-go/informers/factory.go:160: failed to list ${type}: ${err}`);
      this.log('E', 'reflector.go:166', `${klogKV('Unhandled Error')} err=${JSON.stringify(`k8s.io/client-go/informers/factory.go:160: Failed to watch ${type}: failed to list ${type}: ${err}`)}`);
      this.listBackoffMs = Math.min(this.listBackoffMs * 2, MAX_LIST_BACKOFF_MS);
      this.lc.ctx.queue.after(this.listBackoffMs, () => this.watch());
      return;
    }
    this.log('I', 'shared_informer.go:320', 'Caches are synced for node config');
    this.log('I', 'shared_informer.go:320', 'Caches are synced for service config');
    this.log('I', 'shared_informer.go:320', 'Caches are synced for endpoint slice config');
    this.sync();
  }

  /** A Service or EndpointSlice changed: sync, no sooner than minSyncPeriod after the last one (BoundedFrequencyRunner). */
  private queueSync(): void {
    if (this.stopped || this.syncTimer !== undefined || this.lastSync === -Infinity) return;
    const queue = this.lc.ctx.queue;
    this.syncTimer = queue.after(Math.max(0, this.lastSync + MIN_SYNC_PERIOD_MS - queue.now()), () => {
      this.syncTimer = undefined;
      this.sync();
    });
  }

  /** syncProxyRules over the informers' caches. */
  private sync(): void {
    if (this.stopped || !this.services || !this.slices || !this.config) return;
    if (this.unreachable()) {
      // The watch is cut: the changes reach this node only when a relist succeeds, and the rules stay stale till then.
      this.syncTimer ??= this.lc.ctx.queue.after(MAX_LIST_BACKOFF_MS, () => {
        this.syncTimer = undefined;
        this.sync();
      });
      return;
    }
    this.lastSync = this.lc.ctx.queue.now();
    const state = { services: this.services.list().flatMap(servicePorts), endpoints: endpointsByServicePort(this.slices.list()), nodeName: this.lc.node.name, clusterCIDR: this.config.clusterCIDR };
    if (this.config.mode === 'ipvs') syncIpvs(ipvsOf(this.lc.node.host), state, this.lc.node.ip, this.config.scheduler);
    else syncProxyRules(netfilterOf(this.lc.node.host), state);
  }

  /**
   * The configuration file: the container's `--config` path, which the pod
   * mounts from a ConfigMap volume (read as the kubelet reads it to mount
   * it, with the node's identity). An error text when kube-proxy cannot use it.
   */
  private loadConfig(): ProxyConfig | string {
    const { sandbox, container } = this.lc;
    const pod = this.nodeClient().get('pods', sandbox.namespace, sandbox.podName);
    const spec = (pod.ok ? pod.value.spec : undefined) as Obj | undefined;
    const c = ((spec?.containers ?? []) as Obj[]).find((x) => x.name === container.name);
    const args = [...((c?.command ?? []) as string[]), ...((c?.args ?? []) as string[])];
    const path = args.find((a) => a.startsWith('--config='))?.slice('--config='.length);
    if (!path) return { mode: '', clusterCIDR: '', scheduler: 'rr' };
    const file = this.mountedFile(spec, c, path);
    if (file === undefined) return `open ${path}: no such file or directory`;
    this.configFile = file;
    const parsed = parseConfigText(file.text);
    if ('syntax' in parsed) return parsed.syntax;
    if ('undecodable' in parsed) return `couldn't decode ${path}`;
    const doc = parsed.doc;
    const config = (doc && typeof doc === 'object' ? doc : {}) as Obj;
    if (config.kind !== 'KubeProxyConfiguration') return `no kind "${config.kind ?? ''}" is registered for version "${config.apiVersion ?? ''}" in scheme "pkg/proxy/apis/config/scheme/scheme.go:33"`;
    // clientConnection.kubeconfig names the API server kube-proxy dials.
    const kubeconfig = config.clientConnection?.kubeconfig;
    if (typeof kubeconfig === 'string') this.apiServer = kubeconfigServer(this.mountedFile(spec, c, kubeconfig)?.text);
    const mode = String(config.mode ?? '');
    // Validation (pkg/proxy/apis/config/validation): nftables is not modelled, other values are refused.
    if (!['', 'iptables', 'ipvs'].includes(mode)) return `KubeProxyConfiguration.mode: Unsupported value: "${mode}": supported values: "iptables", "ipvs", "nftables"`;
    return { mode, clusterCIDR: String(config.clusterCIDR ?? ''), scheduler: String(config.ipvs?.scheduler || 'rr') };
  }

  /** The file at `path` inside the container when a ConfigMap volume provides it: its ConfigMap, key and content. */
  private mountedFile(spec: Obj | undefined, c: Obj | undefined, path: string): { configMap: string; key: string; text: string } | undefined {
    for (const m of (c?.volumeMounts ?? []) as Obj[]) {
      const dir = String(m.mountPath ?? '').replace(/\/$/, '');
      if (!path.startsWith(`${dir}/`)) continue;
      const volume = ((spec?.volumes ?? []) as Obj[]).find((v) => v.name === m.name);
      const name = volume?.configMap?.name;
      if (!name) continue;
      const cm = this.nodeClient().get('configmaps', this.lc.sandbox.namespace, name);
      if (!cm.ok) return undefined;
      const data = (cm.value as Obj).data ?? {};
      const key = path.slice(dir.length + 1);
      if (!Object.hasOwn(data, key)) return undefined;
      return { configMap: name, key, text: String(data[key]) };
    }
    return undefined;
  }

  /** Why a connection to the API server in kubeconfig.conf fails from this node now (undefined: it connects). */
  private unreachable(): string | undefined {
    const api = this.apiServer;
    const dial = api && this.lc.network.dial({ kind: 'host', node: this.lc.node.name }, api.ip, api.port);
    return dial && !dial.ok ? goDialError(dial.failure) : undefined;
  }

  /** The pod's ServiceAccount identity (the projected token kubeconfig.conf points at). */
  private serviceAccountClient(): ApiClient {
    return podServiceAccountClient(this.lc.ctx, this.lc.node.name, this.lc.sandbox.namespace, this.lc.sandbox.podName);
  }

  /** The node's identity, as the kubelet reads the pod and its volumes. */
  private nodeClient(): ApiClient {
    return nodeIdentityClient(this.lc.ctx, this.lc.node.name);
  }

  /** The image tag, which is kube-proxy's version. */
  private version(): string {
    const image = this.lc.container.image;
    const colon = image.lastIndexOf(':');
    return colon > image.lastIndexOf('/') ? image.slice(colon + 1) : 'v0.0.0';
  }

  private log(severity: KlogSeverity, source: string, message: string): void {
    const now = this.lc.ctx.queue.now();
    this.lc.node.runtime.appendLog(this.lc.container, now, [klogLine(severity, now, PID, source, message)]);
  }
}

/** What a kube-proxy config text parses to: a go-yaml syntax error, a text js-yaml cannot load, or the (frozen) document. */
type ParsedConfig = { syntax: string } | { undecodable: true } | { doc: unknown };

/** Recently parsed texts: every node's kube-proxy reads the same ConfigMap. */
const parsedConfigs = new LruCache<ParsedConfig>(8);

/** Parses a config text once per text (a pure function of it); the document is frozen, since it is shared. */
function parseConfigText(text: string): ParsedConfig {
  let parsed = parsedConfigs.get(text);
  if (parsed) return parsed;
  const syntax = yamlSyntaxError(text);
  if (syntax !== undefined) parsed = { syntax };
  else {
    try {
      parsed = { doc: deepFreeze(yaml.load(text, { json: true })) };
    } catch {
      parsed = { undecodable: true };
    }
  }
  parsedConfigs.add(text, parsed);
  return parsed;
}
