import { describe, it, expect } from 'vitest';
import { DAY, sessionOn, testCluster } from '../crictl/node-session.js';
import { KUBEADM_CERTS, seedControlPlanePki } from '../../../src/cluster/bootstrap/kubeadm-pki.js';
import { Random } from '../../../src/cluster/clock/random.js';

const PREAMBLE = (p: string) => `[${p}] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...\n[${p}] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.\n`;
const row = (name: string, date: string, left: string, ca: string) => `${name.padEnd(27)}${date}   ${left.padEnd(16)}${ca.padEnd(24)}no      `;

describe('kubeadm certs check-expiration on the control plane', async () => {
  // Created 45 days before T0 (2026-11-30 04:00): certificates issued at creation, valid one year.
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'cp-1');

  it('prints both tables as certTextPrinter does (§8.7 layout)', async () => {
    const r = await sh.exec('kubeadm certs check-expiration');
    const names: [string, string][] = [['admin.conf', 'ca'], ['apiserver', 'ca'], ['apiserver-etcd-client', 'etcd-ca'], ['apiserver-kubelet-client', 'ca'], ['controller-manager.conf', 'ca'], ['etcd-healthcheck-client', 'etcd-ca'], ['etcd-peer', 'etcd-ca'], ['etcd-server', 'etcd-ca'], ['front-proxy-client', 'front-proxy-ca'], ['scheduler.conf', 'ca'], ['super-admin.conf', 'ca']];
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout).toBe(
      PREAMBLE('check-expiration') +
        '\n' +
        'CERTIFICATE                EXPIRES                  RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED\n' +
        names.map(([n, ca]) => row(n, 'Oct 16, 2027 04:00 UTC', '320d', ca) + '\n').join('') +
        '\n' +
        'CERTIFICATE AUTHORITY   EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED\n' +
        ['ca', 'etcd-ca', 'front-proxy-ca'].map((n) => `${n.padEnd(24)}Oct 13, 2036 04:00 UTC   9y              no      \n`).join(''),
    );
  });

  it('shows <invalid> once a certificate expired and !MISSING! for a deleted one', async () => {
    cluster.nodes.get('cp-1')!.host.clockOffsetMs = 330 * DAY;
    await sh.exec('rm /etc/kubernetes/pki/front-proxy-client.crt');
    const out = (await sh.exec('kubeadm certs check-expiration')).stdout.split('\n');
    // The missing row widens the first column: "!MISSING! front-proxy-client" + 3.
    expect(out).toContain(`${'apiserver'.padEnd(31)}Oct 16, 2027 04:00 UTC   <invalid>       ca                      no      `);
    expect(out).toContain('!MISSING! front-proxy-client'.padEnd(31 + 25 + 16 + 24));
    expect(out[0]).toBe('[check-expiration] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...');
    // admin.conf's certificate has expired by the host clock: kubeadm cannot read the cluster's configuration.
    expect(out[2]).toBe('[check-expiration] Error reading configuration from the Cluster. Falling back to default configuration');
    cluster.nodes.get('cp-1')!.host.clockOffsetMs = 0;
  });
});

describe('kubeadm certs renew', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'cp-1');

  it('renews one certificate from the host clock', async () => {
    expect((await sh.exec('kubeadm certs renew apiserver')).stdout).toBe(`${PREAMBLE('renew')}\ncertificate for serving the Kubernetes API renewed\n`);
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -enddate -issuer')).stdout).toBe('notAfter=Nov 30 04:00:00 2027 GMT\nissuer=CN = kubernetes\n');
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -ext subjectAltName')).stdout).toBe('X509v3 Subject Alternative Name: \n    DNS:kubernetes, DNS:kubernetes.default, DNS:kubernetes.default.svc, DNS:kubernetes.default.svc.cluster.local, DNS:cp-1, IP Address:10.96.0.1, IP Address:10.0.0.10\n');
  });

  it('renew all lists every certificate then the restart reminder', async () => {
    await sh.exec('rm /etc/kubernetes/pki/etcd/peer.crt');
    const r = await sh.exec('kubeadm certs renew all');
    expect(r.stdout).toBe(
      `${PREAMBLE('renew')}\n` +
        KUBEADM_CERTS.map((c) => (c.name === 'etcd-peer' ? `MISSING! ${c.longName}\n` : `${c.longName} renewed\n`)).join('') +
        '\nDone renewing certificates. You must restart the kube-apiserver, kube-controller-manager, kube-scheduler and etcd, so that they can use the new certificates.\n',
    );
    expect((await sh.exec('kubeadm certs check-expiration')).stdout).toContain(row('admin.conf', 'Nov 30, 2027 04:00 UTC', '1y', 'ca'));
    expect((await sh.exec('kubeadm certs renew bogus')).stderr).toBe('error: unknown command "bogus" for "kubeadm certs renew"\nTo see the stack trace of this error execute with --v=5 or higher\n');
  });
});

describe('kubeadm on a worker and elsewhere', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'node-1');

  it('has no control-plane PKI: every certificate is missing and no config is read', async () => {
    const out = (await sh.exec('kubeadm certs check-expiration')).stdout.split('\n');
    expect(out[0]).toBe('CERTIFICATE                          EXPIRES   RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED');
    expect(out[1]).toBe('!MISSING! admin.conf                                                                   ');
    expect(out.slice(13)).toEqual(['CERTIFICATE AUTHORITY      EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED', 'ca                         Oct 13, 2036 04:00 UTC   9y              yes     ', '!MISSING! etcd-ca'.padEnd(68), '!MISSING! front-proxy-ca'.padEnd(68), '']);
  });

  it('kubeadm version, and kubeadm is not on the workstation', async () => {
    expect((await sh.exec('kubeadm version -o short')).stdout).toBe('v1.32.4\n');
    expect((await sh.exec('kubeadm version')).stdout).toMatch(/^kubeadm version: &version.Info\{Major:"1", Minor:"32", GitVersion:"v1.32.4", /);
    const ws = await sessionOn(cluster);
    expect((await ws.exec('kubeadm version')).exitCode).toBe(127);
  });

  it('seedControlPlanePki leaves existing files alone and dates certificates from issuedAt', () => {
    const host = cluster.nodes.get('node-1')!.host;
    const before = host.fs.read('/etc/kubernetes/pki/ca.crt');
    seedControlPlanePki(host, cluster.createdAt, new Random(3), { issuedAt: cluster.createdAt + 10 * DAY });
    expect(host.fs.read('/etc/kubernetes/pki/ca.crt')).toBe(before);
    expect(host.fs.exists('/etc/kubernetes/pki/apiserver.key')).toBe('file');
    expect(host.fs.exists('/etc/kubernetes/super-admin.conf')).toBe('file');
  });
});
