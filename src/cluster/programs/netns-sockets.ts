/**
 * The sockets of a namespace: what the host daemons (systemd-resolved,
 * sshd, containerd, the kubelet) and the containers serving in it listen
 * on, bound as their flags or images bind them, and the connections the
 * control plane keeps to the API server while the packet filters let them
 * through. Process ids are the host's (as `ps` shows them) for a viewer on
 * the host, 1 for a viewer's own container, and hidden otherwise (one pid
 * namespace per container).
 */
import { WORKSTATION_IP, type NetNode, type Network } from '../network/network.js';
import type { ContainerRuntime, RuntimeContainer, Sandbox } from '../runtime/runtime.js';
import { containerPid } from '../runtime/container-pid.js';
import { effectiveArgv } from './in-container.js';
import { hash } from './fnv.js';
import type { Socket, SocketOwner } from './netns.js';

/** The sockets of a pod's namespace: its serving containers' listeners. */
export function podSockets(node: NetNode, sandbox: Sandbox, viewer: string | undefined): Socket[] {
  const sockets: Socket[] = [];
  for (const c of node.runtime.containers.values()) {
    if (c.sandboxId !== sandbox.id) continue;
    // Each container has its own pid namespace: ss sees only the processes of the one it runs in.
    sockets.push(...containerSockets(node.runtime, c, sandbox.ip, c.id === viewer ? 1 : undefined));
  }
  return sortSockets(sockets, sandbox.id);
}

/** The sockets of a node's namespace: host daemons, host-network containers, then connections. */
export function hostSockets(network: Network, node: NetNode, viewer: string | undefined): Socket[] {
  return [...sortSockets(nodeSockets(node, viewer), node.name), ...established(network, node, viewer)];
}

/** One end of a TCP connection between simulated processes. */
interface End {
  /** Absent: a machine outside the cluster (the workstation). */
  node?: NetNode;
  ip: string;
  port: number;
  /** The process: a unit or a container (its pid as the host sees it). */
  process: { name: string; hostPid: number; containerId?: string; fd: number };
  /** Accepted on a dual-stack IPv6 listener (Go): the kernel shows it as an IPv4-mapped IPv6 socket. */
  mapped?: boolean;
  /** The learner's ssh client: its session exists (the command runs in it), the network is not asked. */
  session?: boolean;
}

/**
 * The connections the control plane keeps open, as far as the simulation
 * knows them: the learner's ssh session on the node it is on, every running
 * kubelet's and kube-proxy's watch on the API server it is configured for
 * (only while that API server serves), the scheduler's and controller
 * manager's, and the API server's to etcd. Both ends appear on their nodes.
 */
function established(network: Network, node: NetNode, viewer: string | undefined): Socket[] {
  const connections: [End, End][] = [];
  const apiserver = apiServerEnd(network);
  for (const n of network.nodeList()) {
    const kubelet = n.host.unit('kubelet');
    // A kubelet whose requests get no HTTP answer (a TLS failure, a dropped SYN-ACK) holds no connection, or a SYN-SENT one (below).
    const answered = n.kubeletConnected?.() ?? true;
    if (apiserver && kubelet?.active === 'active' && kubeletServer(n) === `${apiserver.ip}:6443` && (answered || !network.dial({ kind: 'host', node: n.name }, apiserver.ip, 6443).ok)) {
      connections.push([{ node: n, ip: n.ip, port: ephemeral(`kubelet/${n.name}`), process: { name: 'kubelet', hostPid: kubelet.mainPid, fd: 21 } }, { ...apiserver, process: { ...apiserver.process, fd: 40 + connections.length } }]);
    }
    if (!apiserver) continue;
    for (const c of n.runtime.containers.values()) {
      const program = programName(c);
      if (c.state !== 'CONTAINER_RUNNING' || !['kube-proxy', 'kube-scheduler', 'kube-controller-manager'].includes(program)) continue;
      connections.push([{ node: n, ip: n.ip, port: ephemeral(`${program}/${c.id}`), process: { name: program.slice(0, 15), hostPid: containerPid(c), containerId: c.id, fd: 7 } }, { ...apiserver, process: { ...apiserver.process, fd: 40 + connections.length } }]);
    }
  }
  const apiNode = apiserver?.node;
  if (apiserver && apiNode) {
    const etcd = [...apiNode.runtime.containers.values()].find((c) => programName(c) === 'etcd' && apiNode.runtime.serving(c, 2379));
    if (etcd) connections.push([{ node: apiNode, ip: '127.0.0.1', port: ephemeral(`etcd-client/${etcd.id}`), process: { ...apiserver.process, fd: 8 } }, { node: apiNode, ip: '127.0.0.1', port: 2379, process: { name: 'etcd', hostPid: containerPid(etcd), containerId: etcd.id, fd: 12 } }]);
  }
  // The learner's own session, on the node whose shell runs the tool.
  if (viewer === undefined) connections.push([{ node: node, ip: node.ip, port: 22, process: { name: 'sshd', hostPid: 98_211, fd: 4 } }, { ip: WORKSTATION_IP, port: ephemeral(`ssh/${node.name}`), process: { name: 'ssh', hostPid: 0, fd: 3 }, session: true }]);
  const sockets: Socket[] = [];
  const ownerOf = (e: End): SocketOwner | undefined => (viewer === undefined ? { name: e.process.name, pid: e.process.hostPid, fd: e.process.fd } : e.process.containerId === viewer ? { name: e.process.name, pid: 1, fd: e.process.fd } : undefined);
  for (const [a, b] of connections) {
    // The client dials over the one network: refused leaves nothing; a dropped SYN or SYN-ACK leaves the client in SYN-SENT and the server with nothing.
    const dialed = a.node && !b.session ? network.dial({ kind: 'host', node: a.node.name }, b.ip, b.port) : undefined;
    const failed = dialed && !dialed.ok;
    if (dialed && !dialed.ok && dialed.failure !== 'timeout') continue;
    for (const [self, other] of [[a, b], [b, a]] as const) {
      if (self.node !== node || (failed && self === b)) continue;
      const family = self.mapped ? 6 : 4;
      const show = (ip: string) => (self.mapped ? `::ffff:${ip}` : ip);
      sockets.push({ proto: 'tcp', family, address: show(self.ip), port: self.port, backlog: failed ? 1 : 0, owner: ownerOf(self), peer: { address: show(other.ip), port: other.port }, state: failed ? 'SYN-SENT' : 'ESTAB' });
    }
  }
  // inet_diag walks the established hash: an order fixed by the addresses and ports.
  return sockets.sort((x, y) => x.family - y.family || hash(`${x.address}:${x.port}>${x.peer!.address}:${x.peer!.port}`) - hash(`${y.address}:${y.port}>${y.peer!.address}:${y.peer!.port}`));
}

