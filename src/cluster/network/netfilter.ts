/**
 * Each host's packet filter: the iptables `filter` and `nat` tables with
 * their built-in chains, user chains (kube-proxy's KUBE-SERVICES,
 * KUBE-SVC-..., an operator's own), and rules with the matches and targets
 * kube-proxy and a careful operator use. The network asks `nat()` for the
 * destination a packet ends up with (kube-proxy's DNAT) and `filter()` for
 * its verdict. Every connection goes through the network's dial (the
 * kubelet's to the API server and the API server's to the kubelet as much
 * as curl's), so a DROP rule is a real partition.
 *
 * Traversal follows netfilter: rules in order, a jump enters a user chain,
 * RETURN (or its end) goes back, a built-in chain's end applies its policy;
 * ACCEPT/DROP/REJECT/DNAT end the table, MARK sets the packet mark and goes on.
 */
import type { NodeHost } from '../host/node-host.js';
import { parseIPv4 } from '../ipv4.js';
import { ipvsIfAny, type IpvsTable } from './ipvs.js';

/** The tables modelled. */
export type TableName = 'filter' | 'nat';

/** Built-in chains of the filter table. */
export type FilterChain = 'INPUT' | 'FORWARD' | 'OUTPUT';

/** Built-in chains of the nat table the network passes packets through. */
export type NatHook = 'PREROUTING' | 'OUTPUT';

/** Built-in chains per table, in the order iptables lists them. */
export const BUILTIN_CHAINS: Readonly<Record<TableName, readonly string[]>> = {
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
};

/** A protocol as `-p` takes it. */
export type Proto = 'tcp' | 'udp' | 'icmp' | 'sctp';

/** One `-m` match of a rule, in the order it was given (iptables prints and saves them in that order). */
export type Match =
  /** `-m comment --comment TEXT`. */
  | { kind: 'comment'; comment: string }
  /** `-m tcp|udp|sctp [--dport N] [--sport N]` (loaded implicitly by `-p tcp --dport N`). */
  | { kind: 'proto'; proto: 'tcp' | 'udp' | 'sctp'; dport?: number; sport?: number }
  /** `-m statistic --mode random --probability P`; `probability` is what the kernel keeps (P rounded to n/2^31). */
  | { kind: 'statistic'; probability: number }
  /** `-m addrtype [!] --dst-type T` / `--src-type T`. */
  | { kind: 'addrtype'; srcType?: string; dstType?: string; invertSrc?: boolean; invertDst?: boolean }
  /** `-m mark [!] --mark VALUE[/MASK]`. */
  | { kind: 'mark'; mark: number; mask: number; invert?: boolean }
  /** `-m conntrack [!] --ctstate STATES` (comma-separated, in the kernel's bit order whatever order they were given in). */
  | { kind: 'conntrack'; states: string; invert?: boolean };

/** One rule, as `iptables -A` or `iptables-restore` takes it. */
export interface NetfilterRule {
  /** `-p`; absent = all. */
  protocol?: Proto;
  /** Source address or CIDR (`10.0.0.10/32`); absent = any. */
  source?: string;
  /** `! -s`. */
  sourceInvert?: boolean;
  /** Destination address or CIDR. */
  destination?: string;
  /** `! -d`. */
  destinationInvert?: boolean;
  /** Destination port of the protocol match loaded by `-p tcp --dport N` (before any `matches`). */
  dport?: number;
  /** Source port of that match. */
  sport?: number;
  /** Further matches, in order. */
  matches?: Match[];
  /** ACCEPT, DROP, REJECT, RETURN, DNAT, MARK, MASQUERADE, or a user chain to jump to. */
  target: string;
  /** `--reject-with` (REJECT only), default icmp-port-unreachable. */
  rejectWith?: string;
  /** `--to-destination IP[:PORT]` (DNAT). */
  toDestination?: string;
  /** MARK's `--set-xmark VALUE/MASK` (`--or-mark X` is X/X, `--xor-mark X` is X/0). */
  setMark?: { mark: number; mask: number };
  /** MASQUERADE `--random-fully`. */
  randomFully?: boolean;
}

