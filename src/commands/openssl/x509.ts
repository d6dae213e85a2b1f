/**
 * `openssl x509`: reads one certificate (from -in FILE or stdin) and prints
 * the fields asked for, in the order the options were given, as OpenSSL 3.0
 * apps/x509.c does. `-checkend N` answers whether notAfter falls within N
 * seconds of the host's clock (exit 1 when it does).
 */
import { createHash } from 'node:crypto';
import type { CommandContext, ExecResult } from '../types.js';
import { certificateDer, decodeCertificate, encodeCertificate, type Certificate } from '../../cluster/host/certs.js';
import { readHostFile } from '../text/lib/file-access.js';
import { WORKSTATION } from '../registry.js';
import { certificateText } from './x509-text.js';
import { distinguishedName, opensslDate } from './format.js';

/** The per-thread prefix OpenSSL puts on error-queue lines (a fixed value: stable transcripts). */
const ERR_PREFIX = '40F7B3C1E67F0000';

/** Options that print something, in command-line order. */
type PrintOption = { kind: 'subject' | 'issuer' | 'dates' | 'startdate' | 'enddate' | 'serial' | 'text' | 'fingerprint' } | { kind: 'ext'; names: string[] };

/** Options that take a value (apps/x509.c x509_options). */
const WITH_VALUE = new Set(['in', 'out', 'inform', 'outform', 'keyform', 'passin', 'nameopt', 'certopt', 'checkend', 'ext', 'CA', 'CAkey', 'signkey', 'days', 'set_serial', 'addtrust', 'addreject', 'setalias', 'req', 'extfile', 'extensions', 'sigopt', 'vfyopt', 'checkhost', 'checkemail', 'checkip', 'engine', 'rand', 'writerand', 'provider', 'provider-path', 'propquery', 'key', 'subj', 'force_pubkey', 'copy_extensions']);
/** Flags without a value this command accepts (and ignores when they do not change the output). */
const FLAGS = new Set(['noout', 'subject', 'issuer', 'dates', 'startdate', 'enddate', 'serial', 'text', 'fingerprint', 'hash', 'subject_hash', 'issuer_hash', 'email', 'purpose', 'pubkey', 'modulus', 'ocspid', 'ocsp_uri', 'alias', 'trustout', 'clrtrust', 'clrreject', 'nocert', 'ext', 'x509toreq', 'preserve_dates', 'badsig', 'new']);

/** Digests EVP_MD_fetch finds in the default provider (and Node's crypto has too), matched case-insensitively. */
const DIGESTS = new Set(['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha512-224', 'sha512-256', 'sha3-224', 'sha3-256', 'sha3-384', 'sha3-512']);

/** "Now" on the host the command runs on (a node's clock may be skewed). */
function hostNow(ctx: CommandContext): number {
  if (ctx.host === WORKSTATION) return ctx.cluster.now();
  return ctx.cluster.node?.(ctx.host)?.host.now() ?? ctx.cluster.now();
}

/** OpenSSL's opt_next: `-foo` and `--foo` are the same option. */
function optionName(arg: string): string | undefined {
  if (!arg.startsWith('-') || arg === '-') return undefined;
  return arg.replace(/^--?/, '');
}

