/**
 * flanneld (ghcr.io/flannel-io/flannel v0.26.7) as the kube-flannel
 * DaemonSet runs it: `/opt/bin/flanneld --ip-masq --kube-subnet-mgr`. It
 * reaches the API server with its ServiceAccount through the in-cluster
 * address (the `kubernetes` Service, so through kube-proxy's rules), finds
 * its node from its own pod, reads net-conf.json from the ConfigMap volume,
 * takes the node's `spec.podCIDR` as its lease, annotates the node as the
 * kube subnet manager does, and writes /run/flannel/subnet.env on the host
 * through its hostPath volume; the flannel CNI plugin needs that file for
 * every pod sandbox. A node without a pod CIDR ends it with flannel's own
 * error, and the pod crash-loops.
 *
 * Its log is the container's stderr in klog format, with the texts and
 * source lines of v0.26.7 (main.go, pkg/subnet/kube/kube.go,
 * pkg/ipmatch/match.go, pkg/backend/vxlan, pkg/trafficmngr/iptables) and
 * client-go v0.29.12's in-cluster warning. Not modelled: the node informer's
 * per-node lease lines and routes to other nodes' subnets, the
 * NetworkUnavailable condition it sets, the iptables rules it writes.
 */
import type { ApiClient } from '../apiserver/types.js';
import type { TimerId } from '../clock/event-queue.js';
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext } from '../system-programs.js';
import { KUBERNETES_SERVICE_IP } from '../apiserver/allocators.js';
import { nodeIdentityClient, podServiceAccountClient } from '../client/pod-identity.js';
import { klogLine, type KlogSeverity } from '../host/journal.js';
import { goDialError } from '../network/dial-error.js';
import { readMountedFile } from '../dns/mounted-file.js';
import { goJsonError } from '../runtime/cni.js';
import { hostPathMounts, nodePathOf } from '../programs/host-mounts.js';
import { FLANNEL_SUBNET_FILE, FLANNEL_VXLAN_MTU, subnetEnvText } from './subnet-env.js';
import { parseCidr } from '../ipv4.js';

type Obj = Record<string, any>;

/** The process id inside the container. */
const PID = 1;
/** The annotation prefix (--kube-annotation-prefix default). */
const PREFIX = 'flannel.alpha.coreos.com';
/** --net-config-path default. */
const NET_CONF = '/etc/kube-flannel/net-conf.json';
/** wait.PollUntilContextTimeout(ctx, time.Second, ...) of the node controller sync: the first check comes before the informer has listed. */
const NODE_SYNC_MS = 1_000;
/** client-go's dial timeout: a silent API server address fails after 30 s. */
const DIAL_TIMEOUT_MS = 30_000;

/** `CLI flags config: %+v` of CmdLineOpts with the manifest's flags (--ip-masq --kube-subnet-mgr). */
const CLI_FLAGS =
  'CLI flags config: {etcdEndpoints:http://127.0.0.1:4001,http://127.0.0.1:2379 etcdPrefix:/coreos.com/network etcdKeyfile: etcdCertfile: etcdCAFile: etcdUsername: etcdPassword: version:false kubeSubnetMgr:true kubeApiUrl: kubeAnnotationPrefix:flannel.alpha.coreos.com kubeConfigFile: iface:[] ifaceRegex:[] ipMasq:true ifaceCanReach: subnetFile:/run/flannel/subnet.env publicIP: publicIPv6: subnetLeaseRenewMargin:60 healthzIP:0.0.0.0 healthzPort:0 iptablesResyncSeconds:5 iptablesForwardRules:true netConfPath:/etc/kube-flannel/net-conf.json setNodeNetworkUnavailable:true}';

/** Starts flanneld in a container that has just started. */
export function startFlanneld(lc: LaunchContext): ContainerProcess {
  return new Flanneld(lc).start();
}

/** net-conf.json, the fields read. */
interface NetConf {
  network: string;
  backendType: string;
}

class Flanneld implements ContainerProcess {
  private stopped = false;
  private readonly timers: TimerId[] = [];

  constructor(private readonly lc: LaunchContext) {}

