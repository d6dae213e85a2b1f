import { z } from 'zod';
import { describe, it, expect } from 'vitest';
import { smallCluster } from '../cluster/kubelet/harness.js';
import { faultPrimitives } from '../../src/faults/registry.js';
import { clockSkew, parseSignedDuration } from '../../src/faults/clock-skew.js';
import { kubeletClientCertExpired } from '../../src/faults/kubelet-client-cert-expired.js';
import { kubeletConfigInvalid } from '../../src/faults/kubelet-config-invalid.js';
import { nodePartitioned } from '../../src/faults/node-partitioned.js';
import { netfilterOf } from '../../src/cluster/network/netfilter.js';
import { decodeCertificate } from '../../src/cluster/host/certs.js';

describe('node fault primitives', () => {
  it('are registered with strict schemas that take node and since', () => {
    const all = faultPrimitives();
    for (const name of ['kubelet-client-cert-expired', 'kubelet-config-invalid', 'clock-skew', 'node-partitioned']) {
      expect(all[name]).toBeDefined();
      expect(all[name].params(z).safeParse({ type: name, node: 'node-2', since: '6h', ...(name === 'clock-skew' ? { offset: '+1d' } : {}) }).success).toBe(true);
      expect(all[name].params(z).safeParse({ type: name, node: 'node-2', bogus: 1, offset: '+1d' }).success).toBe(false);
    }
  });

  it('clock-skew parses signed offsets and stops NTP', () => {
    expect(parseSignedDuration('+400d')).toBe(400 * 86_400_000);
    expect(parseSignedDuration('-2h')).toBe(-7_200_000);
    const c = smallCluster();
    clockSkew.apply(c, { type: 'clock-skew', node: 'node-1', offset: '-2h' });
    const host = c.nodes.get('node-1')!.host;
    expect([host.clockOffsetMs, host.ntp]).toEqual([-7_200_000, { service: false, synchronized: false }]);
    expect(host.now()).toBe(c.now() - 7_200_000);
  });

  it('kubelet-client-cert-expired writes a store certificate expiring now and points current at it', () => {
    const c = smallCluster();
    kubeletClientCertExpired.apply(c, { type: 'kubelet-client-cert-expired', node: 'node-2' });
    const fs = c.nodes.get('node-2')!.host.fs;
    const cert = decodeCertificate(fs.read('/var/lib/kubelet/pki/kubelet-client-current.pem')!)!;
    expect([cert.subject, cert.notAfter]).toEqual([{ CN: 'system:node:node-2', O: ['system:nodes'] }, c.now()]);
    expect(fs.read('/var/lib/kubelet/pki/kubelet-client-current.pem')).toContain('PRIVATE KEY');
  });

  it('kubelet-config-invalid edits the file (with an optional backup) and restarts the unit', () => {
    const c = smallCluster();
    const host = c.nodes.get('node-1')!.host;
    const before = host.fs.read('/var/lib/kubelet/config.yaml');
    kubeletConfigInvalid.apply(c, { type: 'kubelet-config-invalid', node: 'node-1', error: 'bad-value', backup: true });
    expect(host.fs.read('/var/lib/kubelet/config.yaml.bak')).toBe(before);
    expect(host.fs.read('/var/lib/kubelet/config.yaml')!.endsWith('maxPods: 150 pods\n')).toBe(true);
    expect(host.unit('kubelet')!.sub).toBe('auto-restart');
  });

  it('node-partitioned adds an INPUT DROP rule for the control plane', () => {
    const c = smallCluster();
    nodePartitioned.apply(c, { type: 'node-partitioned', node: 'node-2' });
    expect(netfilterOf(c.nodes.get('node-2')!.host).chains.INPUT).toContainEqual({ source: '10.0.0.10/32', target: 'DROP' });
  });
});
