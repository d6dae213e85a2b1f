/**
 * What DNS clients need to know about a reply beyond its records: sizes on
 * the wire (RFC 1035 §4; CoreDNS sends small replies uncompressed, miekg/dns
 * Msg.Truncate), deterministic stand-ins for the random parts of a query (its
 * id, dig's client cookie), and the reverse name of an address.
 */
import { createHash } from 'node:crypto';
import type { DnsRecord, DnsResponse } from '../network/requests.js';
import type { ProgramContext } from './types.js';

/** The length of a name on the wire, uncompressed (`name.` → labels with length bytes + the root byte). */
export function wireNameLength(name: string): number {
  const fq = name.endsWith('.') ? name : `${name}.`;
  return fq === '.' ? 1 : fq.length + 1;
}

/** The RDATA length of a record. */
function rdataLength(r: DnsRecord): number {
  switch (r.type) {
    case 'A':
      return 4;
    case 'AAAA':
      return 16;
    case 'CNAME':
    case 'PTR':
    case 'NS':
      return wireNameLength(r.data);
    case 'SRV':
      return 6 + wireNameLength(r.data.split(' ')[3] ?? '.');
    case 'MX':
      return 2 + wireNameLength(r.data.split(' ')[1] ?? '.');
    case 'SOA': {
      const [mname, rname] = r.data.split(' ');
      return wireNameLength(mname) + wireNameLength(rname) + 20;
    }
    case 'TXT':
      return 1 + r.data.length;
    default:
      return 0;
  }
}

/** The size of a reply: header, the question, every record, and the OPT record (`optBytes`, 0 without EDNS). */
export function messageSize(qname: string, reply: DnsResponse, optBytes: number): number {
  let size = 12 + wireNameLength(qname) + 4;
  for (const r of [...reply.answers, ...(reply.authority ?? []), ...(reply.additional ?? [])]) size += wireNameLength(r.name) + 10 + rdataLength(r);
  return size + optBytes;
}

/** A number in [0, 2^32) drawn from the program's simulated context and a label (never the wall clock). */
export function contextHash(ctx: ProgramContext, label: string): number {
  const h = createHash('sha256').update(`${ctx.now}|${JSON.stringify(ctx.from)}|${label}`).digest();
  return h.readUInt32BE(0);
}

/** The hex of 8 bytes derived like {@link contextHash} (dig's client cookie). */
export function contextHex8(ctx: ProgramContext, label: string): string {
  return createHash('sha256').update(`${ctx.now}|${JSON.stringify(ctx.from)}|${label}`).digest('hex').slice(0, 16);
}

/** `d.c.b.a.in-addr.arpa` for an IPv4 address, or undefined. */
export function reverseName(ip: string): string | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m || m.slice(1).some((o) => Number(o) > 255)) return undefined;
  return `${Number(m[4])}.${Number(m[3])}.${Number(m[2])}.${Number(m[1])}.in-addr.arpa`;
}

/** The name without its trailing dot (how resolver libraries print names). */
export function bareName(name: string): string {
  return name.length > 1 && name.endsWith('.') ? name.slice(0, -1) : name;
}
