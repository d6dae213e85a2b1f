import { describe, it, expect } from 'vitest';
import { testCluster, T0 } from './harness.js';
import { CONTROLLER_NAMES } from '../../../src/cluster/controllers/controller-manager.js';
import { csrRequestField, decodeCertificateRequest, encodeCertificateRequest } from '../../../src/cluster/controllers/csr-signing.js';
import { decodeCertificate } from '../../../src/cluster/host/certs.js';

type Obj = Record<string, any>;

const csr = (name: string, spec: Obj): Obj => ({ apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec: { usages: ['digital signature', 'client auth'], ...spec } });
const nodeClient = (node: string) => csrRequestField({ subject: { CN: `system:node:${node}`, O: ['system:nodes'] } });
const issued = (obj: Obj) => decodeCertificate(Buffer.from(obj.status.certificate, 'base64').toString());
const conditions = (obj: Obj) => (obj.status?.conditions ?? []).map((c: Obj) => `${c.type}/${c.reason}`);

describe('CSR request encoding', () => {
  it('round-trips a request through spec.request', () => {
    const req = { subject: { CN: 'system:node:node-1', O: ['system:nodes'] }, sans: ['DNS:node-1'] };
    expect(encodeCertificateRequest(req)).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE REQUEST-----\n$/);
    expect(decodeCertificateRequest(csrRequestField(req))).toEqual(req);
    expect(decodeCertificateRequest(Buffer.from('garbage').toString('base64'))).toBeUndefined();
  });
});

describe('CSR approving and signing controllers', () => {
  it('run in the controller-manager by default', () => {
    expect(CONTROLLER_NAMES).toContain('certificatesigningrequest-signing-controller');
    expect(CONTROLLER_NAMES).toContain('certificatesigningrequest-approving-controller');
  });

  it('auto-approve a node renewing its own client certificate, then sign it for a year', () => {
    const c = testCluster();
    c.advance(20_000);
    c.create('certificatesigningrequests', csr('csr-abc12', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'system:node:node-1', groups: ['system:nodes', 'system:authenticated'], request: nodeClient('node-1') }));
    c.advance(5_000);
    const obj = c.get('certificatesigningrequests', undefined, 'csr-abc12') as Obj;
    expect(obj.status.conditions).toEqual([{ type: 'Approved', status: 'True', reason: 'AutoApproved', message: 'Auto approving self kubelet client certificate after SubjectAccessReview.', lastUpdateTime: expect.any(String), lastTransitionTime: expect.any(String) }]);
    const cert = issued(obj)!;
    expect(cert.subject).toEqual({ CN: 'system:node:node-1', O: ['system:nodes'] });
    expect(cert.issuer).toEqual({ CN: 'kubernetes' });
    expect(cert.notAfter - cert.notBefore).toBe(365 * 86_400_000 + 5 * 60_000);
    // Backdated five minutes before issue (authority.go), issued right after approval.
    expect(Date.parse(obj.status.conditions[0].lastUpdateTime) - cert.notBefore).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(cert.notBefore).toBeGreaterThan(T0 - 5 * 60_000);
  });

  it('approve bootstrap-token requests as nodeclient and honour expirationSeconds', () => {
    const c = testCluster();
    c.advance(20_000);
    c.create('certificatesigningrequests', csr('node-csr-x', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:bootstrappers:kubeadm:default-node-token'], request: nodeClient('node-3'), expirationSeconds: 3600 }));
    c.advance(5_000);
    const obj = c.get('certificatesigningrequests', undefined, 'node-csr-x') as Obj;
    expect(obj.status.conditions[0].message).toBe('Auto approving kubelet client certificate after SubjectAccessReview.');
    const cert = issued(obj)!;
    expect(cert.notAfter - cert.notBefore).toBe(3600_000 + 5 * 60_000);
  });

  it('leave serving certificates and foreign requestors pending; sign serving ones once approved by hand', () => {
    const c = testCluster();
    c.advance(20_000);
    c.create('certificatesigningrequests', csr('serving', { signerName: 'kubernetes.io/kubelet-serving', username: 'system:node:node-1', groups: ['system:nodes'], request: csrRequestField({ subject: { CN: 'system:node:node-1', O: ['system:nodes'] }, sans: ['DNS:node-1', 'IP Address:10.0.0.11'] }) }));
    c.create('certificatesigningrequests', csr('other', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'mallory', groups: ['system:authenticated'], request: nodeClient('node-1') }));
    c.advance(5_000);
    expect(conditions(c.get('certificatesigningrequests', undefined, 'serving') as Obj)).toEqual([]);
    expect(conditions(c.get('certificatesigningrequests', undefined, 'other') as Obj)).toEqual([]);
    const serving = c.get('certificatesigningrequests', undefined, 'serving') as Obj;
    c.admin.updateStatus('certificatesigningrequests', undefined, { ...serving, status: { conditions: [{ type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.' }] } } as any);
    c.advance(5_000);
    expect(issued(c.get('certificatesigningrequests', undefined, 'serving') as Obj)!.sans).toEqual(['DNS:node-1', 'IP Address:10.0.0.11']);
  });

  it('fail requests the signer refuses, and ignore denied ones', () => {
    const c = testCluster();
    c.advance(20_000);
    const approved = [{ type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'x' }];
    c.create('certificatesigningrequests', csr('bad-org', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'u', request: csrRequestField({ subject: { CN: 'system:node:node-1', O: ['admins'] } }) }));
    c.create('certificatesigningrequests', csr('denied', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'u', request: nodeClient('node-1') }));
    c.admin.updateStatus('certificatesigningrequests', undefined, { ...(c.get('certificatesigningrequests', undefined, 'bad-org') as Obj), status: { conditions: approved } } as any);
    c.admin.updateStatus('certificatesigningrequests', undefined, { ...(c.get('certificatesigningrequests', undefined, 'denied') as Obj), status: { conditions: [{ type: 'Denied', status: 'True', reason: 'KubectlDeny', message: 'x' }] } } as any);
    c.advance(5_000);
    const bad = c.get('certificatesigningrequests', undefined, 'bad-org') as Obj;
    expect(conditions(bad)).toEqual(['Approved/KubectlApprove', 'Failed/SignerValidationFailure']);
    expect(bad.status.certificate).toBeUndefined();
    expect((c.get('certificatesigningrequests', undefined, 'denied') as Obj).status.certificate).toBeUndefined();
  });

  it('approval can be turned off with the --controllers option', () => {
    const c = testCluster({ controllers: CONTROLLER_NAMES.filter((n) => n !== 'certificatesigningrequest-approving-controller') });
    c.advance(20_000);
    c.create('certificatesigningrequests', csr('csr-1', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'system:node:node-1', groups: ['system:nodes'], request: nodeClient('node-1') }));
    c.advance(5_000);
    expect((c.get('certificatesigningrequests', undefined, 'csr-1') as Obj).status?.conditions ?? []).toEqual([]);
  });
});
