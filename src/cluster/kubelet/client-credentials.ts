/**
 * The kubelet's client credentials at start-up, as a kubeadm node has them
 * (--kubeconfig=/etc/kubernetes/kubelet.conf, --bootstrap-kubeconfig=
 * /etc/kubernetes/bootstrap-kubelet.conf, rotateCertificates: true):
 * pkg/kubelet/certificate/bootstrap/bootstrap.go LoadClientConfig checks the
 * kubeconfig's certificate against the host clock, then the certificate
 * manager's file store (/var/lib/kubelet/pki/kubelet-client-current.pem)
 * supplies the certificate the kubelet presents, falling back to the
 * kubeconfig's certificate when the stored one is expired
 * (client-go util/certificate getCurrentCertificateOrBootstrap).
 */
import yaml from 'js-yaml';
import type { VirtualFs } from '../host/vfs.js';
import { decodeCertificate, encodeCertificate, type Certificate } from '../host/certs.js';
import { goTimeString } from './go-text.js';
import { LruCache } from '../client/lru.js';

type Obj = Record<string, any>;

/** kubeadm's kubelet kubeconfig. */
export const KUBELET_KUBECONFIG = '/etc/kubernetes/kubelet.conf';
/** kubeadm's bootstrap kubeconfig (deleted once the node has joined). */
export const BOOTSTRAP_KUBECONFIG = '/etc/kubernetes/bootstrap-kubelet.conf';
/** The certificate manager's store directory (--cert-dir). */
export const CERT_DIR = '/var/lib/kubelet/pki';
/** The store's pointer to the newest pair. */
export const CURRENT_PEM = `${CERT_DIR}/kubelet-client-current.pem`;

/** A log line the start-up produced (klog severity, source file:line, message). */
export interface StartupLog {
  severity: 'I' | 'W' | 'E';
  source: string;
  message: string;
}

/** The kubeconfig's client certificate, or why it could not be read. */
export type KubeconfigCert = { ok: true; cert: Certificate; pem: string } | { ok: false; missing: boolean; error: string };

/** Reads the client certificate of a kubeconfig (`client-certificate` path or `client-certificate-data`). */
export function kubeconfigCertificate(fs: VirtualFs, path: string): KubeconfigCert {
  const text = fs.read(path);
  if (text === undefined) return { ok: false, missing: true, error: `stat ${path}: no such file or directory` };
  const user = kubeconfigUser(text);
  if ('yamlErrorLine' in user) {
    return { ok: false, missing: false, error: `unable to read existing bootstrap client config from ${path}: error loading config file "${path}": yaml: line ${user.yamlErrorLine}: did not find expected key` };
  }
  let pem: string | undefined;
  if ('pem' in user) pem = user.pem;
  else if ('certFile' in user) {
    pem = fs.read(user.certFile);
    if (pem === undefined) return { ok: false, missing: false, error: `unable to load TLS configuration from existing bootstrap client config read from ${path}: open ${user.certFile}: no such file or directory` };
  }
  const cert = pem ? decodeCertificate(pem) : undefined;
  if (!pem || !cert) return { ok: false, missing: false, error: `unable to load TLS certificates from existing bootstrap client config read from ${path}: data does not contain any valid RSA or ECDSA certificates` };
  return { ok: true, cert, pem };
}

/**
 * What a kubeconfig text gives as the current user's client certificate: its
 * embedded PEM, the file it names, or neither; or the line its YAML breaks at.
 */
type KubeconfigUser = { yamlErrorLine: number } | { pem: string } | { certFile: string } | { none: true };

/** Recently read kubeconfig texts: every node's kubelet.conf is the same text, read at each kubelet start. */
const usersByText = new LruCache<KubeconfigUser>(16);

/** {@link KubeconfigUser} of a kubeconfig text, parsed once per text (a pure function of it). */
function kubeconfigUser(text: string): KubeconfigUser {
  let user = usersByText.get(text);
  if (!user) {
    user = parseKubeconfigUser(text);
    usersByText.add(text, user);
  }
  return user;
}

