import { describe, it, expect } from 'vitest';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { numFeasibleNodesToFind, schedulePod } from '../../../src/cluster/scheduler/schedule-one.js';
import type { FilterRotation } from '../../../src/cluster/scheduler/schedule-one.js';
import { Snapshot } from '../../../src/cluster/scheduler/snapshot.js';
import { CONTROL_PLANE_TAINT, fixedRandom, makeNode, makePod } from './fixtures.js';

const random = fixedRandom(0.5);

function cluster(n: number, options: (i: number) => Parameters<typeof makeNode>[1] = () => ({})) {
  const nodes = Array.from({ length: n }, (_, i) => makeNode(`node-${String(i).padStart(3, '0')}`, options(i)));
  return Snapshot.of(buildNodeInfos(nodes, []));
}

// After pkg/scheduler/schedule_one_test.go TestNumFeasibleNodesToFind.
describe('numFeasibleNodesToFind', () => {
  it('filters every node below 100, then 50 − n/125 percent (at least 5%, at least 100 nodes)', () => {
    expect([10, 99, 100, 150, 300, 1000, 5000, 6000, 100_000].map((n) => numFeasibleNodesToFind(n))).toEqual([10, 99, 100, 100, 144, 420, 500, 300, 5000]);
    expect(numFeasibleNodesToFind(1000, 40)).toBe(400);
    expect(numFeasibleNodesToFind(1000, 5)).toBe(100);
  });
});

describe('findNodesThatPassFilters on a 300-node cluster', () => {
  it('stops after numFeasibleNodesToFind feasible nodes, scores only those, and the next cycle starts where it stopped', () => {
    const snapshot = cluster(300);
    const rotation: FilterRotation = { nextStartNodeIndex: 0 };
    const first = schedulePod(makePod('a', { cpu: '100m' }), snapshot, { random, rotation });
    if (!first.ok) throw new Error(first.message);
    expect(first.scores.map((s) => s.name)).toEqual(snapshot.nodeInfoList.slice(0, 144).map((i) => i.node.metadata?.name));
    expect(rotation.nextStartNodeIndex).toBe(144);

    const second = schedulePod(makePod('b', { cpu: '100m' }), snapshot, { random, rotation });
    if (!second.ok) throw new Error(second.message);
    expect(second.scores.map((s) => s.name)).toEqual(snapshot.nodeInfoList.slice(144, 288).map((i) => i.node.metadata?.name));
    expect(rotation.nextStartNodeIndex).toBe(288);

    // The third wraps around: 12 nodes at the end, then 132 from the start (scored in snapshot order).
    const third = schedulePod(makePod('c', { cpu: '100m' }), snapshot, { random, rotation });
    if (!third.ok) throw new Error(third.message);
    const expected = [...snapshot.nodeInfoList.slice(0, 132), ...snapshot.nodeInfoList.slice(288)].map((i) => i.node.metadata?.name);
    expect(third.scores.map((s) => s.name)).toEqual(expected);
    expect(rotation.nextStartNodeIndex).toBe(132);
  });

  it('counts rejected nodes as processed too', () => {
    // Every third node is cordoned: 144 feasible nodes take 216 nodes to find.
    const snapshot = cluster(300, (i) => ({ unschedulable: i % 3 === 0 }));
    const rotation: FilterRotation = { nextStartNodeIndex: 0 };
    const r = schedulePod(makePod('a'), snapshot, { random, rotation });
    expect(r.ok && r.scores.length).toBe(144);
    expect(rotation.nextStartNodeIndex).toBe(216);
  });

  it('checks every node when none fits, so the FitError text is unchanged', () => {
    const snapshot = cluster(300, (i) => (i < 2 ? { taints: [CONTROL_PLANE_TAINT] } : { cpu: '1' }));
    const rotation: FilterRotation = { nextStartNodeIndex: 77 };
    const r = schedulePod(makePod('big', { cpu: '2' }), snapshot, { random, rotation });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe(
      '0/300 nodes are available: 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 298 Insufficient cpu. preemption: 0/300 nodes are available: 2 Preemption is not helpful for scheduling, 298 No preemption victims found for incoming pod.',
    );
    expect(rotation.nextStartNodeIndex).toBe(77);
  });
});

describe('under 100 nodes', () => {
  it('the start index changes nothing: every node is filtered and scored in snapshot order', () => {
    const nodes = Array.from({ length: 7 }, (_, i) => makeNode(`n${i}`));
    const running = [makePod('x', { nodeName: 'n3', cpu: '1' })];
    const snapshot = Snapshot.of(buildNodeInfos(nodes, running));
    const results = [0, 3, 6, 40].map((start) => {
      const rotation = { nextStartNodeIndex: start };
      const r = schedulePod(makePod('p', { cpu: '100m' }), snapshot, { random: fixedRandom(0.3, 0.7, 0.1), rotation });
      return { r, next: rotation.nextStartNodeIndex };
    });
    for (const { r } of results) expect(r).toEqual(results[0]?.r);
    expect(results.map((x) => x.next)).toEqual([0, 3, 6, 5]);
  });
});
