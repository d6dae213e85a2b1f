/**
 * A host's IP Virtual Server table (kube-proxy's IPVS mode): virtual
 * services (protocol, address, port, scheduler) and their real servers. A
 * packet for a virtual service is sent to one real server, picked by the
 * scheduler (round robin, as `rr` does: no random draw).
 */
import type { NodeHost } from '../host/node-host.js';
import type { Packet } from './netfilter.js';

/** One real server of a virtual service. */
export interface RealServer {
  /** Its address (a pod's). */
  readonly ip: string;
  /** Its port. */
  readonly port: number;
  /** Its scheduling weight (kube-proxy gives 1). */
  readonly weight: number;
}

/** One virtual service. */
export interface VirtualService {
  /** TCP, UDP or SCTP. */
  readonly protocol: 'TCP' | 'UDP' | 'SCTP';
  /** The virtual address (a ClusterIP, a node address for NodePorts). */
  readonly ip: string;
  /** The virtual port. */
  readonly port: number;
  /** The scheduler's name (rr, wrr, sh, ...). */
  readonly scheduler: string;
  /** Where connections go. */
  realServers: RealServer[];
  /** The round-robin position. */
  next: number;
}

/** The IPVS table of one host. */
export class IpvsTable {
  /** Virtual services by `PROTO ip:port`. */
  readonly services = new Map<string, VirtualService>();
  private replaced = 0;

  /** Counts the table's replacements (a dial's remembered path holds until it changes). */
  get version(): number {
    return this.replaced;
  }

  /** Replaces the table's services (kube-proxy's sync), keeping the round-robin position of those that stay. */
  replace(services: readonly Omit<VirtualService, 'next'>[]): void {
    this.replaced++;
    const before = this.services;
    const next = new Map<string, VirtualService>();
    for (const s of services) {
      const key = serviceKey(s.protocol, s.ip, s.port);
      next.set(key, { ...s, next: before.get(key)?.next ?? 0 });
    }
    before.clear();
    for (const [k, v] of next) before.set(k, v);
  }

  /** The packet sent on to a real server, or undefined when no virtual service has its destination (or none has real servers). */
  schedule(p: Packet): Packet | undefined {
    if (this.services.size === 0 || p.proto === 'icmp') return undefined;
    const vs = this.services.get(serviceKey(p.proto === 'udp' ? 'UDP' : 'TCP', p.dst, p.dport ?? 0));
    if (!vs || vs.realServers.length === 0) return undefined;
    const rs = vs.realServers[vs.next % vs.realServers.length];
    vs.next = (vs.next + 1) % vs.realServers.length;
    return { ...p, dst: rs.ip, dport: rs.port, dnat: true };
  }
}

function serviceKey(protocol: string, ip: string, port: number): string {
  return `${protocol} ${ip}:${port}`;
}

const tables = new WeakMap<NodeHost, IpvsTable>();

/** The IPVS table of a host (empty until kube-proxy in IPVS mode fills it). */
export function ipvsOf(host: NodeHost): IpvsTable {
  let t = tables.get(host);
  if (!t) tables.set(host, (t = new IpvsTable()));
  return t;
}

/** The host's IPVS table if it has one. */
export function ipvsIfAny(host: NodeHost): IpvsTable | undefined {
  return tables.get(host);
}
