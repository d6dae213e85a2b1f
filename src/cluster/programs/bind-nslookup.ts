/**
 * `nslookup` from BIND 9.18 (Ubuntu 22.04's bind9-dnsutils, on the nodes;
 * bin/dig/nslookup.c over dighost.c): `nslookup [-opt ...] NAME [SERVER]`
 * with -type=/-query= (and their short forms), -timeout=, -retry=, -port=,
 * -[no]search, -ndots=, -[no]vc. Servers, search list, ndots, timeout and
 * attempts come from /etc/resolv.conf (dighost.ts), the search list
 * applying to a name with fewer dots than ndots. A name is asked for A, then
 * (when that was NOERROR) AAAA; an address is looked up in reverse (PTR).
 * printmessage() prints each reply: `Server:`/`Address:` for the A (or an
 * explicit -type) reply, `Non-authoritative answer:` without the aa flag,
 * `Name:\tNAME` / `Address: IP`, `** server can't find NAME: NXDOMAIN`, and an
 * empty line when it all ends. A try without an answer warns `;;
 * communications error to 10.96.0.10#53: timed out`; when none came, `;; no
 * servers could be reached`. The exit status is 1 when no reply came or one
 * was an error (query_error | print_error).
 */
import type { DnsRecord, DnsResponse, DnsType } from '../network/requests.js';
import { parseIPv4 } from '../ipv4.js';
import type { Program, ProgramContext } from './types.js';
import { ProgramOutput } from './output.js';
import { bareName, reverseName } from './dns-message.js';
import { bindResolvConf, searchNames, sendQuery, UBUNTU_BIND_VERSION, UDP_TIMEOUT_S, type QueryPlan } from './dighost.js';
import { resolveHost } from './resolver.js';

/** usage(): for a third operand. */
const USAGE = [
  'Usage:',
  '   nslookup [-opt ...]             # interactive mode using default server',
  "   nslookup [-opt ...] - server    # interactive mode using 'server'",
  "   nslookup [-opt ...] host        # just look up 'host' using default server",
  "   nslookup [-opt ...] host server # just look up 'host' using 'server'",
  '',
].join('\n');

/** The record types the simulation answers (dns_rdatatype_fromtext of these mnemonics). */
const TYPES: readonly DnsType[] = ['A', 'AAAA', 'SRV', 'PTR', 'TXT', 'CNAME', 'ANY', 'SOA', 'NS', 'MX'];

/** rtypetext[]: the words before a record's data. */
const RTYPE_TEXT: Partial<Record<DnsType, string>> = {
  A: 'internet address = ',
  NS: 'nameserver = ',
  CNAME: 'canonical name = ',
  SOA: 'soa = ',
  PTR: 'name = ',
  MX: 'mail exchanger = ',
  TXT: 'text = ',
  AAAA: 'has AAAA address ',
  SRV: 'service = ',
};

/** What the options set (nslookup.c's statics). */
interface Settings {
  /** The query type (-type=); undefined: the default lookups (A, then AAAA). */
  type?: DnsType;
  timeoutS?: number;
  tries?: number;
  ndots?: number;
  port: number;
  search: boolean;
  tcp: boolean;
}

/** Options taken without a visible effect, with CHECKOPT's shortest abbreviation. */
const QUIET_OPTIONS: Readonly<Record<string, number>> = { all: 3, recurse: 3, norecurse: 5, fail: 3, nofail: 5, sil: 3, debug: 3, nodebug: 5, d2: 2, nod2: 4 };

/** CHECKOPT(A, N): `opt` is a prefix of `full`, at least `n` long. */
function checkopt(opt: string, full: string, n: number): boolean {
  return opt.length >= n && opt.length <= full.length && full.startsWith(opt.toLowerCase());
}

/** parse_uint: a number within bounds, else the option is ignored (the error goes to stderr). */
function uint(value: string, max: number, what: string, out: ProgramOutput): number | undefined {
  if (/^\d+$/.test(value) && Number(value) <= max) return Number(value);
  out.err(`nslookup: invalid ${what} '${value}'\n`);
  return undefined;
}

