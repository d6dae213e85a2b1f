import { describe, expect, it } from 'vitest';
import { testCluster, type TestCluster } from './harness.js';

type Obj = Record<string, any>;

// pkg/controller/nodeipam/ipam/range_allocator.go and cidrset/cidr_set.go (v1.32).
const podCIDR = (c: TestCluster, name: string): string | undefined => (c.get('nodes', undefined, name)?.spec as Obj | undefined)?.podCIDR;

describe('node IPAM controller: --cluster-cidr', () => {
  it('carves /24s out of the configured pod subnet', () => {
    const c = testCluster({ clusterCidr: '10.100.0.0/22' });
    for (const n of ['cp-1', 'node-1', 'node-2']) c.addNode(n);
    c.advance(1000);
    expect(['cp-1', 'node-1', 'node-2'].map((n) => podCIDR(c, n))).toEqual(['10.100.0.0/24', '10.100.1.0/24', '10.100.2.0/24']);
  });

  it('past the last /24 a node gets no podCIDR and a CIDRNotAvailable event, again on each update', () => {
    const c = testCluster({ clusterCidr: '10.100.0.0/23' });
    for (const n of ['cp-1', 'node-1', 'node-2']) c.addNode(n);
    c.advance(1000);
    expect(podCIDR(c, 'node-2')).toBeUndefined();
    const events = c.events('CIDRNotAvailable');
    expect(events.map((e) => [e.type, e.source?.component, e.involvedObject.kind, e.involvedObject.name, e.message])).toEqual([
      ['Normal', 'cidrAllocator', 'Node', 'node-2', 'Node node-2 status is now: CIDRNotAvailable'],
    ]);
    expect(events[0].involvedObject.uid).toBe(c.get('nodes', undefined, 'node-2')!.metadata.uid);
    // The update handler tries again for a node without CIDRs (and the recorder counts the repeat).
    c.admin.patch('nodes', undefined, 'node-2', 'merge', { metadata: { labels: { touched: 'yes' } } });
    c.advance(1000);
    expect(c.events('CIDRNotAvailable').reduce((n, e) => n + (e.count ?? 1), 0)).toBe(2);
  });

  it('a freed /24 goes to the next node that asks; allocation goes round the range (nextCandidate)', () => {
    const c = testCluster({ clusterCidr: '10.100.0.0/22' });
    for (const n of ['cp-1', 'node-1', 'node-2']) c.addNode(n);
    c.advance(1000);
    c.admin.delete('nodes', undefined, 'node-1');
    c.advance(1000);
    // 10.100.1.0/24 is free again, but the allocator's next candidate is 10.100.3.0/24.
    c.addNode('node-3');
    c.advance(1000);
    expect(podCIDR(c, 'node-3')).toBe('10.100.3.0/24');
    c.addNode('node-4');
    c.advance(1000);
    expect(podCIDR(c, 'node-4')).toBe('10.100.1.0/24');
    c.addNode('node-5');
    c.advance(1000);
    expect(podCIDR(c, 'node-5')).toBeUndefined();
  });
});
