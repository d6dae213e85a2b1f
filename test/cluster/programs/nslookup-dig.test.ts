/**
 * nslookup (busybox 1.36.1 networking/nslookup.c, FEATURE_NSLOOKUP_BIG),
 * dig (BIND 9.18 bin/dig/dig.c, dighost.c, lib/dns/message.c, masterdump.c)
 * and the musl resolver (musl 1.2.5 src/network/lookup_name.c, res_msend.c,
 * resolvconf.c) against a DNS server, their output pinned to the sources'
 * printf formats; then against CoreDNS in a cluster whose CoreDNS goes away
 * and comes back.
 */
import { describe, it, expect } from 'vitest';
import { nslookup } from '../../../src/cluster/programs/nslookup.js';
import { dig } from '../../../src/cluster/programs/dig.js';
import { resolveHost, candidateNames, muslResolvConf } from '../../../src/cluster/programs/resolver.js';
import type { ProgramContext } from '../../../src/cluster/programs/types.js';
import type { Network, RequestResult } from '../../../src/cluster/network/network.js';
import type { DnsQuery, DnsResponse } from '../../../src/cluster/network/requests.js';
import { clientProgram } from '../../../src/cluster/programs/index.js';
import { smallCluster, createPod } from '../kubelet/harness.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const POD_RESOLV_CONF = 'search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n';
const SOA = { name: 'cluster.local.', type: 'SOA' as const, ttl: 30, data: 'ns.dns.cluster.local. hostmaster.cluster.local. 1794312000 7200 1800 86400 30' };

/** A DNS server at 10.96.0.10 that knows web.default (10.96.45.7) and nothing else, as CoreDNS answers; or silence. */
function fakeNetwork(mode: 'answer' | 'silent' | 'refused', asked: DnsQuery[] = []): Network {
  const request = (_from: unknown, ip: string, port: number, q: DnsQuery): RequestResult => {
    asked.push(q);
    if (mode === 'refused') return { ok: false, failure: 'refused' };
    if (mode === 'silent' || ip !== '10.96.0.10' || port !== 53) return { ok: false, failure: 'timeout' };
    const name = q.name.endsWith('.') ? q.name : `${q.name}.`;
    let response: DnsResponse;
    if (name === 'web.default.svc.cluster.local.') response = { kind: 'dns', rcode: 'NOERROR', answers: q.type === 'A' ? [{ name, type: 'A', ttl: 30, data: '10.96.45.7' }] : [], ...(q.type === 'A' ? {} : { authority: [SOA] }), authoritative: true };
    else response = { kind: 'dns', rcode: 'NXDOMAIN', answers: [], authority: [SOA], authoritative: true };
    return { ok: true, peer: { kind: 'external', server: { answer: () => undefined } }, response };
  };
  return { request } as unknown as Network;
}

const NOW = Date.parse('2026-11-10T12:00:10Z');
const ctxOf = (network: Network, resolvConf = POD_RESOLV_CONF): ProgramContext => ({ network, from: { kind: 'pod', node: 'node-1', sandboxId: 'x' }, resolvConf: () => resolvConf, now: NOW });