/** A packet as the tables match it. */
export interface Packet {
  proto: 'tcp' | 'udp' | 'icmp';
  src: string;
  dst: string;
  sport?: number;
  dport?: number;
  /** The packet's netfilter mark (KUBE-MARK-MASQ sets 0x4000). */
  mark?: number;
  /** Its connection's destination was rewritten (conntrack state DNAT). */
  dnat?: boolean;
  /**
   * Its conntrack state when it belongs to a known connection: ESTABLISHED
   * for a reply (a SYN-ACK, an RST, a DNS answer), RELATED for an ICMP error
   * about it. Absent: the packet opens a connection (NEW).
   */
  state?: 'ESTABLISHED' | 'RELATED';
}

/** What the filter table decides for a packet. */
export type Verdict = { target: 'ACCEPT' } | { target: 'DROP' } | { target: 'REJECT'; rejectWith: string };

/**
 * One table of one host: its chains (built-in first, then user chains as
 * created) and built-in policies. Rules change only through its methods,
 * which count a version: verdicts asked again and again (the kubelet's
 * every request) are remembered until the table changes.
 */
export class NetfilterTable {
  /** Rules per chain; a null-prototype record, as chain names come from learners. */
  private readonly rulesOf: Record<string, NetfilterRule[]> = Object.create(null);
  private readonly policyOf: Record<string, 'ACCEPT' | 'DROP'> = Object.create(null);
  private changes = 0;

  constructor(readonly name: TableName) {
    for (const c of BUILTIN_CHAINS[name]) {
      this.rulesOf[c] = [];
      this.policyOf[c] = 'ACCEPT';
    }
  }

  /** Rules per chain (read-only: change them with the methods below). */
  get chains(): Readonly<Record<string, readonly NetfilterRule[]>> {
    return this.rulesOf;
  }

  /** Policies of the built-in chains. */
  get policies(): Readonly<Record<string, 'ACCEPT' | 'DROP'>> {
    return this.policyOf;
  }

  /** Counts every change to the table's rules, chains and policies. */
  get version(): number {
    return this.changes;
  }

  /** Is `chain` one of the table's built-in chains? */
  isBuiltin(chain: string): boolean {
    return BUILTIN_CHAINS[this.name].includes(chain);
  }

  /** Does the table hold `chain`? */
  has(chain: string): boolean {
    return Object.hasOwn(this.rulesOf, chain);
  }

  /** Creates `chain` empty if it is missing (`iptables -N`, a `:CHAIN - [0:0]` restore line). */
  ensureChain(chain: string): void {
    if (this.has(chain)) return;
    this.rulesOf[chain] = [];
    this.changes++;
  }

  /** Removes a user chain (`iptables -X`). */
  deleteChain(chain: string): void {
    if (this.isBuiltin(chain) || !this.has(chain)) return;
    delete this.rulesOf[chain];
    this.changes++;
  }

  /** Appends a rule (`-A`), creating a user chain if needed. */
  append(chain: string, rule: NetfilterRule): void {
    this.ensureChain(chain);
    this.rulesOf[chain].push(rule);
    this.changes++;
  }

  /** Inserts a rule at 0-based `index` (`-I CHAIN index+1`). */
  insert(chain: string, index: number, rule: NetfilterRule): void {
    this.ensureChain(chain);
    this.rulesOf[chain].splice(index, 0, rule);
    this.changes++;
  }

  /** Deletes the rule at 0-based `index` (`-D CHAIN index+1`). */
  remove(chain: string, index: number): void {
    this.rulesOf[chain]?.splice(index, 1);
    this.changes++;
  }

  /** Empties a chain (`-F CHAIN`). */
  flush(chain: string): void {
    const rules = this.rulesOf[chain];
    if (!rules || rules.length === 0) return;
    rules.length = 0;
    this.changes++;
  }

  /** Sets a built-in chain's policy (`-P`). */
  setPolicy(chain: string, policy: 'ACCEPT' | 'DROP'): void {
    if (!this.isBuiltin(chain)) return;
    this.policyOf[chain] = policy;
    this.changes++;
  }

