import { describe, it, expect } from 'vitest';
import { Random } from '../../../src/cluster/clock/random.js';
import { harness, ok, err } from './harness.js';
import { KUBE_DNS_SERVICE_IP, KUBERNETES_SERVICE_IP, ServiceAllocators } from '../../../src/cluster/apiserver/allocators.js';

type Obj = Record<string, any>;

describe('ServiceAllocators', () => {
  it('picks distinct ClusterIPs in 10.96.0.0/12, never the reserved kubernetes and kube-dns addresses', () => {
    const a = new ServiceAllocators(new Random(9));
    const ips = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const svc: Obj = { spec: { type: 'ClusterIP' } };
      a.allocate(svc);
      expect(svc.spec.clusterIP).toMatch(/^10\.(9[6-9]|10\d|11[01])\.\d{1,3}\.\d{1,3}$/);
      expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
      ips.add(svc.spec.clusterIP);
    }
    expect(ips.size).toBe(300);
    expect(ips.has(KUBERNETES_SERVICE_IP) || ips.has(KUBE_DNS_SERVICE_IP)).toBe(false);
  });

  it('keeps a requested ClusterIP, headless None, and gives ExternalName nothing', () => {
    const a = new ServiceAllocators(new Random(9));
    const fixed: Obj = { spec: { type: 'ClusterIP', clusterIP: KUBE_DNS_SERVICE_IP } };
    const headless: Obj = { spec: { type: 'ClusterIP', clusterIP: 'None' } };
    const external: Obj = { spec: { type: 'ExternalName', externalName: 'db.example.com' } };
    for (const s of [fixed, headless, external]) a.allocate(s);
    expect(fixed.spec.clusterIPs).toEqual([KUBE_DNS_SERVICE_IP]);
    expect(headless.spec.clusterIPs).toEqual(['None']);
    expect(external.spec.clusterIP).toBeUndefined();
  });

  it('allocates NodePorts from 30000-32767 unless given', () => {
    const a = new ServiceAllocators(new Random(9));
    const svc: Obj = { spec: { type: 'NodePort', ports: [{ port: 80 }, { port: 443, nodePort: 30443 }] } };
    a.allocate(svc);
    expect(svc.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(svc.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
    expect(svc.spec.ports[1].nodePort).toBe(30443);
  });
});

describe('ClusterIP conflicts through the API server', () => {
  it('rejects a requested ClusterIP that is taken, and frees it when the Service is deleted', () => {
    const h = harness();
    const svc = (name: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { clusterIP: '10.100.0.5', ports: [{ port: 80 }] } });
    ok(h.sys.create('services', 'default', svc('a')));
    const s = err(h.sys.create('services', 'default', svc('b')));
    expect([s.code, s.message]).toEqual([422, 'Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.100.0.5"}: failed to allocate IP 10.100.0.5: provided IP is already allocated']);
    ok(h.sys.delete('services', 'default', 'a'));
    expect((ok(h.sys.create('services', 'default', svc('b'))).spec as Obj).clusterIP).toBe('10.100.0.5');
  });
});
