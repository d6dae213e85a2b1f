import { describe, it, expect } from 'vitest';
import { VirtualFs, sizeOf } from '../../../src/cluster/host/vfs.js';
import { CURRENT_PEM, storeCertificate } from '../../../src/cluster/kubelet/client-credentials.js';
import { decodeCertificate } from '../../../src/cluster/host/certs.js';

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
