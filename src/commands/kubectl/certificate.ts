/**
 * `kubectl certificate approve|deny NAME...` (kubernetes/kubectl
 * pkg/cmd/certificates/certificates.go): adds the Approved or Denied
 * condition to each CertificateSigningRequest, unless it already has it
 * (--force adds it again); a CSR with the opposite condition is an error.
 * The approval subresource is written through updateStatus in the simulation.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool } from './flags.js';
import { errorResult, statusMessage } from './errors.js';

type Obj = Record<string, any>;

/** RFC 3339 seconds (metav1.Now marshalled). */
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function modify(inv: Invocation, mustNotHave: string, type: string, reason: string, message: string, verb: string): ExecResult {
  if (inv.args.length === 0) return errorResult('one or more CSRs must be specified as <name> or -f <filename>');
  let stdout = '';
  let stderr = '';
  for (const name of inv.args) {
    for (let attempt = 0; ; attempt++) {
      const got = inv.client.get('certificatesigningrequests', undefined, name);
      if (!got.ok) {
        stderr += statusMessage(got.status);
        return { stdout, stderr, exitCode: 1 };
      }
      const csr = got.value;
      const conditions: Obj[] = ((csr.status as Obj | undefined)?.conditions ?? []) as Obj[];
      // addConditionIfNeeded walks the conditions in order.
      let has = false;
      for (const c of conditions) {
        if (c.type === mustNotHave) return { stdout, stderr: `${stderr}error: certificate signing request "${name}" is already ${mustNotHave}\n`, exitCode: 1 };
        if (c.type === type) {
          has = true;
          break;
        }
      }
      if (!has || bool(inv.flags, 'force')) {
        const condition = { type, status: 'True', reason, message, lastUpdateTime: iso(inv.now), lastTransitionTime: iso(inv.now) };
        const updated: KubeObject = { ...csr, status: { ...((csr.status as Obj | undefined) ?? {}), conditions: [...conditions, condition] } };
        const r = inv.client.updateStatus('certificatesigningrequests', undefined, updated);
        if (!r.ok) {
          if (r.status.reason === 'Conflict' && attempt < 10) continue;
          return { stdout, stderr: stderr + statusMessage(r.status), exitCode: 1 };
        }
      }
      break;
    }
    stdout += `certificatesigningrequest.certificates.k8s.io/${name} ${verb}\n`;
  }
  return { stdout, stderr, exitCode: 0 };
}

/** `kubectl certificate approve NAME...`. */
export function runCertificateApprove(inv: Invocation): ExecResult {
  return modify(inv, 'Denied', 'Approved', 'KubectlApprove', 'This CSR was approved by kubectl certificate approve.', 'approved');
}

/** `kubectl certificate deny NAME...`. */
export function runCertificateDeny(inv: Invocation): ExecResult {
  return modify(inv, 'Approved', 'Denied', 'KubectlDeny', 'This CSR was denied by kubectl certificate deny.', 'denied');
}
