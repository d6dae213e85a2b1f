import { describe, it, expect } from 'vitest';
import { encodeCertificate, privateKeyBlock, type Certificate } from '../../../src/cluster/host/certs.js';
import { T0, sessionOn, testCluster } from '../crictl/node-session.js';

const at = (iso: string) => Date.parse(iso);
const apiserver: Certificate = {
  serial: '1f2e3d4c5b6a7988',
  subject: { CN: 'kube-apiserver' },
  issuer: { CN: 'kube-apiserver' },
  notBefore: at('2026-11-30T04:15:16Z'),
  notAfter: at('2027-11-30T04:15:16Z'),
  sans: ['DNS:kubernetes', 'DNS:kubernetes.default', 'IP Address:10.96.0.1', 'IP Address:10.0.0.10'],
};
const kubeletClient: Certificate = {
  serial: '0a0b0c0d',
  subject: { CN: 'system:node:node-1', O: ['system:nodes'] },
  issuer: { CN: 'kubernetes' },
  notBefore: at('2025-12-01T04:15:16Z'),
  notAfter: at('2026-12-01T04:15:16Z'),
};

async function shell() {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'node-1');
  const fs = cluster.nodes.get('node-1')!.host.fs;
  fs.write('/root/apiserver.crt', encodeCertificate(apiserver));
  fs.write('/root/kubelet-client.crt', encodeCertificate(kubeletClient) + privateKeyBlock('00ff'));
  fs.write('/root/notes.txt', 'hello\n');
  return { cluster, sh };
}

describe('openssl x509: the reference samples (§8.6)', async () => {
  const { sh } = await shell();

  it('-dates, -enddate (space-padded day), -subject, -issuer', async () => {
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -dates')).output).toBe('notBefore=Nov 30 04:15:16 2026 GMT\nnotAfter=Nov 30 04:15:16 2027 GMT\n');
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -enddate')).output).toBe('notAfter=Dec  1 04:15:16 2026 GMT\n');
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -subject')).output).toBe('subject=O = system:nodes, CN = system:node:node-1\n');
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -subject -issuer')).output).toBe('subject=CN = kube-apiserver\nissuer=CN = kube-apiserver\n');
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -issuer -subject')).output).toBe('issuer=CN = kube-apiserver\nsubject=CN = kube-apiserver\n');
  });

  it('-checkend answers against the host clock with exit 0 or 1', async () => {
    expect(await sh.exec('openssl x509 -in apiserver.crt -noout -checkend 86400')).toMatchObject({ stdout: 'Certificate will not expire\n', exitCode: 0 });
    expect(await sh.exec('openssl x509 -in kubelet-client.crt -noout -checkend 172800')).toMatchObject({ stdout: 'Certificate will expire\n', exitCode: 1 });
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -checkend 0; echo $?')).output).toBe('Certificate will not expire\n0\n');
  });

  it('-ext subjectAltName: header with a trailing space, values indented by four', async () => {
    expect((await sh.exec('openssl x509 -in apiserver.crt -noout -ext subjectAltName')).output).toBe('X509v3 Subject Alternative Name: \n    DNS:kubernetes, DNS:kubernetes.default, IP Address:10.96.0.1, IP Address:10.0.0.10\n');
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -ext subjectAltName')).output).toBe('');
  });

  it('-serial in upper case; without -noout the PEM follows', async () => {
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -serial')).output).toBe('serial=0A0B0C0D\n');
    expect((await sh.exec('openssl x509 -in apiserver.crt -enddate')).output).toBe(`notAfter=Nov 30 04:15:16 2027 GMT\n${encodeCertificate(apiserver)}`);
  });

  it('reads a certificate piped on stdin', async () => {
    expect((await sh.exec('cat kubelet-client.crt | openssl x509 -noout -enddate')).output).toBe('notAfter=Dec  1 04:15:16 2026 GMT\n');
  });
});

