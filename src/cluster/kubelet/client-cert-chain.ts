/**
 * The kubelet's client certificates over a node's life: the first one signed
 * at TLS bootstrap, then each rotation's. kube-controller-manager's CSR signer
 * gives each --cluster-signing-duration (default 8760h) from a NotBefore
 * backdated five minutes (pkg/controller/certificates/authority: NotBefore =
 * now - Backdate, NotAfter = NotBefore + TTL); client-go's certificate manager
 * (certificate_manager.go nextRotationDeadline) rotates at a jittered point of
 * the lifetime: NotBefore + wait.Jitter(0.7 * total, 0.2), i.e. 70-84% of it.
 */
import { hash } from '../programs/fnv.js';

/** kube-controller-manager --cluster-signing-duration's default. */
export const CLUSTER_SIGNING_DURATION_MS = 8760 * 3_600_000;
/** The signer's backdate. */
export const SIGNER_BACKDATE_MS = 5 * 60_000;

/** One certificate of the chain and when the kubelet got it. */
export interface ClientCertPeriod {
  readonly issuedAt: number;
  readonly notBefore: number;
  readonly notAfter: number;
}

/**
 * The certificates a kubelet first signed at `issuedAt` held up to `now`:
 * the first, then one per rotation reached by `now`. The jitter of each
 * rotation is a stable function of the node and the seed.
 */
export function kubeletClientCertChain(node: string, seed: number, issuedAt: number, now: number): ClientCertPeriod[] {
  const chain: ClientCertPeriod[] = [];
  let at = issuedAt;
  for (let k = 0; chain.length === 0 || at <= now; k++) {
    const notBefore = at - SIGNER_BACKDATE_MS;
    const notAfter = notBefore + CLUSTER_SIGNING_DURATION_MS;
    chain.push({ issuedAt: at, notBefore, notAfter });
    const jitter = hash(`${node}/${k}`, (seed ^ 0x6b756265) >>> 0) / 0x1_0000_0000;
    at = notBefore + Math.floor(CLUSTER_SIGNING_DURATION_MS * 0.7 * (1 + 0.2 * jitter));
  }
  return chain;
}
