import { z } from 'zod';
import { describe, it, expect } from 'vitest';
import { smallCluster } from '../cluster/kubelet/harness.js';
import { faultPrimitives } from '../../src/faults/registry.js';
import { hostFirewallRule, firewallRule } from '../../src/faults/host-firewall-rule.js';
import { netfilterOf } from '../../src/cluster/network/netfilter.js';

describe('host-firewall-rule', () => {
  it('is registered; its rule must be one rule specification iptables accepts', () => {
    const params = faultPrimitives()['host-firewall-rule'].params(z);
    const ok = (extra: Record<string, unknown>) => params.safeParse({ type: 'host-firewall-rule', node: 'node-2', chain: 'INPUT', rule: '-p tcp --dport 30080 -j DROP', ...extra }).success;
    expect([ok({}), ok({ since: '3d', position: 1, table: 'nat' })]).toEqual([true, true]);
    expect([ok({ rule: '-p tcp --dport 30080' }), ok({ rule: '-p bogus -j DROP' }), ok({ rule: '-j DROP; -j ACCEPT' }), ok({ position: 0 }), ok({ table: 'raw' }), ok({ x: 1 })]).toEqual([false, false, false, false, false, false]);
  });

  it('appends (-A) or inserts at a rule number (-I CHAIN N), parsed as iptables parses it', () => {
    const c = smallCluster();
    const filter = netfilterOf(c.nodes.get('node-1')!.host).filterTable;
    const before = filter.chains.INPUT?.length ?? 0;
    hostFirewallRule.apply(c, { type: 'host-firewall-rule', node: 'node-1', table: 'filter', chain: 'INPUT', rule: '-s 10.0.0.2 -p tcp --dport 10250 -j DROP' });
    hostFirewallRule.apply(c, { type: 'host-firewall-rule', node: 'node-1', table: 'filter', chain: 'FORWARD', rule: '-p tcp --dport 8080 -j REJECT', position: 1 });
    expect(filter.chains.INPUT.length).toBe(before + 1);
    expect(filter.chains.INPUT.at(-1)).toEqual(firewallRule('-s 10.0.0.2/32 -p tcp --dport 10250 -j DROP'));
    expect(filter.chains.FORWARD[0]).toMatchObject({ protocol: 'tcp', target: 'REJECT' });
    // Packets meet it: the workstation's connections to the kubelet's port on node-1 now vanish.
    const ip = c.nodes.get('node-1')!.spec.ip;
    expect(c.network.dial({ kind: 'workstation' }, ip, 10250)).toEqual({ ok: false, failure: 'timeout' });
    expect(c.network.dial({ kind: 'workstation' }, c.nodes.get('node-2')!.spec.ip, 10250).ok).toBe(true);
  });
});