describe('busybox nslookup', () => {
  it('tries a dotless name with every search domain, A then AAAA, printing each reply as busybox does (exit 1: some were NXDOMAIN)', () => {
    const asked: DnsQuery[] = [];
    const r = nslookup(['nslookup', 'web'], ctxOf(fakeNetwork('answer', asked)));
    expect(asked.map((q) => `${q.type} ${q.name}`)).toEqual(['A web.default.svc.cluster.local', 'A web.svc.cluster.local', 'A web.cluster.local', 'AAAA web.default.svc.cluster.local', 'AAAA web.svc.cluster.local', 'AAAA web.cluster.local']);
    // send_queries: "Server:\t\t%s\n" "Address:\t%s\n\n" on the first reply; parse_reply "Name:\t%s\nAddress: %s\n";
    // "** server can't find %s: %s\n"; bb_putchar('\n') after every reply (an empty AAAA reply shows only that).
    expect(r.stdout).toBe(
      [
        'Server:\t\t10.96.0.10',
        'Address:\t10.96.0.10:53',
        '',
        'Name:\tweb.default.svc.cluster.local',
        'Address: 10.96.45.7',
        '',
        "** server can't find web.svc.cluster.local: NXDOMAIN",
        '',
        "** server can't find web.cluster.local: NXDOMAIN",
        '',
        '',
        "** server can't find web.svc.cluster.local: NXDOMAIN",
        '',
        "** server can't find web.cluster.local: NXDOMAIN",
        '',
        '',
      ].join('\n'),
    );
    expect(r).toMatchObject({ stderr: '', exitCode: 1, durationMs: 0 });
  });

  it('sends a name with a dot as it is (no ndots in busybox): the FQDN answers, `web.default` is NXDOMAIN', () => {
    expect(nslookup(['nslookup', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('answer')))).toMatchObject({
      stdout: 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: 10.96.45.7\n\n\n',
      exitCode: 0,
    });
    const short = nslookup(['nslookup', 'web.default'], ctxOf(fakeNetwork('answer')));
    expect(short.stdout).toBe("Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n** server can't find web.default: NXDOMAIN\n\n** server can't find web.default: NXDOMAIN\n\n");
    expect(short.exitCode).toBe(1);
  });

  it('gives up on a silent server after 5 s: ";; connection timed out; no servers could be reached" on stdout, exit 1', () => {
    expect(nslookup(['nslookup', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('silent')))).toEqual(expect.objectContaining({ stdout: ';; connection timed out; no servers could be reached\n\n', stderr: '', exitCode: 1, durationMs: 5000 }));
  });

  it("on a REJECT (ICMP port-unreachable) the connected socket's next write fails: bb_perror_msg, then the same last line", () => {
    const r = nslookup(['nslookup', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('refused')));
    expect(r.chunks).toEqual([
      { fd: 2, text: "nslookup: write to '10.96.0.10': Connection refused\n" },
      { fd: 1, text: ';; connection timed out; no servers could be reached\n\n' },
    ]);
    expect(r).toMatchObject({ exitCode: 1, durationMs: 0 });
    // One query (a PTR) has no next write: read() reports the error after each send until the time is up.
    expect(nslookup(['nslookup', '10.96.0.1'], ctxOf(fakeNetwork('refused')))).toMatchObject({ stderr: 'nslookup: read: Connection refused\n'.repeat(2), stdout: ';; connection timed out; no servers could be reached\n\n', durationMs: 5000 });
  });

  it('answers usage errors as bb_show_usage and takes a server argument', () => {
    const usage = nslookup(['nslookup'], ctxOf(fakeNetwork('answer')));
    expect(usage.exitCode).toBe(1);
    expect(usage.stderr).toContain('Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n');
    expect(nslookup(['nslookup', 'web.default.svc.cluster.local', '10.96.0.11'], ctxOf(fakeNetwork('answer'))).stdout).toBe(';; connection timed out; no servers could be reached\n\n');
  });
});

