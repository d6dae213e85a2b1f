/**
 * A network namespace as `ip` and `ss` read it from the kernel: its links
 * with their addresses, its main routing table and its sockets, computed
 * from the simulated state. A pod's namespace is what flannel's CNI chain
 * (flannel delegating to the bridge plugin with host-local IPAM, see
 * /etc/cni/net.d/10-flannel.conflist) leaves: lo and a veth `eth0` with the
 * pod IP in the node's podCIDR, MTU 1450 (flannel VXLAN), a default route
 * and the pod network via the cni0 gateway. A node's namespace has lo, its
 * NIC, flannel.1 (the VXLAN device, holding the podCIDR's .0/32), the cni0
 * bridge (the podCIDR's .1/24) once a pod network was set up, the host end
 * of each running pod's veth, and one route per other node's podCIDR
 * through flannel.1. A node whose CNI configuration is calico's (IPIP
 * mode, host-local IPAM over the podCIDR) has calico's shape instead:
 * tunl0, `cali…` veths with /32 routes, BIRD's routes and a blackhole.
 * Its sockets come from netns-sockets.ts.
 */
import type { NetNode, NetSource, Network } from '../network/network.js';
import type { Sandbox } from '../runtime/runtime.js';
import { DEFAULT_POD_SUBNET, NODE_SUBNET, formatIPv4, parseCidr, parseIPv4 } from '../ipv4.js';
import { hash } from './fnv.js';
import { hostSockets, podSockets } from './netns-sockets.js';
import { loadCniNetwork } from '../runtime/cni.js';

/** An address on a link. */
export interface LinkAddress {
  family: 4 | 6;
  address: string;
  prefix: number;
  /** IPv4 broadcast (absent for a /32 or IPv6). */
  broadcast?: string;
  scope: 'host' | 'link' | 'global';
}

/** A network interface. */
export interface Link {
  index: number;
  name: string;
  /** The other end of a veth: its index in the peer namespace and the name iproute2 shows for that namespace (index 0: a tunnel's `@NONE`). */
  peer?: { index: number; netns?: string; netnsId?: number };
  /** IFF_* flags as iproute2 lists them (`NO-CARRIER` first when up without carrier). */
  flags: readonly string[];
  mtu: number;
  qdisc: string;
  master?: string;
  state: 'UP' | 'DOWN' | 'UNKNOWN';
  /** tx_queue_len (0: not printed). */
  qlen: number;
  type: 'loopback' | 'ether' | 'ipip';
  /** IFLA_INFO_KIND (`ip link show type veth`): absent for lo and the NIC. */
  kind?: 'veth' | 'bridge' | 'vxlan' | 'ipip';
  mac: string;
  altname?: string;
  addresses: readonly LinkAddress[];
}

/** A route of the main table. */
export interface Route {
  family: 4 | 6;
  /** A route type other than unicast (calico's `blackhole` for its own block). */
  type?: 'blackhole';
  /** `default`, a prefix or a host: 10.244.1.0/24, 10.244.1.5, ::1, fe80::/64. */
  dst: string;
  via?: string;
  /** The device (absent for a blackhole). */
  dev?: string;
  /** rtm_protocol: `boot` (the default of routes added over netlink) is not printed by iproute2; calico's BGP daemon writes `bird`. */
  proto: 'boot' | 'kernel' | 'static' | 'bird';
  scope?: 'link' | 'host';
  src?: string;
  metric?: number;
  onlink?: boolean;
  linkdown?: boolean;
  /** IPv6 router preference (`pref medium`). */
  pref?: string;
}

/** The process holding a socket, as `ss -p` finds it in /proc. */
export interface SocketOwner {
  /** The process's comm (its executable's name, at most 15 characters). */
  name: string;
  pid: number;
  fd: number;
}

/** A listening socket. */
export interface Socket {
  proto: 'tcp' | 'udp';
  family: 4 | 6;
  /** Bound address: 0.0.0.0, 127.0.0.1, ::. */
  address: string;
  /** A dual-stack IPv6 socket (IPV6_V6ONLY off): ss shows its wildcard as `*`. */
  dualStack?: boolean;
  /** Bound to a device (SO_BINDTODEVICE): systemd-resolved's 127.0.0.53%lo. */
  device?: string;
  port: number;
  /** Send-Q: the listen backlog of a listening socket, the unacknowledged bytes of a connection (the SYN of a SYN-SENT one). */
  backlog: number;
  /** Absent: no visible process holds it (another pid namespace, or the kernel's own). */
  owner?: SocketOwner;
  /** A connection's other end (absent: a listening or unconnected socket). */
  peer?: { address: string; port: number };
  /** A connection's TCP state: established, or a connect whose SYN-ACK never comes back. */
  state?: 'ESTAB' | 'SYN-SENT';
}

