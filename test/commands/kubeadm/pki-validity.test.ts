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

  it('leaf certificates: one year, backdated five minutes; renewed ones the same from the renewal', async () => {
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -dates')).stdout).toBe(`notBefore=${opensslDate(init - BACKDATE)}\nnotAfter=${opensslDate(init + YEAR)}\n`);
    await sh.exec('kubeadm certs renew apiserver-kubelet-client');
    const now = cluster.nodes.get('cp-1')!.host.now();
    expect((await sh.exec('openssl x509 -in /etc/kubernetes/pki/apiserver-kubelet-client.crt -noout -dates')).stdout).toBe(`notBefore=${opensslDate(now - BACKDATE)}\nnotAfter=${opensslDate(now + YEAR)}\n`);
  });
});