/** setoption(): one `-opt` (without its dash). */
function setOption(opt: string, s: Settings, out: ProgramOutput): void {
  const valueOf = (...prefixes: string[]): string | undefined => {
    for (const p of prefixes) if (opt.toLowerCase().startsWith(p)) return opt.slice(p.length);
    return undefined;
  };
  const type = valueOf('type=', 'ty=', 'querytype=', 'query=', 'qu=', 'q=');
  if (type !== undefined) {
    const t = TYPES.find((x) => x === type.toUpperCase());
    // testtype(): an unknown mnemonic is reported and the type stays.
    if (t) s.type = t;
    else out.out(`unknown query type: ${type}\n`);
    return;
  }
  const timeout = valueOf('timeout=', 't=');
  const retry = valueOf('retry=', 'ret=');
  const port = valueOf('port=', 'po=');
  const ndots = valueOf('ndots=');
  if (timeout !== undefined) s.timeoutS = uint(timeout, 0xffffffff, 'timeout', out) ?? s.timeoutS;
  else if (retry !== undefined) s.tries = uint(retry, 0x7fffffff, 'tries', out) ?? s.tries;
  else if (port !== undefined) s.port = uint(port, 65535, 'port', out) ?? s.port;
  else if (ndots !== undefined) s.ndots = uint(ndots, 128, 'ndots', out) ?? s.ndots;
  else if (checkopt(opt, 'vc', 2)) s.tcp = true;
  else if (checkopt(opt, 'novc', 4)) s.tcp = false;
  else if (checkopt(opt, 'search', 3) || checkopt(opt, 'defname', 3)) s.search = true;
  else if (checkopt(opt, 'nosearch', 5) || checkopt(opt, 'nodefname', 5)) s.search = false;
  // Accepted without an effect here: recursion is always asked for, IN is the only class, and -debug's detailed form is not drawn.
  else if (Object.entries(QUIET_OPTIONS).some(([o, n]) => checkopt(opt, o, n))) return;
  else if (/^(class|cl)=in$/i.test(opt)) return;
  else out.out(`*** Invalid option: ${opt}\n`);
}

/** One lookup of the list (dig_lookup_t): the text as typed and the type asked. */
interface Lookup {
  textname: string;
  type: DnsType;
  /** The AAAA lookup an A reply queues asks the name as it is. */
  asIs?: boolean;
}

/** BIND 9.18's nslookup. */
export const bindNslookup: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const s: Settings = { port: 53, search: true, tcp: false };
  let host: string | undefined;
  let serverArg: string | undefined;
  let interactive = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-')) {
      if (a.toLowerCase().startsWith('-ver')) return out.err(`nslookup ${UBUNTU_BIND_VERSION}\n`).done(0, 0);
      if (a.length > 1) setOption(a.slice(1), s, out);
      else interactive = true;
    } else if (host === undefined && !interactive) host = a;
    else {
      if (argv[i + 1] !== undefined) return out.err(USAGE).done(1, 0);
      serverArg = a;
    }
  }
  // Interactive mode reads commands from stdin, which a simulated run has none of: it ends at once.
  if (host === undefined) return out.out('\n').done(1, 0);

  const conf = bindResolvConf(ctx.resolvConf());
  let servers: { userarg: string; ip: string }[];
  let elapsed = 0;
  if (serverArg !== undefined) {
    const resolved = parseIPv4(serverArg) !== undefined ? undefined : resolveHost(serverArg, ctx);
    if (resolved && !resolved.ok) return out.err(`nslookup: couldn't get address for '${serverArg}': not found\n`).done(1, resolved.durationMs);
    elapsed += resolved?.durationMs ?? 0;
    servers = [{ userarg: serverArg, ip: resolved?.ok ? resolved.ip : serverArg }];
  } else servers = conf.nameservers.map((ip) => ({ userarg: ip, ip }));
  const timeoutMs = (s.timeoutS || conf.timeoutS || UDP_TIMEOUT_S) * 1000;
  const plan = { tries: s.tries ?? (conf.attempts || 3), timeoutMs, tcp: s.tcp, port: s.port };
  const ndots = s.ndots ?? conf.ndots;

  const state = { queryError: 1, printError: 0, aNoAnswer: false, defaultLookups: s.type === undefined };
  const ptr = parseIPv4(host) !== undefined ? reverseName(host) : undefined;
  const lookups: Lookup[] = [ptr ? { textname: ptr, type: 'PTR', asIs: true } : { textname: host, type: s.type ?? 'A' }];
  // check_ra: a server from resolv.conf must offer recursion; one named on the command line need not.
  const checkRa = serverArg === undefined;
  for (let l = 0; l < lookups.length; l++) {
    const lookup = lookups[l];
    const names = lookup.asIs ? [lookup.textname.endsWith('.') ? lookup.textname : `${lookup.textname}.`] : searchNames(lookup.textname, conf.search, ndots, s.search);
    for (const [n, qname] of names.entries()) {
      const answered = ask(qname, lookup.type, servers, plan, checkRa, ctx, out);
      elapsed += answered.elapsed;
      if (!answered.reply) {
        out.out(';; no servers could be reached\n');
        break;
      }
      // next_origin: an NXDOMAIN moves on to the next name of the search list, unprinted.
      if (answered.reply.rcode === 'NXDOMAIN' && n < names.length - 1) continue;
      const followUp = printMessage(out, lookup, qname, answered.reply, answered.server, s.port, state);
      if (followUp) lookups.push(followUp);
      break;
    }
  }
  out.out('\n');
  return out.done(state.queryError | state.printError, elapsed);
};

/**
 * One question to the servers in turn: a SERVFAIL (or, from a resolv.conf
 * server, a reply without recursion) moves on to the next server with `;;
 * Got SERVFAIL reply from S, trying next server`; from the last one it is
 * printed after `;; Got SERVFAIL reply from S`.
 */