/** One network namespace. */
export interface NetNamespace {
  links: readonly Link[];
  routes: readonly Route[];
  sockets: readonly Socket[];
}

/** The MTU flannel's VXLAN backend gives cni0, flannel.1 and every pod (1500 minus the 50-byte VXLAN header). */
export const FLANNEL_MTU = 1450;
/** The node NIC's name (a KVM guest's virtio NIC under systemd's predictable names) and its alternative name. */
export const NODE_NIC = 'ens3';
const NODE_NIC_ALTNAME = 'enp0s3';

/** The namespace `from` runs in, or undefined when the simulation has none for it (the workstation, a gone pod). */
export function namespaceOf(network: Network, from: NetSource, viewer?: string): NetNamespace | undefined {
  if (from.kind === 'workstation') return undefined;
  const node = network.node(from.node);
  if (!node) return undefined;
  const calico = podNetworkOf(node) === 'calico';
  if (from.kind === 'host') return calico ? calicoNodeNamespace(network, node, viewer) : nodeNamespace(network, node, viewer);
  const sandbox = node.runtime.sandboxes.get(from.sandboxId);
  if (!sandbox || sandbox.state !== 'SANDBOX_READY') return undefined;
  return calico ? calicoPodNamespace(node, sandbox, viewer) : podNamespace(node, sandbox, viewer);
}

/** The pod network plugin of the CNI configuration the node's containerd loads: calico's, or flannel's chain (the default). */
function podNetworkOf(node: NetNode): 'calico' | 'flannel' {
  const load = loadCniNetwork(node.host.fs);
  return load.ok && load.network.plugins[0] === 'calico' ? 'calico' : 'flannel';
}

/** calico's MTU in IPIP mode (calico.yaml's default pool): 1500 minus the 20-byte outer IPv4 header. */
export const CALICO_IPIP_MTU = 1480;

/** The ipip module's fallback device, in every namespace once calico loaded the module: down, in pods; calico's tunnel on the node. */
function tunl0(index: number, up: boolean, address?: string): Link {
  return {
    index, name: 'tunl0', peer: { index: 0 }, flags: up ? ['NOARP', 'UP', 'LOWER_UP'] : ['NOARP'], mtu: CALICO_IPIP_MTU, qdisc: up ? 'noqueue' : 'noop', state: up ? 'UNKNOWN' : 'DOWN', qlen: 1000, type: 'ipip', kind: 'ipip', mac: '0.0.0.0',
    addresses: address ? [{ family: 4, address, prefix: 32, scope: 'global' }] : [],
  };
}

/**
 * A calico pod (projectcalico/calico cni-plugin, linux dataplane): the veth
 * is made inside the pod (its host end first, so eth0 takes index 4 after
 * tunl0 and the peer) and the host end moved out; the pod address is a /32,
 * and everything goes to the link-local gateway 169.254.1.1, which the
 * host end answers by proxy ARP.
 */
function calicoPodNamespace(node: NetNode, sandbox: Sandbox, viewer: string | undefined): NetNamespace {
  const mac = macFrom(`eth0/${sandbox.id}`);
  const eth0: Link = {
    index: 4, name: 'eth0', peer: { index: sandbox.hostIfIndex ?? 5, netnsId: 0 }, flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'], mtu: CALICO_IPIP_MTU, qdisc: 'noqueue', state: 'UP',
    // netlink.NewLinkAttrs leaves IFLA_TXQLEN to the kernel's default.
    qlen: 1000, type: 'ether', kind: 'veth', mac,
    addresses: [
      { family: 4, address: sandbox.ip, prefix: 32, scope: 'global' },
      { family: 6, address: linkLocal(mac), prefix: 64, scope: 'link' },
    ],
  };
  const routes: Route[] = [
    { family: 4, dst: 'default', via: '169.254.1.1', dev: 'eth0', proto: 'boot' },
    { family: 4, dst: '169.254.1.1', dev: 'eth0', proto: 'boot', scope: 'link' },
    ...ipv6Routes(['eth0']),
  ];
  return { links: [loopback(), tunl0(2, false), eth0], routes: sortRoutes(routes), sockets: podSockets(node, sandbox, viewer) };
}

