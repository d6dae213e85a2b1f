import { describe, it, expect } from 'vitest';
import { smallCluster } from '../../cluster/kubelet/harness.js';
import { runIptables } from '../../../src/commands/host-iptables/iptables.js';
import { netfilterOf, outboundConnect, inboundConnect } from '../../../src/cluster/network/netfilter.js';
import type { CommandContext } from '../../../src/commands/types.js';

const cluster = smallCluster();
const ctx = (host: string) => ({ cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n) }, host }) as unknown as CommandContext;
const run = (line: string, host = 'node-2') => runIptables(line.split(' ').slice(1), ctx(host));

describe('iptables over the host filter table', () => {
  it('flushes and deletes the chains kube-proxy wrote, then lists empty built-in chains as iptables 1.8.9 does', () => {
    expect(run('iptables -L -n').stdout).toContain('Chain KUBE-SERVICES (2 references)');
    expect(run('iptables -X KUBE-SERVICES')).toEqual({ stdout: '', stderr: 'iptables: Directory not empty.\n', exitCode: 1 });
    expect(run('iptables -F').exitCode).toBe(0);
    expect(run('iptables -X').exitCode).toBe(0);
    expect(run('iptables -L -n').stdout).toBe(
      'Chain INPUT (policy ACCEPT)\ntarget     prot opt source               destination         \n\nChain FORWARD (policy ACCEPT)\ntarget     prot opt source               destination         \n\nChain OUTPUT (policy ACCEPT)\ntarget     prot opt source               destination         \n',
    );
  });

  it('appends, lists (numeric and named), prints -S, and the rule cuts the node off', () => {
    expect(run('iptables -A INPUT -s 10.0.0.10 -j DROP').exitCode).toBe(0);
    expect(run('iptables -L INPUT -n').stdout).toBe('Chain INPUT (policy ACCEPT)\ntarget     prot opt source               destination         \nDROP       0    --  10.0.0.10            0.0.0.0/0           \n');
    expect(run('iptables -L INPUT').stdout).toBe('Chain INPUT (policy ACCEPT)\ntarget     prot opt source               destination         \nDROP       all  --  10.0.0.10            anywhere            \n');
    expect(run('iptables -S INPUT').stdout).toBe('-P INPUT ACCEPT\n-A INPUT -s 10.0.0.10/32 -j DROP\n');
    const host = cluster.nodes.get('node-2')!.host;
    expect(outboundConnect(host, '10.0.0.12', '10.0.0.10', 6443)).toBe('i/o timeout');
    expect(inboundConnect(host, '10.0.0.12', '10.0.0.10', 10250)).toBe('i/o timeout');
    expect(outboundConnect(host, '10.0.0.12', '10.0.0.11', 10250)).toBeUndefined();
  });

  it('REJECT reads as connection refused; deleting by spec or number restores traffic', () => {
    run('iptables -I OUTPUT -d 10.0.0.10 -p tcp --dport 6443 -j REJECT');
    const host = cluster.nodes.get('node-2')!.host;
    expect(outboundConnect(host, '10.0.0.12', '10.0.0.10', 6443)).toBe('connect: connection refused');
    expect(run('iptables -L OUTPUT -n --line-numbers').stdout).toBe('Chain OUTPUT (policy ACCEPT)\nnum  target     prot opt source               destination         \n1    REJECT     6    --  0.0.0.0/0            10.0.0.10            tcp dpt:6443 reject-with icmp-port-unreachable\n');
    expect(run('iptables -D OUTPUT 1').exitCode).toBe(0);
    expect(run('iptables -D INPUT -s 10.0.0.10 -j ACCEPT')).toEqual({ stdout: '', stderr: 'iptables: Bad rule (does a matching rule exist in that chain?).\n', exitCode: 1 });
    expect(run('iptables -D INPUT -s 10.0.0.10 -j DROP').exitCode).toBe(0);
    expect(netfilterOf(host).chains.INPUT).toEqual([]);
    expect(outboundConnect(host, '10.0.0.12', '10.0.0.10', 6443)).toBeUndefined();
  });

  it('rejects unknown chains and is not on the workstation', () => {
    expect(run('iptables -L FOO -n')).toEqual({ stdout: '', stderr: 'iptables: No chain/target/match by that name.\n', exitCode: 1 });
    expect(run('iptables -L -n', 'workstation').exitCode).toBe(127);
  });
});
