/**
 * The packet filter's tables as netfilter traverses them: jumps into user chains and
 * RETURN, a built-in chain's policy at its end, DNAT in nat, MARK and `-m mark`,
 * `-m statistic` drawing from `pick`, `-m addrtype --dst-type LOCAL`, `! -s`; and rule
 * specifications parsed as iptables reads them.
 */
import { describe, it, expect } from 'vitest';
import { Netfilter, type NetfilterRule } from '../../../src/cluster/network/netfilter.js';
import { isRuleError, parseRuleSpec, sameRule } from '../../../src/cluster/network/netfilter-rules.js';

const rule = (spec: string): NetfilterRule => {
  const r = parseRuleSpec(spec.split(' '));
  if (isRuleError(r)) throw new Error(JSON.stringify(r));
  return r;
};
const tcp = (dst: string, dport: number, src = '10.244.2.5') => ({ proto: 'tcp' as const, src, dst, dport });

describe('netfilter traversal', () => {
  it('matches conntrack states: a packet opening a connection is NEW, a reply ESTABLISHED, an ICMP error RELATED; DNAT holds both ways', () => {
    const nf = new Netfilter();
    nf.filterTable.append('INPUT', rule('-m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT'));
    nf.filterTable.append('INPUT', rule('-m conntrack --ctstate DNAT -j REJECT'));
    nf.filterTable.append('INPUT', rule('-j REJECT --reject-with tcp-reset'));
    const syn = tcp('10.0.0.11', 22);
    expect(nf.filter('INPUT', syn)).toEqual({ target: 'REJECT', rejectWith: 'tcp-reset' });
    expect(nf.filter('INPUT', { ...syn, state: 'ESTABLISHED' })).toEqual({ target: 'ACCEPT' });
    expect(nf.filter('INPUT', { proto: 'icmp', src: '10.0.0.10', dst: '10.0.0.11', state: 'RELATED' })).toEqual({ target: 'ACCEPT' });
    expect(nf.filter('INPUT', { ...syn, dnat: true })).toEqual({ target: 'REJECT', rejectWith: 'icmp-port-unreachable' });
  });

  it('jumps into user chains, RETURNs, and falls back to the policy', () => {
    const nf = new Netfilter();
    const t = nf.filterTable;
    t.append('INPUT', rule('-j MINE'));
    t.append('MINE', rule('-s 10.0.0.10 -j RETURN'));
    t.append('MINE', rule('-p tcp --dport 22 -j REJECT --reject-with icmp-host-prohibited'));
    expect(nf.filter('INPUT', tcp('10.0.0.11', 22))).toEqual({ target: 'REJECT', rejectWith: 'icmp-host-prohibited' });
    expect(nf.filter('INPUT', tcp('10.0.0.11', 22, '10.0.0.10'))).toEqual({ target: 'ACCEPT' });
    t.setPolicy('INPUT', 'DROP');
    expect(nf.filter('INPUT', tcp('10.0.0.11', 22, '10.0.0.10'))).toEqual({ target: 'DROP' });
    t.flush('MINE');
    expect(nf.filter('INPUT', tcp('10.0.0.11', 22))).toEqual({ target: 'DROP' });
  });

  it('DNATs in nat, with -m statistic drawing only when the rest of the rule matched', () => {
    const nf = new Netfilter();
    const t = nf.natTable;
    t.append('PREROUTING', rule('-j SVC'));
    t.append('SVC', rule('! -d 10.96.0.5/32 -j RETURN'));
    t.append('SVC', rule('-m statistic --mode random --probability 0.3333333333 -j A'));
    t.append('SVC', rule('-j B'));
    t.append('A', rule('-p tcp -m tcp -j DNAT --to-destination 10.244.1.2:8080'));
    t.append('B', rule('-p tcp -m tcp -j DNAT --to-destination 10.244.1.3:8080'));
    let draws = 0;
    const pick = (v: number) => () => (draws++, v);
    expect(nf.nat('PREROUTING', tcp('10.96.0.5', 80), pick(0.2))).toMatchObject({ dst: '10.244.1.2', dport: 8080, dnat: true });
    expect(nf.nat('PREROUTING', tcp('10.96.0.5', 80), pick(0.5))).toMatchObject({ dst: '10.244.1.3', dport: 8080 });
    expect(draws).toBe(2);
    expect(nf.nat('PREROUTING', tcp('10.96.0.9', 80), pick(0.2))).toMatchObject({ dst: '10.96.0.9', dport: 80 });
    expect(draws).toBe(2);
  });

  it('MARK sets the mark a later -m mark matches; addrtype LOCAL asks the host', () => {
    const nf = new Netfilter((ip) => ip === '10.0.0.11');
    nf.natTable.append('PREROUTING', rule('-m addrtype --dst-type LOCAL -j MARK --or-mark 0x4000'));
    nf.filterTable.append('FORWARD', rule('-m mark --mark 0x4000/0x4000 -j ACCEPT'));
    nf.filterTable.setPolicy('FORWARD', 'DROP');
    const marked = nf.nat('PREROUTING', tcp('10.0.0.11', 30080), () => 0);
    expect(marked.mark).toBe(0x4000);
    expect(nf.filter('FORWARD', marked)).toEqual({ target: 'ACCEPT' });
    expect(nf.filter('FORWARD', nf.nat('PREROUTING', tcp('10.0.0.12', 30080), () => 0))).toEqual({ target: 'DROP' });
  });
});

