import { describe, it, expect } from 'vitest';
import { VirtualFs, sizeOf } from '../../../src/cluster/host/vfs.js';
import { CURRENT_PEM, KUBELET_KUBECONFIG, kubeconfigCertificate, storeCertificate } from '../../../src/cluster/kubelet/client-credentials.js';
import { decodeCertificate, encodeCertificate } from '../../../src/cluster/host/certs.js';

describe('the kubelet client certificate store (certificate.FileStore.Update)', () => {
  it('writes a dated pair and points kubelet-client-current.pem at it: read through the link, sized as a symlink (its target path)', () => {
    const now = Date.UTC(2026, 10, 30, 9, 0, 0);
    const fs = new VirtualFs(() => now);
    const cert = { serial: '0a1b', subject: { CN: 'system:node:node-2', O: ['system:nodes'] }, issuer: { CN: 'kubernetes' }, notBefore: now, notAfter: now + 365 * 86_400_000 };
    const file = storeCertificate(fs, cert, '', now);
    expect(file).toBe('/var/lib/kubelet/pki/kubelet-client-2026-11-30-09-00-00.pem');
    expect(fs.read(CURRENT_PEM)).toBe(fs.read(file));
    expect(decodeCertificate(fs.read(CURRENT_PEM)!)?.subject.CN).toBe('system:node:node-2');
    // lstat of a symlink: the length of the path it points to, as kubeadm's first certificate is seeded (node-files.ts).
    expect(sizeOf(fs.stat(CURRENT_PEM)!)).toBe(file.length);
    expect(sizeOf(fs.stat(file)!)).toBe(fs.read(file)!.length);
  });
});

describe('a kubeconfig client certificate (kubeconfigCertificate)', () => {
  const now = Date.UTC(2026, 10, 30, 9, 0, 0);
  const certFor = (cn: string) => ({ serial: cn.padStart(8, '0'), subject: { CN: cn }, issuer: { CN: 'kubernetes' }, notBefore: now, notAfter: now + 86_400_000 });
  const kubeconfig = (user: string) =>
    `apiVersion: v1\nkind: Config\ncurrent-context: ctx\ncontexts:\n- name: ctx\n  context:\n    user: ${user}\nusers:\n- name: a\n  user:\n    client-certificate: /pki/a.pem\n- name: b\n  user:\n    client-certificate: /pki/b.pem\n`;

  it('follows a changed kubeconfig text, and reads the file it names at each call (the text is parsed once, the file is not)', () => {
    const fs = new VirtualFs(() => now);
    fs.write('/pki/a.pem', encodeCertificate(certFor('user-a')));
    fs.write('/pki/b.pem', encodeCertificate(certFor('user-b')));
    fs.write(KUBELET_KUBECONFIG, kubeconfig('a'));
    const cn = () => {
      const r = kubeconfigCertificate(fs, KUBELET_KUBECONFIG);
      return r.ok ? r.cert.subject.CN : r.error;
    };
    expect(cn()).toBe('user-a');
    expect(cn()).toBe('user-a');
    fs.write(KUBELET_KUBECONFIG, kubeconfig('b'));
    expect(cn()).toBe('user-b');
    fs.write('/pki/b.pem', encodeCertificate(certFor('user-b2')));
    expect(cn()).toBe('user-b2');
    fs.remove('/pki/b.pem');
    expect(cn()).toMatch(/open \/pki\/b\.pem: no such file or directory$/);
    fs.write(KUBELET_KUBECONFIG, kubeconfig('a'));
    expect(cn()).toBe('user-a');
  });

  it('names the path asked for in the errors of a text it has parsed before under another path', () => {
    const fs = new VirtualFs(() => now);
    const broken = 'users:\n- name: a\n  user:\n  client-certificate: [\n';
    fs.write('/etc/kubernetes/one.conf', broken);
    fs.write('/etc/kubernetes/two.conf', broken);
    const one = kubeconfigCertificate(fs, '/etc/kubernetes/one.conf');
    const two = kubeconfigCertificate(fs, '/etc/kubernetes/two.conf');
    expect(one.ok || one.error).toMatch(/^unable to read existing bootstrap client config from \/etc\/kubernetes\/one\.conf: .*yaml: line \d+: did not find expected key$/);
    expect(two.ok || two.error).toBe((one.ok || one.error).toString().replaceAll('one.conf', 'two.conf'));
  });
});
