/**
 * Principle 3, one network: the hosts (the workstation and each node), the
 * pod network namespaces with their IPs, each node's packet filter, and one
 * `dial` whose outcome is connected, refused, timed out or unreachable.
 * Everything that connects asks it (client programs such as wget, curl and
 * nslookup; probes; the kubelet's and kube-proxy's connections to the API
 * server; the API server's to a kubelet for logs and exec; the connections
 * `ss` lists), so a REJECT rule, a missing endpoint or a NetworkPolicy
 * affects them all alike.
 *
 * The path of a packet follows Linux: on the node it leaves from, the nat
 * table (PREROUTING for a pod's traffic, which arrives over its veth; OUTPUT
 * for the host's own) may rewrite the destination (kube-proxy's DNAT), then
 * the filter table (FORWARD or OUTPUT) judges it; on the node it reaches,
 * PREROUTING again (NodePorts), then INPUT (to the host) or FORWARD (to a pod).
 * A Service's ClusterIP is virtual: only a DNAT rule gives it a meaning.
 *
 * A connection also needs its answer (the SYN-ACK, an RST, a DNS reply) to
 * come back: the reply leaves the answering side through OUTPUT (a host) or
 * FORWARD (a pod), crosses a forwarding node's FORWARD, and reaches the
 * sender through INPUT (a host) or FORWARD (a pod). It is conntrack state
 * ESTABLISHED (`-m conntrack --ctstate ESTABLISHED` accepts it), comes from
 * the translated address (conntrack undoes the DNAT, the nat table is not
 * asked again), and a dropped reply is a timeout for the client.
 */
import type { ContainerRuntime, RuntimeContainer, Sandbox } from '../runtime/runtime.js';
import type { NodeHost } from '../host/node-host.js';
import { netfilterOf, type FilterChain, type Netfilter, type Packet, type Verdict } from './netfilter.js';
import type { NetRequest, NetResponse, ServerProgram } from './requests.js';
import { applicationServer } from './app-server.js';
import { parseCidr, parseIPv4, SERVICE_SUBNET, type Cidr } from '../ipv4.js';

/** Where a connection starts. */
export type NetSource =
  | { kind: 'workstation' }
  | { kind: 'host'; node: string }
  | { kind: 'pod'; node: string; sandboxId: string };

/** A node as the network sees it. */
export interface NetNode {
  name: string;
  ip: string;
  host: NodeHost;
  runtime: ContainerRuntime;
  /** A host daemon (not a container) serving on `port` of the node's address: the kubelet, the API server. */
  hostDaemon(port: number, proto: Packet['proto']): ServerProgram | undefined;
  /** The node's pod CIDR (its Node object's spec.podCIDR), once it has one: its cni0 bridge and flannel routes. */
  podCidr?(): string | undefined;
  /** The cluster's pod network (flannel's Network), e.g. 10.244.0.0/16. */
  podSubnet?: string;
  /** Is the node's kubelet connected to the API server (its last request answered)? */
  kubeletConnected?(): boolean;
}

/** What answered a connection. */
export type Peer =
  | { kind: 'container'; node: string; sandbox: Sandbox; container: RuntimeContainer; server: ServerProgram }
  | { kind: 'host-daemon'; node: string; server: ServerProgram }
  | { kind: 'external'; server: ServerProgram };

/** Why a connection failed, in the terms every client words its own way. */
export type DialFailure =
  /** A TCP RST or an ICMP port-unreachable came back (ECONNREFUSED). */
  | 'refused'
  /** Nothing came back (a DROP, an address nobody has): the client waits for its own timeout. */
  | 'timeout'
  /** An ICMP host-unreachable came back, or the address has no route (EHOSTUNREACH). */
  | 'unreachable';

/** The outcome of a dial. `ip`/`port` are where the packet was finally delivered (after DNAT). */
export type DialResult =
  | { ok: true; peer: Peer; ip: string; port: number }
  | { ok: false; failure: DialFailure };

/** The outcome of a request: the dial's, plus the answer (undefined: the server stayed silent). */
export type RequestResult = { ok: true; peer: Peer; response: NetResponse | undefined } | { ok: false; failure: DialFailure };

/**
 * Judges whether a packet from `src` may reach `dst` on `port` (NetworkPolicy):
 * `dst` is a pod (`sandbox` set) or a node's own address. Undefined: no policy
 * engine, everything is admitted.
 */
