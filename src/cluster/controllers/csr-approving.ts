/**
 * The CSR approving controller (pkg/controller/certificates/approver/sarapprove.go):
 * auto-approves kubelet client certificate requests
 * (signer kubernetes.io/kube-apiserver-client-kubelet) from a node renewing its
 * own certificate (`selfnodeclient`: the requestor is the node named in the
 * CN) or from a bootstrap token (`nodeclient`: the requestor is in
 * system:bootstrappers), which is what kubeadm's ClusterRoleBindings grant.
 * It runs in the kube-controller-manager unless the --controllers option
 * leaves it out (kubeadm enables it); serving certificates are never
 * auto-approved, as upstream.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { ControllerContext } from './controller.js';
import { CsrController } from './csr-controller.js';
import { decodeCertificateRequest, hasCondition, iso, validateForSigner } from './csr-signing.js';

type Obj = Record<string, any>;

/** Options of the approver. */
export interface CsrApprovingOptions {
  /** Approve renewals by the node itself (the system:certificates.k8s.io:certificatesigningrequests:selfnodeclient binding). */
  selfNodeClient: boolean;
  /** Approve first certificates requested with a bootstrap token (the ...:nodeclient binding). */
  nodeClient: boolean;
}

const DEFAULTS: CsrApprovingOptions = { selfNodeClient: true, nodeClient: true };

/** Approves node client certificate requests. */
export class CsrApprovingController extends CsrController<CsrApprovingOptions> {
  readonly name = 'certificatesigningrequest-approving-controller';

  constructor(c: ControllerContext, options: Partial<CsrApprovingOptions> = {}) {
    super(c, DEFAULTS, options);
  }

  protected handle(csr: KubeObject): void {
    const spec = (csr.spec ?? {}) as Obj;
    if (spec.signerName !== 'kubernetes.io/kube-apiserver-client-kubelet') return;
    if (hasCondition(csr, 'Approved') || hasCondition(csr, 'Denied') || hasCondition(csr, 'Failed') || (csr.status as Obj | undefined)?.certificate) return;
    const req = decodeCertificateRequest(spec.request);
    if (!req || validateForSigner(spec.signerName, req)) return;
    const groups: string[] = spec.groups ?? [];
    let message: string | undefined;
    // sarapprove.go recognizers: selfnodeclient first, then nodeclient.
    if (this.options.selfNodeClient && spec.username === req.subject.CN && groups.includes('system:nodes')) message = 'Auto approving self kubelet client certificate after SubjectAccessReview.';
    else if (this.options.nodeClient && groups.includes('system:bootstrappers')) message = 'Auto approving kubelet client certificate after SubjectAccessReview.';
    if (!message) return;
    const now = this.c.ctx.queue.now();
    const status = (csr.status ?? {}) as Obj;
    const condition = { type: 'Approved', status: 'True', reason: 'AutoApproved', message, lastUpdateTime: iso(now), lastTransitionTime: iso(now) };
    const r = this.c.client.updateStatus('certificatesigningrequests', undefined, { ...csr, status: { ...status, conditions: [...(status.conditions ?? []), condition] } });
    if (!r.ok && r.status.reason === 'Conflict') this.retry(csr.metadata.name!);
  }
}
