import { describe, it, expect } from 'vitest';
import { endpointChainName, externalChainName, portProtoHash, serviceChainName } from '../../../src/cluster/proxy/chain-names.js';

// Reference §8.10: chain names checked against real clusters (KUBE-SVC-NPX46M4PTMTKRN6Y is
// default/kubernetes:https everywhere; KUBE-SVC-TCOU7JCQXEZGVUNU is kube-system/kube-dns:dns),
// and the reference's web Service chains loaded into real iptables 1.8.9.
describe('kube-proxy chain names (pkg/proxy/iptables/proxier.go portProtoHash)', () => {
  it('hashes the Service port name and protocol into the well-known KUBE-SVC names', () => {
    expect(serviceChainName('default/kubernetes:https', 'tcp')).toBe('KUBE-SVC-NPX46M4PTMTKRN6Y');
    expect(serviceChainName('kube-system/kube-dns:dns', 'udp')).toBe('KUBE-SVC-TCOU7JCQXEZGVUNU');
    expect(serviceChainName('kube-system/kube-dns:dns-tcp', 'tcp')).toBe('KUBE-SVC-ERIFXISQEP7F7OF4');
    expect(serviceChainName('kube-system/kube-dns:metrics', 'tcp')).toBe('KUBE-SVC-JD5MR3NA4I4DYORP');
    expect(serviceChainName('default/web:http', 'tcp')).toBe('KUBE-SVC-CDGGSHYLG3RE2FKL');
  });

  it('shares the hash between KUBE-SVC and KUBE-EXT, and the protocol changes it', () => {
    expect(externalChainName('default/web:http', 'tcp')).toBe('KUBE-EXT-CDGGSHYLG3RE2FKL');
    expect(portProtoHash('kube-system/kube-dns:dns', 'tcp')).not.toBe(portProtoHash('kube-system/kube-dns:dns', 'udp'));
  });

  it('adds the endpoint to the hash for KUBE-SEP', () => {
    expect(endpointChainName('default/kubernetes:https', 'tcp', '10.0.0.10:6443')).toBe('KUBE-SEP-2GFESPSWZI6F32XN');
    expect(endpointChainName('default/web:http', 'tcp', '10.244.1.15:8080')).toBe('KUBE-SEP-ETAUCAD6D4I25BHK');
    expect(endpointChainName('default/web:http', 'tcp', '10.244.1.30:8080')).toBe('KUBE-SEP-35VACXJ3NCEQ7XK5');
    expect(endpointChainName('default/web:http', 'tcp', '10.244.2.7:8080')).toBe('KUBE-SEP-2RIJ5GIYXEFH6G4D');
  });
});