describe('rule specifications', () => {
  it('keeps matches in order, normalizes addresses and probabilities, loads tcp for --dport', () => {
    expect(rule('-m comment --comment hi -m tcp -p tcp -d 10.96.0.1 --dport 443 ! -s 10.244.0.0/16 -j KUBE-MARK-MASQ')).toEqual({
      target: 'KUBE-MARK-MASQ',
      protocol: 'tcp',
      destination: '10.96.0.1/32',
      source: '10.244.0.0/16',
      sourceInvert: true,
      matches: [{ kind: 'comment', comment: 'hi' }, { kind: 'proto', proto: 'tcp', dport: 443 }],
    });
    expect(rule('-p tcp --dport 6443 -j DROP')).toEqual({ protocol: 'tcp', dport: 6443, target: 'DROP' });
    const stat = rule('-m statistic --mode random --probability 0.3333333333 -j X').matches![0];
    expect(stat.kind === 'statistic' && stat.probability.toFixed(11)).toBe('0.33333333349');
    expect(sameRule(rule('-s 10.0.0.10 -j REJECT'), { source: '10.0.0.10/32', target: 'REJECT' })).toBe(true);
  });

  it('keeps --ctstate as a bit mask, listed in the kernel\'s order (libxt_conntrack print_state), and refuses unknown states', () => {
    expect(rule('-m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT').matches).toEqual([{ kind: 'conntrack', states: 'RELATED,ESTABLISHED' }]);
    expect(sameRule(rule('-m conntrack --ctstate established,related -j ACCEPT'), rule('-m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT'))).toBe(true);
    expect(parseRuleSpec('-m conntrack --ctstate ESTABLISHED,BOGUS -j ACCEPT'.split(' '))).toEqual({ error: 'bad-argument', argument: 'ESTABLISHED,BOGUS' });
  });

  it('refuses what iptables refuses', () => {
    expect(parseRuleSpec(['-s', '10.0.0.1'])).toEqual({ error: 'no-target' });
    expect(parseRuleSpec(['--dport', '80', '-j', 'DROP'])).toEqual({ error: 'bad-argument', argument: '--dport' });
    expect(parseRuleSpec(['-m', 'nosuch', '-j', 'DROP'])).toEqual({ error: 'bad-argument', argument: 'nosuch' });
    expect(parseRuleSpec(['-j'])).toEqual({ error: 'missing-value', option: '-j' });
  });
});
