import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { certificateDer, encodeCertificate, type Certificate } from '../../../src/cluster/host/certs.js';
import { sessionOn, testCluster } from '../crictl/node-session.js';

const cert: Certificate = {
  serial: '1f2e3d4c5b6a7988',
  subject: { CN: 'kube-apiserver' },
  issuer: { CN: 'kubernetes' },
  notBefore: Date.parse('2026-11-30T04:15:16Z'),
  notAfter: Date.parse('2027-11-30T04:15:16Z'),
};

/** The fingerprint as OpenSSL prints it: `%02X` bytes of the digest over the DER, colon-separated. */
const colons = (algorithm: string) => createHash(algorithm).update(certificateDer(cert)).digest('hex').toUpperCase().match(/../g)!.join(':');

describe('openssl x509 -fingerprint (OpenSSL 3.0 apps/x509.c)', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'node-1');
  cluster.nodes.get('node-1')!.host.fs.write('/root/apiserver.crt', encodeCertificate(cert));

  it('digests the DER the PEM block carries, SHA1 by default, named as typed', async () => {
    // The DER is what the PEM's base64 decodes to.
    const pem = encodeCertificate(cert);
    expect(Buffer.from(pem.split('\n').slice(1, -2).join(''), 'base64')).toEqual(certificateDer(cert));
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -fingerprint')).output).toBe(`SHA1 Fingerprint=${colons('sha1')}\n`);
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -fingerprint -sha256')).output).toBe(`sha256 Fingerprint=${colons('sha256')}\n`);
    expect((await sh.exec('openssl x509 -sha1 -in apiserver.crt -noout -fingerprint')).output).toBe(`sha1 Fingerprint=${colons('sha1')}\n`);
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -fingerprint -md5')).output).toBe(`md5 Fingerprint=${colons('md5')}\n`);
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -fingerprint -SHA256 -serial')).output).toBe(`SHA256 Fingerprint=${colons('sha256')}\nserial=1F2E3D4C5B6A7988\n`);
    expect(colons('sha256')).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('takes any other option for a digest name, refused only when -fingerprint fetches it (OPT_MD)', async () => {
    expect(await sh.exec('openssl x509 -in apiserver.crt -noout -serial -fingerprint -sha999')).toMatchObject({
      stdout: 'serial=1F2E3D4C5B6A7988\n',
      stderr:
        'Unknown digest\n40F7B3C1E67F0000:error:0308010C:digital envelope routines:inner_evp_generic_fetch:unsupported:../crypto/evp/evp_fetch.c:349:Global default library context, Algorithm (sha999 : 0), Properties (<null>)\n',
      exitCode: 1,
    });
    expect(await sh.exec('openssl x509 -in apiserver.crt -noout -serial -bogus')).toMatchObject({ stdout: 'serial=1F2E3D4C5B6A7988\n', stderr: '', exitCode: 0 });
  });
});
