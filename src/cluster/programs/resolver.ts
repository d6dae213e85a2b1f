/**
 * The stub resolver of a client program: musl's getaddrinfo, as busybox,
 * Alpine-based images (curlimages/curl, nicolaka/netshoot) and their wget and
 * curl use it (musl 1.2.5 src/network/resolvconf.c, lookup_name.c,
 * res_msend.c). An address literal needs no lookup, `localhost` comes from
 * /etc/hosts; any other name goes through /etc/resolv.conf:
 * - `options ndots:N timeout:T attempts:A` (defaults 1, 5, 2; capped at 15, 60, 10);
 * - a name with fewer dots than ndots (and no trailing dot) is tried with
 *   each `search` domain first, then as given;
 * - each try asks every nameserver (at most 3) at once and waits up to the
 *   timeout (resending every timeout/attempts); no answer in time costs the
 *   whole timeout and ends the lookup (EAI_AGAIN), as does SERVFAIL;
 *   NXDOMAIN moves on to the next candidate; an answer without an address
 *   ends it (EAI_NODATA).
 * musl sends from an unconnected UDP socket, so an ICMP port-unreachable (a
 * REJECT rule) goes unnoticed: the resolver simply times out.
 */
import { parseIPv4 } from '../ipv4.js';
import type { DnsResponse, DnsType } from '../network/requests.js';
import type { ProgramContext } from './types.js';

/** The outcome of resolving a host name. */
export type Resolution =
  | { ok: true; ip: string; durationMs: number }
  /** `nxdomain`: every candidate name came back NXDOMAIN (or without an address); `timeout`: no nameserver answered; `servfail`: one answered SERVFAIL. */
  | { ok: false; failure: 'nxdomain' | 'timeout' | 'servfail'; durationMs: number };

/** musl's view of /etc/resolv.conf. */
export interface MuslResolvConf {
  nameservers: string[];
  search: string[];
  ndots: number;
  timeoutS: number;
  attempts: number;
}

/** __get_resolv_conf: options are scanned per line; nameservers must be address literals; the last search/domain line wins. */
export function muslResolvConf(text: string | undefined): MuslResolvConf {
  const conf: MuslResolvConf = { nameservers: [], search: [], ndots: 1, timeoutS: 5, attempts: 2 };
  for (const line of (text ?? '').split('\n')) {
    if (/^options\s/.test(line)) {
      const n = /ndots:(\d+)/.exec(line);
      if (n) conf.ndots = Math.min(15, Number(n[1]));
      const a = /attempts:(\d+)/.exec(line);
      if (a) conf.attempts = Math.min(10, Number(a[1]));
      const t = /timeout:(\d+)/.exec(line);
      if (t) conf.timeoutS = Math.min(60, Number(t[1]));
      continue;
    }
    const ns = /^nameserver\s+(\S+)/.exec(line);
    if (ns) {
      if (conf.nameservers.length < 3 && parseIPv4(ns[1]) !== undefined) conf.nameservers.push(ns[1]);
      continue;
    }
    const s = /^(search|domain)\s+(.*)$/.exec(line);
    if (s) conf.search = s[2].split(/\s+/).filter(Boolean);
  }
  if (conf.nameservers.length === 0) conf.nameservers.push('127.0.0.1');
  return conf;
}

/** The names musl tries for `name`, in order (the search list first when it has fewer dots than ndots). */
export function candidateNames(name: string, conf: MuslResolvConf): string[] {
  const absolute = name.endsWith('.');
  const bare = absolute ? name.slice(0, -1) : name;
  const dots = [...name].filter((c) => c === '.').length;
  // A domain of `.` alone (systemd-resolved's `search .`) makes a name res_mkquery rejects: nothing is asked.
  const search = dots >= conf.ndots || absolute ? [] : conf.search.filter((d) => d !== '.');
  return [...search.map((d) => `${bare}.${d}`), bare];
}

/**
 * Sends one question to the nameservers of `conf` as res_msend does: the
 * first answer that arrives within the timeout wins; undefined when none does.
 */
export function queryNameservers(name: string, type: DnsType, nameservers: readonly string[], timeoutMs: number, ctx: ProgramContext): DnsResponse | undefined {
  for (const ns of nameservers) {
    const r = ctx.network.request(ctx.from, ns, 53, { kind: 'dns', name, type });
    if (r.ok && r.response?.kind === 'dns' && (r.response.delayMs ?? 0) < timeoutMs) return r.response;
  }
  return undefined;
}

/** Resolves `name` to an IPv4 address as the program's resolver would. */
export function resolveHost(name: string, ctx: ProgramContext): Resolution {
  if (parseIPv4(name) !== undefined) return { ok: true, ip: name, durationMs: 0 };
  // The kubelet-managed /etc/hosts of every container, and a node's own.
  if (name === 'localhost' || name === 'localhost.') return { ok: true, ip: '127.0.0.1', durationMs: 0 };
  const conf = muslResolvConf(ctx.resolvConf());
  const timeoutMs = conf.timeoutS * 1000;
  let durationMs = 0;
  for (const candidate of candidateNames(name, conf)) {
    const answer = queryNameservers(candidate, 'A', conf.nameservers, timeoutMs, ctx);
    if (!answer) return { ok: false, failure: 'timeout', durationMs: durationMs + timeoutMs };
    durationMs += answer.delayMs ?? 0;
    if (answer.rcode === 'NXDOMAIN') continue;
    if (answer.rcode === 'SERVFAIL') return { ok: false, failure: 'servfail', durationMs };
    if (answer.rcode !== 'NOERROR') return { ok: false, failure: 'nxdomain', durationMs };
    const a = answer.answers.find((r) => r.type === 'A');
    return a ? { ok: true, ip: a.data, durationMs } : { ok: false, failure: 'nxdomain', durationMs };
  }
  return { ok: false, failure: 'nxdomain', durationMs };
}