/** The MAC calico gives every host end of a workload veth. */
const CALICO_HOST_MAC = 'ee:ee:ee:ee:ee:ee';

/**
 * A calico node in IPIP mode: tunl0 holding the tunnel address, one
 * `cali…` veth per running pod with a /32 route to it, BIRD's routes to the
 * other nodes' blocks through tunl0 and a blackhole for its own block.
 */
function calicoNodeNamespace(network: Network, node: NetNode, viewer: string | undefined): NetNamespace {
  const { links, routes } = nodeBase(node);
  const own = node.podCidr?.();
  const ownCidr = own ? parseCidr(own) : undefined;
  // calico-node gives tunl0 the first address of the node's block.
  links.push(tunl0(3, true, ownCidr ? formatIPv4(ownCidr.base + 1) : undefined));
  if (ownCidr) routes.push({ family: 4, type: 'blackhole', dst: cidrText(ownCidr), proto: 'bird' });
  for (const other of network.nodeList()) {
    if (other === node) continue;
    const theirs = other.podCidr?.();
    const c = theirs ? parseCidr(theirs) : undefined;
    if (c) routes.push({ family: 4, dst: cidrText(c), via: other.ip, dev: 'tunl0', proto: 'bird', onlink: true });
  }
  const v6Devices = [NODE_NIC];
  for (const s of podSandboxes(node)) {
    const name = caliName(s);
    links.push({
      index: s.hostIfIndex!, name, peer: { index: 4, netns: netnsName(s) }, flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'], mtu: CALICO_IPIP_MTU, qdisc: 'noqueue', state: 'UP', qlen: 1000, type: 'ether', kind: 'veth', mac: CALICO_HOST_MAC,
      addresses: [{ family: 6, address: linkLocal(CALICO_HOST_MAC), prefix: 64, scope: 'link' }],
    });
    routes.push({ family: 4, dst: s.ip, dev: name, proto: 'boot', scope: 'link' });
    v6Devices.push(name);
  }
  routes.push(...ipv6Routes(v6Devices));
  return { links, routes: sortRoutes(routes), sockets: hostSockets(network, node, viewer) };
}

/** The running pod sandboxes with a network of their own, by their veth's host index. */
function podSandboxes(node: NetNode): Sandbox[] {
  return [...node.runtime.sandboxes.values()].filter((s) => !s.hostNetwork && s.state === 'SANDBOX_READY' && s.hostIfIndex !== undefined).sort((a, b) => a.hostIfIndex! - b.hostIfIndex!);
}

/** calico's host veth name: `cali` and 11 hex digits of a hash of `<namespace>.<pod>` (VethNameForWorkload uses SHA-1). */
export function caliName(s: Sandbox): string {
  const h = hash(`${s.namespace}.${s.podName}`).toString(16).padStart(8, '0') + hash(`#${s.namespace}.${s.podName}`).toString(16).padStart(8, '0');
  return `cali${h.slice(0, 11)}`;
}

function podNamespace(node: NetNode, sandbox: Sandbox, viewer: string | undefined): NetNamespace {
  const cidr = podCidrOf(node, sandbox.ip);
  const gateway = formatIPv4(cidr.base + 1);
  const mac = macFrom(`eth0/${sandbox.id}`);
  const eth0: Link = {
    index: 2,
    name: 'eth0',
    peer: { index: sandbox.hostIfIndex ?? 5, netnsId: 0 },
    flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'],
    mtu: FLANNEL_MTU,
    qdisc: 'noqueue',
    state: 'UP',
    // The CNI plugins create veths over netlink with IFLA_TXQLEN 0.
    qlen: 0,
    type: 'ether',
    kind: 'veth',
    mac,
    addresses: [
      { family: 4, address: sandbox.ip, prefix: cidr.prefix, broadcast: broadcastOf(cidr), scope: 'global' },
      { family: 6, address: linkLocal(mac), prefix: 64, scope: 'link' },
    ],
  };
  const routes: Route[] = [
    // The bridge plugin's isDefaultGateway, and host-local's route to flannel's network (gw defaults to the gateway).
    { family: 4, dst: 'default', via: gateway, dev: 'eth0', proto: 'boot' },
    { family: 4, dst: podSubnetOf(node), via: gateway, dev: 'eth0', proto: 'boot' },
    { family: 4, dst: cidrText(cidr), dev: 'eth0', proto: 'kernel', scope: 'link', src: sandbox.ip },
    ...ipv6Routes(['eth0']),
  ];
  return { links: [loopback(), eth0], routes: sortRoutes(routes), sockets: podSockets(node, sandbox, viewer) };
}

