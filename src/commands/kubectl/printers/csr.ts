/**
 * CertificateSigningRequests: NAME AGE SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION
 * (kubernetes/kubernetes pkg/printers/internalversion/printers.go
 * printCertificateSigningRequest and extractCSRStatus).
 */
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1.js';
import type { TableDefinition } from '../output/table.js';
import { humanDuration, translateTimestampSince } from '../output/duration.js';

/** extractCSRStatus: Denied over Approved over Pending, then `,Failed` and `,Issued`. */
export function csrCondition(csr: CertificateSigningRequest): string {
  const types = new Set((csr.status?.conditions ?? []).map((c) => c.type));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  if (csr.status?.certificate) status += ',Issued';
  return status;
}

/** The CSR table. */
export const csrPrinter: TableDefinition<CertificateSigningRequest> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'SignerName', priority: 0 },
    { name: 'Requestor', priority: 0 },
    { name: 'RequestedDuration', priority: 0 },
    { name: 'Condition', priority: 0 },
  ],
  row: (o, { now }) => [
    o.metadata?.name ?? '',
    translateTimestampSince(o.metadata?.creationTimestamp, now),
    o.spec?.signerName || '<none>',
    o.spec?.username ?? '',
    typeof o.spec?.expirationSeconds === 'number' ? humanDuration(o.spec.expirationSeconds * 1000) : '<none>',
    csrCondition(o),
  ],
};
