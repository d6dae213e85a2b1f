/**
 * `kubelet-client-cert-expired`: the client certificate the node's kubelet
 * presents expires at the fault's moment (a rotation that never happened).
 * The certificate manager's store (/var/lib/kubelet/pki) gets a certificate
 * with NotAfter = the fault time, and the running kubelet holds it; from then
 * on the API server answers its requests with 401.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { decodeCertificate } from '../cluster/host/certs.js';
import { CURRENT_PEM, storeCertificate } from '../cluster/kubelet/client-credentials.js';

const YEAR_MS = 365 * 86_400_000;

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('kubelet-client-cert-expired'),
      node: z.string().min(1).describe('Node whose kubelet client certificate expires.'),
      since: z.string().optional().describe('How long before now it expired (duration, e.g. 6h).'),
    })
    .strict();

/** Back-dates the expiry of the kubelet's client certificate to the fault time. */
export const kubeletClientCertExpired: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'kubelet-client-cert-expired',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    if (!node) return;
    const fs = node.host.fs;
    const pem = fs.read(CURRENT_PEM);
    const current = pem ? decodeCertificate(pem) : undefined;
    if (!pem || !current) return;
    // A kubelet client certificate lives a year; this one was issued a year before the fault.
    const notAfter = cluster.now();
    const notBefore = Math.max(cluster.createdAt, notAfter - YEAR_MS);
    const cert = { ...current, notBefore, notAfter };
    storeCertificate(fs, cert, pem, notBefore + (node.host.now() - cluster.now()));
    node.kubelet.useClientCertificate(cert);
  },
};
