/**
 * kube-proxy's rules as iptables 1.8.9 (nf_tables) lists and saves them, pinned
 * to reference §8.10: real iptables 1.8.9 listing the rules kube-proxy writes for
 * default/kubernetes, kube-system/kube-dns and a NodePort Service default/web with
 * three endpoints (`iptables -t nat -L CHAIN -n [-v]`, names without `-n`).
 */
import { describe, it, expect } from 'vitest';
import { Netfilter } from '../../../src/cluster/network/netfilter.js';
import { syncProxyRules, type ProxierState } from '../../../src/cluster/proxy/iptables-proxier.js';
import { portKey, type Endpoint, type ServicePort } from '../../../src/cluster/proxy/service-ports.js';
import { listChain, listRules, saveTable, ctime } from '../../../src/commands/host-iptables/render.js';

const port = (service: string, portName: string, protocol: ServicePort['protocol'], clusterIP: string, p: number, nodePort = 0, externalLocal = false): ServicePort => ({ name: `${service}:${portName}`, service, portName, protocol, clusterIP, port: p, nodePort, internalLocal: false, externalLocal });
const ready = (endpoint: string, nodeName = 'node-2'): Endpoint => ({ endpoint, ip: endpoint.split(':')[0], ready: true, serving: true, terminating: false, nodeName });

/** The reference cluster: kubernetes, kube-dns with two CoreDNS pods, web with three endpoints and NodePort 30080, api without endpoints. */
function state(): ProxierState {
  const dns = ['10.244.0.2', '10.244.0.3'];
  return {
    nodeName: 'node-1',
    clusterCIDR: '10.244.0.0/16',
    services: [
      port('default/kubernetes', 'https', 'tcp', '10.96.0.1', 443),
      port('kube-system/kube-dns', 'dns', 'udp', '10.96.0.10', 53),
      port('kube-system/kube-dns', 'dns-tcp', 'tcp', '10.96.0.10', 53),
      port('kube-system/kube-dns', 'metrics', 'tcp', '10.96.0.10', 9153),
      port('default/web', 'http', 'tcp', '10.96.142.17', 80, 30080),
      port('default/api', 'http', 'tcp', '10.96.50.1', 80, 30081),
    ],
    endpoints: new Map([
      [portKey('default/kubernetes', 'https', 'tcp'), [ready('10.0.0.10:6443')]],
      [portKey('kube-system/kube-dns', 'dns', 'udp'), dns.map((ip) => ready(`${ip}:53`))],
      [portKey('kube-system/kube-dns', 'dns-tcp', 'tcp'), dns.map((ip) => ready(`${ip}:53`))],
      [portKey('kube-system/kube-dns', 'metrics', 'tcp'), dns.map((ip) => ready(`${ip}:9153`))],
      [portKey('default/web', 'http', 'tcp'), ['10.244.1.15:8080', '10.244.1.30:8080', '10.244.2.7:8080'].map((e) => ready(e))],
      [portKey('default/api', 'http', 'tcp'), [{ ...ready('10.244.2.9:8080'), ready: false, serving: false }]],
    ]),
  };
}

const nf = new Netfilter((ip) => ip === '10.0.0.11');
syncProxyRules(nf, state());
const numeric = { numeric: true, verbose: false, lineNumbers: false };
const H = 'target     prot opt source               destination         ';

