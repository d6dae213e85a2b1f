/**
 * The CSR signing controller (pkg/controller/certificates/signer/signer.go):
 * for approved, not failed, not yet issued CertificateSigningRequests of the
 * kubelet signers it issues a certificate from the cluster CA into
 * status.certificate.
 *
 * The simulation's request format: spec.request is base64 of a PEM block
 * `-----BEGIN CERTIFICATE REQUEST-----` whose body is base64 JSON
 * `{"kd":1,"subject":{"CN":...,"O":[...]},"sans":[...]}` (encodeCertificateRequest),
 * the same shape as the simulation's certificates (src/cluster/host/certs.ts).
 * status.certificate is base64 of encodeCertificate's PEM.
 */
import type { KubeObject } from '../apiserver/types.js';
import { encodeCertificate, type Certificate } from '../host/certs.js';
import type { ControllerContext } from './controller.js';
import { CsrController } from './csr-controller.js';

type Obj = Record<string, any>;

/** What a certificate request asks for. */
export interface CertificateRequest {
  subject: { CN: string; O?: string[] };
  /** `DNS:node-1`, `IP Address:10.0.0.11` (serving certificates). */
  sans?: string[];
}

const BEGIN = '-----BEGIN CERTIFICATE REQUEST-----';
const END = '-----END CERTIFICATE REQUEST-----';

/** Encodes a request as the PEM text whose base64 goes into spec.request. */
export function encodeCertificateRequest(req: CertificateRequest): string {
  const body = Buffer.from(JSON.stringify({ kd: 1, ...req })).toString('base64');
  return `${BEGIN}\n${(body.match(/.{1,64}/g) ?? []).join('\n')}\n${END}\n`;
}

/** spec.request for a request: base64 of its PEM. */
export function csrRequestField(req: CertificateRequest): string {
  return Buffer.from(encodeCertificateRequest(req)).toString('base64');
}

/** Decodes spec.request (base64 of the PEM); undefined when it is not a request. */
export function decodeCertificateRequest(specRequest: string | undefined): CertificateRequest | undefined {
  if (!specRequest) return undefined;
  const pem = Buffer.from(specRequest, 'base64').toString('utf8');
  const start = pem.indexOf(BEGIN);
  const end = pem.indexOf(END, start);
  if (start < 0 || end < 0) return undefined;
  try {
    const json = JSON.parse(Buffer.from(pem.slice(start + BEGIN.length, end).replace(/\s+/g, ''), 'base64').toString('utf8'));
    if (json.kd !== 1 || typeof json.subject?.CN !== 'string') return undefined;
    return { subject: json.subject, ...(json.sans ? { sans: json.sans } : {}) };
  } catch {
    return undefined;
  }
}

/** The signers this controller serves (signer.go NewKubeletClientCSRSigningController and friends). */
export const SIGNERS = ['kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/kube-apiserver-client'] as const;

/** Has the CSR a condition of this type with status True? */
export function hasCondition(csr: KubeObject, type: string): boolean {
  return ((csr.status as Obj | undefined)?.conditions ?? []).some((c: Obj) => c.type === type && c.status === 'True');
}

/** Options of the signer (kube-controller-manager flags). */
export interface CsrSigningOptions {
  /** --cluster-signing-duration (default 8760h). */
  signingDurationMs: number;
  /** The CA's subject CN (kubeadm: `kubernetes`). */
  issuer: string;
}

const DEFAULTS: CsrSigningOptions = { signingDurationMs: 365 * 86_400_000, issuer: 'kubernetes' };
/** authority.go backdates NotBefore by five minutes to tolerate clock skew. */
const BACKDATE_MS = 5 * 60_000;

/**
 * Checks a request against its signer's rules (pkg/apis/certificates
 * IsKubeletClientCSR / IsKubeletServingCSR); the reason it is refused, or undefined.
 */
export function validateForSigner(signer: string, req: CertificateRequest): string | undefined {
  const orgs = req.subject.O ?? [];
  if (signer === 'kubernetes.io/kube-apiserver-client-kubelet' || signer === 'kubernetes.io/kubelet-serving') {
    if (orgs.length !== 1 || orgs[0] !== 'system:nodes') return 'subject organization is not system:nodes';
    if (!req.subject.CN.startsWith('system:node:')) return 'subject common name does not begin with system:node:';
    if (signer === 'kubernetes.io/kube-apiserver-client-kubelet' && req.sans?.length) return 'DNS, email, and IP subjectAltNames are not allowed';
    if (signer === 'kubernetes.io/kubelet-serving' && !req.sans?.length) return 'DNS or IP subjectAltName is required';
  }
  return undefined;
}

/** Issues certificates for approved kubelet CSRs. */
export class CsrSigningController extends CsrController<CsrSigningOptions> {
  readonly name = 'certificatesigningrequest-signing-controller';

  constructor(c: ControllerContext, options: Partial<CsrSigningOptions> = {}) {
    super(c, DEFAULTS, options);
  }

  protected handle(csr: KubeObject): void {
    const spec = (csr.spec ?? {}) as Obj;
    const status = (csr.status ?? {}) as Obj;
    if (!SIGNERS.includes(spec.signerName)) return;
    if (!hasCondition(csr, 'Approved') || hasCondition(csr, 'Denied') || hasCondition(csr, 'Failed') || status.certificate) return;
    const now = this.c.ctx.queue.now();
    const req = decodeCertificateRequest(spec.request);
    const invalid = req ? validateForSigner(spec.signerName, req) : 'unable to parse csr';
    if (!req || invalid) {
      const condition = { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: invalid, lastUpdateTime: iso(now), lastTransitionTime: iso(now) };
      this.write(csr, { ...status, conditions: [...(status.conditions ?? []), condition] });
      return;
    }
    let ttl = this.options.signingDurationMs;
    if (typeof spec.expirationSeconds === 'number') ttl = Math.min(ttl, Math.max(600, spec.expirationSeconds) * 1000);
    const cert: Certificate = { serial: this.c.ctx.random.hex(32), subject: req.subject, issuer: { CN: this.options.issuer }, notBefore: now - BACKDATE_MS, notAfter: now + ttl };
    if (req.sans?.length) cert.sans = req.sans;
    this.write(csr, { ...status, certificate: Buffer.from(encodeCertificate(cert)).toString('base64') });
  }

  private write(csr: KubeObject, status: Obj): void {
    const r = this.c.client.updateStatus('certificatesigningrequests', undefined, { ...csr, status });
    if (!r.ok && r.status.reason === 'Conflict') this.retry(csr.metadata.name!);
  }
}

/** RFC 3339 seconds, as metav1.Time marshals. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
