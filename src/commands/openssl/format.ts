/**
 * How OpenSSL 3.0 renders certificate fields: ASN1_TIME_print dates
 * (`Nov 30 04:15:16 2026 GMT`, space-padded day), X509_NAME_print_ex with
 * XN_FLAG_ONELINE minus quotes (`O = system:nodes, CN = system:node:node-1`),
 * and the hex dumps of serials, keys and signatures
 * (openssl/openssl crypto/asn1/a_time.c, crypto/x509/t_x509.c).
 */
import { createHash } from 'node:crypto';
import type { Certificate } from '../../cluster/host/certs.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** ASN1_TIME_print: `%b %e %H:%M:%S %Y GMT` (e.g. `Dec  1 04:15:16 2026 GMT`). */
export function opensslDate(ms: number): string {
  const d = new Date(ms);
  const day = String(d.getUTCDate()).padStart(2, ' ');
  return `${MONTHS[d.getUTCMonth()]} ${day} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()} GMT`;
}

/**
 * A distinguished name in Go's RDN order (crypto/x509/pkix ToRDNSequence puts
 * O before CN) as OpenSSL's one-line form prints it.
 */
export function distinguishedName(name: { CN: string; O?: string[] }): string {
  const parts: string[] = [];
  // Go writes all Organization values as one multi-valued RDN; OpenSSL joins its attributes with " + ".
  if (name.O && name.O.length) parts.push(name.O.map((o) => `O = ${o}`).join(' + '));
  if (name.CN) parts.push(`CN = ${name.CN}`);
  return parts.join(', ');
}

/** Bytes derived from a seed (stable for a given certificate: dumps never change between two runs). */
export function derivedBytes(seed: string, count: number): number[] {
  const out: number[] = [];
  let block = 0;
  while (out.length < count) {
    out.push(...createHash('sha256').update(`${seed}/${block++}`).digest());
  }
  return out.slice(0, count);
}

/** Colon-separated lowercase hex, `perLine` bytes a line, each line indented (the layout of t_x509.c dumps). */
export function hexDump(bytes: readonly number[], perLine: number, indent: string): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += perLine) {
    const chunk = bytes.slice(i, i + perLine).map((b) => b.toString(16).padStart(2, '0'));
    const last = i + perLine >= bytes.length;
    lines.push(`${indent}${chunk.join(':')}${last ? '' : ':'}`);
  }
  return lines.join('\n');
}

/** The serial's bytes (the simulation keeps serials as hex strings). */
export function serialBytes(cert: Certificate): number[] {
  const hex = cert.serial.length % 2 ? `0${cert.serial}` : cert.serial;
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16) || 0);
  return bytes;
}

/** What a certificate is for, as kubeadm and the CSR signer set its key usages. */
export type CertificateProfile = 'ca' | 'server' | 'client' | 'peer';

/**
 * The profile of a certificate. The simulation's Certificate has no usage
 * fields, so they follow from what kubeadm issues: CAs are CAs, certificates
 * with SANs serve (etcd's, with localhost among them, also authenticate as
 * clients), everything else is a client certificate.
 */
export function certificateProfile(cert: Certificate): CertificateProfile {
  if (cert.isCA) return 'ca';
  const sans = cert.sans ?? [];
  if (sans.length === 0) return 'client';
  return sans.includes('DNS:localhost') ? 'peer' : 'server';
}

/** Kubelet-generated keys are ECDSA P-256 (pkg/kubelet/certificate); kubeadm's are RSA 2048. */
export function usesEcdsaKey(cert: Certificate): boolean {
  return cert.subject.CN.startsWith('system:node:') && !cert.isCA;
}