describe('kube-proxy rules as iptables -L prints them (reference §8.10)', () => {
  it('KUBE-SVC for a Service with three endpoints: masquerade rule, then 1/3 and 1/2 statistic rules and the last endpoint', () => {
    expect(listChain(nf.natTable, 'KUBE-SVC-CDGGSHYLG3RE2FKL', numeric)).toBe(
      [
        'Chain KUBE-SVC-CDGGSHYLG3RE2FKL (2 references)',
        H,
        'KUBE-MARK-MASQ  6    -- !10.244.0.0/16        10.96.142.17         /* default/web:http cluster IP */ tcp dpt:80',
        'KUBE-SEP-ETAUCAD6D4I25BHK  0    --  0.0.0.0/0            0.0.0.0/0            /* default/web:http -> 10.244.1.15:8080 */ statistic mode random probability 0.33333333349',
        'KUBE-SEP-35VACXJ3NCEQ7XK5  0    --  0.0.0.0/0            0.0.0.0/0            /* default/web:http -> 10.244.1.30:8080 */ statistic mode random probability 0.50000000000',
        'KUBE-SEP-2RIJ5GIYXEFH6G4D  0    --  0.0.0.0/0            0.0.0.0/0            /* default/web:http -> 10.244.2.7:8080 */',
        '',
      ].join('\n'),
    );
  });

  it('KUBE-NODEPORTS, KUBE-MARK-MASQ, PREROUTING and a KUBE-SEP chain', () => {
    expect(listChain(nf.natTable, 'KUBE-NODEPORTS', numeric)).toBe(`Chain KUBE-NODEPORTS (1 references)\n${H}\nKUBE-EXT-CDGGSHYLG3RE2FKL  6    --  0.0.0.0/0            0.0.0.0/0            /* default/web:http */ tcp dpt:30080\n`);
    expect(listChain(nf.natTable, 'KUBE-MARK-MASQ', numeric)).toBe(`Chain KUBE-MARK-MASQ (16 references)\n${H}\nMARK       0    --  0.0.0.0/0            0.0.0.0/0            MARK or 0x4000\n`);
    expect(listChain(nf.natTable, 'PREROUTING', numeric)).toBe(`Chain PREROUTING (policy ACCEPT)\n${H}\nKUBE-SERVICES  0    --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service portals */\n`);
    expect(listChain(nf.natTable, 'KUBE-SEP-2GFESPSWZI6F32XN', numeric)).toBe(
      `Chain KUBE-SEP-2GFESPSWZI6F32XN (1 references)\n${H}\nKUBE-MARK-MASQ  0    --  10.0.0.10            0.0.0.0/0            /* default/kubernetes:https */\nDNAT       6    --  0.0.0.0/0            0.0.0.0/0            /* default/kubernetes:https */ tcp to:10.0.0.10:6443\n`,
    );
  });

  it('KUBE-SERVICES: one rule per ClusterIP with endpoints, the NodePort jump last; protocol numbers with -n, names without', () => {
    const listing = listChain(nf.natTable, 'KUBE-SERVICES', numeric).split('\n');
    expect(listing.slice(0, 2)).toEqual(['Chain KUBE-SERVICES (2 references)', H]);
    for (const line of [
      'KUBE-SVC-NPX46M4PTMTKRN6Y  6    --  0.0.0.0/0            10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443',
      'KUBE-SVC-TCOU7JCQXEZGVUNU  17   --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:dns cluster IP */ udp dpt:53',
      'KUBE-SVC-ERIFXISQEP7F7OF4  6    --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:dns-tcp cluster IP */ tcp dpt:53',
      'KUBE-SVC-JD5MR3NA4I4DYORP  6    --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:metrics cluster IP */ tcp dpt:9153',
      'KUBE-SVC-CDGGSHYLG3RE2FKL  6    --  0.0.0.0/0            10.96.142.17         /* default/web:http cluster IP */ tcp dpt:80',
    ]) expect(listing).toContain(line);
    expect(listing.at(-2)).toBe('KUBE-NODEPORTS  0    --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service nodeports; NOTE: this must be the last rule in this chain */ ADDRTYPE match dst-type LOCAL');
    // The Service without ready endpoints has no rule in nat: it is rejected in filter.
    expect(listing.join('\n')).not.toContain('default/api');
    const named = listChain(nf.natTable, 'KUBE-SERVICES', { ...numeric, numeric: false });
    expect(named).toContain('KUBE-SVC-NPX46M4PTMTKRN6Y  tcp  --  anywhere             10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:https');
    expect(named).toContain('KUBE-SVC-TCOU7JCQXEZGVUNU  udp  --  anywhere             10.96.0.10           /* kube-system/kube-dns:dns cluster IP */ udp dpt:domain');
    const verbose = listChain(nf.natTable, 'KUBE-SERVICES', { ...numeric, verbose: true });
    expect(verbose).toContain(' pkts bytes target     prot opt in     out     source               destination         \n');
    expect(verbose).toContain('    0     0 KUBE-SVC-NPX46M4PTMTKRN6Y  6    --  *      *       0.0.0.0/0            10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443\n');
  });

  it('a Service without endpoints: REJECT in the filter table for its ClusterIP and, on local addresses, its NodePort', () => {
    expect(listChain(nf.filterTable, 'KUBE-SERVICES', numeric)).toBe(
      `Chain KUBE-SERVICES (2 references)\n${H}\nREJECT     6    --  0.0.0.0/0            10.96.50.1           /* default/api:http has no endpoints */ tcp dpt:80 reject-with icmp-port-unreachable\n`,
    );
    expect(listRules(nf.filterTable, 'KUBE-EXTERNAL-SERVICES')).toBe(
      '-N KUBE-EXTERNAL-SERVICES\n-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "default/api:http has no endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30081 -j REJECT --reject-with icmp-port-unreachable\n',
    );
  });
});

