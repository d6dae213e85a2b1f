import { describe, it, expect } from 'vitest';
import yaml from 'js-yaml';
import { decodeCertificate } from '../../../src/cluster/host/certs.js';
import { T0, sessionOn, testCluster } from '../crictl/node-session.js';

describe('kubeadm kubeconfig user', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'cp-1');

  it('prints a kubeconfig with an embedded client certificate signed by the cluster CA, valid one year', async () => {
    const r = await sh.exec('kubeadm kubeconfig user --org system:nodes --client-name system:node:node-1');
    expect(r).toMatchObject({ stderr: '', exitCode: 0 });
    const lines = r.stdout.split('\n');
    expect(lines.map((l) => l.replace(/-data: .*/, '-data: …'))).toEqual([
      'apiVersion: v1',
      'clusters:',
      '- cluster:',
      '    certificate-authority-data: …',
      '    server: https://10.0.0.10:6443',
      '  name: kubernetes',
      'contexts:',
      '- context:',
      '    cluster: kubernetes',
      '    user: system:node:node-1',
      '  name: system:node:node-1@kubernetes',
      'current-context: system:node:node-1@kubernetes',
      'kind: Config',
      'preferences: {}',
      'users:',
      '- name: system:node:node-1',
      '  user:',
      '    client-certificate-data: …',
      '    client-key-data: …',
      '',
    ]);
    const doc = yaml.load(r.stdout) as any;
    const cert = decodeCertificate(Buffer.from(doc.users[0].user['client-certificate-data'], 'base64').toString())!;
    expect(cert.subject).toEqual({ CN: 'system:node:node-1', O: ['system:nodes'] });
    expect(cert.issuer).toEqual({ CN: 'kubernetes' });
    expect(cert.notAfter).toBe(T0 + 365 * 86_400_000);
    expect(Buffer.from(doc.users[0].user['client-key-data'], 'base64').toString()).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(Buffer.from(doc.clusters[0].cluster['certificate-authority-data'], 'base64').toString()).toBe(cluster.nodes.get('cp-1')!.host.fs.read('/etc/kubernetes/pki/ca.crt'));
  });

  it('is the recovery for a broken node: run over ssh and redirected into kubelet.conf there', async () => {
    const node = await sessionOn(cluster, 'node-1');
    expect((await node.exec('ssh cp-1 kubeadm kubeconfig user --org system:nodes --client-name system:node:node-1 --validity-period 24h > /etc/kubernetes/kubelet.conf')).exitCode).toBe(0);
    const conf = cluster.nodes.get('node-1')!.host.fs.read('/etc/kubernetes/kubelet.conf')!;
    const cert = decodeCertificate(Buffer.from((yaml.load(conf) as any).users[0].user['client-certificate-data'], 'base64').toString())!;
    expect(cert.notAfter - cluster.nodes.get('cp-1')!.host.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('needs --client-name, and the CA key (absent on workers)', async () => {
    expect((await sh.exec('kubeadm kubeconfig user --org x')).stderr).toBe('error: required flag(s) "client-name" not set\nTo see the stack trace of this error execute with --v=5 or higher\n');
    const worker = await sessionOn(cluster, 'node-1');
    expect(await worker.exec('kubeadm kubeconfig user --client-name x')).toMatchObject({
      stderr: "error: couldn't create a kubeconfig; the CA files couldn't be loaded: failure loading key for ca: couldn't load the private key file /etc/kubernetes/pki/ca.key: open /etc/kubernetes/pki/ca.key: no such file or directory\nTo see the stack trace of this error execute with --v=5 or higher\n",
      exitCode: 1,
    });
  });
});
