/**
 * nslookup of BIND 9.18 (Ubuntu 22.04's bind9-dnsutils; bin/dig/nslookup.c
 * printmessage, printsection, printsoa, setoption, parse_args, usage, main's
 * closing puts("") and `query_error | print_error`; bin/dig/dighost.c
 * setup_lookup/next_origin for the search list, recv_done's "communications
 * error to %s: %s", "no servers could be reached" and "Got %s from %s[,
 * trying next server]"; lib/irs/resconf.c defaults ndots 1, attempts 3,
 * timeout 0 → dighost.h UDP_TIMEOUT 5) against a scripted DNS server. Real
 * Ubuntu captures agree: `nslookup 8.8.8.8` prints only `8.8.8.8.in-addr.arpa
 * \tname = dns.google.` then `Authoritative answers can be found from:` (no
 * Server lines), and `nslookup meuthak.ch 16.62.27.19` against a silent
 * server three `;; communications error to 16.62.27.19#53: timed out` lines
 * then `;; no servers could be reached`. And dig's version per build.
 */
import { describe, it, expect } from 'vitest';
import { bindNslookup } from '../../../src/cluster/programs/bind-nslookup.js';
import { bindDig, dig } from '../../../src/cluster/programs/dig.js';
import { UBUNTU_BIND_VERSION, searchNames } from '../../../src/cluster/programs/dighost.js';
import type { ProgramContext } from '../../../src/cluster/programs/types.js';
import type { Network, RequestResult } from '../../../src/cluster/network/network.js';
import type { DnsQuery, DnsResponse } from '../../../src/cluster/network/requests.js';

const SOA = { name: 'cluster.local.', type: 'SOA' as const, ttl: 30, data: 'ns.dns.cluster.local. hostmaster.cluster.local. 1794312000 7200 1800 86400 30' };
const STUB = 'nameserver 127.0.0.53\noptions edns0 trust-ad\nsearch .\n';
const POD = 'search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n';
const NOW = Date.parse('2026-11-10T12:00:10Z');

/**
 * 10.96.0.10 is CoreDNS (authoritative for cluster.local, no recursion
 * offered), 127.0.0.53 the stub (NXDOMAIN for everything, recursion
 * offered), 10.96.0.99 answers SERVFAIL, 10.96.0.66 refuses, anything else is silent.
 */
function fakeNetwork(asked: string[] = []): Network {
  const request = (_from: unknown, ip: string, _port: number, q: DnsQuery): RequestResult => {
    asked.push(`${ip} ${q.type} ${q.name}`);
    const ok = (response: DnsResponse): RequestResult => ({ ok: true, peer: { kind: 'external', server: { answer: () => undefined } }, response });
    if (ip === '10.96.0.66') return { ok: false, failure: 'refused' };
    if (ip === '10.96.0.99') return ok({ kind: 'dns', rcode: 'SERVFAIL', answers: [], recursionAvailable: true });
    if (ip === '127.0.0.53') return ok({ kind: 'dns', rcode: 'NXDOMAIN', answers: [], authority: [{ name: '.', type: 'SOA', ttl: 86400, data: 'a.root-servers.net. nstld.verisign-grs.com. 2026120200 1800 900 604800 86400' }], recursionAvailable: true });
    if (ip !== '10.96.0.10') return { ok: false, failure: 'timeout' };
    const name = q.name.endsWith('.') ? q.name : `${q.name}.`;
    if (name === 'web.default.svc.cluster.local.') return ok({ kind: 'dns', rcode: 'NOERROR', answers: q.type === 'A' ? [{ name, type: 'A', ttl: 30, data: '10.96.45.7' }] : [], ...(q.type === 'A' ? {} : { authority: [SOA] }), authoritative: true });
    if (name === '7.45.96.10.in-addr.arpa.' && q.type === 'PTR') return ok({ kind: 'dns', rcode: 'NOERROR', answers: [{ name, type: 'PTR', ttl: 30, data: 'web.default.svc.cluster.local.' }], authoritative: true });
    return ok({ kind: 'dns', rcode: 'NXDOMAIN', answers: [], authority: [SOA], authoritative: true });
  };
  return { request } as unknown as Network;
}

