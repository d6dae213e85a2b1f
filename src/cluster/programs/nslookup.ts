/**
 * busybox 1.36 `nslookup` (networking/nslookup.c, FEATURE_NSLOOKUP_BIG: its
 * own resolver, not libc's). It reads `nameserver` and `search` from
 * /etc/resolv.conf (no `ndots`: the search list applies only to a name
 * without any dot), sends A then AAAA for every candidate at once to one
 * server, resends every timeout/retry (5 s / 2) and gives up on that server
 * after 5 s. The socket is connected, so an ICMP port-unreachable (kube-proxy's
 * REJECT for a Service without endpoints) fails the next write: `nslookup:
 * write to '10.96.0.10': Connection refused`, and that server is given up.
 * Each reply is printed as it arrives: `** server can't find
 * NAME: NXDOMAIN` for an error code (the exit status becomes 1), otherwise
 * `Name:`/`Address:` lines (preceded by `Non-authoritative answer:` when the
 * `aa` flag is clear), and an empty line after every reply; the
 * `Server:`/`Address:` header comes with the first reply. A server that never
 * answers leads to the next; when none answers: `;; connection timed out; no
 * servers could be reached`.
 */
import type { DnsRecord, DnsResponse, DnsType } from '../network/requests.js';
import { parseIPv4 } from '../ipv4.js';
import type { Program } from './types.js';
import { ProgramOutput } from './output.js';
import { bareName, reverseName } from './dns-message.js';

/** bb_show_usage (networking/nslookup.c usage block; the build stamp as busybox images print it). */
const USAGE = ['BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', '', 'Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]', '', 'Query DNS about HOST', '', 'QUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any', ''].join('\n');

/** qtypes[] in nslookup.c order. */
const QTYPES: readonly DnsType[] = ['SOA', 'NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'PTR', 'ANY'];

/** busybox nslookup. */
export const nslookup: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const usage = () => out.err(USAGE).done(1, 0);
  let port = 53;
  let timeoutS = 5;
  const types: DnsType[] = [];
  let i = 1;
  for (; i < argv.length && argv[i].startsWith('-'); i++) {
    const [arg, val = ''] = splitOnce(argv[i].slice(1), '=');
    if (arg === 'type' || arg === 'querytype') {
      const t = QTYPES.find((q) => q.toLowerCase() === val.toLowerCase());
      if (!t) return out.err(`nslookup: invalid query type "${val}"\n`).done(1, 0);
      if (!types.includes(t)) types.push(t);
    } else if (arg === 'port') port = Number(val);
    // -retry only spaces the resends, which no simulated answer depends on.
    else if (arg === 'retry') continue;
    else if (arg === 'debug') continue;
    else if (arg === 't' || arg === 'timeout') timeoutS = Math.max(1, Number(val) || 1);
    else return usage();
  }
  const host = argv[i];
  if (host === undefined || argv.length > i + 2) return usage();
  const explicit = argv[i + 1];
  let servers: string[];
  let search: string[] = [];
  if (explicit !== undefined) {
    if (parseIPv4(explicit) === undefined) return out.err(`nslookup: bad address '${explicit}'\n`).done(1, 0);
    servers = [explicit];
  } else {
    const conf = resolvConf(ctx.resolvConf());
    servers = conf.servers.length ? conf.servers : ['127.0.0.1'];
    search = conf.search;
  }
  // The questions, in the order they are sent (nslookup_main add_query*).
  const questions: { name: string; type: DnsType }[] = [];
  const withSearch = (type: DnsType) => {
    if (type === 'PTR' || search.length === 0 || host.includes('.')) questions.push({ name: host, type });
    else for (const d of search) questions.push({ name: `${host}.${d}`, type });
  };
  if (types.length === 0) {
    const ptr = reverseName(host);
    if (ptr) questions.push({ name: ptr, type: 'PTR' });
    else {
      withSearch('A');
      withSearch('AAAA');
    }
  } else for (const t of QTYPES) if (types.includes(t)) withSearch(t);

  const timeoutMs = timeoutS * 1000;
  let elapsed = 0;
  let exitCode = 0;
  for (const server of servers) {
    // Every reply that arrives before the server's time is up, in arrival order.
    const replies: { q: number; response: DnsResponse; at: number }[] = [];
    let refused = false;
    for (const [n, q] of questions.entries()) {
      // The socket is connected: an ICMP port-unreachable (a REJECT rule) fails the next write on it.
      if (refused) {
        out.err(`nslookup: write to '${server}': Connection refused\n`);
        break;
      }
      const r = ctx.network.request(ctx.from, server, port, { kind: 'dns', name: q.name, type: q.type });
      if (!r.ok && r.failure === 'refused') refused = true;
      const at = r.ok && r.response?.kind === 'dns' ? (r.response.delayMs ?? 0) : Infinity;
      if (r.ok && r.response?.kind === 'dns' && at < timeoutMs) replies.push({ q: n, response: r.response, at });
    }
    if (refused && questions.length > 1) continue;
    if (refused) {
      // A lone query: the error comes back on read instead, once per send (at 0 and after timeout/retry), until the time is up.
      out.err('nslookup: read: Connection refused\n'.repeat(2));
    }
    if (replies.length === 0) {
      elapsed += timeoutMs;
      continue;
    }
    replies.sort((a, b) => a.at - b.at || a.q - b.q);
    out.out(`Server:\t\t${server}\nAddress:\t${server}:${port}\n\n`);
    for (const { q, response } of replies) {
      const name = questions[q].name;
      if (response.rcode !== 'NOERROR') {
        out.out(`** server can't find ${name}: ${response.rcode}\n`);
        exitCode = 1;
      } else {
        if (!response.authoritative) out.out('Non-authoritative answer:\n');
        for (const rr of response.answers) out.out(recordText(rr));
      }
      out.out('\n');
    }
    const answered = new Set(replies.map((r) => r.q));
    const missing = questions.filter((_, n) => !answered.has(n));
    for (const q of missing) out.out(`*** Can't find ${q.name}: No answer\n`);
    if (missing.length) out.out('\n');
    elapsed += missing.length ? timeoutMs : Math.max(...replies.map((r) => r.at));
    return out.done(exitCode, elapsed);
  }
  out.out(';; connection timed out; no servers could be reached\n\n');
  return out.done(1, elapsed);
};