/** Where the API server serves: the node whose kube-apiserver container listens on 6443 now. */
function apiServerEnd(network: Network): End | undefined {
  for (const n of network.nodeList()) {
    for (const c of n.runtime.containers.values()) {
      if (programName(c) === 'kube-apiserver' && n.runtime.serving(c, 6443)) return { node: n, ip: n.ip, port: 6443, mapped: true, process: { name: 'kube-apiserver', hostPid: containerPid(c), containerId: c.id, fd: 40 } };
    }
  }
  return undefined;
}

/** The API server a node's kubelet is configured for (/etc/kubernetes/kubelet.conf), as host:port. */
function kubeletServer(node: NetNode): string | undefined {
  return /server: https:\/\/([^\s/]+)/.exec(node.host.fs.read('/etc/kubernetes/kubelet.conf') ?? '')?.[1];
}

/** A local port from the ephemeral range (32768-60999), fixed by `seed`. */
function ephemeral(seed: string): number {
  return 32768 + (hash(seed) % 28232);
}

/** The listening sockets of a node's own daemons and of its host-network containers. */
function nodeSockets(node: NetNode, viewer: string | undefined): Socket[] {
  const hostView = viewer === undefined;
  const owner = (name: string, pid: number, fd: number): SocketOwner | undefined => (hostView ? { name, pid, fd } : undefined);
  const sockets: Socket[] = [
    // systemd-resolved's stub listener, sshd on both families (Ubuntu 22.04's base system; pids as `ps` shows them).
    { proto: 'tcp', family: 4, address: '127.0.0.53', device: 'lo', port: 53, backlog: 4096, owner: owner('systemd-resolve', 404, 14) },
    { proto: 'udp', family: 4, address: '127.0.0.53', device: 'lo', port: 53, backlog: 0, owner: owner('systemd-resolve', 404, 13) },
    { proto: 'tcp', family: 4, address: '0.0.0.0', port: 22, backlog: 128, owner: owner('sshd', 561, 3) },
    { proto: 'tcp', family: 6, address: '::', port: 22, backlog: 128, owner: owner('sshd', 561, 4) },
  ];
  if (node.podCidr?.()) {
    // The kernel's VXLAN socket of flannel.1 (no process holds it).
    sockets.push({ proto: 'udp', family: 4, address: '0.0.0.0', port: 8472, backlog: 0 });
  }
  const containerd = node.host.unit('containerd');
  if (containerd?.active === 'active') {
    // The CRI plugin's streaming server (exec, attach, port-forward) on an ephemeral loopback port.
    sockets.push({ proto: 'tcp', family: 4, address: '127.0.0.1', port: 32768 + (hash(`cri/${node.name}`) % 28000), backlog: 4096, owner: owner('containerd', containerd.mainPid, 12) });
  }
  const kubelet = node.host.unit('kubelet');
  if (kubelet?.active === 'active') {
    // healthzBindAddress 127.0.0.1:10248 and the API on every address (Go listens dual-stack).
    sockets.push({ proto: 'tcp', family: 4, address: '127.0.0.1', port: 10248, backlog: 4096, owner: owner('kubelet', kubelet.mainPid, 19) });
    sockets.push({ proto: 'tcp', family: 6, address: '::', dualStack: true, port: 10250, backlog: 4096, owner: owner('kubelet', kubelet.mainPid, 23) });
  }
  for (const c of node.runtime.containers.values()) {
    const sandbox = node.runtime.sandboxes.get(c.sandboxId);
    if (!sandbox?.hostNetwork) continue;
    const pid = hostView ? containerPid(c) : c.id === viewer ? 1 : undefined;
    sockets.push(...containerSockets(node.runtime, c, node.ip, pid));
  }
  return sockets;
}