  /** User chains, sorted by name (iptables-save and `-L` list them so). */
  userChains(): string[] {
    return Object.keys(this.rulesOf)
      .filter((c) => !this.isBuiltin(c))
      .sort();
  }

  /** How many rules of this table jump to `chain` (`Chain X (N references)`). */
  references(chain: string): number {
    let n = 0;
    for (const rules of Object.values(this.rulesOf)) for (const r of rules) if (r.target === chain) n++;
    return n;
  }
}

/** The depth at which a chain loop is cut (the kernel refuses loops when the rules are loaded). */
const MAX_JUMP_DEPTH = 32;

/** Targets that end the traversal of a table. */
const TERMINAL = new Set(['ACCEPT', 'DROP', 'REJECT', 'DNAT', 'SNAT', 'MASQUERADE', 'REDIRECT']);

/** The packet filter of one host. */
export class Netfilter {
  /** The filter table. */
  readonly filterTable = new NetfilterTable('filter');
  /** The nat table. */
  readonly natTable = new NetfilterTable('nat');

  /**
   * @param isLocal whether an address is one of the host's own (`-m addrtype --dst-type LOCAL`).
   * @param ipvs the host's IPVS table, if any (kube-proxy's IPVS mode).
   */
  constructor(
    private readonly isLocal: (ip: string) => boolean = () => false,
    private readonly ipvs: () => IpvsTable | undefined = () => undefined,
  ) {}

  /** The filter table's chains (`iptables` without `-t`). */
  get chains(): Readonly<Record<string, readonly NetfilterRule[]>> {
    return this.filterTable.chains;
  }

  /** The filter table's built-in policies. */
  get policies(): Readonly<Record<string, 'ACCEPT' | 'DROP'>> {
    return this.filterTable.policies;
  }

  /** Counts every change to the host's tables and IPVS services: a path judged at one count is judged alike until it moves. */
  changes(): number {
    return this.filterTable.version + this.natTable.version + (this.ipvs()?.version ?? 0);
  }

  /** Filter verdicts remembered for the table's current version. */
  private readonly verdicts = new Map<string, Verdict>();
  private verdictsVersion = -1;
  /** The last packet asked about per hook, with its verdict. */
  private readonly lastAsked: Partial<Record<FilterChain, { version: number; packet: Packet; verdict: Verdict }>> = {};

  /** A table by name (`-t nat`), undefined for tables not modelled. */
  table(name: string): NetfilterTable | undefined {
    return name === 'filter' ? this.filterTable : name === 'nat' ? this.natTable : undefined;
  }

  /**
   * The nat table at `hook`: the packet with its destination rewritten by a
   * DNAT rule (and the mark it picked up), or the same packet. `pick` draws
   * in [0, 1) for `-m statistic --mode random`.
   */
  nat(hook: NatHook, packet: Packet, pick: () => number): Packet {
    // IPVS takes what is addressed to its virtual services (they are local addresses, on kube-ipvs0).
    if (!hasRules(this.natTable, hook)) return this.ipvs()?.schedule(packet) ?? packet;
    const walked = this.natWalk(hook, packet, pick);
    // IPVS schedules round robin, so it is asked at every packet, never remembered.
    return walked.translated ? walked.packet : (this.ipvs()?.schedule(walked.packet) ?? walked.packet);
  }

  /**
   * The nat table's own rewrite of a packet at `hook`. A walk that made no
   * statistic draw is a function of the table and the packet, so its result
   * is remembered until the table changes (every probe and client connection
   * of a host walks KUBE-SERVICES with the same few packets); a walk that
   * drew may end elsewhere next time and is walked again. The packets handed
   * out are shared: the network only reads them.
   */
  private natWalk(hook: NatHook, packet: Packet, pick: () => number): NatWalk {
    const table = this.natTable;
    if (this.natResultsVersion !== table.version || this.natResults.size >= VERDICT_MEMO_LIMIT) {
      this.natResults.clear();
      this.natResultsVersion = table.version;
    }
    const key = packetKey(hook, packet);
    const known = this.natResults.get(key);
    if (known) return known;
    let drew = false;
    const counted = (): number => {
      drew = true;
      return pick();
    };
    const p: Packet = { ...packet };
    const end = this.walk(table, hook, p, counted, 0);
    let result: NatWalk = { packet: p, translated: false };
    if (end?.target === 'DNAT' && end.toDestination) {
      const [ip, port] = end.toDestination.split(':');
      result = { packet: { ...p, dst: ip, dport: port === undefined ? p.dport : Number(port), dnat: true }, translated: true };
    }
    if (!drew) this.natResults.set(key, result);
    return result;
  }