describe('iptables -S and iptables-save forms of kube-proxy rules', () => {
  it('prints rules in iptables-restore form, comments quoted unless plain, probabilities as the kernel keeps them', () => {
    expect(listRules(nf.natTable, 'KUBE-SVC-CDGGSHYLG3RE2FKL')).toBe(
      [
        '-N KUBE-SVC-CDGGSHYLG3RE2FKL',
        '-A KUBE-SVC-CDGGSHYLG3RE2FKL ! -s 10.244.0.0/16 -d 10.96.142.17/32 -p tcp -m comment --comment "default/web:http cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ',
        '-A KUBE-SVC-CDGGSHYLG3RE2FKL -m comment --comment "default/web:http -> 10.244.1.15:8080" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-ETAUCAD6D4I25BHK',
        '-A KUBE-SVC-CDGGSHYLG3RE2FKL -m comment --comment "default/web:http -> 10.244.1.30:8080" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-35VACXJ3NCEQ7XK5',
        '-A KUBE-SVC-CDGGSHYLG3RE2FKL -m comment --comment "default/web:http -> 10.244.2.7:8080" -j KUBE-SEP-2RIJ5GIYXEFH6G4D',
        '',
      ].join('\n'),
    );
    expect(listRules(nf.natTable, 'KUBE-POSTROUTING')).toBe(
      '-N KUBE-POSTROUTING\n-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN\n-A KUBE-POSTROUTING -j MARK --set-xmark 0x4000/0x0\n-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE --random-fully\n',
    );
  });

  it('iptables-save: generated/completed lines with ctime, the table, chain lines with policies and [0:0], rules, COMMIT', () => {
    const when = ctime(Date.parse('2026-12-02T06:03:44Z'));
    expect(when).toBe('Wed Dec  2 06:03:44 2026');
    const saved = saveTable(nf.natTable, when).split('\n');
    expect(saved.slice(0, 7)).toEqual(['# Generated by iptables-save v1.8.9 (nf_tables) on Wed Dec  2 06:03:44 2026', '*nat', ':PREROUTING ACCEPT [0:0]', ':INPUT ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]', ':POSTROUTING ACCEPT [0:0]', ':KUBE-EXT-CDGGSHYLG3RE2FKL - [0:0]']);
    expect(saved).toContain('-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES');
    expect(saved).toContain('-A KUBE-SEP-2GFESPSWZI6F32XN -p tcp -m comment --comment "default/kubernetes:https" -m tcp -j DNAT --to-destination 10.0.0.10:6443');
    expect(saved).toContain('-A KUBE-EXT-CDGGSHYLG3RE2FKL -m comment --comment "masquerade traffic for default/web:http external destinations" -j KUBE-MARK-MASQ');
    expect(saved.slice(-3)).toEqual(['COMMIT', '# Completed on Wed Dec  2 06:03:44 2026', '']);
  });
});