/** Runs `openssl x509 ARGS`. */
export function runX509(args: readonly string[], ctx: CommandContext): ExecResult {
  let input: string | undefined;
  let noout = false;
  let checkend: number | undefined;
  // The digest -fingerprint uses, as typed (`-sha256` prints `sha256 Fingerprint=`); SHA1 when none is given.
  let digest = 'SHA1';
  const prints: PrintOption[] = [];
  for (let i = 0; i < args.length; i++) {
    const raw = args[i];
    const name = optionName(raw);
    if (name === undefined) return { stdout: '', stderr: `x509: Extra option: "${raw}"\nx509: Use -help for summary.\n`, exitCode: 1 };
    if (name === 'help') return { stdout: '', stderr: 'Usage: x509 [options]\n', exitCode: 0 };
    if (WITH_VALUE.has(name)) {
      const value = args[i + 1];
      if (value === undefined) return { stdout: '', stderr: `x509: Option -${name} needs a value\nx509: Use -help for summary.\n`, exitCode: 1 };
      i++;
      if (name === 'in') input = value;
      else if (name === 'ext') prints.push({ kind: 'ext', names: value.split(',').map((s) => s.trim()) });
      else if (name === 'checkend') {
        if (!/^-?\d+$/.test(value)) return { stdout: '', stderr: `x509: Invalid number "${value}" for option -checkend\nx509: Use -help for summary.\n`, exitCode: 1 };
        checkend = Number(value);
      }
      continue;
    }
    // x509's options end in {"", OPT_MD}: any other name is taken as a digest's (opt_unknown), looked up only when used.
    if (!FLAGS.has(name)) {
      digest = name;
      continue;
    }
    if (name === 'noout') noout = true;
    else if (name === 'subject' || name === 'issuer' || name === 'dates' || name === 'startdate' || name === 'enddate' || name === 'serial' || name === 'text' || name === 'fingerprint') prints.push({ kind: name });
  }

  const loaded = loadCertificate(ctx, input);
  if ('error' in loaded) return { stdout: '', stderr: loaded.error, exitCode: 1 };
  const cert = loaded.cert;
  let out = '';
  for (const p of prints) {
    if (p.kind === 'fingerprint' && !DIGESTS.has(digest.toLowerCase())) {
      // EVP_MD_fetch fails: the message, then the error queue (Ubuntu 22.04's OpenSSL 3.0.2 line numbers).
      const error = `Unknown digest\n${ERR_PREFIX}:error:0308010C:digital envelope routines:inner_evp_generic_fetch:unsupported:../crypto/evp/evp_fetch.c:349:Global default library context, Algorithm (${digest} : 0), Properties (<null>)\n`;
      return { stdout: out, stderr: error, exitCode: 1 };
    }
    out += printOption(cert, p, digest);
  }
  if (checkend !== undefined) {
    const expires = cert.notAfter < hostNow(ctx) + checkend * 1000;
    out += expires ? 'Certificate will expire\n' : 'Certificate will not expire\n';
    return { stdout: out, stderr: '', exitCode: expires ? 1 : 0 };
  }
  if (!noout) out += encodeCertificate(cert);
  return { stdout: out, stderr: '', exitCode: 0 };
}

function printOption(cert: Certificate, p: PrintOption, digest: string): string {
  switch (p.kind) {
    case 'subject':
      return `subject=${distinguishedName(cert.subject)}\n`;
    case 'issuer':
      return `issuer=${distinguishedName(cert.issuer)}\n`;
    case 'dates':
      return `notBefore=${opensslDate(cert.notBefore)}\nnotAfter=${opensslDate(cert.notAfter)}\n`;
    case 'startdate':
      return `notBefore=${opensslDate(cert.notBefore)}\n`;
    case 'enddate':
      return `notAfter=${opensslDate(cert.notAfter)}\n`;
    case 'serial':
      return `serial=${cert.serial.toUpperCase()}\n`;
    case 'fingerprint': {
      // apps/x509.c: X509_digest over the DER, `%02X` bytes joined by colons, after the digest's name as given.
      const hex = createHash(digest.toLowerCase()).update(certificateDer(cert)).digest('hex').toUpperCase();
      return `${digest} Fingerprint=${hex.match(/../g)!.join(':')}\n`;
    }
    case 'text':
      return certificateText(cert);
    case 'ext':
      // print_x509v3_exts: each requested extension that exists, header line ending in a space.
      return p.names.includes('subjectAltName') && cert.sans?.length ? `X509v3 Subject Alternative Name: \n    ${cert.sans.join(', ')}\n` : '';
  }
}

/**
 * Loads the certificate like apps/lib/apps.c load_cert_pass: a missing file
 * fails in the OSSL_STORE file loader, a file without a certificate fails to read.
 */
function loadCertificate(ctx: CommandContext, path: string | undefined): { cert: Certificate } | { error: string } {
  const uri = path ?? '<stdin>';
  const text = path === undefined ? ctx.stdin : readHostFile(ctx, path);
  if (text === undefined) {
    return {
      error:
        `Could not open file or uri for loading certificate from ${uri}\n` +
        `${ERR_PREFIX}:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n` +
        `${ERR_PREFIX}:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:267:calling stat(${uri})\n` +
        'Unable to load certificate\n',
    };
  }
  const cert = decodeCertificate(text);
  if (!cert) return { error: `Could not read certificate from ${uri}\nUnable to load certificate\n` };
  return { cert };
}