  start(): ContainerProcess {
    this.log('I', 'main.go:211', CLI_FLAGS);
    this.log('W', 'client_config.go:618', 'Neither --kubeconfig nor --master was specified.  Using the inClusterConfig.  This might not work.');
    // kube.NewSubnetManager: the node's name comes from the pod (POD_NAME, POD_NAMESPACE).
    const env = new Map(this.lc.container.env ?? []);
    const podName = env.get('POD_NAME') ?? '';
    const podNamespace = env.get('POD_NAMESPACE') ?? '';
    if (!podName || !podNamespace) return this.fail('main.go:228', 'Failed to create SubnetManager: env variables POD_NAME and POD_NAMESPACE must be set');
    const cut = this.unreachable();
    if (cut) {
      const err = `error retrieving pod spec for '${podNamespace}/${podName}': Get "https://${KUBERNETES_SERVICE_IP}:443/api/v1/namespaces/${podNamespace}/pods/${podName}": dial tcp ${KUBERNETES_SERVICE_IP}:443: ${cut}`;
      return this.fail('main.go:228', `Failed to create SubnetManager: ${err}`, cut === 'i/o timeout' ? DIAL_TIMEOUT_MS : 0);
    }
    const pod = this.serviceAccountClient().get('pods', podNamespace, podName);
    if (!pod.ok) return this.fail('main.go:228', `Failed to create SubnetManager: error retrieving pod spec for '${podNamespace}/${podName}': ${pod.status.message}`);
    const nodeName = String((pod.value.spec as Obj)?.nodeName ?? '');
    if (!nodeName) return this.fail('main.go:228', `Failed to create SubnetManager: node name not present in pod spec '${podNamespace}/${podName}'`);
    const conf = this.readNetConf();
    if (typeof conf === 'string') return this.fail('main.go:228', `Failed to create SubnetManager: ${conf}`);
    this.log('I', 'kube.go:139', 'Waiting 10m0s for node controller to sync');
    this.log('I', 'kube.go:469', 'Starting kube subnet manager');
    this.later(NODE_SYNC_MS, () => this.register(nodeName, conf));
    return this;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) this.lc.ctx.queue.cancel(t);
  }

  /** From the synced node cache on: the backend registers the network with the node's lease, and the subnet file is written. */
  private register(nodeName: string, conf: NetConf): void {
    this.log('I', 'kube.go:146', 'Node controller sync successful');
    this.log('I', 'main.go:231', `Created subnet manager: Kubernetes Subnet Manager - ${nodeName}`);
    this.log('I', 'main.go:234', 'Installing signal handlers');
    this.log('I', 'main.go:468', `Found network config - Backend type: ${conf.backendType}`);
    const client = this.serviceAccountClient();
    const got = client.get('nodes', undefined, nodeName);
    if (!got.ok) return void this.fail('main.go:359', `Error registering network: failed to acquire lease: timeout contacting kube-api, failed to patch node "${nodeName}". Error: context deadline exceeded`, 30_000, true);
    const node = got.value;
    const annotations = { ...(node.metadata.annotations ?? {}) } as Record<string, string>;
    // GetStoredPublicIP, then ipmatch.LookupExtIface: the default route's interface.
    this.log('I', 'kube.go:669', `List of node(${nodeName}) annotations: ${goStringMap(annotations)}`);
    const ip = this.lc.node.ip;
    this.log('I', 'match.go:211', 'Determining IP address of default interface');
    this.log('I', 'match.go:264', `Using interface with name eth0 and address ${ip}`);
    this.log('I', 'match.go:286', `Defaulting external address to interface address (${ip})`);
    const vxlan = conf.backendType === 'vxlan';
    if (vxlan) this.log('I', 'vxlan.go:141', 'VXLAN config: VNI=1 Port=0 GBP=false Learning=false DirectRouting=false');
    // GetStoredMacAddresses: a restarted flanneld keeps the VTEP MAC its node's annotation holds.
    this.log('I', 'kube.go:636', `List of node(${nodeName}) annotations: ${goStringMap(annotations)}`);
    const storedMac = vtepMacOf(annotations[`${PREFIX}/backend-data`]);
    if (vxlan && storedMac) this.log('I', 'vxlan.go:155', `Interface flannel.1 mac address set to: ${storedMac}`);
    // kubeSubnetManager.AcquireLease.
    const podCIDR = String((node.spec as Obj)?.podCIDR ?? '');
    if (!podCIDR) return void this.fail('main.go:359', `Error registering network: failed to acquire lease: node "${nodeName}" pod cidr not assigned`, 0, true);
    if (!containsCidr(conf.network, podCIDR)) {
      return void this.fail('main.go:359', `Error registering network: failed to acquire lease: subnet "${conf.network}" specified in the flannel net config doesn't contain "${podCIDR}" PodCIDR of the "${nodeName}" node`, 0, true);
    }
    const wanted: Record<string, string> = {
      [`${PREFIX}/backend-data`]: vxlan ? `{"VNI":1,"VtepMAC":"${storedMac ?? this.randomMac()}"}` : 'null',
      [`${PREFIX}/backend-type`]: conf.backendType,
      [`${PREFIX}/kube-subnet-manager`]: 'true',
      [`${PREFIX}/public-ip`]: ip,
    };
    if (Object.entries(wanted).some(([k, v]) => annotations[k] !== v)) client.patch('nodes', undefined, nodeName, 'strategic', { metadata: { annotations: wanted } }, 'status');
    // The traffic manager (iptables), masquerading for --ip-masq, the FORWARD rules.
    this.log('I', 'iptables.go:51', 'Starting flannel in iptables mode...');
    this.log('I', 'iptables.go:125', 'Setting up masking rules');
    this.log('I', 'iptables.go:226', 'Changing default FORWARD chain policy to ACCEPT');
    this.writeSubnetFile(subnetEnvText(conf.network, podCIDR, vxlan ? FLANNEL_VXLAN_MTU : 1500, true));
    this.log('I', 'main.go:412', `Wrote subnet file to ${FLANNEL_SUBNET_FILE}`);
    this.log('I', 'main.go:416', 'Running backend.');
    this.log('I', 'vxlan_network.go:65', 'watching for new subnet leases');
    this.log('I', 'iptables.go:372', 'bootstrap done');
    this.log('I', 'iptables.go:372', 'bootstrap done');
    this.log('I', 'main.go:437', 'Waiting for all goroutines to exit');
  }

  /** net-conf.json as the ConfigMap volume shows it, or kube.NewSubnetManager's error. */
  private readNetConf(): NetConf | string {
    const { sandbox, container } = this.lc;
    const file = readMountedFile({ client: this.nodeClient(), namespace: sandbox.namespace, pod: sandbox.podName, container: container.name }, NET_CONF);
    if (!file.ok) return `failed to read net conf: ${file.error}`;
    let doc: unknown;
    try {
      doc = JSON.parse(file.text);
    } catch (e) {
      return `error parsing subnet config: ${goJsonError(file.text, e)}`;
    }
    const o = (doc && typeof doc === 'object' ? doc : {}) as Obj;
    const network = typeof o.Network === 'string' ? o.Network : '';
    // subnet.ParseConfig: an IPv4 network is required unless IPv4 is disabled.
    if (!network) return 'error parsing subnet config: please define a correct Network parameter in the flannel config';
    const backend = (o.Backend && typeof o.Backend === 'object' ? o.Backend : {}) as Obj;
    return { network, backendType: typeof backend.Type === 'string' && backend.Type ? backend.Type : 'udp' };
  }

  /** WriteSubnetFile, onto the node through the container's /run/flannel hostPath mount. */
  private writeSubnetFile(text: string): void {
    const pod = this.nodeClient().get('pods', this.lc.sandbox.namespace, this.lc.sandbox.podName);
    const path = pod.ok ? nodePathOf(FLANNEL_SUBNET_FILE, hostPathMounts(pod.value, this.lc.container.name)) : undefined;
    // Without the mount the file goes to the container's own /run, which no CNI plugin reads.
    if (path) this.lc.node.host.fs.write(path, text, { mode: 0o644 });
  }

  /** Logs `message` and exits 1 (after `delayMs`); `shutdown`: the shutdown handler logs as the context is cancelled. */
  private fail(source: string, message: string, delayMs = 0, shutdown = false): ContainerProcess {
    const end = () => {
      this.log('E', source, message);
      if (shutdown) this.log('I', 'main.go:448', 'Stopping shutdownHandler...');
      this.later(0, () => this.lc.node.runtime.processExited(this.lc.container, 1));
    };
    if (delayMs > 0) this.later(delayMs, end);
    else end();
    return this;
  }

  private later(ms: number, fn: () => void): void {
    this.timers.push(this.lc.ctx.queue.after(ms, () => !this.stopped && fn()));
  }

  /** Why the in-cluster API address (the `kubernetes` Service) cannot be reached from the node now. */
  private unreachable(): string | undefined {
    const dial = this.lc.network.dial({ kind: 'host', node: this.lc.node.name }, KUBERNETES_SERVICE_IP, 443);
    return dial.ok ? undefined : goDialError(dial.failure);
  }

  /** A locally administered unicast MAC, as the kernel gives a new vxlan device. */
  private randomMac(): string {
    const r = this.lc.ctx.random;
    const bytes = Array.from({ length: 6 }, () => r.int(256));
    bytes[0] = (bytes[0] & 0xfe) | 0x02;
    return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
  }

  private serviceAccountClient(): ApiClient {
    return podServiceAccountClient(this.lc.ctx, this.lc.node.name, this.lc.sandbox.namespace, this.lc.sandbox.podName);
  }

  private nodeClient(): ApiClient {
    return nodeIdentityClient(this.lc.ctx, this.lc.node.name);
  }

  private log(severity: KlogSeverity, source: string, message: string): void {
    const now = this.lc.ctx.queue.now();
    this.lc.node.runtime.appendLog(this.lc.container, now, [klogLine(severity, now, PID, source, message)]);
  }
}

/** Go's `%#+v` of a map[string]string: keys sorted, strings quoted. */
function goStringMap(m: Record<string, string>): string {
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`).join(', ')}}`;
}

/** The VtepMAC of a backend-data annotation, if it holds one. */
function vtepMacOf(data: string | undefined): string | undefined {
  if (!data) return undefined;
  try {
    const mac = (JSON.parse(data) as Obj)?.VtepMAC;
    return typeof mac === 'string' && mac ? mac : undefined;
  } catch {
    return undefined;
  }
}


/** kube.go containsCIDR: `inner` lies in `outer` and is no larger. */
function containsCidr(outer: string, inner: string): boolean {
  const a = parseCidr(outer);
  const b = parseCidr(inner);
  if (!a || !b) return false;
  const span = 2 ** (32 - a.prefix);
  const start = a.base - (a.base % span);
  return a.prefix <= b.prefix && b.base >= start && b.base < start + span;
}