  /** Rewrites by the nat table remembered for its current version, by hook and packet ({@link natWalk}). */
  private readonly natResults = new Map<string, NatWalk>();
  private natResultsVersion = -1;

  /** The filter table's verdict at `hook` (the same packet meets the same verdict until the table changes). */
  filter(hook: FilterChain, packet: Packet): Verdict {
    const table = this.filterTable;
    if (!hasRules(table, hook)) return POLICY_VERDICTS[table.policies[hook]];
    if (this.verdictsVersion !== table.version || this.verdicts.size >= VERDICT_MEMO_LIMIT) {
      this.verdicts.clear();
      this.verdictsVersion = table.version;
    }
    // The kubelet asks about the same packet on every request: compare with the last one before building a key.
    const last = this.lastAsked[hook];
    if (last && last.version === table.version && samePacket(last.packet, packet)) return last.verdict;
    const key = packetKey(hook, packet);
    let verdict = this.verdicts.get(key);
    if (!verdict) {
      const end = this.walk(table, hook, { ...packet }, noPick, 0);
      if (!end) verdict = POLICY_VERDICTS[table.policies[hook]];
      else if (end.target === 'REJECT') verdict = { target: 'REJECT', rejectWith: end.rejectWith ?? 'icmp-port-unreachable' };
      else verdict = end.target === 'DROP' ? POLICY_VERDICTS.DROP : POLICY_VERDICTS.ACCEPT;
      this.verdicts.set(key, verdict);
    }
    this.lastAsked[hook] = { version: table.version, packet: { ...packet }, verdict };
    return verdict;
  }

  /**
   * Walks `chain` of `table`: the rule whose target ended the traversal, or
   * undefined when the packet fell off the end (or RETURNed).
   */
  private walk(table: NetfilterTable, chain: string, p: Packet, pick: () => number, depth: number): NetfilterRule | undefined {
    const rules = table.chains[chain];
    if (!rules || depth > MAX_JUMP_DEPTH) return undefined;
    for (const r of rules) {
      if (!this.matches(r, p, pick)) continue;
      const t = r.target;
      if (t === 'RETURN') return undefined;
      if (TERMINAL.has(t)) return r;
      if (t === 'MARK') {
        if (r.setMark) p.mark = ((p.mark ?? 0) & ~r.setMark.mask) ^ r.setMark.mark;
        continue;
      }
      if (table.has(t) && !table.isBuiltin(t)) {
        const end = this.walk(table, t, p, pick, depth + 1);
        if (end) return end;
      }
      // LOG and other non-terminating targets: go on.
    }
    return undefined;
  }

  /** Does rule `r` match packet `p`? Matches are tried in order, so a statistic draw happens only when the rest matched. */
  private matches(r: NetfilterRule, p: Packet, pick: () => number): boolean {
    if (r.protocol && r.protocol !== p.proto) return false;
    if (r.source && inCidr(p.src, r.source) === !!r.sourceInvert) return false;
    if (r.destination && inCidr(p.dst, r.destination) === !!r.destinationInvert) return false;
    if (r.dport !== undefined && r.dport !== p.dport) return false;
    if (r.sport !== undefined && r.sport !== p.sport) return false;
    for (const m of r.matches ?? []) {
      switch (m.kind) {
        case 'comment':
          break;
        case 'proto':
          if (m.proto !== p.proto || (m.dport !== undefined && m.dport !== p.dport) || (m.sport !== undefined && m.sport !== p.sport)) return false;
          break;
        case 'addrtype':
          if (m.dstType !== undefined && (m.dstType === 'LOCAL') !== this.isLocal(p.dst) !== !!m.invertDst) return false;
          if (m.srcType !== undefined && (m.srcType === 'LOCAL') !== this.isLocal(p.src) !== !!m.invertSrc) return false;
          break;
        case 'mark':
          if ((((p.mark ?? 0) & m.mask) === m.mark) === !!m.invert) return false;
          break;
        case 'conntrack': {
          // A packet opens a connection (NEW) unless it is a reply or an error about one; DNAT holds both ways once rewritten.
          const states = conntrackStates(m.states);
          const hit = (p.state === undefined ? states.new : p.state === 'ESTABLISHED' ? states.established : states.related) || (!!p.dnat && states.dnat);
          if (hit === !!m.invert) return false;
          break;
        }
        case 'statistic':
          if (!(pick() < m.probability)) return false;
          break;
      }
    }
    return true;
  }
}

