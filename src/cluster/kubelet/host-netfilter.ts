/**
 * A host's packet filter (the iptables `filter` table): the rules an operator
 * lists with `iptables -L -n`, and the verdict they give a TCP connection
 * between this host and a peer. The kubelet's transport and the API server's
 * connection to the kubelet both ask it, so a DROP rule is a real partition.
 *
 * It lives beside the kubelet because the kubelet is its only consumer in the
 * cluster; it is keyed by NodeHost so any host-level command can reach it.
 */
import type { NodeHost } from '../host/node-host.js';

/** Built-in chains of the filter table. */
export type FilterChain = 'INPUT' | 'FORWARD' | 'OUTPUT';

/** One rule, as `iptables -A` takes it. */
export interface NetfilterRule {
  protocol?: 'tcp' | 'udp' | 'icmp';
  /** Source address or CIDR (`10.0.0.10` or `10.0.0.0/24`); absent = any. */
  source?: string;
  destination?: string;
  /** Destination port (`--dport`, needs a protocol). */
  dport?: number;
  sport?: number;
  target: 'ACCEPT' | 'DROP' | 'REJECT';
  /** `--reject-with` (REJECT only), default icmp-port-unreachable. */
  rejectWith?: string;
}

/** A packet as the tables match it. */
export interface Packet {
  proto: 'tcp' | 'udp' | 'icmp';
  src: string;
  dst: string;
  sport?: number;
  dport?: number;
}

/** What the filter table decides for a packet. */
export type Verdict = { target: 'ACCEPT' } | { target: 'DROP' } | { target: 'REJECT'; rejectWith: string };

/** The filter table of one host. */
export class Netfilter {
  readonly chains: Record<FilterChain, NetfilterRule[]> = { INPUT: [], FORWARD: [], OUTPUT: [] };
  readonly policies: Record<FilterChain, 'ACCEPT' | 'DROP'> = { INPUT: 'ACCEPT', FORWARD: 'ACCEPT', OUTPUT: 'ACCEPT' };

  /** The verdict of `chain` for a TCP packet. */
  verdict(chain: FilterChain, p: { src: string; dst: string; sport?: number; dport?: number }): NetfilterRule | { target: 'ACCEPT' | 'DROP' } {
    for (const r of this.chains[chain]) {
      if (r.protocol && r.protocol !== 'tcp') continue;
      if (r.source && !inCidr(p.src, r.source)) continue;
      if (r.destination && !inCidr(p.dst, r.destination)) continue;
      if (r.dport !== undefined && r.dport !== p.dport) continue;
      if (r.sport !== undefined && r.sport !== p.sport) continue;
      return r;
    }
    return POLICY_VERDICTS[this.policies[chain]];
  }

  /**
   * The nat table at `hook`: the packet with its destination rewritten by a
   * DNAT rule, or the same packet. (The nat table holds no rules yet.)
   */
  nat(_hook: 'PREROUTING' | 'OUTPUT', packet: Packet, _pick: () => number): Packet {
    return packet;
  }

  /** The filter table's verdict at `hook` for any protocol. */
  filter(hook: FilterChain, p: Packet): Verdict {
    for (const r of this.chains[hook]) {
      if (r.protocol && r.protocol !== p.proto) continue;
      if (r.source && !inCidr(p.src, r.source)) continue;
      if (r.destination && !inCidr(p.dst, r.destination)) continue;
      if (r.dport !== undefined && r.dport !== p.dport) continue;
      if (r.sport !== undefined && r.sport !== p.sport) continue;
      return r.target === 'REJECT' ? { target: 'REJECT', rejectWith: r.rejectWith ?? 'icmp-port-unreachable' } : { target: r.target };
    }
    return POLICY_VERDICTS[this.policies[hook]];
  }

  /** Do both chains a TCP connection crosses on this host hold no rule and accept by policy (nothing to judge)? */
  acceptsAll(): boolean {
    return this.chains.INPUT.length === 0 && this.chains.OUTPUT.length === 0 && this.policies.INPUT === 'ACCEPT' && this.policies.OUTPUT === 'ACCEPT';
  }
}

/** A chain's policy as a verdict (one shared, frozen object per policy: asked on every kubelet request). */
const POLICY_VERDICTS = { ACCEPT: Object.freeze({ target: 'ACCEPT' as const }), DROP: Object.freeze({ target: 'DROP' as const }) };

/** What a TCP connect meets, as Go's net package words the failure (undefined = connected). */
export type ConnectFailure = 'i/o timeout' | 'connect: connection refused' | 'connect: no route to host';

const tables = new WeakMap<NodeHost, Netfilter>();

/** The filter table of a host (created empty, policy ACCEPT). */
export function netfilterOf(host: NodeHost): Netfilter {
  let t = tables.get(host);
  if (!t) tables.set(host, (t = new Netfilter()));
  return t;
}

/** Outbound TCP connect from `host` (address `localIP`) to ip:port, judged by the host's rules. */
export function outboundConnect(host: NodeHost, localIP: string, ip: string, port: number): ConnectFailure | undefined {
  const nf = tables.get(host);
  if (!nf || nf.acceptsAll()) return undefined;
  const out = nf.verdict('OUTPUT', { src: localIP, dst: ip, dport: port });
  if (out.target === 'DROP') return 'i/o timeout';
  if (out.target === 'REJECT') return rejectFailure(out as NetfilterRule);
  // The SYN-ACK comes back through INPUT; dropped or rejected, the connect times out.
  const back = nf.verdict('INPUT', { src: ip, dst: localIP, sport: port });
  return back.target === 'ACCEPT' ? undefined : 'i/o timeout';
}

/** Inbound TCP connect from ip to `host` (address `localIP`) on port. */
export function inboundConnect(host: NodeHost, localIP: string, ip: string, port: number): ConnectFailure | undefined {
  const nf = tables.get(host);
  if (!nf || nf.acceptsAll()) return undefined;
  const input = nf.verdict('INPUT', { src: ip, dst: localIP, dport: port });
  if (input.target === 'DROP') return 'i/o timeout';
  if (input.target === 'REJECT') return rejectFailure(input as NetfilterRule);
  const back = nf.verdict('OUTPUT', { src: localIP, dst: ip, sport: port });
  return back.target === 'ACCEPT' ? undefined : 'i/o timeout';
}

function rejectFailure(r: NetfilterRule): ConnectFailure {
  // icmp-port-unreachable (the default) and tcp-reset read as ECONNREFUSED; host/net
  // unreachable and *-prohibited as EHOSTUNREACH.
  const w = r.rejectWith ?? 'icmp-port-unreachable';
  return w === 'icmp-port-unreachable' || w === 'tcp-reset' ? 'connect: connection refused' : 'connect: no route to host';
}

/** Is an IPv4 address inside `cidr` (a bare address matches itself)? */
export function inCidr(ip: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (bits === 0) return true;
  const toInt = (a: string) => a.split('.').reduce((n, o) => (n << 8) + Number(o), 0) >>> 0;
  const mask = bits >= 32 ? 0xffffffff : (~((1 << (32 - bits)) - 1)) >>> 0;
  return (toInt(ip) & mask) === (toInt(base) & mask);
}