export type PolicyCheck = (src: { ip: string; sandbox?: Sandbox; node?: string }, dst: { ip: string; sandbox?: Sandbox; node?: string }, port: number, proto: Packet['proto']) => boolean;

/** The workstation's address on the node network (where kubectl and ssh run from). */
export const WORKSTATION_IP = '10.0.0.2';

/** The cluster's network. */
export class Network {
  private readonly serviceCidr: Cidr = parseCidr(SERVICE_SUBNET)!;
  /** NetworkPolicy, once an engine is wired in. */
  policy?: PolicyCheck;
  /**
   * Servers beyond the cluster that its hosts can reach (the data center's
   * DNS server; a node's systemd-resolved stub): the server at `ip:port`, or
   * undefined when nobody answers there.
   */
  external?: (ip: string, port: number, proto: 'tcp' | 'udp', src: { ip: string; sandbox?: Sandbox; node?: string }) => ServerProgram | undefined;

  /**
   * TCP load balancers on addresses of their own (an HA control plane's
   * endpoint, kubeadm's controlPlaneEndpoint): `ip:port` → the backends, in
   * order. A connection goes to the first backend that accepts it, as a
   * balancer whose health checks took the others out (see {@link balance}).
   */
  readonly loadBalancers = new Map<string, readonly { readonly ip: string; readonly port: number }[]>();

  /** The load balancer kubeconfigs name as the cluster's API server (kubeadm's controlPlaneEndpoint), if it has one. */
  controlPlaneEndpoint: { readonly ip: string; readonly port: number } | undefined;

  /**
   * @param nodes the nodes, in declaration order.
   * @param pick kube-proxy's `statistic mode random`: a number in [0, 1) from the cluster's seeded source.
   */
  constructor(
    private readonly nodes: () => readonly NetNode[],
    private readonly pick: () => number,
  ) {}

  /** The address a source sends from. */
  sourceIP(from: NetSource): string | undefined {
    if (from.kind === 'workstation') return WORKSTATION_IP;
    const node = this.node(from.node);
    if (!node) return undefined;
    if (from.kind === 'host') return node.ip;
    return node.runtime.sandboxes.get(from.sandboxId)?.ip;
  }

  /** Opens a connection (TCP) or sends a datagram expecting an answer (UDP) from `from` to ip:port. */
  dial(from: NetSource, ip: string, port: number, proto: 'tcp' | 'udp' = 'tcp'): DialResult {
    const srcNode = from.kind === 'workstation' ? undefined : this.node(from.node);
    const src = from.kind === 'workstation' ? WORKSTATION_IP : from.kind === 'host' ? srcNode?.ip : srcNode?.runtime.sandboxes.get(from.sandboxId)?.ip;
    if (src === undefined) return { ok: false, failure: 'unreachable' };
    if (ip === '127.0.0.1' || ip === '::1') return this.loopback(from, port, proto);
    const backends = proto === 'tcp' && this.loadBalancers.size > 0 ? this.loadBalancers.get(`${ip}:${port}`) : undefined;
    if (backends) return this.balance(from, backends);
    if (from.kind === 'host' && proto === 'tcp') return this.hostConnect(from, srcNode!, ip, port);
    return this.route(from, src, srcNode, ip, port, proto).result;
  }

  /**
   * A connection through a load balancer: the first backend that accepts it.
   * The backends are dialled from the source, so its own packet filter still
   * judges the way (a node cut off from every control-plane node is cut off
   * from the balancer too: its connection times out); with every backend
   * down, it is refused.
   */
  private balance(from: NetSource, backends: readonly { readonly ip: string; readonly port: number }[]): DialResult {
    let timedOut = 0;
    for (const b of backends) {
      const r = this.dial(from, b.ip, b.port);
      if (r.ok) return r;
      if (r.failure === 'timeout') timedOut++;
    }
    return { ok: false, failure: timedOut === backends.length && timedOut > 0 ? 'timeout' : 'refused' };
  }