function ask(qname: string, type: DnsType, servers: readonly { userarg: string; ip: string }[], plan: Omit<QueryPlan, 'servers'>, checkRa: boolean, ctx: ProgramContext, out: ProgramOutput): { reply?: DnsResponse; server: { userarg: string; ip: string }; elapsed: number } {
  let elapsed = 0;
  let rest = servers;
  for (;;) {
    const sent = sendQuery(qname, type, { ...plan, servers: rest.map((x) => x.ip) }, ctx, out);
    elapsed += sent.elapsed;
    const server = rest.find((x) => x.ip === sent.server) ?? rest[0];
    if (!sent.reply) return { server, elapsed };
    const err = sent.reply.rcode === 'SERVFAIL' ? 'SERVFAIL reply' : checkRa && !sent.reply.recursionAvailable ? 'recursion not available' : undefined;
    if (err === undefined) return { reply: sent.reply, server, elapsed };
    const next = rest.slice(rest.indexOf(server) + 1);
    if (next.length === 0) {
      out.out(`;; Got ${err} from ${server.ip}\n`);
      return { reply: sent.reply, server, elapsed };
    }
    out.out(`;; Got ${err} from ${server.ip}, trying next server\n`);
    rest = next;
  }
}

/** printmessage(): one reply; returns the AAAA lookup an A reply queues. */
function printMessage(out: ProgramOutput, lookup: Lookup, qname: string, reply: DnsResponse, server: { userarg: string; ip: string }, port: number, state: { queryError: number; printError: number; aNoAnswer: boolean; defaultLookups: boolean }): Lookup | undefined {
  state.queryError = 0;
  const isA = lookup.type === 'A';
  if (!state.defaultLookups || isA) out.out(`Server:\t\t${server.userarg}\nAddress:\t${server.ip}#${port}\n\n`);
  if (reply.rcode !== 'NOERROR') {
    out.out(`** server can't find ${bareName(qname)}: ${reply.rcode}\n`);
    state.printError = 1;
    return undefined;
  }
  let followUp: Lookup | undefined;
  // The AAAA lookup asks the name the A answer's CNAME chain ends at (chase_cnamechain).
  if (state.defaultLookups && isA) followUp = { textname: bareName(chaseCnames(qname, reply.answers)), type: 'AAAA', asIs: true };
  if (!reply.authoritative && (!state.defaultLookups || isA)) out.out('Non-authoritative answer:\n');
  if (reply.answers.length > 0) printSection(out, reply.answers, true);
  else if (state.defaultLookups && isA) state.aNoAnswer = true;
  else if (!state.defaultLookups || (lookup.type === 'AAAA' && state.aNoAnswer)) out.out(`*** Can't find ${lookup.textname}: No answer\n`);
  if (!reply.authoritative && !isA && lookup.type !== 'AAAA') {
    out.out('\nAuthoritative answers can be found from:\n');
    printSection(out, reply.authority ?? [], false);
    printSection(out, reply.additional ?? [], false);
  }
  return followUp;
}

/** The name a chain of CNAME records starting at `name` leads to. */
function chaseCnames(name: string, answers: readonly DnsRecord[]): string {
  let current = name;
  for (let hops = 0; hops < answers.length; hops++) {
    const cname = answers.find((r) => r.type === 'CNAME' && sameName(r.name, current));
    if (!cname) break;
    current = absolute(cname.data);
  }
  return current;
}

/** printsection(): addresses as `Name:`/`Address:` in the answer section, SOA as printsoa(), anything else as `owner\trtypetext data`. */
function printSection(out: ProgramOutput, records: readonly DnsRecord[], answer: boolean): void {
  for (const rr of records) {
    const owner = bareName(absolute(rr.name));
    if (answer && (rr.type === 'A' || rr.type === 'AAAA')) out.out(`Name:\t${owner}\nAddress: ${rr.data}\n`);
    else if (rr.type === 'SOA') {
      const [mname, rname, serial, refresh, retry, expire, minimum] = rr.data.split(' ');
      out.out(`${owner}\n\torigin = ${bareName(absolute(mname))}\n\tmail addr = ${bareName(absolute(rname))}\n\tserial = ${serial}\n\trefresh = ${refresh}\n\tretry = ${retry}\n\texpire = ${expire}\n\tminimum = ${minimum}\n`);
    } else out.out(`${owner}\t${RTYPE_TEXT[rr.type] ?? `${rr.type.toLowerCase()} = `}${rdataText(rr)}\n`);
  }
}

/** dns_rdata_totext: names absolute (with their dot), a TXT string in quotes. */
function rdataText(rr: DnsRecord): string {
  switch (rr.type) {
    case 'CNAME':
    case 'PTR':
    case 'NS':
      return absolute(rr.data);
    case 'MX':
    case 'SRV': {
      const words = rr.data.split(' ');
      words[words.length - 1] = absolute(words[words.length - 1]);
      return words.join(' ');
    }
    case 'TXT':
      return `"${rr.data}"`;
    default:
      return rr.data;
  }
}

function absolute(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

function sameName(a: string, b: string): boolean {
  return absolute(a).toLowerCase() === absolute(b).toLowerCase();
}
