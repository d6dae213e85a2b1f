/**
 * `dig` from BIND 9.18 (bin/dig/dig.c, dighost.c; the text of sections from
 * lib/dns/message.c and masterdump.c): `dig [@server] [-t type] [-x addr]
 * [name] [type] [IN] [+short] [+search] [+time=N] [+tries=N] [+retry=N]
 * [+tcp] [+[no]cmd|comments|question|answer|authority|additional|stats|all]`.
 * It asks the first nameserver of /etc/resolv.conf (or `@server`) once per
 * try, waiting `+time` (resolv.conf's `timeout:`, else 5 s) each, `+tries`
 * (resolv.conf's `attempts:`, else 3); no search list unless `+search`
 * (dighost.ts has what dig shares with nslookup).
 * A reply is printed with its header, flags, the OPT pseudo-section (dig
 * sends EDNS with udp 1232 and a client cookie; CoreDNS echoes the cookie),
 * the sections (columns at 24/32/40/48 with 8-wide tabs, as masterdump's
 * default style), and the statistics. A try without an answer prints
 * `;; communications error to 10.96.0.10#53: timed out`; when every try
 * failed: the command line, then `;; no servers could be reached` (exit 9).
 */
import type { DnsRecord, DnsResponse, DnsType } from '../network/requests.js';
import { parseIPv4 } from '../ipv4.js';
import type { Program, ProgramContext, ProgramRun } from './types.js';
import { ProgramOutput } from './output.js';
import { contextHash, contextHex8, messageSize, reverseName } from './dns-message.js';
import { bindResolvConf, searchNames, sendQuery, UDP_TIMEOUT_S } from './dighost.js';

/** The BIND release Alpine's bind-tools 9.18 reports (PACKAGE_VERSION): netshoot's dig. */
export const DIG_VERSION = '9.18.30';

const TYPES: readonly DnsType[] = ['A', 'AAAA', 'SRV', 'PTR', 'TXT', 'CNAME', 'ANY', 'SOA', 'NS', 'MX'];

/** The OPT record of CoreDNS's reply: 11 bytes plus the echoed 8-byte client cookie option (4 + 8). */
const OPT_BYTES = 23;

interface DigOptions {
  server?: string;
  name?: string;
  type?: DnsType;
  short: boolean;
  search: boolean;
  /** +time (undefined: resolv.conf's, else UDP_TIMEOUT). */
  timeS?: number;
  /** +tries/+retry (undefined: resolv.conf's attempts). */
  tries?: number;
  tcp: boolean;
  cmd: boolean;
  comments: boolean;
  question: boolean;
  answer: boolean;
  authority: boolean;
  additional: boolean;
  stats: boolean;
}

const USAGE = 'Usage:  dig [@global-server] [domain] [q-type] [q-class] {q-opt}\n            {global-d-opt} host [@local-server] {local-d-opt}\n            [ host [@local-server] {local-d-opt} [...]]\n\nUse "dig -h" (or "dig -h | more") for complete list of options\n';

