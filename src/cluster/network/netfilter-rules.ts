/**
 * Rule specifications as iptables and iptables-restore read them
 * (`-s 10.0.0.10 -p tcp --dport 6443 -j DROP`, `-m comment --comment TEXT
 * -m tcp -p tcp -d 10.96.0.1 --dport 443 -j KUBE-SVC-...`), parsed into
 * rules for the tables in netfilter.ts. kube-proxy writes its rules with
 * upstream's argument lists through the same parser the `iptables`
 * command uses, so both are normalized alike (a bare address gains `/32`,
 * a statistic probability is kept as the kernel keeps it).
 */
import type { Match, NetfilterRule, Proto } from './netfilter.js';

/** Why a rule specification was refused: the offending argument, or a missing target. */
export type RuleError = { error: 'bad-argument'; argument: string } | { error: 'no-target' } | { error: 'missing-value'; option: string };

const PROTOS: readonly string[] = ['tcp', 'udp', 'icmp', 'sctp', 'all'];

/** Parses a rule specification (everything after `-A CHAIN`). */
export function parseRuleSpec(args: readonly string[]): NetfilterRule | RuleError {
  const rule: NetfilterRule = { target: '' };
  const matches: Match[] = [];
  let invert = false;
  // The match the last `-m` loaded: its options follow it.
  let current: Match | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '!') {
      invert = true;
      continue;
    }
    const needsValue = a.startsWith('-');
    const value = needsValue && a !== '--random-fully' ? args[i + 1] : undefined;
    if (needsValue && a !== '--random-fully' && value === undefined) return { error: 'missing-value', option: a };
    const inv = invert;
    invert = false;
    switch (a) {
      case '-s':
      case '--source':
      case '--src':
        rule.source = cidr(args[++i]);
        if (inv) rule.sourceInvert = true;
        break;
      case '-d':
      case '--destination':
      case '--dst':
        rule.destination = cidr(args[++i]);
        if (inv) rule.destinationInvert = true;
        break;
      case '-p':
      case '--protocol': {
        const p = args[++i].toLowerCase();
        if (!PROTOS.includes(p)) return { error: 'bad-argument', argument: p };
        if (p !== 'all') rule.protocol = p as Proto;
        break;
      }
      case '-m':
      case '--match': {
        const name = args[++i];
        current = newMatch(name);
        if (!current) return { error: 'bad-argument', argument: name };
        matches.push(current);
        break;
      }
      case '--dport':
      case '--destination-port':
      case '--sport':
      case '--source-port': {
        const port = Number(args[++i]);
        if (!Number.isInteger(port) || port < 0 || port > 65535) return { error: 'bad-argument', argument: args[i] };
        // `-p tcp --dport N` without `-m tcp` loads the protocol match implicitly.
        if (current?.kind !== 'proto') {
          if (!rule.protocol || rule.protocol === 'icmp') return { error: 'bad-argument', argument: a };
          current = { kind: 'proto', proto: rule.protocol };
          matches.push(current);
        }
        if (a === '--dport' || a === '--destination-port') current.dport = port;
        else current.sport = port;
        break;
      }
      case '--comment':
        if (current?.kind !== 'comment') return { error: 'bad-argument', argument: a };
        current.comment = args[++i];
        break;
      case '--mode':
        if (current?.kind !== 'statistic' || args[++i] !== 'random') return { error: 'bad-argument', argument: a };
        break;
      case '--probability': {
        if (current?.kind !== 'statistic') return { error: 'bad-argument', argument: a };
        // libxt_statistic keeps lround(0x80000000 * p); listings print it back with %.11f.
        current.probability = Math.round(0x80000000 * Number(args[++i])) / 0x80000000;
        break;
      }
      case '--dst-type':
      case '--src-type':
        if (current?.kind !== 'addrtype') return { error: 'bad-argument', argument: a };
        if (a === '--dst-type') Object.assign(current, { dstType: args[++i], invertDst: inv || undefined });
        else Object.assign(current, { srcType: args[++i], invertSrc: inv || undefined });
        break;
      case '--mark': {
        if (current?.kind !== 'mark') return { error: 'bad-argument', argument: a };
        const [mark, mask] = args[++i].split('/');
        current.mark = Number(mark);
        current.mask = mask === undefined ? 0xffffffff : Number(mask);
        if (inv) current.invert = true;
        break;
      }
      case '--ctstate': {
        if (current?.kind !== 'conntrack') return { error: 'bad-argument', argument: a };
        const states = ctstates(args[++i]);
        if (!states) return { error: 'bad-argument', argument: args[i] };
        current.states = states;
        if (inv) current.invert = true;
        break;
      }
      case '-j':
      case '--jump':
        rule.target = args[++i];
        current = undefined;
        break;
      case '--reject-with':
        rule.rejectWith = args[++i];
        break;
      case '--to-destination':
        rule.toDestination = args[++i];
        break;
      case '--or-mark': {
        const m = Number(args[++i]);
        rule.setMark = { mark: m, mask: m };
        break;
      }
      case '--xor-mark':
        rule.setMark = { mark: Number(args[++i]), mask: 0 };
        break;
      case '--set-xmark': {
        const [mark, mask] = args[++i].split('/');
        rule.setMark = { mark: Number(mark), mask: mask === undefined ? 0xffffffff : Number(mask) };
        break;
      }
      case '--random-fully':
        rule.randomFully = true;
        break;
      default:
        return { error: 'bad-argument', argument: a };
    }
  }
  if (!rule.target) return { error: 'no-target' };
  if (rule.target === 'REJECT') rule.rejectWith ??= 'icmp-port-unreachable';
  // A protocol match that only carries ports, first and alone, is the plain `-p tcp --dport N` form.
  if (matches.length === 1 && matches[0].kind === 'proto' && matches[0].proto === rule.protocol) {
    const only = matches[0];
    if (only.dport !== undefined) rule.dport = only.dport;
    if (only.sport !== undefined) rule.sport = only.sport;
    if (only.dport !== undefined || only.sport !== undefined) return rule;
  }
  if (matches.length) rule.matches = matches;
  return rule;
}

