/**
 * `kubeadm certs check-expiration` and `kubeadm certs renew <name|all>`
 * (kubernetes/kubernetes cmd/kubeadm/app/cmd/certs.go: getInternalCfg,
 * certTextPrinter, renewCert). Certificates are read from and written to the
 * node's filesystem; the expiry is judged by the node's clock.
 */
import type { NodeHost } from '../../cluster/host/node-host.js';
import type { ClusterView } from '../types.js';
import { Random } from '../../cluster/clock/random.js';
import { tabwrite } from '../kubectl/output/tabwriter.js';
import { shortHumanDuration } from '../kubectl/output/duration.js';
import { KUBEADM_CAS, KUBEADM_CERTS, issueKubeadmCert, kubeconfigCertificate, readCa, readKubeadmCert } from '../../cluster/bootstrap/kubeadm-pki.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Go layout `Jan 02, 2006 15:04 MST` in UTC (nodes run in UTC). */
export function kubeadmDate(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())}, ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/**
 * getInternalCfg's preamble: with a usable admin.conf kubeadm reads the
 * kubeadm-config ConfigMap (configutil.FetchInitConfigurationFromCluster, the
 * v1.32 wording); when that fails it falls back to defaults; without
 * admin.conf it prints nothing.
 */
export function readConfigPreamble(host: NodeHost, cluster: ClusterView, prefix: string): string {
  const admin = kubeconfigCertificate(host.fs, host.fs.read('/etc/kubernetes/admin.conf'));
  if (!admin) return '';
  const lines = `[${prefix}] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...\n[${prefix}] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.\n`;
  const now = host.now();
  const valid = now >= admin.notBefore && now <= admin.notAfter && cluster.adminClient().get('namespaces', undefined, 'kube-system').ok;
  return valid ? `${lines}\n` : `${lines}[${prefix}] Error reading configuration from the Cluster. Falling back to default configuration\n\n`;
}

/** `kubeadm certs check-expiration`: the certTextPrinter tables (tabwriter 10, 4, 3). */
export function checkExpiration(host: NodeHost, cluster: ClusterView): string {
  const now = host.now();
  let table = 'CERTIFICATE\tEXPIRES\tRESIDUAL TIME\tCERTIFICATE AUTHORITY\tEXTERNALLY MANAGED\n';
  for (const c of KUBEADM_CERTS) {
    const cert = readKubeadmCert(host.fs, c);
    if (!cert) {
      table += `!MISSING! ${c.name}\t\t\t\t\n`;
      continue;
    }
    table += `${c.name}\t${kubeadmDate(cert.notAfter)}\t${shortHumanDuration(cert.notAfter - now)}\t${c.ca}\t${'no'.padEnd(8)}\n`;
  }
  table += '\nCERTIFICATE AUTHORITY\tEXPIRES\tRESIDUAL TIME\tEXTERNALLY MANAGED\n';
  for (const ca of KUBEADM_CAS) {
    const cert = readCa(host.fs, ca);
    if (!cert) {
      table += `!MISSING! ${ca.name}\t\t\t\n`;
      continue;
    }
    // A CA whose key is absent is managed outside kubeadm (external CA mode).
    const external = !host.fs.exists(`${ca.file}.key`);
    table += `${ca.name}\t${kubeadmDate(cert.notAfter)}\t${shortHumanDuration(cert.notAfter - now)}\t${(external ? 'yes' : 'no').padEnd(8)}\n`;
  }
  return readConfigPreamble(host, cluster, 'check-expiration') + tabwrite(table, { minwidth: 10, tabwidth: 4, padding: 3 });
}

/** What renew produced. */
export interface RenewResult {
  stdout: string;
  error?: string;
}

/** A random source for renewals: seeded from the host and its clock, so a transcript replays identically. */
function renewalRandom(host: NodeHost): Random {
  let seed = Math.floor(host.now() / 1000) >>> 0;
  for (const c of host.name) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) >>> 0;
  return new Random(seed);
}

/** Renews one certificate (renewCert): `MISSING!`, external CA, or `<LongName> renewed`. */
function renewOne(host: NodeHost, name: string, random: Random): string {
  const c = KUBEADM_CERTS.find((x) => x.name === name)!;
  if (!readKubeadmCert(host.fs, c)) return `MISSING! ${c.longName}\n`;
  const ca = KUBEADM_CAS.find((x) => x.name === c.ca)!;
  if (!host.fs.exists(`${ca.file}.key`)) return `Detected external ${ca.name}, ${c.longName} can't be renewed\n`;
  issueKubeadmCert(host, c, host.now(), random);
  return `${c.longName} renewed\n`;
}

/** `kubeadm certs renew <name|all>`. */
export function renew(host: NodeHost, cluster: ClusterView, target: string): RenewResult {
  const random = renewalRandom(host);
  const preamble = readConfigPreamble(host, cluster, 'renew');
  if (target === 'all') {
    let out = preamble;
    for (const c of KUBEADM_CERTS) out += renewOne(host, c.name, random);
    out += '\nDone renewing certificates. You must restart the kube-apiserver, kube-controller-manager, kube-scheduler and etcd, so that they can use the new certificates.\n';
    return { stdout: out };
  }
  return { stdout: preamble + renewOne(host, target, random) };
}

/** Names `kubeadm certs renew` accepts. */
export const RENEWABLE = ['all', ...KUBEADM_CERTS.map((c) => c.name)];