/** The states a `--ctstate` list names that the network's packets can be in (asked on every packet: parsed once per text). */
function conntrackStates(text: string): ConntrackStates {
  let states = CONNTRACK_STATES.get(text);
  if (!states) {
    const list = text.split(',');
    CONNTRACK_STATES.set(text, (states = { new: list.includes('NEW'), established: list.includes('ESTABLISHED'), related: list.includes('RELATED'), dnat: list.includes('DNAT') }));
  }
  return states;
}

interface ConntrackStates {
  new: boolean;
  established: boolean;
  related: boolean;
  dnat: boolean;
}

const CONNTRACK_STATES = new Map<string, ConntrackStates>();

/** Does `chain` of `table` hold any rule (else its policy decides at once)? */
function hasRules(table: NetfilterTable, chain: string): boolean {
  return table.chains[chain].length > 0;
}

/** Do two packets match alike (every field a rule can look at)? */
function samePacket(a: Packet, b: Packet): boolean {
  return a.dst === b.dst && a.src === b.src && a.dport === b.dport && a.sport === b.sport && a.proto === b.proto && a.mark === b.mark && a.dnat === b.dnat && a.state === b.state;
}

/** A nat walk's outcome: the packet, and whether a DNAT rule rewrote it. */
interface NatWalk {
  readonly packet: Packet;
  readonly translated: boolean;
}

/** A packet at a hook as a memo key: every field a rule can look at. */
function packetKey(hook: string, packet: Packet): string {
  return `${hook} ${packet.proto} ${packet.src} ${packet.dst} ${packet.sport ?? ''} ${packet.dport ?? ''} ${packet.mark ?? 0} ${packet.dnat ? 1 : 0} ${packet.state ?? ''}`;
}

/** How many distinct packets' verdicts (or nat rewrites) a host remembers before starting over. */
const VERDICT_MEMO_LIMIT = 512;

/** The filter table draws nothing. */
const noPick = (): number => 1;

/** A chain's policy as a verdict (one shared, frozen object per policy: asked on every kubelet request). */
const POLICY_VERDICTS = { ACCEPT: Object.freeze({ target: 'ACCEPT' as const }), DROP: Object.freeze({ target: 'DROP' as const }) };

const tables = new WeakMap<NodeHost, Netfilter>();

/** The packet filter of a host (created empty, policies ACCEPT). */
export function netfilterOf(host: NodeHost): Netfilter {
  let t = tables.get(host);
  if (!t) tables.set(host, (t = new Netfilter((ip) => ip === host.ip || ip.startsWith('127.'), () => ipvsIfAny(host))));
  return t;
}

/** Is an IPv4 address inside `cidr` (a bare address matches itself)? */
export function inCidr(ip: string, cidr: string): boolean {
  const slash = cidr.indexOf('/');
  const bits = slash < 0 ? 32 : Number(cidr.slice(slash + 1));
  if (bits === 0) return true;
  const a = parseIPv4(ip);
  const b = parseIPv4(slash < 0 ? cidr : cidr.slice(0, slash));
  if (a === undefined || b === undefined) return false;
  const mask = bits >= 32 ? 0xffffffff : ~((1 << (32 - bits)) - 1) >>> 0;
  return ((a & mask) >>> 0) === ((b & mask) >>> 0);
}