/** lo and the NIC with their routes: what every node has before its pod network. */
function nodeBase(node: NetNode): { links: Link[]; routes: Route[] } {
  const nodeNet = parseCidr(NODE_SUBNET)!;
  const nicMac = `52:54:00:${macFrom(`nic/${node.name}`).slice(9)}`;
  const links: Link[] = [
    loopback(),
    {
      index: 2,
      name: NODE_NIC,
      flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'],
      mtu: 1500,
      qdisc: 'fq_codel',
      state: 'UP',
      qlen: 1000,
      type: 'ether',
      mac: nicMac,
      altname: NODE_NIC_ALTNAME,
      addresses: [
        { family: 4, address: node.ip, prefix: nodeNet.prefix, broadcast: broadcastOf(nodeNet), scope: 'global' },
        { family: 6, address: linkLocal(nicMac), prefix: 64, scope: 'link' },
      ],
    },
  ];
  const routes: Route[] = [
    { family: 4, dst: 'default', via: formatIPv4(nodeNet.base + 1), dev: NODE_NIC, proto: 'static' },
    { family: 4, dst: cidrText(nodeNet), dev: NODE_NIC, proto: 'kernel', scope: 'link', src: node.ip },
  ];
  return { links, routes };
}

function nodeNamespace(network: Network, node: NetNode, viewer: string | undefined): NetNamespace {
  const { links, routes } = nodeBase(node);
  const v6Devices = [NODE_NIC];
  const own = node.podCidr?.();
  const ownCidr = own ? parseCidr(own) : undefined;
  if (ownCidr) {
    // flanneld's VXLAN device holds the subnet's network address as a /32, and routes every other node's subnet through it.
    const vtepMac = macFrom(`flannel.1/${node.name}`);
    links.push({
      index: 3, name: 'flannel.1', flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'], mtu: FLANNEL_MTU, qdisc: 'noqueue', state: 'UNKNOWN', qlen: 0, type: 'ether', kind: 'vxlan', mac: vtepMac,
      addresses: [
        { family: 4, address: formatIPv4(ownCidr.base), prefix: 32, scope: 'global' },
        { family: 6, address: linkLocal(vtepMac), prefix: 64, scope: 'link' },
      ],
    });
    v6Devices.push('flannel.1');
    for (const other of network.nodeList()) {
      if (other === node) continue;
      const theirs = other.podCidr?.();
      const c = theirs ? parseCidr(theirs) : undefined;
      if (c) routes.push({ family: 4, dst: cidrText(c), via: formatIPv4(c.base), dev: 'flannel.1', proto: 'boot', onlink: true });
    }
  }
  const veths = podSandboxes(node);
  // The bridge plugin creates cni0 with the first pod network; it stays, without carrier once no veth is attached.
  if (ownCidr && node.runtime.nextHostIfIndex > 5) {
    const carrier = veths.length > 0;
    const bridgeMac = macFrom(`cni0/${node.name}`);
    const gateway = formatIPv4(ownCidr.base + 1);
    links.push({
      index: 4, name: 'cni0', flags: carrier ? ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'] : ['NO-CARRIER', 'BROADCAST', 'MULTICAST', 'UP'], mtu: FLANNEL_MTU, qdisc: 'noqueue', state: carrier ? 'UP' : 'DOWN', qlen: 1000, type: 'ether', kind: 'bridge', mac: bridgeMac,
      addresses: [
        { family: 4, address: gateway, prefix: ownCidr.prefix, broadcast: broadcastOf(ownCidr), scope: 'global' },
        { family: 6, address: linkLocal(bridgeMac), prefix: 64, scope: 'link' },
      ],
    });
    routes.push({ family: 4, dst: cidrText(ownCidr), dev: 'cni0', proto: 'kernel', scope: 'link', src: gateway, ...(carrier ? {} : { linkdown: true }) });
    v6Devices.push('cni0');
  }
  for (const s of veths) {
    const mac = macFrom(`veth/${s.id}`);
    const name = vethName(s);
    links.push({
      index: s.hostIfIndex!, name, peer: { index: 2, netns: netnsName(s) }, flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'], mtu: FLANNEL_MTU, qdisc: 'noqueue', master: 'cni0', state: 'UP', qlen: 0, type: 'ether', kind: 'veth', mac,
      addresses: [{ family: 6, address: linkLocal(mac), prefix: 64, scope: 'link' }],
    });
    v6Devices.push(name);
  }
  routes.push(...ipv6Routes(v6Devices));
  return { links, routes: sortRoutes(routes), sockets: hostSockets(network, node, viewer) };
}