  /**
   * A node's own TCP connection to ip:port (the kubelet's to the API server,
   * the API server's to a kubelet, the kubelet's probes of its pods: every
   * request asks). The path's verdicts are remembered per source node and
   * target until a table on either end changes; who answers at the end is
   * asked each time (a daemon stops, a port opens, a container exits).
   */
  private hostConnect(from: NetSource, srcNode: NetNode, ip: string, port: number): DialResult {
    const known = this.rememberedConnect(srcNode, ip, port);
    if (known) {
      const path = known.path;
      if ('failure' in path) return path;
      if ('host' in path) return path.replyDropped ? TIMED_OUT : this.toHost(path.host, port, 'tcp', path.host.ip);
      const hit = this.toOwnPod(srcNode, path, ip, port);
      if (hit) return hit;
    }
    const draws = this.draws;
    const traced = this.route(from, srcNode.ip, srcNode, ip, port, 'tcp');
    // Only a path that drew nothing and translated nothing is the same path next time (a statistic rule, IPVS round robin).
    if (traced.dnat || this.draws !== draws) return traced.result;
    const { end, result } = traced;
    const srcFilter = netfilterOf(srcNode.host);
    const dst = this.nodeByIP(ip);
    const dstFilter = dst && netfilterOf(dst.host);
    if (dst && dstFilter) {
      // Delivered to the node itself (a timeout after that is its answer dropped on the way back), or stopped on the way.
      const delivered = end?.node === dst && end.atHost && end.rejectWith === undefined;
      const path: RememberedPath | undefined = delivered ? { host: dst, replyDropped: !result.ok && result.failure === 'timeout' } : result.ok ? undefined : result;
      if (path) this.rememberConnect(srcNode, { ip, port, srcFilter, srcVersion: srcFilter.changes(), dstFilter, dstVersion: dstFilter.changes(), path });
      return result;
    }
    // Delivered to one of the node's own pods (a probe): only the node's own tables were on the way, both ways.
    const pod = !dst && end?.node === srcNode && !end.atHost && end.rejectWith === undefined ? sandboxOn(srcNode, ip) : undefined;
    if (pod) {
      const replyDropped = result === TIMED_OUT;
      this.rememberConnect(srcNode, { ip, port, srcFilter, srcVersion: srcFilter.changes(), dstFilter: srcFilter, dstVersion: srcFilter.changes(), path: { pod, replyDropped } });
    }
    return result;
  }

  /**
   * A remembered connection to one of the source node's pods, replayed: what
   * {@link route} would find while the node's tables are unchanged, provided
   * the pod sandbox that held the address then is still the first to hold it
   * (a sandbox never becomes ready again, and later ones come after it in
   * the runtime's order) and the address is still no node's. NetworkPolicy
   * and the serving process are asked as {@link toPod} asks them.
   * Undefined: the path must be traced again.
   */
  private toOwnPod(srcNode: NetNode, path: { pod: Sandbox; replyDropped: boolean }, ip: string, port: number): DialResult | undefined {
    const sandbox = path.pod;
    if (sandbox.state !== 'SANDBOX_READY' || srcNode.runtime.sandboxes.get(sandbox.id) !== sandbox || this.nodeByIP(ip)) return undefined;
    if (this.policy && !this.policy({ ip: srcNode.ip, sandbox: undefined, node: srcNode.name }, { ip, sandbox, node: srcNode.name }, port, 'tcp')) return TIMED_OUT;
    return path.replyDropped ? TIMED_OUT : podAnswer(srcNode, sandbox, ip, port);
  }

  /** The remembered connection from `srcNode` to ip:port, if its tables have not changed since. */
  private rememberedConnect(srcNode: NetNode, ip: string, port: number): RememberedConnect | undefined {
    const list = this.connects.get(srcNode.name);
    if (!list) return undefined;
    for (const known of list) {
      if (known.ip !== ip || known.port !== port) continue;
      return known.srcFilter.changes() === known.srcVersion && known.dstFilter.changes() === known.dstVersion ? known : undefined;
    }
    return undefined;
  }

  /** Remembers a connection, replacing the one to the same target, or the oldest once a node has {@link CONNECTS_PER_NODE}. */
  private rememberConnect(srcNode: NetNode, connect: RememberedConnect): void {
    let list = this.connects.get(srcNode.name);
    if (!list) this.connects.set(srcNode.name, (list = []));
    const same = list.findIndex((k) => k.ip === connect.ip && k.port === connect.port);
    if (same >= 0) {
      list[same].dropped = true;
      list[same] = connect;
    } else {
      if (list.length >= CONNECTS_PER_NODE) list.shift()!.dropped = true;
      list.push(connect);
    }
  }

