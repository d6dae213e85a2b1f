/**
 * The certificates kubeadm manages on a control-plane node
 * (cmd/kubeadm/app/phases/certs/certlist.go, phases/kubeconfig): where each
 * lives, who issued it, its subject and SANs; how to read, issue and write
 * them; and seedControlPlanePki, which lays down the files `kubeadm init`
 * creates that node bootstrap does not (yet) seed.
 */
import yaml from 'js-yaml';
import type { NodeHost } from '../host/node-host.js';
import type { VirtualFs } from '../host/vfs.js';
import { Random } from '../clock/random.js';
import { decodeCertificate, encodeCertificate, type Certificate } from '../host/certs.js';

/** kubeadm's default certificate validity (constants.CertificateValidityPeriod, 8760h). */
export const CERT_VALIDITY_MS = 365 * 86_400_000;
/** kubeadm's CA validity (constants.CACertificateValidityPeriod, 10 years). */
export const CA_VALIDITY_MS = 10 * 365 * 86_400_000;
/**
 * kubeadm backdates NotBefore of every certificate it makes, CAs and leaves, new or renewed
 * (constants.CertificateBackdate, 5 minutes; phases/certs/certlist.go GetConfig, renewal/manager.go);
 * NotAfter counts from the time it ran.
 */
export const CERT_BACKDATE_MS = 5 * 60_000;
const PKI = '/etc/kubernetes/pki';

/** One of kubeadm's certificate authorities. */
export interface KubeadmCa {
  readonly name: 'ca' | 'etcd-ca' | 'front-proxy-ca';
  readonly file: string;
  readonly commonName: string;
}

/** The CAs, in check-expiration order. */
export const KUBEADM_CAS: readonly KubeadmCa[] = [
  { name: 'ca', file: `${PKI}/ca`, commonName: 'kubernetes' },
  { name: 'etcd-ca', file: `${PKI}/etcd/ca`, commonName: 'etcd-ca' },
  { name: 'front-proxy-ca', file: `${PKI}/front-proxy-ca`, commonName: 'front-proxy-ca' },
];

/** One certificate the renewal manager handles (renewal/manager.go CertificateRenewHandler). */
export interface KubeadmCert {
  /** The name `kubeadm certs renew` takes. */
  readonly name: string;
  /** The LongName printed by renew (`certificate for serving the Kubernetes API`). */
  readonly longName: string;
  readonly ca: KubeadmCa['name'];
  /** A .crt/.key pair (path without extension) or a kubeconfig file with embedded data. */
  readonly file: { kind: 'pki'; base: string } | { kind: 'kubeconfig'; path: string; user: string };
  readonly subject: (node: string) => Certificate['subject'];
  readonly sans?: (node: string, ip: string) => string[];
}

const kubeconfigCert = (name: string, longName: string, user: string, subject: Certificate['subject']): KubeadmCert => ({
  name,
  longName,
  ca: 'ca',
  file: { kind: 'kubeconfig', path: `/etc/kubernetes/${name}`, user },
  subject: () => subject,
});

const etcdSans = (node: string, ip: string) => [`DNS:localhost`, `DNS:${node}`, `IP Address:${ip}`, 'IP Address:127.0.0.1', 'IP Address:0:0:0:0:0:0:0:1'];