describe('dig', () => {
  const normalize = (s: string) => s.replace(/id: \d+/, 'id: ID').replace(/COOKIE: [0-9a-f]{16}/, 'COOKIE: C');

  it('prints the header, OPT pseudo-section, question and answer in masterdump columns, and the statistics', () => {
    const r = dig(['dig', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('answer')));
    expect(normalize(r.stdout)).toBe(
      [
        '',
        '; <<>> DiG 9.18.30 <<>> web.default.svc.cluster.local',
        ';; global options: +cmd',
        ';; Got answer:',
        ';; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: ID',
        ';; flags: qr aa rd; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 1',
        ';; WARNING: recursion requested but not available',
        '',
        ';; OPT PSEUDOSECTION:',
        '; EDNS: version: 0, flags:; udp: 1232',
        '; COOKIE: C (echoed)',
        ';; QUESTION SECTION:',
        ';web.default.svc.cluster.local.\tIN\tA',
        '',
        ';; ANSWER SECTION:',
        'web.default.svc.cluster.local. 30 IN\tA\t10.96.45.7',
        '',
        ';; Query time: 0 msec',
        ';; SERVER: 10.96.0.10#53(10.96.0.10) (UDP)',
        ';; WHEN: Tue Nov 10 12:00:10 UTC 2026',
        ';; MSG SIZE  rcvd: 115',
        '',
        '',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(0);
    expect(dig(['dig', '+short', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('answer'))).stdout).toBe('10.96.45.7\n');
  });

  it('shows NXDOMAIN with the SOA under AUTHORITY, exit 0', () => {
    const r = dig(['dig', 'nope.default.svc.cluster.local'], ctxOf(fakeNetwork('answer')));
    expect(r.stdout).toContain(';; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: ');
    expect(r.stdout).toContain(';; flags: qr aa rd; QUERY: 1, ANSWER: 0, AUTHORITY: 1, ADDITIONAL: 1\n');
    expect(r.stdout).toContain(';; AUTHORITY SECTION:\ncluster.local.\t\t30\tIN\tSOA\tns.dns.cluster.local. hostmaster.cluster.local. 1794312000 7200 1800 86400 30\n\n');
    expect(r.stdout).toContain(';; MSG SIZE  rcvd: 164\n');
    expect(r.exitCode).toBe(0);
    expect(dig(['dig', '+short', 'nope.default.svc.cluster.local'], ctxOf(fakeNetwork('answer'))).stdout).toBe('');
  });

  it('warns after each try that got no answer, then prints the command and ";; no servers could be reached" (exit 9)', () => {
    const silent = dig(['dig', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('silent')));
    expect(silent.stdout).toBe(';; communications error to 10.96.0.10#53: timed out\n'.repeat(3) + '\n; <<>> DiG 9.18.30 <<>> web.default.svc.cluster.local\n;; global options: +cmd\n;; no servers could be reached\n');
    expect(silent).toMatchObject({ exitCode: 9, durationMs: 15_000 });
    const refused = dig(['dig', '+short', '+tries=2', 'web.default.svc.cluster.local'], ctxOf(fakeNetwork('refused')));
    expect(refused).toMatchObject({ stdout: ';; communications error to 10.96.0.10#53: connection refused\n'.repeat(2) + ';; no servers could be reached\n', exitCode: 9, durationMs: 0 });
  });
});

describe("musl's resolver", () => {
  it('tries the search list first below ndots, the name alone at or above it', () => {
    const conf = muslResolvConf(POD_RESOLV_CONF);
    expect(conf).toMatchObject({ nameservers: ['10.96.0.10'], ndots: 5, timeoutS: 5, attempts: 2 });
    expect(candidateNames('web.shop', conf)).toEqual(['web.shop.default.svc.cluster.local', 'web.shop.svc.cluster.local', 'web.shop.cluster.local', 'web.shop']);
    expect(candidateNames('a.b.c.d.e.f', conf)).toEqual(['a.b.c.d.e.f']);
    expect(candidateNames('web.', conf)).toEqual(['web']);
  });

  it('resolves through NXDOMAINs; a silent server costs the whole timeout and ends the lookup', () => {
    expect(resolveHost('web', ctxOf(fakeNetwork('answer')))).toEqual({ ok: true, ip: '10.96.45.7', durationMs: 0 });
    expect(resolveHost('nope', ctxOf(fakeNetwork('answer')))).toEqual({ ok: false, failure: 'nxdomain', durationMs: 0 });
    const asked: DnsQuery[] = [];
    expect(resolveHost('web', ctxOf(fakeNetwork('silent', asked)))).toEqual({ ok: false, failure: 'timeout', durationMs: 5000 });
    expect(asked).toHaveLength(1);
    expect(resolveHost('web', ctxOf(fakeNetwork('refused'), `${POD_RESOLV_CONF}options timeout:2\n`))).toEqual({ ok: false, failure: 'timeout', durationMs: 2000 });
  });
});

describe('against CoreDNS in a cluster', () => {
  const cluster = smallCluster({ 'shop/web:1': { listens: [8080] } });
  const sys = cluster.systemClient();
  sys.create('services', 'default', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } } as KubeObject);
  createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
  cluster.advance(10_000);
  const svcIP = () => ((sys.get('services', 'default', 'web') as { value: Obj }).value.spec.clusterIP as string);
  /** kube-dns's first ready endpoint, where kube-proxy's DNAT would send 10.96.0.10 (until it lands: the address itself). */
  const kubeDns = (): string => {
    const slices = sys.list('endpointslices', 'kube-system', { labelSelector: 'kubernetes.io/service-name=kube-dns' });
    for (const s of (slices.ok && slices.value.items) || []) for (const e of (s.endpoints as Obj[]) ?? []) if (e.conditions?.ready) return e.addresses[0];
    return '10.96.0.10';
  };
  const ctx = (): ProgramContext => {
    const sandbox = [...cluster.nodes.get('node-2')!.runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
    return { network: cluster.network, from: { kind: 'pod', node: 'node-2', sandboxId: sandbox.id }, resolvConf: () => sandbox.resolvConf!.replace('10.96.0.10', kubeDns()), now: cluster.now() };
  };
  const scale = (replicas: number) => {
    const d = sys.get('deployments', 'kube-system', 'coredns') as { value: Obj };
    expect(sys.update('deployments', 'kube-system', { ...d.value, spec: { ...d.value.spec, replicas } } as unknown as KubeObject).ok).toBe(true);
  };

  it('nslookup of a Service FQDN answers with its ClusterIP; registered as a client program', () => {
    const r = clientProgram('/usr/bin/nslookup')!(['nslookup', 'web.default.svc.cluster.local'], ctx());
    expect(r.stdout).toContain(`Name:\tweb.default.svc.cluster.local\nAddress: ${svcIP()}\n`);
    expect(r.exitCode).toBe(0);
    expect(clientProgram('dig')).toBe(dig);
  });

  it("dig SRV shows the target's address under ADDITIONAL, as CoreDNS adds it", () => {
    const r = dig(['dig', '-t', 'SRV', '_http._tcp.web.default.svc.cluster.local'], ctx());
    expect(r.stdout).toContain(';; flags: qr aa rd; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 2\n');
    // A word that names a type is the type wherever it stands (dig.c parse_args).
    expect(dig(['dig', '+short', 'SRV', '_http._tcp.web.default.svc.cluster.local'], ctx()).stdout).toBe('0 100 80 web.default.svc.cluster.local.\n');
    expect(r.stdout).toContain(`;; ANSWER SECTION:\n_http._tcp.web.default.svc.cluster.local. 30 IN\tSRV 0 100 80 web.default.svc.cluster.local.\n\n;; ADDITIONAL SECTION:\nweb.default.svc.cluster.local. 30 IN\tA\t${svcIP()}\n\n`);
  });

  it("on a node, names go to systemd-resolved's stub and the site's resolver, which knows no cluster names", () => {
    const host = { network: cluster.network, from: { kind: 'host' as const, node: 'node-1' }, resolvConf: () => cluster.nodes.get('node-1')!.host.fs.read('/etc/resolv.conf'), now: cluster.now() };
    const r = nslookup(['nslookup', 'web.default.svc.cluster.local'], host);
    expect(r.stdout).toBe("Server:\t\t127.0.0.53\nAddress:\t127.0.0.53:53\n\n** server can't find web.default.svc.cluster.local: NXDOMAIN\n\n** server can't find web.default.svc.cluster.local: NXDOMAIN\n\n");
    expect(resolveHost('web', host)).toEqual({ ok: false, failure: 'nxdomain', durationMs: 0 });
    // 127.0.0.53 inside a pod is the pod's own loopback: nobody there.
    expect(cluster.network.request(ctx().from, '127.0.0.53', 53, { kind: 'dns', name: 'x', type: 'A' })).toEqual({ ok: false, failure: 'timeout' });
  });

  it('times out with the real text while CoreDNS is scaled to 0, and answers again once it runs', () => {
    scale(0);
    cluster.advance(60_000);
    const down = nslookup(['nslookup', 'web.default.svc.cluster.local'], ctx());
    // Without endpoints nobody answers for 10.96.0.10 (or, once kube-proxy writes it, its REJECT refuses): the same last line.
    expect(down).toMatchObject({ stdout: ';; connection timed out; no servers could be reached\n\n', exitCode: 1 });
    expect(resolveHost('web', ctx())).toMatchObject({ ok: false, failure: 'timeout' });
    scale(2);
    cluster.advance(60_000);
    const up = nslookup(['nslookup', 'web.default.svc.cluster.local'], ctx());
    expect(up.stdout).toContain(`Address: ${svcIP()}\n`);
    expect(resolveHost('web', ctx())).toEqual({ ok: true, ip: svcIP(), durationMs: 0 });
  });
});