  /**
   * The node a host connection from `node` to ip:port is remembered to reach,
   * and the entry that says so (see {@link isRemembered}); undefined when no
   * dial would replay such a path now. For repeated-dial.ts, which confirms
   * an answer instead of dialling again.
   */
  rememberedHostPath(node: string, ip: string, port: number): { entry: RememberedPathEntry; host: NetNode } | undefined {
    const srcNode = this.node(node);
    const known = srcNode && this.rememberedConnect(srcNode, ip, port);
    if (!known || !('host' in known.path) || known.path.replyDropped) return undefined;
    return { entry: known, host: known.path.host };
  }

  /**
   * Would a dial of the entry's target replay it now: still the node's entry
   * for that target, with both tables unchanged, and the target not a load
   * balancer's address (a dial of it would not reach {@link hostConnect};
   * loopback targets are never remembered)?
   */
  isRemembered(entry: RememberedPathEntry): boolean {
    const known = entry as RememberedConnect;
    if (known.dropped || known.srcFilter.changes() !== known.srcVersion || known.dstFilter.changes() !== known.dstVersion) return false;
    return this.loadBalancers.size === 0 || !this.loadBalancers.has(`${known.ip}:${known.port}`);
  }

  /** The host connections each node made last, per target, with the versions of the tables their paths crossed. */
  private readonly connects = new Map<string, RememberedConnect[]>();

  /** How many statistic draws the nat tables made (a path that drew may go elsewhere next time). */
  private draws = 0;
  /** kube-proxy's `statistic mode random` draw, counted (none while only looking). */
  private readonly draw = (): number => {
    if (this.looking) return 0;
    this.draws++;
    return this.pick();
  };

  private looking = false;

  /**
   * A TCP dial made only to look (the chain trace): a `statistic` rule takes
   * its first endpoint instead of drawing from the seeded source, and nothing
   * is remembered, so the simulation goes on exactly as if it never happened.
   */
  look(from: NetSource, ip: string, port: number): DialResult {
    const srcNode = from.kind === 'workstation' ? undefined : this.node(from.node);
    const src = from.kind === 'workstation' ? WORKSTATION_IP : from.kind === 'host' ? srcNode?.ip : srcNode?.runtime.sandboxes.get(from.sandboxId)?.ip;
    if (src === undefined) return { ok: false, failure: 'unreachable' };
    this.looking = true;
    try {
      return this.route(from, src, srcNode, ip, port, 'tcp').result;
    } finally {
      this.looking = false;
    }
  }

  /** The forward path of a connection, then its reply's. */
  private route(from: NetSource, src: string, srcNode: NetNode | undefined, ip: string, port: number, proto: 'tcp' | 'udp'): Traced {
    const trace: Trace = { dnat: false };
    let packet: Packet = { proto, src, dst: ip, dport: port };
    let result: DialResult | undefined;
    // Leaving: nat, then filter, on the node the packet starts from.
    if (srcNode) {
      const nf = netfilterOf(srcNode.host);
      packet = nf.nat(from.kind === 'pod' ? 'PREROUTING' : 'OUTPUT', packet, this.draw);
      const toSelf = packet.dst === srcNode.ip;
      const failed = this.judge(srcNode, from.kind === 'pod' ? (toSelf ? 'INPUT' : 'FORWARD') : 'OUTPUT', packet, trace);
      if (failed) result = { ok: false, failure: failed };
    }
    trace.dnat = !!packet.dnat;
    if (!result) {
      const podSandbox = from.kind === 'pod' ? srcNode?.runtime.sandboxes.get(from.sandboxId) : undefined;
      result = this.arrive({ ip: src, sandbox: podSandbox, node: srcNode?.name }, srcNode, packet, trace);
    }
    if (trace.end && this.replyDropped(from, src, srcNode, proto, trace)) result = TIMED_OUT;
    return { result, end: trace.end, dnat: trace.dnat };
  }