/** Every certificate kubeadm renews, in the renewal manager's (sorted) order. */
export const KUBEADM_CERTS: readonly KubeadmCert[] = [
  kubeconfigCert('admin.conf', 'certificate embedded in the kubeconfig file for the admin to use and for kubeadm itself', 'kubernetes-admin', { CN: 'kubernetes-admin', O: ['kubeadm:cluster-admins'] }),
  {
    name: 'apiserver',
    longName: 'certificate for serving the Kubernetes API',
    ca: 'ca',
    file: { kind: 'pki', base: `${PKI}/apiserver` },
    subject: () => ({ CN: 'kube-apiserver' }),
    sans: (node, ip) => [`DNS:kubernetes`, 'DNS:kubernetes.default', 'DNS:kubernetes.default.svc', 'DNS:kubernetes.default.svc.cluster.local', `DNS:${node}`, 'IP Address:10.96.0.1', `IP Address:${ip}`],
  },
  { name: 'apiserver-etcd-client', longName: 'certificate the apiserver uses to access etcd', ca: 'etcd-ca', file: { kind: 'pki', base: `${PKI}/apiserver-etcd-client` }, subject: () => ({ CN: 'kube-apiserver-etcd-client' }) },
  { name: 'apiserver-kubelet-client', longName: 'certificate for the API server to connect to kubelet', ca: 'ca', file: { kind: 'pki', base: `${PKI}/apiserver-kubelet-client` }, subject: () => ({ CN: 'kube-apiserver-kubelet-client', O: ['kubeadm:cluster-admins'] }) },
  kubeconfigCert('controller-manager.conf', 'certificate embedded in the kubeconfig file for the controller manager to use', 'system:kube-controller-manager', { CN: 'system:kube-controller-manager' }),
  { name: 'etcd-healthcheck-client', longName: 'certificate for liveness probes to healthcheck etcd', ca: 'etcd-ca', file: { kind: 'pki', base: `${PKI}/etcd/healthcheck-client` }, subject: () => ({ CN: 'kube-etcd-healthcheck-client' }) },
  { name: 'etcd-peer', longName: 'certificate for etcd nodes to communicate with each other', ca: 'etcd-ca', file: { kind: 'pki', base: `${PKI}/etcd/peer` }, subject: (node) => ({ CN: node }), sans: etcdSans },
  { name: 'etcd-server', longName: 'certificate for serving etcd', ca: 'etcd-ca', file: { kind: 'pki', base: `${PKI}/etcd/server` }, subject: (node) => ({ CN: node }), sans: etcdSans },
  { name: 'front-proxy-client', longName: 'certificate for the front proxy client', ca: 'front-proxy-ca', file: { kind: 'pki', base: `${PKI}/front-proxy-client` }, subject: () => ({ CN: 'front-proxy-client' }) },
  kubeconfigCert('scheduler.conf', 'certificate embedded in the kubeconfig file for the scheduler manager to use', 'system:kube-scheduler', { CN: 'system:kube-scheduler' }),
  kubeconfigCert('super-admin.conf', 'certificate embedded in the kubeconfig file for the super-admin', 'kubernetes-super-admin', { CN: 'kubernetes-super-admin', O: ['system:masters'] }),
];

