import { describe, it, expect } from 'vitest';
import { smallCluster } from '../../cluster/kubelet/harness.js';
import { runIptables } from '../../../src/commands/host-iptables/iptables.js';
import { runIptablesSave } from '../../../src/commands/host-iptables/iptables-save.js';
import { ctime } from '../../../src/commands/host-iptables/render.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';
import type { CommandContext } from '../../../src/commands/types.js';

const cluster = smallCluster();
const ctx = (host: string) => ({ cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n) }, host }) as unknown as CommandContext;
const run = (line: string, host = 'node-2') => runIptables(line.split(' ').slice(1), ctx(host));
/** A TCP connection from `from`'s own address to ip:port: undefined when it connects, else how it failed. */
const connect = (from: string, ip: string, port: number) => {
  const r = cluster.network.dial({ kind: 'host', node: from }, ip, port);
  return r.ok ? undefined : r.failure;
};

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
    // Both ways: the control plane's packets, SYN or SYN-ACK, are dropped on node-2 (10.0.0.12).
    expect(connect('node-2', '10.0.0.10', 6443)).toBe('timeout');
    expect(connect('cp-1', '10.0.0.12', 10250)).toBe('timeout');
    expect(connect('node-2', '10.0.0.11', 10250)).toBeUndefined();
  });

  it('REJECT reads as connection refused; deleting by spec or number restores traffic', () => {
    run('iptables -I OUTPUT -d 10.0.0.10 -p tcp --dport 6443 -j REJECT');
    const host = cluster.nodes.get('node-2')!.host;
    expect(connect('node-2', '10.0.0.10', 6443)).toBe('refused');
    expect(run('iptables -L OUTPUT -n --line-numbers').stdout).toBe('Chain OUTPUT (policy ACCEPT)\nnum  target     prot opt source               destination         \n1    REJECT     6    --  0.0.0.0/0            10.0.0.10            tcp dpt:6443 reject-with icmp-port-unreachable\n');
    expect(run('iptables -D OUTPUT 1').exitCode).toBe(0);
    expect(run('iptables -D INPUT -s 10.0.0.10 -j ACCEPT')).toEqual({ stdout: '', stderr: 'iptables: Bad rule (does a matching rule exist in that chain?).\n', exitCode: 1 });
    expect(run('iptables -D INPUT -s 10.0.0.10 -j DROP').exitCode).toBe(0);
    expect(netfilterOf(host).chains.INPUT).toEqual([]);
    expect(connect('node-2', '10.0.0.10', 6443)).toBeUndefined();
  });

  it('rejects unknown chains and is not on the workstation', () => {
    expect(run('iptables -L FOO -n')).toEqual({ stdout: '', stderr: 'iptables: No chain/target/match by that name.\n', exitCode: 1 });
    expect(run('iptables -L -n', 'workstation').exitCode).toBe(127);
  });
});

describe('iptables -t nat and iptables-save over the rules kube-proxy wrote', () => {
  const c = smallCluster();
  const ctxOf = (host: string) => ({ cluster: { node: (n: string) => c.nodes.get(n) }, host }) as unknown as CommandContext;
  const nat = (line: string) => runIptables(line.split(' ').slice(1), ctxOf('node-1'));

  it('lists a nat chain with line numbers and prints it with -S', () => {
    const listed = nat('iptables -t nat -L KUBE-SERVICES -n --line-numbers').stdout.split('\n');
    expect(listed[0]).toBe('Chain KUBE-SERVICES (2 references)');
    expect(listed[1]).toBe('num  target     prot opt source               destination         ');
    expect(listed[2]).toBe('1    KUBE-SVC-NPX46M4PTMTKRN6Y  6    --  0.0.0.0/0            10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443');
    expect(nat('iptables -t nat -S KUBE-SVC-NPX46M4PTMTKRN6Y').stdout).toBe(
      '-N KUBE-SVC-NPX46M4PTMTKRN6Y\n-A KUBE-SVC-NPX46M4PTMTKRN6Y ! -s 10.244.0.0/16 -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-MARK-MASQ\n-A KUBE-SVC-NPX46M4PTMTKRN6Y -m comment --comment "default/kubernetes:https -> 10.0.0.10:6443" -j KUBE-SEP-2GFESPSWZI6F32XN\n',
    );
    expect(nat('iptables -t nat -L NOPE -n')).toEqual({ stdout: '', stderr: 'iptables: No chain/target/match by that name.\n', exitCode: 1 });
  });

  it('iptables-save -t nat: dated by the node clock, chains then rules, COMMIT', () => {
    const out = runIptablesSave(['-t', 'nat'], ctxOf('node-1')).stdout.split('\n');
    expect(out[0]).toBe(`# Generated by iptables-save v1.8.9 (nf_tables) on ${ctime(c.nodes.get('node-1')!.host.now())}`);
    expect(out[1]).toBe('*nat');
    expect(out).toContain(':KUBE-SVC-NPX46M4PTMTKRN6Y - [0:0]');
    expect(out).toContain('-A KUBE-SEP-2GFESPSWZI6F32XN -p tcp -m comment --comment "default/kubernetes:https" -m tcp -j DNAT --to-destination 10.0.0.10:6443');
    expect(out.at(-3)).toBe('COMMIT');
    // An unknown table fails (the exact wording of iptables-nft-save is unconfirmed).
    const bogus = runIptablesSave(['-t', 'bogus'], ctxOf('node-1'));
    expect(bogus.exitCode).toBe(1);
    expect(bogus.stdout).toBe('');
    expect(runIptablesSave([], ctxOf('workstation')).exitCode).toBe(127);
  });
});