const ctxOf = (network: Network, resolvConf: string): ProgramContext => ({ network, from: { kind: 'host', node: 'node-1' }, resolvConf: () => resolvConf, now: NOW });
const run = (line: string, resolvConf = STUB, asked: string[] = []) => bindNslookup(line.split(' '), ctxOf(fakeNetwork(asked), resolvConf));

describe('BIND 9.18 nslookup', () => {
  it('asks A then AAAA of the server named; an authoritative answer has no "Non-authoritative answer:"', () => {
    const asked: string[] = [];
    expect(run('nslookup web.default.svc.cluster.local 10.96.0.10', STUB, asked)).toMatchObject({
      stdout: 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: 10.96.45.7\n\n',
      stderr: '',
      exitCode: 0,
    });
    expect(asked).toEqual(['10.96.0.10 A web.default.svc.cluster.local.', '10.96.0.10 AAAA web.default.svc.cluster.local.']);
  });

  it("from the node's stub a cluster name is NXDOMAIN (exit 1, no AAAA asked); a one-label name tries `search .` then itself", () => {
    const asked: string[] = [];
    expect(run('nslookup web.default.svc.cluster.local', STUB, asked)).toMatchObject({
      stdout: "Server:\t\t127.0.0.53\nAddress:\t127.0.0.53#53\n\n** server can't find web.default.svc.cluster.local: NXDOMAIN\n\n",
      exitCode: 1,
    });
    expect(asked).toEqual(['127.0.0.53 A web.default.svc.cluster.local.']);
    const single: string[] = [];
    expect(run('nslookup web', STUB, single).stdout).toBe("Server:\t\t127.0.0.53\nAddress:\t127.0.0.53#53\n\n** server can't find web: NXDOMAIN\n\n");
    expect(single).toEqual(['127.0.0.53 A web.', '127.0.0.53 A web.']);
  });

  it('applies the search list to a name with fewer dots than ndots, printing only the reply that ends it', () => {
    const asked: string[] = [];
    const r = run('nslookup web', POD, asked);
    // CoreDNS offers no recursion: a resolv.conf server without `ra` is noted (check_ra) and, being the last, used anyway.
    expect(r.stdout).toBe(';; Got recursion not available from 10.96.0.10\nServer:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: 10.96.45.7\n;; Got recursion not available from 10.96.0.10\n\n');
    expect(asked).toEqual(['10.96.0.10 A web.default.svc.cluster.local.', '10.96.0.10 AAAA web.default.svc.cluster.local.']);
    expect(searchNames('web.other', ['default.svc.cluster.local', 'cluster.local'], 5, true)).toEqual(['web.other.default.svc.cluster.local.', 'web.other.cluster.local.', 'web.other.']);
    expect(searchNames('web.other', ['default.svc.cluster.local'], 1, true)).toEqual(['web.other.']);
  });

  it('a silent server: a warning per try (3, 5 s each), then "no servers could be reached", exit 1; -timeout= and -retry= change both', () => {
    const r = run('nslookup web 10.0.0.99');
    expect(r).toMatchObject({ stdout: `${';; communications error to 10.0.0.99#53: timed out\n'.repeat(3)};; no servers could be reached\n\n`, exitCode: 1, durationMs: 15_000 });
    expect(run('nslookup -timeout=2 -retry=1 web 10.0.0.99')).toMatchObject({ stdout: ';; communications error to 10.0.0.99#53: timed out\n;; no servers could be reached\n\n', durationMs: 2000 });
    // kube-proxy's REJECT (a Service without endpoints) comes back as an ICMP port unreachable at once.
    expect(run('nslookup web 10.96.0.66')).toMatchObject({ stdout: `${';; communications error to 10.96.0.66#53: connection refused\n'.repeat(3)};; no servers could be reached\n\n`, exitCode: 1, durationMs: 0 });
  });

  it('SERVFAIL from the only server is noted, then printed', () => {
    expect(run('nslookup web.default.svc.cluster.local 10.96.0.99')).toMatchObject({
      stdout: ";; Got SERVFAIL reply from 10.96.0.99\nServer:\t\t10.96.0.99\nAddress:\t10.96.0.99#53\n\n** server can't find web.default.svc.cluster.local: SERVFAIL\n\n",
      exitCode: 1,
    });
    expect(run('nslookup web.default.svc.cluster.local', 'nameserver 10.96.0.99\nnameserver 10.96.0.10\n').stdout).toMatch(/^;; Got SERVFAIL reply from 10\.96\.0\.99, trying next server\n;; Got recursion not available from 10\.96\.0\.10\nServer:\t\t10\.96\.0\.10\n/);
  });

  it('looks an address up in reverse, printing no Server lines (default lookups print them for A only)', () => {
    expect(run('nslookup 10.96.45.7 10.96.0.10')).toMatchObject({ stdout: '7.45.96.10.in-addr.arpa\tname = web.default.svc.cluster.local.\n\n', exitCode: 0 });
    expect(run('nslookup 10.96.45.8 10.96.0.10')).toMatchObject({ stdout: "** server can't find 8.45.96.10.in-addr.arpa: NXDOMAIN\n\n", exitCode: 1 });
  });

  it('-type= asks that type alone: "*** Can\'t find NAME: No answer" for an empty reply, SOA as printsoa does', () => {
    expect(run('nslookup -type=aaaa web.default.svc.cluster.local 10.96.0.10').stdout).toBe("Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n*** Can't find web.default.svc.cluster.local: No answer\n\n");
    // -q= is one of -type='s short forms; an error reply ends the lookup before any answer section.
    expect(run('nslookup -q=mx example.com').stdout).toBe("Server:\t\t127.0.0.53\nAddress:\t127.0.0.53#53\n\n** server can't find example.com: NXDOMAIN\n\n");
  });

  it('options: -version, an unknown option, a third operand', () => {
    expect(run('nslookup -version')).toMatchObject({ stderr: `nslookup ${UBUNTU_BIND_VERSION}\n`, exitCode: 0 });
    expect(run('nslookup -bogus web.default.svc.cluster.local 10.96.0.10').stdout.startsWith('*** Invalid option: bogus\nServer:\t\t10.96.0.10\n')).toBe(true);
    expect(run('nslookup a b c')).toMatchObject({ stdout: '', stderr: expect.stringMatching(/^Usage:\n   nslookup \[-opt \.\.\.\]             # interactive mode using default server\n/), exitCode: 1 });
    expect(run('nslookup -type=bogus web.default.svc.cluster.local 10.96.0.10').stdout.startsWith('unknown query type: bogus\nServer:')).toBe(true);
  });
});

describe('dig per build', () => {
  it("the nodes' dig reports Ubuntu's PACKAGE_VERSION, netshoot's its own", () => {
    const ctx = ctxOf(fakeNetwork(), STUB);
    expect(UBUNTU_BIND_VERSION).toBe('9.18.39-0ubuntu0.22.04.6-Ubuntu');
    expect(bindDig(UBUNTU_BIND_VERSION)(['dig', 'web'], ctx).stdout).toMatch(/^\n; <<>> DiG 9\.18\.39-0ubuntu0\.22\.04\.6-Ubuntu <<>> web\n;; global options: \+cmd\n;; Got answer:\n/);
    expect(dig(['dig', 'web'], ctx).stdout).toMatch(/^\n; <<>> DiG 9\.18\.30 <<>> web\n/);
  });
});