describe('openssl x509 -text', async () => {
  const { sh } = await shell();

  it('dumps the header, validity, names and extensions like OpenSSL 3.0', async () => {
    const out = (await sh.exec('openssl x509 -in apiserver.crt -noout -text')).stdout.split('\n');
    expect(out.slice(0, 11)).toEqual([
      'Certificate:',
      '    Data:',
      '        Version: 3 (0x2)',
      '        Serial Number:',
      '            1f:2e:3d:4c:5b:6a:79:88',
      '        Signature Algorithm: sha256WithRSAEncryption',
      '        Issuer: CN = kube-apiserver',
      '        Validity',
      '            Not Before: Nov 30 04:15:16 2026 GMT',
      '            Not After : Nov 30 04:15:16 2027 GMT',
      '        Subject: CN = kube-apiserver',
    ]);
    expect(out.slice(11, 15)).toEqual(['        Subject Public Key Info:', '            Public Key Algorithm: rsaEncryption', '                Public-Key: (2048 bit)', '                Modulus:']);
    expect(out[15]).toMatch(/^ {20}00:[89a-f][0-9a-f](:[0-9a-f]{2}){13}:$/);
    const ext = out.indexOf('        X509v3 extensions:');
    expect(out.slice(ext, ext + 9)).toEqual([
      '        X509v3 extensions:',
      '            X509v3 Key Usage: critical',
      '                Digital Signature, Key Encipherment',
      '            X509v3 Extended Key Usage: ',
      '                TLS Web Server Authentication',
      '            X509v3 Basic Constraints: critical',
      '                CA:FALSE',
      '            X509v3 Subject Alternative Name: ',
      '                DNS:kubernetes, DNS:kubernetes.default, IP Address:10.96.0.1, IP Address:10.0.0.10',
    ]);
    expect(out.slice(ext + 9, ext + 11)).toEqual(['    Signature Algorithm: sha256WithRSAEncryption', '    Signature Value:']);
    expect(out.at(-1)).toBe('');
  });

  it('a kubelet client certificate has an ECDSA key and client-auth usage, and the dump is stable', async () => {
    const first = (await sh.exec('openssl x509 -in kubelet-client.crt -noout -text')).stdout;
    expect(first).toContain('            Public Key Algorithm: id-ecPublicKey\n                Public-Key: (256 bit)\n                pub:\n                    04:');
    expect(first).toContain('                ASN1 OID: prime256v1\n                NIST CURVE: P-256\n');
    expect(first).toContain('            X509v3 Key Usage: critical\n                Digital Signature\n            X509v3 Extended Key Usage: \n                TLS Web Client Authentication\n');
    expect((await sh.exec('openssl x509 -in kubelet-client.crt -noout -text')).stdout).toBe(first);
  });
});

describe('openssl errors', async () => {
  const { sh } = await shell();

  it('a missing file fails in the file store loader', async () => {
    expect(await sh.exec('openssl x509 -in /nope.crt -noout -dates')).toMatchObject({
      stdout: '',
      stderr:
        'Could not open file or uri for loading certificate from /nope.crt\n' +
        '40F7B3C1E67F0000:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n' +
        '40F7B3C1E67F0000:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:267:calling stat(/nope.crt)\n' +
        'Unable to load certificate\n',
      exitCode: 1,
    });
  });

  it('a file without a certificate cannot be read', async () => {
    expect(await sh.exec('openssl x509 -in notes.txt -noout -dates')).toMatchObject({ stderr: 'Could not read certificate from notes.txt\nUnable to load certificate\n', exitCode: 1 });
  });

  it('unknown subcommands and options', async () => {
    expect(await sh.exec('openssl foo')).toMatchObject({ stderr: `Invalid command 'foo'; type "help" for a list.\n`, exitCode: 1 });
    // x509 takes an unknown option for a digest name (its {"", OPT_MD} entry): unused, it changes nothing.
    expect(await sh.exec('openssl x509 -in apiserver.crt -noout -subject -bogus')).toMatchObject({ stdout: 'subject=CN = kube-apiserver\n', stderr: '', exitCode: 0 });
    expect((await sh.exec('openssl version')).output).toBe('OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)\n');
  });

  it('works on the workstation too (files of the workstation)', async () => {
    const cluster = testCluster();
    const ws = await sessionOn(cluster);
    await ws.exec('echo hi > x.txt');
    expect((await ws.exec('openssl x509 -in x.txt -noout')).stderr).toBe('Could not read certificate from x.txt\nUnable to load certificate\n');
    expect(T0).toBeGreaterThan(0);
  });
});
