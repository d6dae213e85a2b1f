import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { SchedulerCache } from '../../../src/cluster/scheduler/cache.js';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { Snapshot } from '../../../src/cluster/scheduler/snapshot.js';
import type { NodeInfo } from '../../../src/cluster/scheduler/types.js';
import { makeNode, makePod } from './fixtures.js';

const MB = 1024 * 1024;

function cacheWith(nodeNames: string[]): SchedulerCache {
  const cache = new SchedulerCache();
  for (const n of nodeNames) cache.putNode(makeNode(n, { cpu: '4', memory: '8Gi' }));
  return cache;
}

function names(s: Snapshot): string[] {
  return s.nodeInfoList.map((i) => i.node.metadata?.name ?? '');
}

// After pkg/scheduler/backend/cache/cache_test.go TestSchedulerCache_UpdateSnapshot.
describe('SchedulerCache.updateSnapshot', () => {
  it('copies every NodeInfo the first time, then only the ones whose generation changed', () => {
    const cache = cacheWith(['n1', 'n2', 'n3', 'n4', 'n5']);
    const snapshot = new Snapshot();
    expect(cache.updateSnapshot(snapshot)).toBe(5);
    expect(names(snapshot)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const before = [...snapshot.nodeInfoList];
    const generation = snapshot.generation;

    expect(cache.updateSnapshot(snapshot)).toBe(0);
    expect(snapshot.generation).toBe(generation);

    cache.addPod(makePod('a', { nodeName: 'n2', cpu: '1' }), 0);
    expect(cache.updateSnapshot(snapshot)).toBe(1);
    expect(snapshot.generation).toBeGreaterThan(generation);
    const after = snapshot.nodeInfoList;
    expect(after.map((info, i) => info === before[i])).toEqual([true, false, true, true, true]);
    expect(after[1]?.requested.milliCpu).toBe(1000);
    expect(after[1]?.generation).toBe(snapshot.generation);
    // The copy does not move when the cache changes again.
    cache.addPod(makePod('b', { nodeName: 'n2', cpu: '1' }), 1);
    expect(after[1]?.requested.milliCpu).toBe(1000);
    expect(cache.nodeInfo('n2')?.requested.milliCpu).toBe(2000);
  });

  it('a pod add or delete changes its node’s requests and generation and no other node’s', () => {
    const cache = cacheWith(['n1', 'n2', 'n3']);
    const gen = (n: string) => cache.nodeInfo(n)?.generation;
    const [g1, g3] = [gen('n1'), gen('n3')];
    const pod = makePod('web', { nodeName: 'n2', cpu: '250m', memory: '64Mi', containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }], resources: { requests: { cpu: '250m', memory: '64Mi' } } }] });
    cache.addPod(pod, 0);
    expect(cache.nodeInfo('n2')).toMatchObject({ requested: { milliCpu: 250, memory: 64 * MB }, usedPorts: [{ port: 8080 }] });
    expect(cache.nodeInfo('n2')?.pods).toEqual([pod]);
    expect([gen('n1'), gen('n3')]).toEqual([g1, g3]);
    expect(cache.nodeInfo('n1')?.requested.milliCpu).toBe(0);

    const g2 = gen('n2');
    cache.removePod('default/web');
    expect(cache.nodeInfo('n2')).toMatchObject({ pods: [], requested: { milliCpu: 0, memory: 0 }, usedPorts: [] });
    expect(gen('n2')).toBeGreaterThan(g2 as number);
    expect([gen('n1'), gen('n3')]).toEqual([g1, g3]);
  });

  it('counts an assumed pod once, and once more when the informer confirms it', () => {
    const cache = cacheWith(['n1']);
    const pending = makePod('p', { cpu: '1' });
    cache.assumePod({ ...pending, spec: { ...pending.spec!, nodeName: 'n1' } });
    expect(cache.isAssumed('default/p')).toBe(true);
    expect(cache.nodeInfo('n1')?.requested.milliCpu).toBe(1000);
    cache.addPod(makePod('p', { cpu: '1', nodeName: 'n1' }), 3);
    expect(cache.isAssumed('default/p')).toBe(false);
    expect(cache.nodeInfo('n1')?.pods).toHaveLength(1);
    expect(cache.nodeInfo('n1')?.requested.milliCpu).toBe(1000);
  });

  it('orders a node’s pods by informer rank, assumed pods last', () => {
    const cache = cacheWith(['n1']);
    cache.addPod(makePod('c', { nodeName: 'n1' }), 5);
    cache.assumePod(makePod('z', { nodeName: 'n1' }));
    cache.addPod(makePod('a', { nodeName: 'n1' }), 1);
    const order = () => cache.nodeInfo('n1')?.pods.map((p) => p.metadata?.name);
    expect(order()).toEqual(['a', 'c', 'z']);
    cache.addPod(makePod('z', { nodeName: 'n1' }), 2);
    expect(order()).toEqual(['a', 'z', 'c']);
  });

  it('confirms assumed pods bound in turn where they are, and moves one confirmed out of turn (sharing the containers, as the informer’s pod does)', () => {
    const cache = cacheWith(['n1']);
    cache.addPod(makePod('a', { nodeName: 'n1', cpu: '100m' }), 1);
    // The scheduler assumes a copy of the pod it binds; the bound pod the informer brings shares its containers.
    const bound = (name: string, cpu: string) => makePod(name, { nodeName: 'n1', cpu });
    const x = bound('x', '200m');
    const y = bound('y', '300m');
    const z = bound('z', '400m');
    for (const p of [x, y, z]) cache.assumePod({ ...p, status: { phase: 'Pending' } });
    const order = () => cache.nodeInfo('n1')?.pods.map((p) => p.metadata?.name);
    const snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    const generation = snapshot.generation;
    // x was bound first of the three: its rank leaves it where it is.
    cache.addPod(x, 2);
    expect(order()).toEqual(['a', 'x', 'y', 'z']);
    expect(cache.nodeInfo('n1')?.pods[1]).toBe(x);
    expect(cache.isAssumed('default/x')).toBe(false);
    expect(cache.updateSnapshot(snapshot)).toBe(1);
    expect(snapshot.generation).toBeGreaterThan(generation);
    expect(snapshot.get('n1')?.requested.milliCpu).toBe(1000);
    // z before y: it moves ahead of the pod still assumed.
    cache.addPod(z, 3);
    expect(order()).toEqual(['a', 'x', 'z', 'y']);
    cache.addPod(y, 4);
    expect(order()).toEqual(['a', 'x', 'z', 'y']);
    expect(cache.nodeInfo('n1')).toMatchObject({ requested: { milliCpu: 1000 }, nonZeroRequested: { milliCpu: 1000 } });
    // Removing and adding back every pod gives the same counts: nothing was counted twice or lost.
    for (const name of ['a', 'x', 'y', 'z']) cache.removePod(`default/${name}`);
    expect(cache.nodeInfo('n1')).toMatchObject({ pods: [], requested: { milliCpu: 0, memory: 0 }, nonZeroRequested: { milliCpu: 0, memory: 0 } });
  });

  it('a confirmed pod with host ports takes its ports to the end of the node’s list, as removePod + addPod do', () => {
    const cache = cacheWith(['n1']);
    const withPort = (name: string, hostPort: number) => makePod(name, { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort }] }] });
    const x = withPort('x', 8001);
    const y = withPort('y', 8002);
    cache.assumePod({ ...x, status: { phase: 'Pending' } });
    cache.assumePod({ ...y, status: { phase: 'Pending' } });
    expect(cache.nodeInfo('n1')?.usedPorts.map((p) => p.port)).toEqual([8001, 8002]);
    cache.addPod(x, 0);
    expect(cache.nodeInfo('n1')?.pods.map((p) => p.metadata?.name)).toEqual(['x', 'y']);
    expect(cache.nodeInfo('n1')?.usedPorts.map((p) => p.port)).toEqual([8002, 8001]);
  });

  it('drops a deleted node from the snapshot and brings its pods back when it returns', () => {
    const cache = cacheWith(['n1', 'n2']);
    cache.addPod(makePod('a', { nodeName: 'n1', cpu: '1' }), 0);
    const snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    cache.removeNode('n1');
    cache.updateSnapshot(snapshot);
    expect(names(snapshot)).toEqual(['n2']);
    expect(snapshot.get('n1')).toBeUndefined();
    cache.putNode(makeNode('n1', { cpu: '4', memory: '8Gi' }));
    expect(cache.updateSnapshot(snapshot)).toBe(1);
    // A returning node joins the end of the list, as a new key does in the informer.
    expect(names(snapshot)).toEqual(['n2', 'n1']);
    expect(snapshot.get('n1')?.requested.milliCpu).toBe(1000);
  });

  it('counts the nodes holding each image, for ImageLocality', () => {
    const cache = new SchedulerCache();
    const image = { names: ['docker.io/library/postgres:16'], sizeBytes: 500 * MB };
    cache.putNode(makeNode('a', { images: [image] }));
    cache.putNode(makeNode('b', { images: [image] }));
    cache.putNode(makeNode('c'));
    const snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    expect(snapshot.imageNumNodes('docker.io/library/postgres:16')).toBe(2);
    cache.removeNode('a');
    cache.putNode(makeNode('c', { images: [image] }));
    cache.putNode(makeNode('b'));
    cache.updateSnapshot(snapshot);
    expect(snapshot.imageNumNodes('docker.io/library/postgres:16')).toBe(1);
  });
});

