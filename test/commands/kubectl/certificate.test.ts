import { describe, it, expect } from 'vitest';
import { TestCluster } from './harness.js';
import { csrRequestField } from '../../../src/cluster/controllers/csr-signing.js';

type Obj = Record<string, any>;

const request = csrRequestField({ subject: { CN: 'system:node:node-1', O: ['system:nodes'] } });
const csr = (name: string, spec: Obj = {}, status?: Obj): Obj => ({
  apiVersion: 'certificates.k8s.io/v1',
  kind: 'CertificateSigningRequest',
  metadata: { name },
  spec: { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', username: 'system:node:node-1', groups: ['system:nodes'], usages: ['digital signature', 'client auth'], request, ...spec },
  ...(status ? { status } : {}),
});

function cluster(): TestCluster {
  const t = new TestCluster();
  t.add(csr('csr-8b2xk'));
  t.advance(4 * 60_000);
  t.add(csr('csr-issued', { expirationSeconds: 86400 }, { conditions: [{ type: 'Approved', status: 'True', reason: 'AutoApproved', message: 'x' }], certificate: 'LS0t' }));
  t.add(csr('node-csr-boot', { username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers'] }, { conditions: [{ type: 'Denied', status: 'True', reason: 'KubectlDeny', message: 'x' }, { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: 'x' }] }));
  t.advance(60_000);
  return t;
}

describe('kubectl get csr', () => {
  it('prints printCertificateSigningRequest columns and the extractCSRStatus condition', async () => {
    const t = cluster();
    expect((await t.run('get csr')).stdout).toBe(
      [
        'NAME            AGE   SIGNERNAME                                    REQUESTOR                 REQUESTEDDURATION   CONDITION',
        'csr-8b2xk       5m    kubernetes.io/kube-apiserver-client-kubelet   system:node:node-1        <none>              Pending',
        'csr-issued      60s   kubernetes.io/kube-apiserver-client-kubelet   system:node:node-1        24h                 Approved,Issued',
        'node-csr-boot   60s   kubernetes.io/kube-apiserver-client-kubelet   system:bootstrap:abcdef   <none>              Denied,Failed',
        '',
      ].join('\n'),
    );
    expect((await t.run('get certificatesigningrequests csr-8b2xk --no-headers')).stdout).toBe('csr-8b2xk   5m    kubernetes.io/kube-apiserver-client-kubelet   system:node:node-1   <none>   Pending\n');
  });
});

describe('kubectl certificate approve|deny', () => {
  it('approve adds the KubectlApprove condition and prints the resource', async () => {
    const t = cluster();
    expect(await t.run('certificate approve csr-8b2xk')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/csr-8b2xk approved\n', stderr: '', exitCode: 0 });
    const obj = t.sys.get('certificatesigningrequests', undefined, 'csr-8b2xk');
    expect(obj.ok && (obj.value.status as Obj).conditions).toEqual([{ type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.', lastUpdateTime: expect.any(String), lastTransitionTime: expect.any(String) }]);
    expect((await t.run('get csr csr-8b2xk --no-headers')).stdout).toContain('   Approved\n');
    // Approving again changes nothing but still reports it.
    expect((await t.run('certificate approve csr-8b2xk')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/csr-8b2xk approved\n');
    const again = t.sys.get('certificatesigningrequests', undefined, 'csr-8b2xk');
    expect(again.ok && (again.value.status as Obj).conditions).toHaveLength(1);
  });

  it('deny, and the conflicts and errors kubectl reports', async () => {
    const t = cluster();
    expect((await t.run('certificate deny csr-8b2xk')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/csr-8b2xk denied\n');
    expect((await t.run('get csr csr-8b2xk --no-headers')).stdout).toContain('   Denied\n');
    expect(await t.run('certificate approve csr-8b2xk')).toEqual({ stdout: '', stderr: 'error: certificate signing request "csr-8b2xk" is already Denied\n', exitCode: 1 });
    expect(await t.run('certificate deny csr-issued')).toEqual({ stdout: '', stderr: 'error: certificate signing request "csr-issued" is already Approved\n', exitCode: 1 });
    expect(await t.run('certificate approve nope')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found\n', exitCode: 1 });
    expect((await t.run('certificate approve')).stderr).toBe('error: one or more CSRs must be specified as <name> or -f <filename>\n');
    expect((await t.run('certificate revoke x')).stderr).toBe('error: unknown command "revoke" for "kubectl certificate"\nRun \'kubectl certificate --help\' for usage.\n');
  });
});

describe('the CSR flow in a running cluster', () => {
  it('a CSR approved with kubectl is signed by the controller-manager', async () => {
    const { testCluster, viewOf } = await import('../crictl/node-session.js');
    const { runKubectl } = await import('../../../src/commands/kubectl/kubectl.js');
    const c = testCluster();
    c.systemClient().create('certificatesigningrequests', undefined, csr('csr-manual', { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins'] }) as any);
    c.advance(2_000);
    const ctx = { cluster: viewOf(c), host: 'workstation', stdin: '', env: {} };
    expect((await runKubectl(['get', 'csr', '--no-headers'], ctx)).stdout).toBe('csr-manual   2s    kubernetes.io/kube-apiserver-client-kubelet   kubernetes-admin   <none>   Pending\n');
    expect((await runKubectl(['certificate', 'approve', 'csr-manual'], ctx)).stdout).toBe('certificatesigningrequest.certificates.k8s.io/csr-manual approved\n');
    c.advance(2_000);
    expect((await runKubectl(['get', 'csr', '--no-headers'], ctx)).stdout).toBe('csr-manual   4s    kubernetes.io/kube-apiserver-client-kubelet   kubernetes-admin   <none>   Approved,Issued\n');
  });
});