/** Is the parse result an error? */
export function isRuleError(r: NetfilterRule | RuleError): r is RuleError {
  return 'error' in r;
}

/** A fresh match for `-m NAME`, undefined for matches not modelled. */
function newMatch(name: string): Match | undefined {
  switch (name) {
    case 'comment':
      return { kind: 'comment', comment: '' };
    case 'tcp':
    case 'udp':
    case 'sctp':
      return { kind: 'proto', proto: name };
    case 'statistic':
      return { kind: 'statistic', probability: 1 };
    case 'addrtype':
      return { kind: 'addrtype' };
    case 'mark':
      return { kind: 'mark', mark: 0, mask: 0xffffffff };
    case 'conntrack':
      return { kind: 'conntrack', states: '' };
    default:
      return undefined;
  }
}

/** The states `--ctstate` takes, in the order libxt_conntrack's print_state lists them. */
const CTSTATES: readonly string[] = ['INVALID', 'NEW', 'RELATED', 'ESTABLISHED', 'UNTRACKED', 'SNAT', 'DNAT'];

/**
 * A `--ctstate` list as iptables keeps it: a bit mask, listed back in its
 * bits' order (`ESTABLISHED,RELATED` prints as `RELATED,ESTABLISHED`);
 * undefined for a state name it does not know.
 */
function ctstates(text: string): string | undefined {
  const given = text.split(',').map((s) => s.toUpperCase());
  if (given.some((s) => !CTSTATES.includes(s))) return undefined;
  return CTSTATES.filter((s) => given.includes(s)).join(',');
}

/** An address as iptables keeps it: a bare IPv4 address is a /32. */
function cidr(text: string): string {
  return text.includes('/') ? text : `${text}/32`;
}

/** Do two rules say the same thing (`iptables -D CHAIN spec`, `-C`)? */
export function sameRule(a: NetfilterRule, b: NetfilterRule): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}

/** A rule with its fields in one order and absent ones left out, for comparison. */
function normal(r: NetfilterRule): unknown[] {
  return [r.protocol, r.source, !!r.sourceInvert, r.destination, !!r.destinationInvert, r.dport, r.sport, r.matches ?? [], r.target, r.target === 'REJECT' ? (r.rejectWith ?? 'icmp-port-unreachable') : r.rejectWith, r.toDestination, r.setMark, !!r.randomFully];
}
