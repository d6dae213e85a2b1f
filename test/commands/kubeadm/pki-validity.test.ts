import { describe, it, expect } from 'vitest';
import { T0, sessionOn, testCluster } from '../crictl/node-session.js';

/** OpenSSL's date form (`Oct 16 03:55:00 2026 GMT`, the day space-padded). */
const opensslDate = (ms: number) => {
  const d = new Date(ms);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${String(d.getUTCDate()).padStart(2)} ${d.toISOString().slice(11, 19)} ${d.getUTCFullYear()} GMT`;
};
const DAY = 86_400_000;
const YEAR = 365 * DAY;
const BACKDATE = 5 * 60_000;

describe('kubeadm 1.32 certificate validity (CertificateBackdate, CertificateValidityPeriod, CACertificateValidityPeriod)', async () => {
  // Created 45 days before T0 (kubeadm init at T0 - 45d).
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'cp-1');
  const init = T0 - 45 * DAY;

  it('CAs: ten years from init, NotBefore five minutes before it', async () => {
    for (const ca of ['ca', 'etcd/ca', 'front-proxy-ca']) {
      expect((await sh.exec(`openssl x509 -in /etc/kubernetes/pki/${ca}.crt -noout -dates`)).stdout).toBe(`notBefore=${opensslDate(init - BACKDATE)}\nnotAfter=${opensslDate(init + 10 * YEAR)}\n`);
    }
  });

  // pkiutil.NewSignedCert (cmd/kubeadm/app/util/pkiutil/pki_helpers.go): NotBefore: caCert.NotBefore,
  // NotAfter: time.Now().Add(CertificateValidity); `certs renew`'s FileRenewer signs through it too.
  it("leaf certificates: the CA's NotBefore, one year from signing; a renewal moves only NotAfter", async () => {
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -dates')).stdout).toBe(`notBefore=${opensslDate(init - BACKDATE)}\nnotAfter=${opensslDate(init + YEAR)}\n`);
    await sh.exec('kubeadm certs renew apiserver-kubelet-client');
    const now = cluster.nodes.get('cp-1')!.host.now();
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver-kubelet-client.crt -noout -dates')).stdout).toBe(`notBefore=${opensslDate(init - BACKDATE)}\nnotAfter=${opensslDate(now + YEAR)}\n`);
  });

  it("the kubelet's client certificate: the CSR signer's 8760h from a NotBefore backdated five minutes before the join", async () => {
    const dates = (await sh.exec('openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -dates')).stdout;
    expect(dates).toBe(`notBefore=${opensslDate(init - BACKDATE)}\nnotAfter=${opensslDate(init - BACKDATE + 8760 * 3_600_000)}\n`);
    // certificate_store.go names the file by when it was written (the signing).
    const stamp = new Date(init).toISOString().slice(0, 19).replace(/[T:]/g, '-');
    expect((await sh.exec('readlink /var/lib/kubelet/pki/kubelet-client-current.pem')).stdout).toBe(`/var/lib/kubelet/pki/kubelet-client-${stamp}.pem\n`);
  });
});

describe("the kubelet's client certificate rotation (client-go certificate manager: at 70-84% of the lifetime)", async () => {
  const cluster = testCluster({ createdAgoMs: 320 * DAY });
  const sh = await sessionOn(cluster, 'node-1');

  it('a node older than the rotation point holds a rotated certificate, issued 70-84% into the first, and stays Ready', async () => {
    const dates = (await sh.exec('openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -startdate')).stdout;
    const notBefore = Date.parse(dates.replace(/^notBefore=/, '').trim());
    const join = T0 - 320 * DAY + 60_000;
    const first = join - BACKDATE;
    expect(notBefore - first).toBeGreaterThanOrEqual(0.7 * YEAR - 1000 - BACKDATE);
    expect(notBefore - first).toBeLessThanOrEqual(0.84 * YEAR - BACKDATE);
    expect((await sh.exec('ls /var/lib/kubelet/pki')).stdout.match(/kubelet-client-\d{4}-/g)!.length).toBe(2);
    const nodes = await (await sessionOn(cluster)).exec('kubectl get node node-1 --no-headers');
    expect(nodes.stdout).toMatch(/^node-1 +Ready /);
  });

});
