/**
 * What BIND 9.18's dig and nslookup share, as upstream shares it in
 * bin/dig/dighost.c: the resolver settings (lib/irs/resconf.c: at most three
 * nameservers, `search`/`domain`, `options ndots:N attempts:N timeout:N` with
 * defaults 1, 3 and 0, 0 meaning dighost.h UDP_TIMEOUT 5 s), the names a
 * lookup tries (setup_lookup and next_origin), and sending one question
 * with its tries, warning `;; communications error to 10.96.0.10#53: timed
 * out` after each one that failed (recv_done, default_warnerr).
 */
import type { DnsResponse, DnsType } from '../network/requests.js';
import { parseIPv4 } from '../ipv4.js';
import type { ProgramContext } from './types.js';
import type { ProgramOutput } from './output.js';

/** dighost.h UDP_TIMEOUT: seconds a try waits when neither the command line nor resolv.conf says. */
export const UDP_TIMEOUT_S = 5;

/** libirs's view of /etc/resolv.conf. */
export interface BindResolvConf {
  nameservers: string[];
  /** The search list as written (systemd-resolved's `search .` keeps its `.`). */
  search: string[];
  ndots: number;
  attempts: number;
  /** `options timeout:N` (0: none given). */
  timeoutS: number;
}

/** irs_resconf_load: nameservers accumulate (three at most), the last search/domain line wins, options per word. */
export function bindResolvConf(text: string | undefined): BindResolvConf {
  const conf: BindResolvConf = { nameservers: [], search: [], ndots: 1, attempts: 3, timeoutS: 0 };
  for (const line of (text ?? '').split('\n')) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || words[0].startsWith('#') || words[0].startsWith(';')) continue;
    const [key, ...args] = words;
    if (key === 'nameserver' && args[0] !== undefined) {
      if (conf.nameservers.length < 3 && parseIPv4(args[0]) !== undefined) conf.nameservers.push(args[0]);
    } else if (key === 'search' || key === 'domain') conf.search = args;
    else if (key === 'options') {
      for (const w of args) {
        const m = /^(ndots|attempts|timeout):(\d+)$/.exec(w);
        if (!m) continue;
        const n = Math.min(255, Number(m[2]));
        if (m[1] === 'ndots') conf.ndots = n;
        else if (m[1] === 'attempts') conf.attempts = n;
        else conf.timeoutS = n;
      }
    }
  }
  // add_fallback_nameserver: no usable server means the local one.
  if (conf.nameservers.length === 0) conf.nameservers.push('127.0.0.1');
  return conf;
}

/**
 * The fully qualified names a lookup of `name` asks, in order, while the
 * answers are NXDOMAIN: a name with at least `ndots` dots (or a trailing
 * dot, or without the search list) as it is and nothing else; otherwise each
 * search domain, then the name as it is (next_origin). A `.` domain makes the
 * name itself.
 */
export function searchNames(name: string, search: readonly string[], ndots: number, useSearch: boolean): string[] {
  if (name.endsWith('.')) return [name];
  const dots = [...name].filter((c) => c === '.').length;
  const asIs = `${name}.`;
  if (dots >= ndots || !useSearch) return [asIs];
  return [...search.map((d) => (d === '.' ? asIs : `${name}.${d.endsWith('.') ? d : `${d}.`}`)), asIs];
}

/** One question sent with its tries: the reply and the server that gave it, or none; the time it all took. */
export interface SentQuery {
  reply?: DnsResponse;
  server: string;
  elapsed: number;
}

/** Where and how a question goes. */
export interface QueryPlan {
  readonly servers: readonly string[];
  /** Tries in all (the first server's, then what is left for the next ones). */
  readonly tries: number;
  /** How long each try waits. */
  readonly timeoutMs: number;
  readonly tcp: boolean;
  readonly port: number;
}

/**
 * Sends `qname`/`type` as dighost does: `tries` times to the first server,
 * then to the next ones with the tries left, waiting `timeoutMs` for each;
 * after every try that failed, `;; communications error to SERVER#53: WHY`.
 */
export function sendQuery(qname: string, type: DnsType, plan: QueryPlan, ctx: ProgramContext, out: ProgramOutput): SentQuery {
  const { servers, timeoutMs, tcp, port } = plan;
  let left = plan.tries;
  let elapsed = 0;
  for (const server of servers) {
    for (;;) {
      const r = ctx.network.request(ctx.from, server, port, { kind: 'dns', name: qname, type }, tcp ? 'tcp' : 'udp');
      if (r.ok && r.response?.kind === 'dns' && (r.response.delayMs ?? 0) < timeoutMs) return { reply: r.response, server, elapsed: elapsed + (r.response.delayMs ?? 0) };
      const why = r.ok ? 'timed out' : r.failure === 'refused' ? 'connection refused' : r.failure === 'unreachable' ? 'host unreachable' : 'timed out';
      if (why === 'timed out') elapsed += timeoutMs;
      out.out(`;; communications error to ${server}#${port}: ${why}\n`);
      if (left > 1) {
        left--;
        continue;
      }
      break;
    }
  }
  return { server: servers[0], elapsed };
}

/**
 * PACKAGE_VERSION of Ubuntu 22.04's bind9-dnsutils (dig, nslookup on the
 * nodes): the latest jammy build a real capture confirms, `; <<>> DiG
 * 9.18.39-0ubuntu0.22.04.6-Ubuntu <<>> github.com` (an Ubuntu 22.04 session
 * of September 2026).
 */
export const UBUNTU_BIND_VERSION = '9.18.39-0ubuntu0.22.04.6-Ubuntu';