  /**
   * Does the answer to a connection (or the error a REJECT sends) fail to come
   * back? It retraces the nodes the connection crossed, from the one that
   * answered: OUTPUT there (the host answered or rejected) or FORWARD (a pod
   * answered), FORWARD on a node in between, INPUT (a host sent) or FORWARD (a
   * pod sent) on the sender's node. On one node the kernel takes the shortest
   * way: a pod's answer to its own node is INPUT only, the node's to its pod OUTPUT only.
   */
  private replyDropped(from: NetSource, src: string, srcNode: NetNode | undefined, proto: Packet['proto'], trace: Trace): boolean {
    const end = trace.end!;
    const fromHost = from.kind === 'host';
    const by = end.node;
    // A REJECT on the sender's own node reports to the socket directly.
    if (by && by === srcNode && end.rejectWith !== undefined) return false;
    const reply: Packet =
      end.rejectWith === undefined
        ? { proto, src: end.ip, dst: src, sport: proto === 'icmp' ? undefined : end.port, dnat: trace.dnat || undefined, state: 'ESTABLISHED' }
        : end.rejectWith === 'tcp-reset'
          ? { proto: 'tcp', src: end.ip, dst: src, sport: end.port, dnat: trace.dnat || undefined, state: 'ESTABLISHED' }
          : { proto: 'icmp', src: end.ip, dst: src, dnat: trace.dnat || undefined, state: 'RELATED' };
    const passes = (node: NetNode, chain: FilterChain) => netfilterOf(node.host).filter(chain, reply).target === 'ACCEPT';
    if (by && by === srcNode) {
      if (end.atHost && fromHost) return !passes(by, 'OUTPUT') || !passes(by, 'INPUT');
      return !passes(by, end.atHost ? 'OUTPUT' : fromHost ? 'INPUT' : 'FORWARD');
    }
    if (by && !passes(by, end.atHost ? 'OUTPUT' : 'FORWARD')) return true;
    const relay = trace.relay;
    if (relay && relay !== by && relay !== srcNode && !passes(relay, 'FORWARD')) return true;
    return !!srcNode && !passes(srcNode, fromHost ? 'INPUT' : 'FORWARD');
  }

  /** The filter's verdict at `node` as a dial failure (undefined: accepted); a REJECT answers from that node. */
  private judge(node: NetNode, chain: FilterChain, packet: Packet, trace: Trace): DialFailure | undefined {
    const verdict = netfilterOf(node.host).filter(chain, packet);
    if (verdict.target === 'REJECT') trace.end = { node, atHost: true, ip: node.ip, port: packet.dport ?? 0, rejectWith: verdict.rejectWith };
    return verdictFailure(verdict);
  }

  /**
   * `kubectl port-forward`'s listener on `host` (`workstation` or a node name):
   * connections to its local port go to the pod's port through the API server
   * and the kubelet, inside the pod's network namespace (no Service, no
   * kube-proxy, no NetworkPolicy on the way). False when the port is taken.
   */
  addPortForward(host: string, localPort: number, podIP: string, podPort: number): boolean {
    const key = `${host}:${localPort}`;
    if (this.forwards.has(key)) return false;
    this.forwards.set(key, { podIP, podPort });
    return true;
  }

  private readonly forwards = new Map<string, { podIP: string; podPort: number }>();

  /** A connection to the source's own loopback: its own pod's processes, a node's daemons, or a port-forward. */
  private loopback(from: NetSource, port: number, proto: 'tcp' | 'udp'): DialResult {
    // No key is made while nothing forwards (static pods' probes and the API server's etcd dials come here every period).
    const forward = this.forwards.size === 0 ? undefined : this.forwards.get(`${from.kind === 'workstation' ? 'workstation' : from.node}:${port}`);
    if (forward && from.kind !== 'pod' && proto === 'tcp') {
      const target = this.sandboxByIP(forward.podIP);
      const found = target && serving(target.node.runtime, target.sandbox, forward.podPort);
      if (!target || !found) return { ok: false, failure: 'refused' };
      return { ok: true, peer: { kind: 'container', node: target.node.name, sandbox: target.sandbox, container: found, server: serverOf(target.node.runtime, found) }, ip: forward.podIP, port: forward.podPort };
    }
    if (from.kind === 'workstation') return { ok: false, failure: 'refused' };
    const node = this.node(from.node);
    if (!node) return { ok: false, failure: 'unreachable' };
    if (from.kind === 'host') return this.toHost(node, port, proto, '127.0.0.1');
    const sandbox = node.runtime.sandboxes.get(from.sandboxId);
    const found = sandbox && serving(node.runtime, sandbox, port);
    if (!sandbox || !found) return { ok: false, failure: 'refused' };
    return { ok: true, peer: { kind: 'container', node: node.name, sandbox, container: found, server: serverOf(node.runtime, found) }, ip: '127.0.0.1', port };
  }