describe('externalTrafficPolicy: Local (proxier.go: KUBE-EXT short-circuits, KUBE-SVL, "has no local endpoints")', () => {
  const local = port('default/local', 'http', 'tcp', '10.96.60.1', 80, 30082, true);
  const state = (node: string): ProxierState => ({ nodeName: node, clusterCIDR: '10.244.0.0/16', services: [local], endpoints: new Map([[portKey('default/local', 'http', 'tcp'), [ready('10.244.2.4:8080', 'node-2')]]]) });

  it('on a node without a local endpoint: pods and the node itself still go the cluster way, outside traffic is dropped', () => {
    const nf1 = new Netfilter((ip) => ip === '10.0.0.11');
    syncProxyRules(nf1, state('node-1'));
    const ext = 'KUBE-EXT-' + listRules(nf1.natTable).match(/KUBE-EXT-([A-Z2-7]{16})/)![1];
    const svc = ext.replace('KUBE-EXT-', 'KUBE-SVC-');
    expect(listRules(nf1.natTable, ext)).toBe(
      [
        `-N ${ext}`,
        `-A ${ext} -s 10.244.0.0/16 -m comment --comment "pod traffic for default/local:http external destinations" -j ${svc}`,
        `-A ${ext} -m comment --comment "masquerade LOCAL traffic for default/local:http external destinations" -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`,
        `-A ${ext} -m comment --comment "route LOCAL traffic for default/local:http external destinations" -m addrtype --src-type LOCAL -j ${svc}`,
        '',
      ].join('\n'),
    );
    expect(listRules(nf1.filterTable, 'KUBE-EXTERNAL-SERVICES')).toContain('-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "default/local:http has no local endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30082 -j DROP\n');
    expect(Object.keys(nf1.natTable.chains).some((c) => c.startsWith('KUBE-SVL-'))).toBe(false);
    // From outside the NodePort is dropped on node-1; from a pod the ClusterIP still works.
    const outside = { proto: 'tcp' as const, src: '10.0.0.2', dst: '10.0.0.11', dport: 30082 };
    expect(nf1.filter('INPUT', nf1.nat('PREROUTING', outside, () => 0))).toEqual({ target: 'DROP' });
    expect(nf1.nat('PREROUTING', { proto: 'tcp', src: '10.244.1.9', dst: '10.96.60.1', dport: 80 }, () => 0)).toMatchObject({ dst: '10.244.2.4', dport: 8080 });
  });

  it('on the node with the endpoint: KUBE-EXT ends in KUBE-SVL, its local endpoints', () => {
    const nf2 = new Netfilter((ip) => ip === '10.0.0.12');
    syncProxyRules(nf2, state('node-2'));
    const svl = Object.keys(nf2.natTable.chains).find((c) => c.startsWith('KUBE-SVL-'))!;
    expect(listRules(nf2.natTable, svl)).toBe(`-N ${svl}\n-A ${svl} -m comment --comment "default/local:http -> 10.244.2.4:8080" -j KUBE-SEP-${listRules(nf2.natTable, svl).match(/KUBE-SEP-([A-Z2-7]{16})/)![1]}\n`);
    const ext = Object.keys(nf2.natTable.chains).find((c) => c.startsWith('KUBE-EXT-'))!;
    expect(nf2.natTable.chains[ext].at(-1)!.target).toBe(svl);
    expect(nf2.nat('PREROUTING', { proto: 'tcp', src: '10.0.0.2', dst: '10.0.0.12', dport: 30082 }, () => 0)).toMatchObject({ dst: '10.244.2.4', dport: 8080 });
  });
});