/** A random history of cluster changes, replayed into a cache and into a from-scratch rebuild. */
type Op =
  | { kind: 'node'; node: number; cpu: number; cordoned: boolean; prefer: boolean }
  | { kind: 'deleteNode'; node: number }
  | { kind: 'pod'; pod: number; node: number; cpu: number; port: number; terminal: boolean }
  | { kind: 'assume'; pod: number; node: number; cpu: number }
  | { kind: 'deletePod'; pod: number }
  | { kind: 'status'; pod: number; message: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('node' as const), node: fc.nat(3), cpu: fc.integer({ min: 1, max: 8 }), cordoned: fc.boolean(), prefer: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteNode' as const), node: fc.nat(3) }),
  fc.record({ kind: fc.constant('pod' as const), pod: fc.nat(7), node: fc.nat(4), cpu: fc.nat(2000), port: fc.nat(2), terminal: fc.boolean() }),
  fc.record({ kind: fc.constant('assume' as const), pod: fc.nat(7), node: fc.nat(4), cpu: fc.nat(2000) }),
  fc.record({ kind: fc.constant('deletePod' as const), pod: fc.nat(7) }),
  // A status write: a new pod object sharing the stored spec (the cache swaps it in place).
  fc.record({ kind: fc.constant('status' as const), pod: fc.nat(7), message: fc.nat(9) }),
);