/** parse_reply's line for one answer record. */
function recordText(rr: DnsRecord): string {
  const owner = bareName(rr.name);
  switch (rr.type) {
    case 'A':
    case 'AAAA':
      return `Name:\t${owner}\nAddress: ${rr.data}\n`;
    case 'CNAME':
      return `${owner}\tcanonical name = ${bareName(rr.data)}\n`;
    case 'PTR':
      return `${owner}\tname = ${bareName(rr.data)}\n`;
    case 'NS':
      return `${owner}\tnameserver = ${bareName(rr.data)}\n`;
    case 'MX': {
      const [pref, target] = rr.data.split(' ');
      return `${owner}\tmail exchanger = ${pref} ${bareName(target)}\n`;
    }
    case 'TXT':
      return `${owner}\ttext = "${rr.data}"\n`;
    case 'SRV': {
      const [priority, weight, port, target] = rr.data.split(' ');
      return `${owner}\tservice = ${priority} ${weight} ${port} ${bareName(target)}\n`;
    }
    case 'SOA': {
      const [mname, rname, serial, refresh, retry, expire, minimum] = rr.data.split(' ');
      return `${owner}\n\torigin = ${bareName(mname)}\n\tmail addr = ${bareName(rname)}\n\tserial = ${serial}\n\trefresh = ${refresh}\n\tretry = ${retry}\n\texpire = ${expire}\n\tminimum = ${minimum}\n`;
    }
    default:
      return '';
  }
}

/** parse_resolvconf: `nameserver` lines accumulate, `search` (or `domain` without search) sets the list; `.` alone is none. */
function resolvConf(text: string | undefined): { servers: string[]; search: string[] } {
  const servers: string[] = [];
  let search: string[] | undefined;
  let haveSearch = false;
  for (const line of (text ?? '').split('\n')) {
    const m = /^[ \t]*(\S+)[ \t]+(.+)$/.exec(line);
    if (!m) continue;
    const [, key, arg] = m;
    if (key === 'domain' && !haveSearch) search = arg.trim().split(/\s+/);
    else if (key === 'search') {
      haveSearch = true;
      search = arg.trim().split(/\s+/);
    } else if (key === 'nameserver') servers.push(arg.trim());
  }
  if (search && search.length === 1 && search[0] === '.') search = undefined;
  return { servers, search: search ?? [] };
}

function splitOnce(s: string, sep: string): [string, string?] {
  const i = s.indexOf(sep);
  return i === -1 ? [s] : [s.slice(0, i), s.slice(i + 1)];
}
