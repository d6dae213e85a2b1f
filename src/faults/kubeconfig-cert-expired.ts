/**
 * `kubeconfig-cert-expired`: the client certificate kubeadm embedded in a
 * control-plane component's kubeconfig (controller-manager.conf,
 * scheduler.conf) expires at the fault's moment: it was issued a year
 * earlier and never renewed (no `kubeadm upgrade`, no `kubeadm certs renew`).
 * The file on the control-plane node gets that certificate, and the running
 * component, which loaded it at start, holds it: from then on the API server
 * answers its requests with 401 and what the component does about that is
 * its own business (a leader loses its lease and exits).
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { CERT_VALIDITY_MS, KUBEADM_CERTS, issueKubeadmCert, readKubeadmCert } from '../cluster/bootstrap/kubeadm-pki.js';

const KUBECONFIGS = ['controller-manager.conf', 'scheduler.conf'] as const;

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('kubeconfig-cert-expired'),
      node: z.string().min(1).describe('The control-plane node whose kubeconfig it is.'),
      kubeconfig: z.enum(KUBECONFIGS).describe('Which kubeconfig in /etc/kubernetes (its embedded client certificate expires).'),
      since: z.string().optional().describe('How long before now it expired (duration, e.g. 2h).'),
    })
    .strict();

/** Re-issues the kubeconfig's certificate with NotAfter = the fault time; running components that loaded it hold it. */
export const kubeconfigCertExpired: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'kubeconfig-cert-expired',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    const entry = KUBEADM_CERTS.find((c) => c.name === p.kubeconfig);
    if (!node || !entry || entry.file.kind !== 'kubeconfig' || !readKubeadmCert(node.host.fs, entry)) return;
    // Issued a year before it expires (kubeadm's validity), or at `kubeadm init` on a younger cluster.
    const notAfter = cluster.now();
    const issuedAt = Math.max(cluster.createdAt, notAfter - CERT_VALIDITY_MS);
    const cert = issueKubeadmCert(node.host, entry, issuedAt, cluster.random, { notAfter });
    if (!cert) return;
    const path = entry.file.path;
    for (const sandbox of node.runtime.sandboxes.values()) {
      for (const c of node.runtime.containersOf(sandbox.id)) if (c.process?.clientCertificate?.path === path) c.process.clientCertificate.use(cert);
    }
  },
};
