/**
 * The DNS the nodes use upstream: the data center's resolver at
 * {@link UPSTREAM_DNS} (what DHCP gave systemd-resolved), reached by the
 * nodes directly, by their systemd-resolved stub on 127.0.0.53, and by
 * CoreDNS's `forward . /etc/resolv.conf`. The simulated cluster has no
 * internet: the resolver knows no public names and answers every question
 * NXDOMAIN at once (recursion available, the root zone's SOA as authority),
 * as an air-gapped site's resolver does. So `nslookup google.com` in a pod
 * reads `** server can't find google.com: NXDOMAIN`, and a name that lacks its
 * namespace part (`web.other`, gone to the upstream after the search list)
 * fails the same way instead of hanging.
 */
import type { Sandbox } from '../runtime/runtime.js';
import type { DnsResponse, ServerProgram } from '../network/requests.js';
import { UPSTREAM_DNS } from './resolv-conf.js';

/** Where systemd-resolved's stub listens on every node. */
const RESOLVED_STUB = '127.0.0.53';

const NEGATIVE_TTL = 86_400;

const RESOLVER: ServerProgram = {
  answer(request) {
    if (request.kind !== 'dns') return undefined;
    const reply: DnsResponse = {
      kind: 'dns',
      rcode: 'NXDOMAIN',
      answers: [],
      authority: [{ name: '.', type: 'SOA', ttl: NEGATIVE_TTL, data: `a.root-servers.net. nstld.verisign-grs.com. 2026120200 1800 900 604800 ${NEGATIVE_TTL}` }],
      recursionAvailable: true,
    };
    return reply;
  },
};

/** The servers outside the cluster (Network.external): the resolver, and the stub for a node's own programs. */
export function dataCenterServices(ip: string, port: number, _proto: 'tcp' | 'udp', src: { ip: string; sandbox?: Sandbox; node?: string }): ServerProgram | undefined {
  if (port !== 53) return undefined;
  if (ip === UPSTREAM_DNS) return RESOLVER;
  // 127.0.0.53 is the host's own loopback: only a node's programs (not a pod's) reach resolved there.
  if (ip === RESOLVED_STUB && !src.sandbox && src.node !== undefined) return RESOLVER;
  return undefined;
}