/** An RSA private key placeholder in the PEM shape kubeadm writes (pkiutil.WriteKey). */
export function rsaKeyBlock(random: Random): string {
  const body = Buffer.from(`kubedrill-simulated-rsa-key-${random.hex(32)}`).toString('base64');
  return `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----\n`;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A kubeconfig with embedded client credentials, as kubeadm's kubeconfigutil writes it. */
export function embeddedKubeconfig(server: string, caPem: string, user: string, certPem: string, keyPem: string): string {
  return yaml.dump(
    {
      apiVersion: 'v1',
      clusters: [{ cluster: { 'certificate-authority-data': b64(caPem), server }, name: 'kubernetes' }],
      contexts: [{ context: { cluster: 'kubernetes', user }, name: `${user}@kubernetes` }],
      'current-context': `${user}@kubernetes`,
      kind: 'Config',
      preferences: {},
      users: [{ name: user, user: { 'client-certificate-data': b64(certPem), 'client-key-data': b64(keyPem) } }],
    },
    // sigs.k8s.io/yaml (go-yaml) does not indent sequences inside mappings.
    { lineWidth: -1, noArrayIndent: true },
  );
}

/** The client certificate of a kubeconfig: embedded data or a referenced file. */
export function kubeconfigCertificate(fs: VirtualFs, text: string | undefined): Certificate | undefined {
  if (text === undefined) return undefined;
  try {
    const doc = yaml.load(text) as { users?: { user?: Record<string, string> }[] };
    const user = doc?.users?.[0]?.user ?? {};
    if (user['client-certificate-data']) return decodeCertificate(Buffer.from(user['client-certificate-data'], 'base64').toString('utf8'));
    if (user['client-certificate']) return decodeCertificate(fs.read(user['client-certificate']) ?? '');
  } catch {
    return undefined;
  }
  return undefined;
}

/** Reads a managed certificate; undefined when its file is missing (the `!MISSING!` row). */
export function readKubeadmCert(fs: VirtualFs, cert: KubeadmCert): Certificate | undefined {
  if (cert.file.kind === 'pki') return decodeCertificate(fs.read(`${cert.file.base}.crt`) ?? '');
  return kubeconfigCertificate(fs, fs.read(cert.file.path));
}

/** Reads a CA certificate. */
export function readCa(fs: VirtualFs, ca: KubeadmCa): Certificate | undefined {
  return decodeCertificate(fs.read(`${ca.file}.crt`) ?? '');
}

/** The `host:port` of a kubeconfig's `server: https://host:port`, if it has one. */
function kubeconfigServerOf(text: string | undefined): string | undefined {
  return /server:\s*https:\/\/(\S+)/.exec(text ?? '')?.[1];
}

/**
 * Issues (or renews) one managed certificate from its CA, as kubeadm 1.32 does
 * (certlist.go GetConfig, renewal/manager.go RenewUsingLocalCA): NotBefore the
 * CA's, NotAfter one validity period (a year) after `now` (unless
 * `fresh.notAfter` says otherwise). Returns the certificate, or
 * undefined when its CA is missing. A renewal keeps what the old certificate or file had beyond its dates and key
 * (renewal/manager.go RenewUsingLocalCA builds the new one from certToConfig):
 * the SANs, and a kubeconfig's server. A new one has the certificate's own
 * SANs plus `extraSans`, and a kubeconfig names `server` (`host:port`),
 * default the node's own API server.
 */
export function issueKubeadmCert(host: NodeHost, cert: KubeadmCert, now: number, random: Random, fresh: { server?: string; extraSans?: readonly string[]; notAfter?: number } = {}): Certificate | undefined {
  const server = fresh.server;
  const fs = host.fs;
  const ca = KUBEADM_CAS.find((c) => c.name === cert.ca)!;
  const caCert = readCa(fs, ca);
  if (!caCert) return undefined;
  // pkiutil.NewSignedCert (kubeadm 1.32, used by init and by `certs renew`'s FileRenewer alike):
  // NotBefore is the CA's NotBefore, NotAfter one CertificateValidityPeriod from the signing.
  const issued: Certificate = { serial: random.hex(16), subject: cert.subject(host.name), issuer: { CN: caCert.subject.CN }, notBefore: caCert.notBefore, notAfter: fresh.notAfter ?? now + CERT_VALIDITY_MS };
  const old = cert.file.kind === 'pki' ? decodeCertificate(fs.read(`${cert.file.base}.crt`) ?? '') : undefined;
  const own = cert.sans?.(host.name, host.ip);
  const sans = old?.sans ?? (own || fresh.extraSans?.length ? [...(own ?? []), ...(fresh.extraSans ?? [])] : undefined);
  if (sans) issued.sans = sans;
  const pem = encodeCertificate(issued);
  const key = rsaKeyBlock(random);
  if (cert.file.kind === 'pki') {
    fs.write(`${cert.file.base}.crt`, pem, { mode: 0o644, mtime: now });
    fs.write(`${cert.file.base}.key`, key, { mode: 0o600, mtime: now });
  } else {
    const target = server ?? kubeconfigServerOf(fs.read(cert.file.path)) ?? `${host.ip}:6443`;
    fs.write(cert.file.path, embeddedKubeconfig(`https://${target}`, fs.read(`${KUBEADM_CAS[0].file}.crt`) ?? '', cert.file.user, pem, key), { mode: 0o600, mtime: now });
  }
  return issued;
}

/** Options of seedControlPlanePki. */
export interface SeedPkiOptions {
  /** When the leaf certificates were (last) issued; defaults to `createdAt` (`kubeadm init`). */
  issuedAt?: number;
  /**
   * kubeadm's controlPlaneEndpoint (`host:port`, an HA control plane's load
   * balancer): admin.conf and super-admin.conf name it, while
   * controller-manager.conf and scheduler.conf name the local API server
   * (phases/kubeconfig/kubeconfig.go getKubeConfigSpecsBase). Default: the node's own.
   */
  controlPlaneEndpoint?: string;
}

/** The kubeconfigs kubeadm points at the control-plane endpoint rather than the local API server. */
const ENDPOINT_KUBECONFIGS = new Set(['admin.conf', 'super-admin.conf']);

/**
 * Lays down the control-plane PKI `kubeadm init` creates on `host`: the CAs
 * (keeping an existing /etc/kubernetes/pki/ca.crt), their keys, sa.key/sa.pub,
 * every certificate of KUBEADM_CERTS and the admin/super-admin/controller-manager/
 * scheduler kubeconfigs. Files that exist are left alone.
 */
export function seedControlPlanePki(host: NodeHost, createdAt: number, random: Random, options: SeedPkiOptions = {}): void {
  const fs = host.fs;
  const issuedAt = options.issuedAt ?? createdAt;
  for (const ca of KUBEADM_CAS) {
    if (!fs.exists(`${ca.file}.crt`)) {
      const cert: Certificate = { serial: random.hex(16), subject: { CN: ca.commonName }, issuer: { CN: ca.commonName }, notBefore: createdAt - CERT_BACKDATE_MS, notAfter: createdAt + CA_VALIDITY_MS, isCA: true };
      fs.write(`${ca.file}.crt`, encodeCertificate(cert), { mode: 0o644, mtime: createdAt });
    }
    if (!fs.exists(`${ca.file}.key`)) fs.write(`${ca.file}.key`, rsaKeyBlock(random), { mode: 0o600, mtime: createdAt });
  }
  if (!fs.exists(`${PKI}/sa.key`)) fs.write(`${PKI}/sa.key`, rsaKeyBlock(random), { mode: 0o600, mtime: createdAt });
  if (!fs.exists(`${PKI}/sa.pub`)) fs.write(`${PKI}/sa.pub`, `-----BEGIN PUBLIC KEY-----\n${Buffer.from(`kubedrill-sa-${random.hex(16)}`).toString('base64')}\n-----END PUBLIC KEY-----\n`, { mode: 0o600, mtime: createdAt });
  for (const cert of KUBEADM_CERTS) {
    const present = cert.file.kind === 'pki' ? fs.exists(`${cert.file.base}.crt`) : fs.exists(cert.file.path);
    // Renewed or not, a kubeadm leaf certificate carries the CA's NotBefore (NewSignedCert); only NotAfter dates the last renewal.
    const endpoint = options.controlPlaneEndpoint;
    const server = endpoint && ENDPOINT_KUBECONFIGS.has(cert.name) ? endpoint : `${host.ip}:6443`;
    // certs.GetAPIServerAltNames: the controlPlaneEndpoint's address joins the serving certificate's SANs.
    const extraSans = endpoint && cert.name === 'apiserver' ? [`IP Address:${endpoint.replace(/:\d+$/, '')}`] : [];
    if (!present) issueKubeadmCert(host, cert, issuedAt, random, { server, extraSans });
  }
}

/** Is `host` a kubeadm control-plane node (it runs a kube-apiserver static pod)? */
export function isControlPlaneHost(host: NodeHost): boolean {
  return host.fs.exists('/etc/kubernetes/manifests/kube-apiserver.yaml') === 'file';
}

/**
 * Seeds the control-plane PKI on first use when bootstrap did not: only on a
 * control-plane host where no kubeadm leaf certificate exists yet. Certificates
 * are dated from the last anniversary of the cluster CA (kubeadm renews them on
 * every yearly upgrade), so a long-lived cluster's certificates are valid now.
 */
export function ensureControlPlanePki(host: NodeHost): void {
  if (!isControlPlaneHost(host)) return;
  if (host.fs.exists(`${PKI}/apiserver.crt`) || host.fs.exists('/etc/kubernetes/admin.conf')) return;
  const ca = decodeCertificate(host.fs.read(`${PKI}/ca.crt`) ?? '');
  // kubeadm init ran five minutes after the CA's (backdated) NotBefore.
  const createdAt = ca ? ca.notBefore + CERT_BACKDATE_MS : host.now();
  const years = Math.max(0, Math.floor((host.now() - createdAt) / CERT_VALIDITY_MS));
  let seed = 0;
  for (const c of host.name) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) >>> 0;
  seedControlPlanePki(host, createdAt, new Random(seed ^ Math.floor(createdAt / 1000)), { issuedAt: createdAt + years * CERT_VALIDITY_MS });
}
