/**
 * `openssl x509 -text`: the X509_print_ex dump of OpenSSL 3.0
 * (openssl/openssl crypto/x509/t_x509.c, crypto/x509/v3_*.c for extensions).
 * Key material and signatures are derived from the certificate's serial, so
 * they look real and stay stable.
 */
import type { Certificate } from '../../cluster/host/certs.js';
import { certificateProfile, derivedBytes, distinguishedName, hexDump, opensslDate, serialBytes, usesEcdsaKey } from './format.js';

/** The Subject Public Key Info block (RSA 2048 or ECDSA P-256), indented as t_x509.c does. */
function publicKeyInfo(cert: Certificate): string[] {
  if (usesEcdsaKey(cert)) {
    const point = [4, ...derivedBytes(`pub:${cert.serial}`, 64)];
    return [
      '            Public Key Algorithm: id-ecPublicKey',
      '                Public-Key: (256 bit)',
      '                pub:',
      hexDump(point, 15, '                    '),
      '                ASN1 OID: prime256v1',
      '                NIST CURVE: P-256',
    ];
  }
  // A 2048-bit modulus prints as 257 bytes: a leading 00 keeps it positive.
  const modulus = derivedBytes(`mod:${cert.serial}`, 256);
  modulus[0] |= 0x80;
  return [
    '            Public Key Algorithm: rsaEncryption',
    '                Public-Key: (2048 bit)',
    '                Modulus:',
    hexDump([0, ...modulus], 15, '                    '),
    '                Exponent: 65537 (0x10001)',
  ];
}

/** Key identifiers print as upper-case colon-separated hex (v3_skid.c i2s_ASN1_OCTET_STRING). */
function keyId(seed: string): string {
  return derivedBytes(seed, 20)
    .map((b) => b.toString(16).padStart(2, '0').toUpperCase())
    .join(':');
}

/** X509v3 extensions as kubeadm (pkiutil) and the kube-controller-manager signer set them. */
function extensions(cert: Certificate): string[] {
  const profile = certificateProfile(cert);
  const out = ['        X509v3 extensions:'];
  const ext = (name: string, critical: boolean, value: string) => {
    out.push(`            ${name}: ${critical ? 'critical' : ''}`);
    out.push(`                ${value}`);
  };
  if (profile === 'ca') {
    ext('X509v3 Key Usage', true, 'Digital Signature, Key Encipherment, Certificate Sign');
    ext('X509v3 Basic Constraints', true, 'CA:TRUE');
    ext('X509v3 Subject Key Identifier', false, keyId(`ski:${cert.subject.CN}`));
  } else {
    ext('X509v3 Key Usage', true, usesEcdsaKey(cert) ? 'Digital Signature' : 'Digital Signature, Key Encipherment');
    const eku = profile === 'server' ? 'TLS Web Server Authentication' : profile === 'peer' ? 'TLS Web Server Authentication, TLS Web Client Authentication' : 'TLS Web Client Authentication';
    ext('X509v3 Extended Key Usage', false, eku);
    ext('X509v3 Basic Constraints', true, 'CA:FALSE');
    if (cert.issuer.CN !== cert.subject.CN) ext('X509v3 Authority Key Identifier', false, keyId(`ski:${cert.issuer.CN}`));
  }
  if (cert.sans && cert.sans.length) ext('X509v3 Subject Alternative Name', false, cert.sans.join(', '));
  return out;
}

/** The whole `Certificate:` dump, newline-terminated. */
export function certificateText(cert: Certificate): string {
  const lines = [
    'Certificate:',
    '    Data:',
    '        Version: 3 (0x2)',
    // Serials longer than a long print as a hex dump on their own line.
    '        Serial Number:',
    hexDump(serialBytes(cert), 16, '            '),
    '        Signature Algorithm: sha256WithRSAEncryption',
    `        Issuer: ${distinguishedName(cert.issuer)}`,
    '        Validity',
    `            Not Before: ${opensslDate(cert.notBefore)}`,
    `            Not After : ${opensslDate(cert.notAfter)}`,
    `        Subject: ${distinguishedName(cert.subject)}`,
    '        Subject Public Key Info:',
    ...publicKeyInfo(cert),
    ...extensions(cert),
    '    Signature Algorithm: sha256WithRSAEncryption',
    '    Signature Value:',
    hexDump(derivedBytes(`sig:${cert.serial}`, 256), 18, '        '),
  ];
  return lines.join('\n') + '\n';
}
