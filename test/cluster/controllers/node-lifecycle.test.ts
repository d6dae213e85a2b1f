import { describe, it, expect, vi } from 'vitest';
import { testCluster, deployment, livePods, iso, T0, type TestCluster } from './harness.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const at = (c: TestCluster, ms: number) => c.queue.runUntil(T0 + ms);
const node = (c: TestCluster, name: string) => c.get('nodes', undefined, name)!;
const condition = (n: KubeObject, type: string) => ((n.status as Obj).conditions as Obj[]).find((x) => x.type === type)!;

/** Two nodes, web=2 spread over them; node-2's kubelet stops right after its renewal at +20s. */
function setup(): TestCluster {
  const c = testCluster();
  c.addNode('node-1');
  c.addNode('node-2');
  c.create('deployments', deployment('web', 2));
  at(c, 20_500);
  c.nodes.get('node-2')!.alive = false;
  return c;
}

describe('node lifecycle controller', () => {
  it('marks a silent node Unknown only after the 50s grace period, counted from when it saw the last renewal', () => {
    const c = setup();
    // The renewal at +20s is observed by the monitor pass at +25s; grace ends after +75s; the pass at +80s acts.
    at(c, 79_000);
    expect(condition(node(c, 'node-2'), 'Ready').status).toBe('True');
    at(c, 80_000);
    const n = node(c, 'node-2');
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']) {
      expect(condition(n, type)).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: iso(T0), lastTransitionTime: iso(T0 + 80_000) });
    }
    expect(condition(node(c, 'node-1'), 'Ready').status).toBe('True');
    const ev = c.events('NodeNotReady').filter((e) => e.involvedObject.kind === 'Node');
    expect(ev.map((e) => [e.message, e.type, e.source.component, e.involvedObject.name, e.metadata.namespace])).toEqual([['Node node-2 status is now: NodeNotReady', 'Normal', 'node-controller', 'node-2', 'default']]);
  });

  it('taints the node unreachable and marks its pods not ready', () => {
    const c = setup();
    at(c, 81_000);
    expect((node(c, 'node-2').spec as Obj).taints).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
    const onNode2 = c.list('pods', 'default').filter((p) => (p.spec as Obj).nodeName === 'node-2');
    expect(onNode2).toHaveLength(1);
    expect(((onNode2[0].status as Obj).conditions as Obj[]).find((x) => x.type === 'Ready')).toMatchObject({ status: 'False', lastTransitionTime: iso(T0 + 80_000) });
    expect(c.events('NodeNotReady').filter((e) => e.involvedObject.kind === 'Pod').map((e) => [e.type, e.message])).toEqual([['Warning', 'Node is not ready']]);
    at(c, 86_000);
    expect((node(c, 'node-2').spec as Obj).taints).toEqual([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: iso(T0 + 85_000) },
    ]);
  });

  it('evicts the pods 300s after the NoExecute taint (default tolerations) and the ReplicaSet replaces them', () => {
    const c = setup();
    at(c, 86_000);
    const victim = c.list('pods', 'default').find((p) => (p.spec as Obj).nodeName === 'node-2')!;
    expect((victim.spec as Obj).tolerations).toContainEqual({ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
    at(c, 384_000);
    expect(c.get('pods', 'default', victim.metadata.name!)!.metadata.deletionTimestamp).toBeUndefined();
    at(c, 386_000);
    expect(c.get('pods', 'default', victim.metadata.name!)!.metadata.deletionTimestamp).toBeDefined();
    const ev = c.events('TaintManagerEviction');
    expect(ev.map((e) => [e.message, e.source.component, e.involvedObject.name])).toEqual([[`Marking for deletion Pod default/${victim.metadata.name}`, 'taint-eviction-controller', victim.metadata.name]]);
    at(c, 392_000);
    const live = livePods(c, 'web');
    expect(live).toHaveLength(2);
    expect(live.every((p) => (p.spec as Obj).nodeName === 'node-1')).toBe(true);
  });

  it('removes the taints when the node reports Ready again', () => {
    const c = setup();
    at(c, 90_000);
    c.nodes.get('node-2')!.alive = true;
    const n = node(c, 'node-2');
    const now = iso(c.queue.now());
    const conditions = ((n.status as Obj).conditions as Obj[]).map((x) => ({ ...x, status: x.type === 'Ready' ? 'True' : 'False', lastHeartbeatTime: now, lastTransitionTime: now }));
    c.admin.updateStatus('nodes', undefined, { ...n, status: { ...(n.status as Obj), conditions } });
    at(c, 100_000);
    expect((node(c, 'node-2').spec as Obj).taints).toBeUndefined();
    expect(c.events('TaintManagerEviction').map((e) => e.message)[0]).toMatch(/^Cancelling deletion of Pod default\/web-/);
  });

  it('shifts its remembered probe times on a warm-up clock jump', () => {
    const c = setup();
    at(c, 30_000);
    c.nodes.get('node-2')!.alive = true;
    c.queue.jump(3_600_000);
    for (const hook of c.jumpHooks) hook(3_600_000);
    c.advance(4000);
    expect(condition(node(c, 'node-2'), 'Ready').status).toBe('True');
  });

  it('reads the cached nodes without copying them every monitor period, and writes only the node that went silent', () => {
    const c = testCluster({ controllers: ['node-lifecycle-controller'] });
    c.addNode('node-1');
    c.addNode('node-2');
    at(c, 20_500);
    const clone = vi.spyOn(globalThis, 'structuredClone');
    const nodeCopies = () => clone.mock.calls.filter(([v]) => (v as KubeObject | undefined)?.kind === 'Node').length;
    const writes: string[] = [];
    c.admin.watch('nodes', undefined, '0', (e) => writes.push(`${e.type} ${e.object.metadata.name}`));
    at(c, 60_000);
    expect([nodeCopies(), writes]).toEqual([0, []]);
    c.nodes.get('node-2')!.alive = false;
    at(c, 130_000);
    expect(nodeCopies()).toBe(0);
    expect(new Set(writes)).toEqual(new Set(['MODIFIED node-2']));
    expect(condition(node(c, 'node-2'), 'Ready').status).toBe('Unknown');
    expect(condition(node(c, 'node-1'), 'Ready').status).toBe('True');
    clone.mockRestore();
  });
  it('reads each renewed Lease once: a monitor pass that finds the same cached lease does not parse its renewTime again', () => {
    // node_lifecycle_controller.go tryUpdateNodeHealth compares the lease's renewTime every pass; an
    // unchanged (immutable) cached lease has nothing new to compare.
    const c = testCluster({ controllers: ['node-lifecycle-controller'] });
    c.addNode('node-1');
    c.addNode('node-2');
    at(c, 20_500);
    const renewTimes = new Set<string>();
    c.admin.watch('leases', 'kube-node-lease', '0', (e) => renewTimes.add((e.object.spec as Obj).renewTime));
    const parse = vi.spyOn(Date, 'parse');
    at(c, 60_500);
    const leaseParses = parse.mock.calls.map(([v]) => v).filter((v) => renewTimes.has(v));
    parse.mockRestore();
    // 8 passes x 2 nodes read the leases (one renewal every 10 s, a pass every 5 s): the renewals of +30, +40
    // and +50 s (the same instants on both nodes) are each parsed once per node, by the first pass after them.
    expect(new Set(leaseParses).size).toBe(3);
    expect(leaseParses.length).toBe(6);
    // Still a sign of life: both nodes stay Ready well past the grace period.
    at(c, 130_000);
    expect(condition(node(c, 'node-1'), 'Ready').status).toBe('True');
    expect(condition(node(c, 'node-2'), 'Ready').status).toBe('True');
  });
});
