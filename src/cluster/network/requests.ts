/**
 * What travels over a connection once `dial` has connected it: a request one
 * of the simulated client programs (wget, curl, nslookup, a probe) sends, and
 * the answer of the server program at the other end. Only the parts the
 * simulation needs; bytes on the wire are not modelled.
 */

import type { Certificate } from '../host/certs.js';
import type { EtcdMember } from '../etcd/member.js';

/** An HTTP request as a client sends it. */
export interface HttpRequest {
  kind: 'http';
  method: string;
  /** Path with query, e.g. `/healthz`. */
  path: string;
  /** The Host header (name or address, with `:port` when not the default). */
  host: string;
  headers: readonly (readonly [string, string])[];
  /** TLS was asked for (https://). */
  tls?: boolean;
  /** The request body (a POST's), if any. */
  body?: string;
}

/** An HTTP response. */
export interface HttpResponse {
  kind: 'http';
  status: number;
  /** Reason phrase, e.g. `OK`, `Not Found`. */
  reason: string;
  headers: readonly (readonly [string, string])[];
  body: string;
}

/** DNS query types the simulated resolver answers. */
export type DnsType = 'A' | 'AAAA' | 'SRV' | 'PTR' | 'TXT' | 'CNAME' | 'ANY' | 'SOA' | 'NS' | 'MX';

/** A DNS question (one name, one type). */
export interface DnsQuery {
  kind: 'dns';
  name: string;
  type: DnsType;
}

/** One resource record of an answer. */
export interface DnsRecord {
  name: string;
  type: DnsType;
  ttl: number;
  /** A/AAAA: the address; CNAME/PTR: the target name; SRV: `priority weight port target`; SOA: `mname rname serial refresh retry expire minimum`. */
  data: string;
}

/** A DNS reply. */
export interface DnsResponse {
  kind: 'dns';
  rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
  answers: readonly DnsRecord[];
  /** The zone's SOA for negative answers (what `dig` prints under AUTHORITY). */
  authority?: readonly DnsRecord[];
  /** Records that help with the answer (the addresses of SRV targets: `dig`'s ADDITIONAL section). */
  additional?: readonly DnsRecord[];
  /** The server is authoritative for the name (the `aa` flag). */
  authoritative?: boolean;
  /** The server offers recursion (the `ra` flag): answers a forwarder relayed. */
  recursionAvailable?: boolean;
  /** How long after the query the answer leaves the server (ms): a client that gives up sooner never sees it. */
  delayMs?: number;
}

/**
 * A client dialing etcd's gRPC port (etcdctl): the TLS it speaks and the
 * certificate it presents, as read from its --cacert/--cert/--key files.
 */
export interface EtcdCall {
  kind: 'etcd';
  /** The client speaks TLS (an https:// endpoint, or certificates given). */
  tls: boolean;
  /** The certificate the client presents (its --cert), if any. */
  clientCert?: Certificate;
}

/**
 * etcd's side of the handshake: its serving certificate, and either the
 * member the connection reaches or why the server dropped it.
 */
export interface EtcdSession {
  kind: 'etcd';
  serverCert?: Certificate;
  member?: EtcdMember;
  /**
   * plaintext: not TLS; certificate-required: no client cert; unknown-ca /
   * expired: the client cert fails verification; http1: the port serves
   * HTTP/1 (etcd's peer or metrics listener), not gRPC.
   */
  refused?: 'plaintext' | 'certificate-required' | 'unknown-ca' | 'expired' | 'http1';
}

/** Anything a client sends over a connection. */
export type NetRequest = HttpRequest | DnsQuery | EtcdCall;
/** Anything a server answers; undefined means no answer (the client times out). */
export type NetResponse = HttpResponse | DnsResponse | EtcdSession;

/** The connection a request arrived on, as the server sees it. */
export interface Connection {
  /** The client's address (what an access log calls `$remote_addr`). */
  readonly remoteIP: string;
}

/** How a program serving on a port answers. */
export interface ServerProgram {
  /** Answers `request` arriving on `port` over `conn`; undefined when it does not answer (the client waits). */
  answer(request: NetRequest, port: number, conn?: Connection): NetResponse | undefined;
}
