/**
 * X.509 certificates as the simulation keeps them: the fields tools show
 * (subject, issuer, validity, SANs), stored in PEM-shaped files so `cat`,
 * `openssl x509` and the kubelet all read the same file.
 */
import { deepFreeze } from '../json.js';

/** A certificate's fields. */
export interface Certificate {
  serial: string;
  subject: { CN: string; O?: string[] };
  issuer: { CN: string };
  /** ms since the epoch */
  notBefore: number;
  notAfter: number;
  /** DNS names and IPs (`DNS:kubernetes`, `IP Address:10.96.0.1`). */
  sans?: string[];
  isCA?: boolean;
}

const BEGIN = '-----BEGIN CERTIFICATE-----';
const END = '-----END CERTIFICATE-----';

/** The certificate's simulated DER: the bytes its PEM block encodes (what a fingerprint is taken over). */
export function certificateDer(cert: Certificate): Buffer {
  return Buffer.from(JSON.stringify({ kd: 1, ...cert }));
}

/** Encodes a certificate as a PEM block (base64 in 64-column lines, like the real thing). */
export function encodeCertificate(cert: Certificate): string {
  const body = certificateDer(cert).toString('base64');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `${BEGIN}\n${lines.join('\n')}\n${END}\n`;
}

// Components re-read the same certificate files on every request; decoding is memoized by text.
// A decoded certificate is shared by every reader, so it is frozen: a change is a new certificate.
const decoded = new Map<string, Certificate | undefined>();

/** Decodes the first certificate of a PEM text (a frozen, shared value); undefined when there is none. */
export function decodeCertificate(pem: string): Certificate | undefined {
  if (decoded.has(pem)) return decoded.get(pem);
  if (decoded.size > 1000) decoded.clear();
  const c = decodeUncached(pem);
  decoded.set(pem, c && deepFreeze(c));
  return c;
}

function decodeUncached(pem: string): Certificate | undefined {
  const start = pem.indexOf(BEGIN);
  const end = pem.indexOf(END, start);
  if (start < 0 || end < 0) return undefined;
  try {
    const json = JSON.parse(Buffer.from(pem.slice(start + BEGIN.length, end).replace(/\s+/g, ''), 'base64').toString('utf8'));
    if (json.kd !== 1) return undefined;
    delete json.kd;
    return json as Certificate;
  } catch {
    return undefined;
  }
}

/** A private key placeholder (what sits beside a certificate in a `.pem` bundle). */
export function privateKeyBlock(seedHex: string): string {
  const body = Buffer.from(`kubedrill-simulated-key-${seedHex}`).toString('base64');
  return `-----BEGIN EC PRIVATE KEY-----\n${body}\n-----END EC PRIVATE KEY-----\n`;
}