function parseArgs(argv: readonly string[]): DigOptions | { invalid: string } {
  const o: DigOptions = { short: false, search: false, tcp: false, cmd: true, comments: true, question: true, answer: true, authority: true, additional: true, stats: true };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('@')) o.server = a.slice(1);
    else if (a.startsWith('+')) {
      const [raw, value] = a.slice(1).split('=');
      const no = raw.startsWith('no');
      const opt = no ? raw.slice(2) : raw;
      const flag = !no;
      const sections = ['question', 'answer', 'authority', 'additional'] as const;
      if (opt === 'short') {
        o.short = flag;
        if (flag) o.cmd = false;
      } else if (opt === 'search') o.search = flag;
      else if (opt === 'time' && value !== undefined) o.timeS = Math.max(1, Number(value) || 1);
      else if (opt === 'tries' && value !== undefined) o.tries = Math.max(1, Number(value) || 1);
      else if (opt === 'retry' && value !== undefined) o.tries = Math.max(0, Number(value) || 0) + 1;
      else if (opt === 'tcp' || opt === 'vc') o.tcp = flag;
      else if (opt === 'cmd') o.cmd = flag;
      else if (opt === 'comments') o.comments = flag;
      else if (opt === 'stats') o.stats = flag;
      else if ((sections as readonly string[]).includes(opt)) o[opt as (typeof sections)[number]] = flag;
      else if (opt === 'all') {
        for (const s of sections) o[s] = flag;
        o.cmd = o.comments = o.stats = flag;
      } else return { invalid: a.slice(1) };
    } else if (a === '-t' && argv[i + 1]) {
      const t = TYPES.find((x) => x === argv[i + 1].toUpperCase());
      if (t) o.type = t;
      i++;
    } else if (a === '-x' && argv[i + 1]) {
      o.name = reverseName(argv[++i]) ?? argv[i];
      o.type = 'PTR';
    } else if (TYPES.includes(a.toUpperCase() as DnsType) && o.type === undefined) o.type = a.toUpperCase() as DnsType;
    // dig.c parse_args: a word that names a type (first one) or the class is taken as such, anything else as the name.
    else if (a.toUpperCase() === 'IN') continue;
    else o.name = a;
  }
  return o;
}

/** dig as a build reporting `version` (PACKAGE_VERSION) in its command-line echo. */
export function bindDig(version: string): Program {
  return (argv, ctx) => runDig(argv, ctx, version);
}

/** dig of Alpine-based images (netshoot). */
export const dig: Program = bindDig(DIG_VERSION);

function runDig(argv: readonly string[], ctx: ProgramContext, version: string): ProgramRun {
  const out = new ProgramOutput();
  const o = parseArgs(argv);
  if ('invalid' in o) return out.err(`Invalid option: +${o.invalid}\n${USAGE}`).done(1, 0);
  const conf = bindResolvConf(ctx.resolvConf());
  if (o.server !== undefined && parseIPv4(o.server) === undefined) return out.out(`dig: couldn't get address for '${o.server}': not found\n`).done(10, 0);
  const servers = o.server !== undefined ? [o.server] : conf.nameservers;
  const type: DnsType = o.type ?? (o.name === undefined ? 'NS' : 'A');
  const given = o.name ?? '.';
  const cmdline = o.cmd ? `\n; <<>> DiG ${version} <<>> ${argv.slice(1).join(' ')}\n${o.server !== undefined ? '; (1 server found)\n' : ''};; global options:${o.short ? ' +short' : ''} +cmd\n` : '';
  const names = searchNames(given, conf.search, conf.ndots, o.search);
  const timeoutMs = (o.timeS ?? (conf.timeoutS || UDP_TIMEOUT_S)) * 1000;
  const tries = o.tries ?? (conf.attempts || 3);
  let elapsed = 0;
  for (const qname of names) {
    const result = sendQuery(qname, type, { servers, tries, timeoutMs, tcp: o.tcp, port: 53 }, ctx, out);
    elapsed += result.elapsed;
    if (!result.reply) {
      out.out(cmdline);
      out.out(';; no servers could be reached\n');
      return out.done(9, elapsed);
    }
    // +search moves on while the answer is NXDOMAIN (dighost.c next_origin), printing only the last reply.
    if (result.reply.rcode === 'NXDOMAIN' && qname !== names[names.length - 1]) continue;
    printReply(out, qname, type, result.reply, result.server, o, cmdline, ctx, elapsed, result.reply.delayMs ?? 0);
    return out.done(0, elapsed);
  }
  return out.done(0, elapsed);
}

