/**
 * The stub resolver of a client program (musl in busybox and Alpine images,
 * glibc elsewhere): how a host name becomes an address. An address literal
 * needs no lookup; a name goes through /etc/resolv.conf (search list,
 * ndots, nameservers) to the DNS server it names, over the network.
 *
 * (Scaffold: names are not resolved yet; CoreDNS and the search-list walk come next.)
 */
import { parseIPv4 } from '../ipv4.js';
import type { ProgramContext } from './types.js';

/** The outcome of resolving a host name. */
export type Resolution =
  | { ok: true; ip: string; durationMs: number }
  /** `nxdomain`: every candidate name came back NXDOMAIN; `timeout`: no nameserver answered. */
  | { ok: false; failure: 'nxdomain' | 'timeout' | 'servfail'; durationMs: number };

/** Resolves `name` to an IPv4 address as the program's resolver would. */
export function resolveHost(name: string, _ctx: ProgramContext): Resolution {
  if (parseIPv4(name) !== undefined) return { ok: true, ip: name, durationMs: 0 };
  return { ok: false, failure: 'nxdomain', durationMs: 0 };
}