function podFor(name: string, node: string, cpu: number, port: number, terminal: boolean): Pod {
  const ports = port > 0 ? [{ containerPort: 80, hostPort: 8000 + port }] : [];
  return makePod(name, {
    nodeName: node,
    phase: terminal ? 'Succeeded' : 'Running',
    containers: [{ name: 'c', image: 'nginx', ports, resources: { requests: { cpu: `${cpu}m` } } }],
  });
}

function view(info: NodeInfo) {
  return {
    node: info.node.metadata?.name,
    pods: info.pods.map((p) => p.metadata?.name),
    requested: info.requested.milliCpu,
    nonZero: [info.nonZeroRequested.milliCpu, info.nonZeroRequested.memory],
    ports: info.usedPorts.map((p) => `${p.protocol}/${p.hostIP}/${p.port}`).sort(),
    allocatable: info.allocatable.milliCpu,
    messages: info.pods.map((p) => p.status?.message ?? ''),
    flat: flatCopies(info),
  };
}

/** NodeInfo's flat copies, each next to the value it copies (they must be equal). */
function flatCopies(info: NodeInfo): [number | boolean | readonly unknown[], number | boolean | readonly unknown[]][] {
  return [
    [info.numPods, info.pods.length],
    [info.taints, info.node.spec?.taints ?? []],
    [info.unschedulable, !!info.node.spec?.unschedulable],
    [info.allocMilliCpu, info.allocatable.milliCpu],
    [info.allocMemory, info.allocatable.memory],
    [info.allocEphemeralStorage, info.allocatable.ephemeralStorage],
    [info.reqMilliCpu, info.requested.milliCpu],
    [info.reqMemory, info.requested.memory],
    [info.reqEphemeralStorage, info.requested.ephemeralStorage],
    [info.nonZeroMilliCpu, info.nonZeroRequested.milliCpu],
    [info.nonZeroMemory, info.nonZeroRequested.memory],
  ];
}

