/**
 * The nodes' own ping (iputils 20211215: ping.c, ping_common.c) and nc
 * (netcat-openbsd 1.218: netcat.c), run after `ssh node-1` on a shipped
 * scenario: their formats, and what the network makes of each target.
 */
import { describe, it, expect } from 'vitest';
import { startFixture, onHost } from '../../helpers/scenario-run.js';

describe('ping and nc on a node', async () => {
  const run = startFixture('scenarios/services/service-empty-endpoints-selector.yaml');
  const svc = (await onHost(run, 'workstation', 'kubectl get svc storefront -o jsonpath={.spec.clusterIP}')).trim();
  const pods = await onHost(run, 'workstation', 'kubectl get pods -o wide');
  const onNode2 = /\s(10\.244\.2\.\d+)\s+node-2\s/.exec(pods)![1];

  it('ping: a pod on another node answers with ttl 63; a ClusterIP never answers', async () => {
    expect(await onHost(run, 'node-1', `ping -c 2 ${onNode2}`)).toBe(
      `PING ${onNode2} (${onNode2}) 56(84) bytes of data.\n64 bytes from ${onNode2}: icmp_seq=1 ttl=63 time=0.512 ms\n64 bytes from ${onNode2}: icmp_seq=2 ttl=63 time=0.512 ms\n\n--- ${onNode2} ping statistics ---\n2 packets transmitted, 2 received, 0% packet loss, time 1002ms\nrtt min/avg/max/mdev = 0.512/0.512/0.512/0.000 ms\n`,
    );
    expect(await onHost(run, 'node-1', `ping -c 3 ${svc}`)).toBe(`PING ${svc} (${svc}) 56(84) bytes of data.\n\n--- ${svc} ping statistics ---\n3 packets transmitted, 0 received, 100% packet loss, time 2066ms\n\n`);
  });

  it('nc -zv: a listening pod port succeeds, the Service without endpoints is refused by the REJECT rule, an unknown name fails in getaddrinfo', async () => {
    expect(await onHost(run, 'node-1', `nc -zv ${onNode2} 8080`)).toBe(`Connection to ${onNode2} 8080 port [tcp/http-alt] succeeded!\n`);
    expect(await onHost(run, 'node-1', `nc -zv -w 2 ${svc} 80`)).toBe(`nc: connect to ${svc} port 80 (tcp) failed: Connection refused\n`);
    expect(await onHost(run, 'node-1', 'nc -zv -w 2 10.96.77.7 80')).toBe('nc: connect to 10.96.77.7 port 80 (tcp) timed out: Operation now in progress\n');
    expect(await onHost(run, 'node-1', 'nc -zv storefront 80')).toBe('nc: getaddrinfo for host "storefront" port 80: Name or service not known\n');
  });
});
