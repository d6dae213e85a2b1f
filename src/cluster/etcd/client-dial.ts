/**
 * How an etcd v3 client (client/v3 over grpc-go) reaches a member: dial the
 * endpoint through the simulated network, the TLS handshake, then the
 * member behind the port. etcdctl and the API server's storage client both
 * connect this way, so a wrong address, a stopped member or a certificate
 * etcd refuses reads the same in either's words: the text is grpc-go's
 * `connection error: desc = "..."` description of the transport failure.
 */
import type { Certificate } from '../host/certs.js';
import type { Network, NetSource } from '../network/network.js';
import type { EtcdMember } from './member.js';

/** What the client's TLS config holds. */
export interface EtcdClientTls {
  /** A TLS config exists (certificates or a CA given). */
  configured: boolean;
  /** CN of the CA it trusts (its --cacert); undefined: the system roots. */
  trustedCa?: string;
  cert?: Certificate;
  skipVerify: boolean;
}

/** A connection's outcome: the member, or grpc's description of the transport error. */
export type EtcdDial = { member: EtcdMember } | { error: string };

/** An endpoint as client/v3 parses it: scheme, host as written, port (2379 when absent). */
export function parseEtcdEndpoint(endpoint: string): { scheme?: string; host: string; port: number } {
  // The API server dials its --etcd-servers at every health check its kubelet's probes ask for: parsed once per text.
  let parsed = ENDPOINTS.get(endpoint);
  if (!parsed) {
    const m = /^(?:(https?|unix|unixs):\/\/)?([^:/]+|\[[^\]]+\])(?::(\d+))?$/.exec(endpoint);
    parsed = Object.freeze({ ...(m?.[1] ? { scheme: m[1] } : {}), host: m?.[2] ?? endpoint, port: Number(m?.[3] ?? 2379) });
    // Learners type endpoints to etcdctl: remember a bounded few.
    if (ENDPOINTS.size >= 64) ENDPOINTS.clear();
    ENDPOINTS.set(endpoint, parsed);
  }
  return parsed;
}

const ENDPOINTS = new Map<string, { readonly scheme?: string; readonly host: string; readonly port: number }>();

/**
 * Dials `endpoint` from `from` and does the TLS handshake
 * (client/v3 credentialsForEndpoint: https requires TLS, http drops it, a
 * bare address uses what is configured).
 */
export function dialEtcd(network: Network, from: NetSource, endpoint: string, tls: EtcdClientTls): EtcdDial {
  const { scheme, host, port } = parseEtcdEndpoint(endpoint);
  const ip = host === 'localhost' ? '127.0.0.1' : host;
  const useTls = scheme === 'https' || (scheme !== 'http' && tls.configured);
  const result = network.request(from, ip, port, { kind: 'etcd', tls: useTls, ...(tls.cert ? { clientCert: tls.cert } : {}) });
  if (!result.ok) {
    const why = result.failure === 'refused' ? 'connect: connection refused' : result.failure === 'timeout' ? 'i/o timeout' : 'connect: no route to host';
    return { error: `transport: Error while dialing: dial tcp ${host}:${port}: ${why}` };
  }
  const session = result.response;
  if (!session || session.kind !== 'etcd') return { error: 'error reading server preface: EOF' };
  if (session.refused === 'http1') {
    // A plain-HTTP listener (etcd's metrics port): the TLS client reads an HTTP answer as a record.
    if (useTls && !session.serverCert) return { error: 'transport: authentication handshake failed: tls: first record does not look like a TLS handshake' };
    if (!useTls) return { error: 'error reading server preface: EOF' };
  }
  if (session.refused === 'plaintext') return { error: 'error reading server preface: EOF' };
  if (useTls && !tls.skipVerify && (tls.trustedCa === undefined || session.serverCert?.issuer.CN !== tls.trustedCa)) {
    return { error: 'transport: authentication handshake failed: tls: failed to verify certificate: x509: certificate signed by unknown authority' };
  }
  if (session.refused === 'certificate-required') return { error: 'error reading server preface: remote error: tls: certificate required' };
  if (session.refused === 'unknown-ca') return { error: 'error reading server preface: remote error: tls: unknown certificate authority' };
  if (session.refused === 'expired') return { error: 'error reading server preface: remote error: tls: expired certificate' };
  // The HTTP/1 server answers the HTTP/2 preface with an HTTP/1 status line, which grpc reads as a frame header.
  if (session.refused === 'http1') return { error: 'error reading server preface: http2: frame too large' };
  if (!session.member || !session.member.serving) return { error: 'error reading server preface: EOF' };
  return { member: session.member };
}