describe('SchedulerCache against a from-scratch rebuild', () => {
  it('any history of events leaves the snapshot equal to rebuilding every NodeInfo from all pods', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 10, maxLength: 80 }), fc.array(fc.nat(79), { maxLength: 10 }), (ops, snapshotAt) => {
        const cache = new SchedulerCache();
        const snapshot = new Snapshot();
        // The model: what the informers hold (in key order) plus the assumed pods, as the old scheduler rebuilt it.
        const nodes = new Map<string, ReturnType<typeof makeNode>>();
        const informer = new Map<string, Pod>();
        const assumed = new Map<string, Pod>();
        const ranks = new Map<string, number>();
        let nextRank = 0;
        ops.forEach((op, i) => {
          if (op.kind === 'node') {
            const node = makeNode(`n${op.node}`, {
              cpu: String(op.cpu),
              ...(op.cordoned ? { unschedulable: true } : {}),
              taints: [
                ...(op.cordoned ? [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' as const }] : []),
                ...(op.prefer ? [{ key: 'spot', effect: 'PreferNoSchedule' as const }] : []),
              ],
            });
            nodes.set(`n${op.node}`, node);
            cache.putNode(node);
          } else if (op.kind === 'deleteNode') {
            nodes.delete(`n${op.node}`);
            cache.removeNode(`n${op.node}`);
          } else if (op.kind === 'pod') {
            const pod = podFor(`p${op.pod}`, `n${op.node}`, op.cpu, op.port, op.terminal);
            const key = `default/p${op.pod}`;
            // A bound pod keeps its node (nodeName is immutable): re-use the first one.
            const node = informer.get(key)?.spec?.nodeName;
            const bound = node ? podFor(`p${op.pod}`, node, op.cpu, op.port, op.terminal) : pod;
            informer.set(key, bound);
            assumed.delete(key);
            if (!ranks.has(key)) ranks.set(key, nextRank++);
            if (op.terminal) cache.removePod(key);
            else cache.addPod(bound, ranks.get(key) as number);
          } else if (op.kind === 'assume') {
            const key = `default/p${op.pod}`;
            if (informer.has(key) || assumed.has(key)) return;
            const pod = podFor(`p${op.pod}`, `n${op.node}`, op.cpu, 0, false);
            assumed.set(key, pod);
            cache.assumePod(pod);
          } else if (op.kind === 'status') {
            const key = `default/p${op.pod}`;
            const old = informer.get(key);
            if (!old || old.status?.phase === 'Succeeded') return;
            const updated: Pod = { ...old, status: { ...old.status, message: `m${op.message}` } };
            informer.set(key, updated);
            cache.addPod(updated, ranks.get(key) as number);
          } else {
            const key = `default/p${op.pod}`;
            informer.delete(key);
            assumed.delete(key);
            ranks.delete(key);
            cache.removePod(key);
          }
          if (snapshotAt.includes(i)) cache.updateSnapshot(snapshot);
        });
        cache.updateSnapshot(snapshot);
        const expected = buildNodeInfos([...nodes.values()], [...informer.values(), ...assumed.values()]);
        expect(snapshot.nodeInfoList.map(view)).toEqual(expected.map(view));
        for (const info of snapshot.nodeInfoList) for (const [copy, value] of flatCopies(info)) expect(copy).toEqual(value);
        // The snapshot's node counts (they let a cycle skip NodeUnschedulable and TaintToleration's scores) match a recount.
        const list = snapshot.nodeInfoList;
        expect(snapshot.numUnschedulableNodes).toBe(list.filter((info) => info.node.spec?.unschedulable).length);
        expect(snapshot.numPreferNoScheduleNodes).toBe(list.filter((info) => (info.node.spec?.taints ?? []).some((t) => t.effect === 'PreferNoSchedule')).length);
        expect(cache.updateSnapshot(snapshot)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
