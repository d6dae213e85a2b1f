import { describe, it, expect } from 'vitest';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { moreImportantFirst, numPreemptionCandidates, pickOneNodeForPreemption } from '../../../src/cluster/scheduler/preemption.js';
import { schedulePod } from '../../../src/cluster/scheduler/schedule-one.js';
import { fixedRandom, makeNode, makePod } from './fixtures.js';

const random = fixedRandom(0);

describe('DefaultPreemption', () => {
  it('nominates a node and picks the fewest victims when lower-priority pods can be evicted', () => {
    const nodes = [makeNode('node-1'), makeNode('node-2')];
    const running = [
      makePod('low-a', { nodeName: 'node-1', cpu: '1', priority: 0 }),
      makePod('low-b', { nodeName: 'node-1', cpu: '1', priority: 0 }),
      makePod('low-c', { nodeName: 'node-2', cpu: '1500m', priority: 0 }),
      makePod('crit', { nodeName: 'node-2', cpu: '500m', priority: 2000 }),
    ];
    const r = schedulePod(makePod('important', { cpu: '1', priority: 1000 }), buildNodeInfos(nodes, running), { random });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // With a candidate, the PostFilter message is empty: no "preemption:" part.
    expect(r.message).toBe('0/2 nodes are available: 2 Insufficient cpu.');
    // node-1 needs one of two 1-CPU victims; node-2 needs its 1500m victim; both one victim of priority 0,
    // so the tie goes to the first candidate in dry-run order.
    expect(r.preemption?.victims).toHaveLength(1);
    expect(['node-1', 'node-2']).toContain(r.preemption?.nodeName);
  });

  it('reprieves the victims it does not need, most important first', () => {
    const nodes = [makeNode('node-1', { cpu: '2' })];
    const running = [
      makePod('p100', { nodeName: 'node-1', cpu: '500m', priority: 100 }),
      makePod('p10', { nodeName: 'node-1', cpu: '500m', priority: 10 }),
      makePod('p50', { nodeName: 'node-1', cpu: '1', priority: 50 }),
    ];
    const r = schedulePod(makePod('big', { cpu: '1', priority: 1000 }), buildNodeInfos(nodes, running), { random });
    // p100 comes back first (1500m free left), p50 no longer fits, p10 still does.
    expect(!r.ok && r.preemption?.victims.map((v) => v.metadata?.name)).toEqual(['p50']);
  });

  it('reports the filter reason for a node where evicting everything lower is still not enough', () => {
    const nodes = [makeNode('node-1', { cpu: '2' }), makeNode('node-2', { cpu: '2' })];
    const running = [makePod('low', { nodeName: 'node-1', cpu: '500m' }), makePod('peer', { nodeName: 'node-2', cpu: '1', priority: 100 })];
    const r = schedulePod(makePod('huge', { cpu: '3', priority: 100 }), buildNodeInfos(nodes, running), { random });
    expect(!r.ok && r.message).toBe(
      '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 1 Insufficient cpu, 1 No preemption victims found for incoming pod.',
    );
  });

  it('does not preempt for a pod with preemptionPolicy Never', () => {
    const nodes = [makeNode('node-1', { cpu: '1' })];
    const running = [makePod('low', { nodeName: 'node-1', cpu: '1' })];
    const pod = makePod('p', { cpu: '1', priority: 1000, spec: { preemptionPolicy: 'Never' } });
    const r = schedulePod(pod, buildNodeInfos(nodes, running), { random });
    expect(!r.ok && r.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.');
    expect(!r.ok && r.preemption).toBeUndefined();
  });

  it('never preempts on nodes rejected as unresolvable', () => {
    const nodes = [makeNode('node-1', { cpu: '1', unschedulable: true })];
    const running = [makePod('low', { nodeName: 'node-1', cpu: '1' })];
    const r = schedulePod(makePod('p', { cpu: '1', priority: 1000 }), buildNodeInfos(nodes, running), { random });
    expect(!r.ok && r.message).toBe(
      '0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    );
  });

  it('counts pods nominated to a node with at least the same priority', () => {
    const nodes = [makeNode('node-1', { cpu: '2' })];
    const nominated = { ...makePod('nominee', { cpu: '1500m', priority: 500 }), status: { phase: 'Pending', nominatedNodeName: 'node-1' } };
    const infos = buildNodeInfos(nodes, []);
    const low = schedulePod(makePod('low', { cpu: '1', priority: 0 }), infos, { random, nominatedPods: [nominated] });
    expect(!low.ok && low.message).toBe(
      '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    );
    const high = schedulePod(makePod('high', { cpu: '1', priority: 1000 }), infos, { random, nominatedPods: [nominated] });
    expect(high).toEqual({ ok: true, node: 'node-1', scores: [] });
  });
});

describe('pickOneNodeForPreemption', () => {
  const v = (name: string, priority: number, startTime?: string) => {
    const p = makePod(name, { priority });
    return startTime ? { ...p, status: { phase: 'Running', startTime } } : p;
  };

  it('prefers the lowest highest-priority victim, then fewer victims, then later start', () => {
    expect(pickOneNodeForPreemption([
      { nodeName: 'a', victims: [v('x', 10)] },
      { nodeName: 'b', victims: [v('y', 5), v('z', 5)] },
    ])?.nodeName).toBe('b');
    expect(pickOneNodeForPreemption([
      { nodeName: 'a', victims: [v('x', 5), v('y', 5)] },
      { nodeName: 'b', victims: [v('z', 5)] },
    ])?.nodeName).toBe('b');
    expect(pickOneNodeForPreemption([
      { nodeName: 'a', victims: [v('x', 5, '2026-11-01T00:00:00Z')] },
      { nodeName: 'b', victims: [v('y', 5, '2026-11-02T00:00:00Z')] },
    ])?.nodeName).toBe('b');
  });

  it('orders pods by priority, then earlier start', () => {
    const pods = [v('late', 1, '2026-11-02T00:00:00Z'), v('high', 9), v('early', 1, '2026-11-01T00:00:00Z')];
    expect([...pods].sort(moreImportantFirst).map((p) => p.metadata?.name)).toEqual(['high', 'early', 'late']);
  });
});

describe('DefaultPreemption on a large cluster (calculateNumCandidates)', () => {
  it('needs every node below 100, then 10% of them but at least 100', () => {
    expect([1, 50, 100, 300, 1000, 5000].map(numPreemptionCandidates)).toEqual([1, 50, 100, 100, 100, 500]);
  });

  it('stops the dry run after 100 candidates, so a better node further on is not found', () => {
    // Node i runs one full-node pod of priority 300 − i: the last node holds the least important victim.
    const nodes = Array.from({ length: 300 }, (_, i) => makeNode(`n${String(i).padStart(3, '0')}`, { cpu: '1' }));
    const running = nodes.map((n, i) => makePod(`v${i}`, { nodeName: n.metadata?.name, cpu: '1', priority: 300 - i }));
    const r = schedulePod(makePod('big', { cpu: '1', priority: 1000 }), buildNodeInfos(nodes, running), { random });
    // The dry run starts at offset 0 (random 0) and stops at n099, the best of the first 100.
    expect(!r.ok && r.preemption?.nodeName).toBe('n099');
  });
});
