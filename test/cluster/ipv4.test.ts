import { describe, expect, it } from 'vitest';
import { nodeCidr, nodeCidrCount, nodeCidrIndex, nodeIP, parseCidr, podSubnetProblem } from '../../src/cluster/ipv4.js';

describe('node addresses (10.0.0.0/16)', () => {
  it('keep 10.0.0.10 onwards for the first nodes, as every transcript has them', () => {
    expect([0, 1, 2, 244].map(nodeIP)).toEqual(['10.0.0.10', '10.0.0.11', '10.0.0.12', '10.0.0.254']);
  });

  it('go on in the next /24 past .254, never using .0 or .255', () => {
    expect([245, 246, 498, 499, 999].map(nodeIP)).toEqual(['10.0.1.1', '10.0.1.2', '10.0.1.254', '10.0.2.1', '10.0.3.247']);
    const all = Array.from({ length: 1000 }, (_, i) => nodeIP(i));
    expect(new Set(all).size).toBe(1000);
    expect(all.filter((ip) => /\.(0|255)$/.test(ip))).toEqual([]);
  });
});

describe('pod subnet', () => {
  it('accepts what kubeadm accepts: a /8 … /24 IPv4 block clear of the node and Service networks', () => {
    for (const ok of ['10.244.0.0/16', '10.244.0.0/15', '192.168.0.0/24', '172.16.0.0/12', '11.0.0.0/8']) expect(podSubnetProblem(ok)).toBeUndefined();
  });

  it('says what is wrong with anything else', () => {
    expect(podSubnetProblem('10.244.0.0')).toBe('invalid CIDR "10.244.0.0": expected an IPv4 block like 10.244.0.0/16');
    expect(podSubnetProblem('10.256.0.0/16')).toMatch(/^invalid CIDR/);
    expect(podSubnetProblem('10.245.0.0/15')).toBe('invalid CIDR "10.245.0.0/15": host bits are set (the block starts at 10.244.0.0/15)');
    expect(podSubnetProblem('10.244.0.0/25')).toMatch(/smaller than one node's \/24/);
    expect(podSubnetProblem('10.0.0.0/7')).toMatch(/too large: kubeadm allows at most 16 bits/);
    expect(podSubnetProblem('10.0.0.0/8')).toBe('pod subnet 10.0.0.0/8 overlaps the node network 10.0.0.0/16');
    expect(podSubnetProblem('10.96.0.0/16')).toBe('pod subnet 10.96.0.0/16 overlaps the Service range 10.96.0.0/12');
  });

  it('is carved into /24 node CIDRs by index (cidr_set.go indexToCIDRBlock)', () => {
    const s = parseCidr('10.244.0.0/15')!;
    expect(nodeCidrCount(s)).toBe(512);
    expect([0, 1, 255, 256, 511].map((i) => nodeCidr(s, i))).toEqual(['10.244.0.0/24', '10.244.1.0/24', '10.244.255.0/24', '10.245.0.0/24', '10.245.255.0/24']);
    expect(nodeCidrIndex(s, '10.245.0.0/24')).toBe(256);
    expect(nodeCidrIndex(s, '10.246.0.0/24')).toBeUndefined();
    expect(nodeCidrIndex(s, '10.244.1.0/25')).toBeUndefined();
  });
});