function printReply(out: ProgramOutput, qname: string, type: DnsType, reply: DnsResponse, server: string, o: DigOptions, cmdline: string, ctx: ProgramContext, elapsed: number, queryTime: number): void {
  if (o.short) {
    if (o.answer) for (const rr of reply.answers) out.out(`${rdataText(rr)}\n`);
    return;
  }
  out.out(cmdline);
  if (o.comments) {
    const id = contextHash(ctx, `dig-id:${qname}`) & 0xffff;
    const flags = ['qr', reply.authoritative ? 'aa' : '', 'rd', reply.recursionAvailable ? 'ra' : ''].filter(Boolean).join(' ');
    out.out(';; Got answer:\n');
    out.out(`;; ->>HEADER<<- opcode: QUERY, status: ${reply.rcode}, id: ${id}\n`);
    out.out(`;; flags: ${flags}; QUERY: 1, ANSWER: ${reply.answers.length}, AUTHORITY: ${reply.authority?.length ?? 0}, ADDITIONAL: ${(reply.additional?.length ?? 0) + 1}\n`);
    if (!reply.recursionAvailable) out.out(';; WARNING: recursion requested but not available\n');
    out.out('\n');
    out.out(`;; OPT PSEUDOSECTION:\n; EDNS: version: 0, flags:; udp: 1232\n; COOKIE: ${contextHex8(ctx, 'dig-cookie')} (echoed)\n`);
  }
  const section = (title: string, lines: string[]) => {
    if (lines.length === 0) return;
    if (o.comments) out.out(`;; ${title} SECTION:\n`);
    for (const l of lines) out.out(l);
    if (o.comments) out.out('\n');
  };
  if (o.question) section('QUESTION', [`;${questionText(qname, type)}\n`]);
  if (o.answer) section('ANSWER', reply.answers.map(recordText));
  if (o.authority) section('AUTHORITY', (reply.authority ?? []).map(recordText));
  if (o.additional) section('ADDITIONAL', (reply.additional ?? []).map(recordText));
  if (o.stats) {
    out.out(`;; Query time: ${queryTime} msec\n`);
    out.out(`;; SERVER: ${server}#53(${server}) (${o.tcp ? 'TCP' : 'UDP'})\n`);
    out.out(`;; WHEN: ${whenText(ctx.now + elapsed)}\n`);
    out.out(`;; MSG SIZE  rcvd: ${messageSize(qname, reply, OPT_BYTES)}\n\n`);
  }
}

/** masterdump.c indent(): tabs (8 wide) to reach `to`, at least one space. */
function indent(column: number, to: number): { text: string; column: number } {
  const target = Math.max(to, column + 1);
  const tabs = Math.floor(target / 8) - Math.floor(column / 8);
  if (tabs > 0) return { text: '\t'.repeat(tabs) + ' '.repeat(target % 8), column: target };
  return { text: ' '.repeat(target - column), column: target };
}

/** A record in masterdump's default style (ttl 24, class 32, type 40, rdata 48). */
function recordText(rr: DnsRecord): string {
  let text = rr.name;
  let col = rr.name.length;
  for (const [to, field] of [[24, String(rr.ttl)], [32, 'IN'], [40, rr.type], [48, rdataText(rr)]] as const) {
    const pad = indent(col, to);
    text += pad.text + field;
    col = pad.column + field.length;
  }
  return `${text}\n`;
}

/** A record's data in presentation format (a TXT string in quotes). */
function rdataText(rr: DnsRecord): string {
  return rr.type === 'TXT' ? `"${rr.data}"` : rr.data;
}

/** The question line after its `;` (question_totext: owner, class at 32, type at 40; the `;` is not counted). */
function questionText(qname: string, type: DnsType): string {
  let text = qname;
  let col = qname.length;
  for (const [to, field] of [[32, 'IN'], [40, type]] as const) {
    const pad = indent(col, to);
    text += pad.text + field;
    col = pad.column + field.length;
  }
  return text;
}

/** strftime "%a %b %d %H:%M:%S %Z %Y" in the container's zone (UTC). */
function whenText(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}