function parseKubeconfigUser(text: string): KubeconfigUser {
  let doc: Obj;
  try {
    doc = (yaml.load(text, { json: true }) ?? {}) as Obj;
  } catch (e) {
    return { yamlErrorLine: ((e as { mark?: { line: number } }).mark?.line ?? 0) + 1 };
  }
  const contextName = doc['current-context'];
  const context = (doc.contexts ?? []).find((c: Obj) => c?.name === contextName)?.context ?? {};
  const user = (doc.users ?? []).find((u: Obj) => u?.name === context.user)?.user ?? (doc.users?.[0]?.user as Obj | undefined) ?? {};
  if (typeof user['client-certificate-data'] === 'string') return { pem: Buffer.from(user['client-certificate-data'], 'base64').toString('utf8') };
  if (typeof user['client-certificate'] === 'string') return { certFile: user['client-certificate'] };
  return { none: true };
}

/** Outcome of loading the client credentials at start. */
export type ClientCertLoad = { ok: true; cert: Certificate; logs: StartupLog[] } | { ok: false; logs: StartupLog[]; error: string };

/**
 * bootstrap.LoadClientConfig plus the certificate manager's initial load,
 * judged by the host clock `hostNow`.
 */
export function loadClientCertificate(fs: VirtualFs, hostNow: number): ClientCertLoad {
  const logs: StartupLog[] = [];
  const kc = kubeconfigCertificate(fs, KUBELET_KUBECONFIG);
  let valid = false;
  if (kc.ok) {
    // isClientConfigStillValid: every certificate must still be valid by time.Now().
    if (hostNow > kc.cert.notAfter) logs.push(unhandled('bootstrap.go:266', `part of the existing bootstrap client certificate in ${KUBELET_KUBECONFIG} is expired: ${goTimeString(kc.cert.notAfter)}`));
    else valid = true;
  } else if (!kc.missing) logs.push(unhandled('bootstrap.go:247', kc.error));
  if (!valid) {
    // A joined kubeadm node has no bootstrap kubeconfig left, so loading it fails. (TLS bootstrap
    // with a token is not simulated: a bootstrap kubeconfig, if present, is treated as unusable.)
    return { ok: false, logs, error: `failed to run Kubelet: unable to load bootstrap kubeconfig: stat ${BOOTSTRAP_KUBECONFIG}: no such file or directory` };
  }
  const stored = fs.read(CURRENT_PEM);
  const storedCert = stored ? decodeCertificate(stored) : undefined;
  if (storedCert && hostNow <= storedCert.notAfter) return { ok: true, cert: storedCert, logs };
  // The stored pair is missing or expired: the kubeconfig's certificate becomes the current one (store.Update).
  const cert = (kc as { cert: Certificate }).cert;
  storeCertificate(fs, cert, (kc as { pem: string }).pem, hostNow);
  return { ok: true, cert, logs };
}

/**
 * certificate.FileStore.Update: writes `kubelet-client-<host time>.pem` and
 * points kubelet-client-current.pem at it.
 */
export function storeCertificate(fs: VirtualFs, cert: Certificate, pem: string, hostNow: number): string {
  const stamp = new Date(hostNow).toISOString().slice(0, 19).replace(/[T:]/g, '-');
  const file = `${CERT_DIR}/kubelet-client-${stamp}.pem`;
  const key = pem.includes('PRIVATE KEY') ? '' : `-----BEGIN EC PRIVATE KEY-----\n${Buffer.from(`kubedrill-simulated-key-${cert.serial.slice(0, 16)}`).toString('base64')}\n-----END EC PRIVATE KEY-----\n`;
  fs.write(file, encodeCertificate(cert) + (pem.includes('PRIVATE KEY') ? pem.slice(pem.indexOf('-----BEGIN', pem.indexOf('-----END CERTIFICATE-----'))) : key), { mode: 0o600, mtime: hostNow });
  // client-go certificate_store.go updateSymlink: kubelet-client-current.pem -> the dated file (its full path).
  fs.symlink(file, CURRENT_PEM, { mtime: hostNow });
  return file;
}

function unhandled(source: string, err: string): StartupLog {
  // client-go ≥1.31 runtime.HandleError logs "Unhandled Error" err=... (reference §6.1).
  return { severity: 'E', source, message: `"Unhandled Error" err=${JSON.stringify(err)}` };
}