/** How a program binds the ports it listens on. */
interface Binding {
  /** Addresses per port (`*`: one dual-stack IPv6 wildcard socket, as Go's net.Listen(":port") makes). */
  addresses(port: number, ip: string): readonly string[];
  backlog: number;
  /** The fd of its first listening socket. */
  firstFd: number;
  /** Ports it also serves over UDP. */
  udp?: readonly number[];
}

const GO: Binding = { addresses: () => ['*'], backlog: 4096, firstFd: 3 };
/** nginx (`listen 80` and, from the image's 10-listen-on-ipv6-by-default.sh, `listen [::]:80`) and redis (`bind * -::*`): separate v4 and v6-only sockets, backlog 511. */
const V4_AND_V6: Binding = { addresses: () => ['0.0.0.0', '::'], backlog: 511, firstFd: 6 };

/** The bindings of the programs whose flags kubeadm or their images set (kubeadm's static pod manifests, kube-proxy's defaults). */
const BINDINGS = new Map<string, Binding>([
  ['nginx', V4_AND_V6],
  ['redis-server', V4_AND_V6],
  ['coredns', { ...GO, udp: [53] }],
  // --listen-client-urls=https://127.0.0.1:2379,https://<ip>:2379 --listen-peer-urls=https://<ip>:2380 --listen-metrics-urls=http://127.0.0.1:2381
  ['etcd', { ...GO, addresses: (port, ip) => (port === 2379 ? ['127.0.0.1', ip] : port === 2380 ? [ip] : port === 2381 ? ['127.0.0.1'] : ['*']) }],
  // --bind-address=127.0.0.1
  ['kube-scheduler', { ...GO, addresses: () => ['127.0.0.1'] }],
  ['kube-controller-manager', { ...GO, addresses: () => ['127.0.0.1'] }],
  // metricsBindAddress 127.0.0.1:10249, healthzBindAddress 0.0.0.0:10256.
  ['kube-proxy', { ...GO, addresses: (port) => (port === 10249 ? ['127.0.0.1'] : ['*']) }],
]);

/** The sockets a container's process listens on while it serves; `pid` is set when the viewer can see the process. */
function containerSockets(runtime: ContainerRuntime, c: RuntimeContainer, ip: string, pid: number | undefined): Socket[] {
  const program = programName(c);
  const binding = BINDINGS.get(program) ?? GO;
  const sockets: Socket[] = [];
  let fd = binding.firstFd;
  for (const port of c.behaviour.listens ?? []) {
    if (!runtime.serving(c, port)) continue;
    for (const address of binding.addresses(port, ip)) {
      const owner = pid === undefined ? undefined : { name: program.slice(0, 15), pid, fd: fd++ };
      if (address === '*') sockets.push({ proto: 'tcp', family: 6, address: '::', dualStack: true, port, backlog: binding.backlog, owner });
      else sockets.push({ proto: 'tcp', family: address.includes(':') ? 6 : 4, address, port, backlog: binding.backlog, owner });
    }
    if (binding.udp?.includes(port)) {
      const owner = pid === undefined ? undefined : { name: program.slice(0, 15), pid, fd: fd++ };
      sockets.push({ proto: 'udp', family: 6, address: '::', dualStack: true, port, backlog: 0, owner });
    }
  }
  return sockets;
}

/** The executable a container's main process runs (past an entrypoint script that execs it). */
function programName(c: RuntimeContainer): string {
  const argv = effectiveArgv(c.argv.length ? c.argv : (c.behaviour.entrypoint ?? []));
  const exe = argv[0] ?? c.image.split(':')[0];
  return exe.slice(exe.lastIndexOf('/') + 1);
}

/**
 * The order inet_diag dumps listening sockets in: IPv4 then IPv6, each by
 * listening-hash bucket ((port + the namespace's hash mix) mod 32), the
 * newest first within a bucket.
 */
function sortSockets(sockets: Socket[], netnsSeed: string): Socket[] {
  const mix = hash(`netns/${netnsSeed}`);
  const bucket = (s: Socket) => (s.port + mix) & 31;
  const indexed = sockets.map((s, i) => ({ s, i }));
  indexed.sort((a, b) => a.s.family - b.s.family || bucket(a.s) - bucket(b.s) || b.i - a.i);
  return indexed.map((x) => x.s);
}