  /** Dials, then sends `request` and waits for the answer. */
  request(from: NetSource, ip: string, port: number, request: NetRequest, proto: 'tcp' | 'udp' = request.kind === 'dns' ? 'udp' : 'tcp'): RequestResult {
    const dialed = this.dial(from, ip, port, proto);
    if (!dialed.ok) return dialed;
    // A stopped (SIGSTOP) process: the kernel completes the handshake on its socket, nobody reads the request.
    if (dialed.peer.kind === 'container' && dialed.peer.container.frozenAt !== undefined) return { ok: false, failure: 'timeout' };
    return { ok: true, peer: dialed.peer, response: dialed.peer.server.answer(request, dialed.port, { remoteIP: this.sourceIP(from) ?? '' }) };
  }

  /** Does an ICMP echo to `ip` come back? A ClusterIP never answers: kube-proxy's rules match only its ports. */
  ping(from: NetSource, ip: string): boolean {
    const src = this.sourceIP(from);
    if (src === undefined) return false;
    if (ip === src || ip === '127.0.0.1') return true;
    const srcNode = from.kind === 'workstation' ? undefined : this.node(from.node);
    const packet: Packet = { proto: 'icmp', src, dst: ip };
    if (srcNode && verdictFailure(netfilterOf(srcNode.host).filter(from.kind === 'pod' ? 'FORWARD' : 'OUTPUT', packet))) return false;
    const host = this.nodeByIP(ip);
    if (host && verdictFailure(netfilterOf(host.host).filter('INPUT', packet))) return false;
    const pod = host ? undefined : this.sandboxByIP(ip);
    if (!host && (!pod || from.kind === 'workstation')) return false;
    if (pod && pod.node !== srcNode && verdictFailure(netfilterOf(pod.node.host).filter('FORWARD', packet))) return false;
    // The echo reply retraces the way, as a TCP answer does.
    return !this.replyDropped(from, src, srcNode, 'icmp', { dnat: false, end: { node: host ?? pod!.node, atHost: !!host, ip, port: 0 } });
  }

  /** The nodes, in declaration order. */
  nodeList(): Iterable<NetNode> {
    return this.nodes();
  }

  /** The node named `name`. */
  node(name: string): NetNode | undefined {
    return this.indexed().byName.get(name);
  }

  /** The node whose address is `ip`. */
  nodeByIP(ip: string): NetNode | undefined {
    return this.indexed().byIP.get(ip);
  }

  /** Nodes by name and address; nodes are only ever added, so the index is rebuilt when their count changes (every dial asks). */
  private index = { count: -1, byName: new Map<string, NetNode>(), byIP: new Map<string, NetNode>() };

  private indexed(): { byName: Map<string, NetNode>; byIP: Map<string, NetNode> } {
    const nodes = this.nodes();
    if (this.index.count !== nodes.length) {
      this.index = { count: nodes.length, byName: new Map(nodes.map((n) => [n.name, n])), byIP: new Map(nodes.map((n) => [n.ip, n])) };
    }
    return this.index;
  }

  /**
   * The live (non-host-network) pod sandbox holding `ip`, and its node;
   * `near` is looked at first (a node reaching its own pods, as every probe
   * does, then finds them without walking every pod of the cluster).
   */
  sandboxByIP(ip: string, near?: NetNode): { node: NetNode; sandbox: Sandbox } | undefined {
    const onNear = near && sandboxOn(near, ip);
    if (onNear) return { node: near, sandbox: onNear };
    for (const node of this.nodes()) {
      if (node === near) continue;
      const sandbox = sandboxOn(node, ip);
      if (sandbox) return { node, sandbox };
    }
    return undefined;
  }

  /** Is `ip` inside the Service range (a ClusterIP, virtual unless a rule translates it)? */
  isServiceIP(ip: string): boolean {
    const n = parseIPv4(ip);
    if (n === undefined) return false;
    const mask = this.serviceCidr.prefix === 0 ? 0 : (~0 << (32 - this.serviceCidr.prefix)) >>> 0;
    return ((n & mask) >>> 0) === this.serviceCidr.base;
  }