function loopback(): Link {
  return {
    index: 1, name: 'lo', flags: ['LOOPBACK', 'UP', 'LOWER_UP'], mtu: 65536, qdisc: 'noqueue', state: 'UNKNOWN', qlen: 1000, type: 'loopback', mac: '00:00:00:00:00:00',
    addresses: [
      { family: 4, address: '127.0.0.1', prefix: 8, scope: 'host' },
      { family: 6, address: '::1', prefix: 128, scope: 'host' },
    ],
  };
}

/** The kernel's IPv6 routes of the main table: ::1 on lo and a link-local prefix per other link. */
function ipv6Routes(devices: readonly string[]): Route[] {
  return [
    { family: 6, dst: '::1', dev: 'lo', proto: 'kernel', metric: 256, pref: 'medium' },
    ...devices.map((dev): Route => ({ family: 6, dst: 'fe80::/64', dev, proto: 'kernel', metric: 256, pref: 'medium' })),
  ];
}

/** A route's destination as a block: `default` is 0/0, a bare address a /32. */
export function routePrefix(dst: string): { base: number; prefix: number } | undefined {
  if (dst === 'default') return { base: 0, prefix: 0 };
  return parseCidr(dst.includes('/') ? dst : `${dst}/32`);
}

/** The FIB dump order: by destination address, a longer prefix first among equal addresses (fib_trie's alias list). */
function sortRoutes(routes: Route[]): Route[] {
  const v4 = routes.filter((r) => r.family === 4);
  const key = (r: Route) => routePrefix(r.dst)!;
  v4.sort((a, b) => key(a).base - key(b).base || key(b).prefix - key(a).prefix);
  return [...v4, ...routes.filter((r) => r.family === 6)];
}

/** The node's podCIDR, or the /24 holding the pod's address when the Node has none recorded. */
function podCidrOf(node: NetNode, ip: string): { base: number; prefix: number } {
  const own = node.podCidr?.();
  const c = own ? parseCidr(own) : undefined;
  if (c) return c;
  return { base: ((parseIPv4(ip) ?? 0) & ~0xff) >>> 0, prefix: 24 };
}

function podSubnetOf(node: NetNode): string {
  return node.podSubnet ?? DEFAULT_POD_SUBNET;
}

function cidrText(c: { base: number; prefix: number }): string {
  return `${formatIPv4(c.base)}/${c.prefix}`;
}

function broadcastOf(c: { base: number; prefix: number }): string {
  return formatIPv4(c.base + 2 ** (32 - c.prefix) - 1);
}

/** The host end's name (the CNI library's RandomVethName: `veth` and 4 random bytes), stable per sandbox. */
export function vethName(s: Sandbox): string {
  return `veth${hash(`vethname/${s.id}`).toString(16).padStart(8, '0')}`;
}

/** The name containerd gives a pod's network namespace under /var/run/netns (`cni-` and a random UUID). */
function netnsName(s: Sandbox): string {
  const h = [0, 1, 2, 3].map((i) => hash(`netns${i}/${s.id}`).toString(16).padStart(8, '0')).join('');
  return `cni-${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A random-looking, locally administered unicast MAC (as the kernel gives veths and bridges), fixed by `seed`. */
function macFrom(seed: string): string {
  const a = hash(seed);
  const b = hash(`${seed}#`);
  const bytes = [(a >>> 24) & 0xfe | 0x02, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255];
  return bytes.map((x) => x.toString(16).padStart(2, '0')).join(':');
}

/** The EUI-64 link-local address the kernel derives from a MAC (addrconf), in RFC 5952 text form. */
export function linkLocal(mac: string): string {
  const m = mac.split(':').map((x) => parseInt(x, 16));
  const groups = [(m[0] ^ 2) * 256 + m[1], m[2] * 256 + 0xff, 0xfe00 + m[3], m[4] * 256 + m[5]];
  return `fe80::${groups.map((g) => g.toString(16)).join(':')}`;
}