  /** The packet has left its node (or the workstation): deliver it to the host or pod that owns its destination. */
  private arrive(src: { ip: string; sandbox?: Sandbox; node?: string }, srcNode: NetNode | undefined, packet: Packet, trace: Trace): DialResult {
    const port = packet.dport ?? 0;
    const proto = packet.proto === 'udp' ? 'udp' : 'tcp';
    const host = this.nodeByIP(packet.dst);
    if (host) {
      let p = packet;
      const nf = netfilterOf(host.host);
      // Arriving from elsewhere: PREROUTING (NodePorts) on the receiving node.
      if (host !== srcNode) {
        p = nf.nat('PREROUTING', packet, this.draw);
        if (p.dnat) trace.dnat = true;
        if (p.dst !== host.ip) {
          const failed = this.judge(host, 'FORWARD', p, trace);
          if (failed) return { ok: false, failure: failed };
          trace.relay = host;
          return this.toPod(src, host, p, true, trace);
        }
        const failed = this.judge(host, 'INPUT', p, trace);
        if (failed) return { ok: false, failure: failed };
      }
      // A pod's egress policy covers node addresses too (its own node is always allowed).
      if (src.sandbox && this.policy && !this.policy(src, { ip: host.ip, node: host.name }, p.dport ?? port, packet.proto)) return { ok: false, failure: 'timeout' };
      trace.end = { node: host, atHost: true, ip: host.ip, port: p.dport ?? port };
      return this.toHost(host, p.dport ?? port, proto, host.ip);
    }
    return this.toPod(src, srcNode, packet, false, trace);
  }

  /** Delivery to a node's own address: a host daemon or a host-network container. */
  private toHost(node: NetNode, port: number, proto: 'tcp' | 'udp', localIP: string): DialResult {
    const daemon = node.hostDaemon(port, proto);
    if (daemon) return { ok: true, peer: { kind: 'host-daemon', node: node.name, server: daemon }, ip: node.ip, port };
    const found = hostNetworkServer(node.runtime, port, localIP);
    if (found) return { ok: true, peer: { kind: 'container', node: node.name, sandbox: found.sandbox, container: found.container, server: serverOf(node.runtime, found.container) }, ip: node.ip, port };
    return { ok: false, failure: 'refused' };
  }

  /** Delivery to a pod address, routed from `via` (the node the packet is on, if any). */
  private toPod(src: { ip: string; sandbox?: Sandbox; node?: string }, via: NetNode | undefined, packet: Packet, forwarded: boolean, trace: Trace): DialResult {
    const port = packet.dport ?? 0;
    const target = this.sandboxByIP(packet.dst, via);
    if (!target) {
      const external = this.external?.(packet.dst, port, packet.proto === 'udp' ? 'udp' : 'tcp', src);
      if (!external) return TIMED_OUT;
      // A ClusterIP nothing translated, or an address nobody holds: no one answers.
      trace.end = { atHost: true, ip: packet.dst, port };
      return { ok: true, peer: { kind: 'external', server: external }, ip: packet.dst, port };
    }
    // Pod addresses are routed only inside the cluster: the workstation has no route to them.
    if (!via && !forwarded) return TIMED_OUT;
    if (target.node !== via) {
      const failed = this.judge(target.node, 'FORWARD', packet, trace);
      if (failed) return { ok: false, failure: failed };
    }
    if (this.policy && !this.policy(src, { ip: packet.dst, sandbox: target.sandbox, node: target.node.name }, port, packet.proto)) return TIMED_OUT;
    trace.end = { node: target.node, atHost: false, ip: packet.dst, port };
    return podAnswer(target.node, target.sandbox, packet.dst, port);
  }
}

/** Who answers a connection that reached `port` of a sandbox on `node`: the container serving it, or a refusal. */
function podAnswer(node: NetNode, sandbox: Sandbox, ip: string, port: number): DialResult {
  const found = serving(node.runtime, sandbox, port);
  if (!found) return { ok: false, failure: 'refused' };
  return { ok: true, peer: { kind: 'container', node: node.name, sandbox, container: found, server: serverOf(node.runtime, found) }, ip, port };
}

/** A dial that met silence (a DROP, nobody at the address, a reply that never came back). */
const TIMED_OUT: DialResult = Object.freeze({ ok: false, failure: 'timeout' }) as DialResult;

/** Where a connection ended, for its reply: the node and address that answered it (or rejected it). */
interface DialEnd {
  /** The node; absent: a server beyond the cluster. */
  node?: NetNode;
  /** Did the node itself answer (a daemon, a host-network process, a REJECT), rather than one of its pods? */
  atHost: boolean;
  /** The address and port the answer comes from. */
  ip: string;
  port: number;
  /** Set when a REJECT rule answered, with its `--reject-with`. */
  rejectWith?: string;
}

/** What a connection met on its way: where it ended, the node that forwarded it on (a NodePort to another node's pod), a DNAT. */
interface Trace {
  end?: DialEnd;
  relay?: NetNode;
  dnat: boolean;
}

/** A dial's outcome with what its path met. */
interface Traced {
  result: DialResult;
  end?: DialEnd;
  dnat: boolean;
}

/**
 * A host connection's path as remembered: stopped on the way (a failure), or
 * reaching `host` or a `pod` sandbox of the source node, whose answer does or
 * does not come back.
 */
type RememberedPath = { ok: false; failure: DialFailure } | { host: NetNode; replyDropped: boolean } | { pod: Sandbox; replyDropped: boolean };

/** How many targets' paths a node remembers (the API server, then its probes' pods and ports). */
const CONNECTS_PER_NODE = 16;

/** One node's last host connection and the table versions its path was judged under. */
interface RememberedConnect {
  ip: string;
  port: number;
  srcFilter: Netfilter;
  srcVersion: number;
  dstFilter: Netfilter;
  dstVersion: number;
  path: RememberedPath;
  /** Set once the node replaced it or let it go: no dial replays it any more. */
  dropped?: boolean;
}

/** A remembered host connection, opaque outside this module (see {@link Network.isRemembered}). */
export type RememberedPathEntry = object;

/** The live pod sandbox of `node` holding `ip`. */
function sandboxOn(node: NetNode, ip: string): Sandbox | undefined {
  for (const sandbox of node.runtime.sandboxes.values()) {
    if (sandbox.ip === ip && !sandbox.hostNetwork && sandbox.state === 'SANDBOX_READY') return sandbox;
  }
  return undefined;
}

/** The container of `sandbox` whose process serves `port` now. */
function serving(runtime: ContainerRuntime, sandbox: Sandbox, port: number, localIP?: string): RuntimeContainer | undefined {
  for (const c of runtime.containers.values()) if (c.sandboxId === sandbox.id && runtime.serving(c, port, localIP)) return c;
  return undefined;
}

/**
 * The container that answers `port` of a node's own address: of the
 * host-network sandboxes in the runtime's order, the first with a container
 * serving the port, and of its containers the first (a host-network process
 * may listen on some of the node's addresses only: etcd's 127.0.0.1 and node
 * URLs). One walk over the containers finds those serving; only when several
 * sandboxes have one does the sandboxes' order decide.
 */
function hostNetworkServer(runtime: ContainerRuntime, port: number, localIP: string): { sandbox: Sandbox; container: RuntimeContainer } | undefined {
  let first: { sandbox: Sandbox; container: RuntimeContainer } | undefined;
  let more: RuntimeContainer[] | undefined;
  const sandboxes = runtime.sandboxes;
  for (const c of runtime.containers.values()) {
    if (c.state !== 'CONTAINER_RUNNING') continue;
    const sandbox = sandboxes.get(c.sandboxId);
    if (!sandbox?.hostNetwork || !runtime.serving(c, port, localIP)) continue;
    if (!first) first = { sandbox, container: c };
    else if (sandbox !== first.sandbox) (more ??= []).push(c);
  }
  if (!first || !more) return first;
  for (const sandbox of sandboxes.values()) {
    if (sandbox === first.sandbox) return first;
    const c = more.find((m) => m.sandboxId === sandbox.id);
    if (c) return { sandbox, container: c };
  }
  return first;
}

/** How a container's process answers: its program's own server, or its image's behaviour data. */
function serverOf(runtime: ContainerRuntime, c: RuntimeContainer): ServerProgram {
  return c.process?.server ?? applicationServer(runtime, c);
}

/** A filter verdict as a dial failure (undefined: accepted). */
function verdictFailure(v: Verdict): DialFailure | undefined {
  if (v.target === 'ACCEPT') return undefined;
  if (v.target === 'DROP') return 'timeout';
  // icmp-port-unreachable (the default) and tcp-reset read as ECONNREFUSED; host/net unreachable and *-prohibited as EHOSTUNREACH.
  return v.rejectWith === 'icmp-port-unreachable' || v.rejectWith === 'tcp-reset' ? 'refused' : 'unreachable';
}
