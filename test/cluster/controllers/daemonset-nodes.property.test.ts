/**
 * The DaemonSet controller's incremental per-node state (daemonset-nodes.ts)
 * against the full walk it replaced: after random sequences of node and pod
 * events, delivered as the informers deliver them, every sync's status
 * counts and plan (creates and deletes, in order) equal what the full walk
 * of every node computes from the informer's node list and the controller-uid
 * index's pod order. The full walk below is the controller's sync as it was
 * before the state (daemonset.ts at 6360a1c: sync, manage,
 * rollingUpdateVictims, updateStatus's loop).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { DaemonNodes, NodeOrder, type DaemonCounts, type DaemonView } from '../../../src/cluster/controllers/daemonset-nodes.js';
import { scaledValue } from '../../../src/cluster/controllers/deployment-util.js';
import { isPodAvailable, isPodReady, type Obj } from '../../../src/cluster/controllers/util.js';

const NODES = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];
const PODS = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];
const T0 = Date.UTC(2025, 0, 1);

/** Two pod templates: the first runs on `disk=ssd` nodes and tolerates nothing more; the second anywhere, tolerating `dedicated`. */
const TEMPLATES: Obj[] = [{ nodeSelector: { disk: 'ssd' } }, { tolerations: [{ key: 'dedicated', operator: 'Exists' }] }];
const HASHES = ['h0', 'h1'];

/** nodeShouldRunDaemonPod for the two templates (the controller's own rules are tested elsewhere). */
function shouldRun(template: Obj, node: KubeObject): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries((template.nodeSelector ?? {}) as Record<string, string>)) if (labels[k] !== v) return false;
  const taints = ((node.spec as Obj).taints ?? []) as Obj[];
  return taints.every((t) => t.effect === 'NoExecute' ? false : !(t.key === 'dedicated' && !template.tolerations));
}

type NodeVariant = { ssd: boolean; taint: 'none' | 'dedicated' | 'noexecute' };
type PodVariant = { node: number; ns: 'default' | 'other'; deleting: boolean; failed: boolean; ready: boolean; readyAgo: number; hash: number; owner: 0 | 1 };
/** The DaemonSet's spec; the hash is drawn apart from the template so that either alone changing is seen. */
type DsVariant = { template: number; hash: number; minReady: 0 | 3; strategy: 'OnDelete' | 1 | '50%' };

const DS_VALUES: { [K in keyof DsVariant]: DsVariant[K][] } = { template: [0, 1], hash: [0, 1], minReady: [0, 3], strategy: ['OnDelete', 1, '50%'] };
const ds = (v: DsVariant): Step[] => (Object.keys(v) as (keyof DsVariant)[]).map((change) => ({ kind: 'ds', change, to: (DS_VALUES[change] as unknown[]).indexOf(v[change]) }));

type Step =
  | { kind: 'node'; name: number; v: NodeVariant }
  | { kind: 'deleteNode'; name: number }
  | { kind: 'pod'; id: number; v: PodVariant; newUid: boolean }
  | { kind: 'deletePod'; id: number }
  | { kind: 'ds'; change: keyof DsVariant; to: number }
  | { kind: 'sync'; plan: boolean; advance: number };

const nodeVariant = fc.record({ ssd: fc.constantFrom(true, true, true, false), taint: fc.constantFrom('none' as const, 'none' as const, 'dedicated' as const, 'noexecute' as const) });
const podVariant = fc.record({
  // Pods name every node of the pool and one the informer never holds.
  node: fc.integer({ min: 0, max: NODES.length }),
  ns: fc.constantFrom('default' as const, 'default' as const, 'default' as const, 'other' as const),
  deleting: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  failed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  ready: fc.boolean(),
  readyAgo: fc.integer({ min: 0, max: 5 }),
  hash: fc.integer({ min: 0, max: 1 }),
  owner: fc.constantFrom(0 as const, 0 as const, 0 as const, 1 as const),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('node' as const), name: fc.integer({ min: 0, max: NODES.length - 1 }), v: nodeVariant }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteNode' as const), name: fc.integer({ min: 0, max: NODES.length - 1 }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pod' as const), id: fc.integer({ min: 0, max: PODS.length - 1 }), v: podVariant, newUid: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deletePod' as const), id: fc.integer({ min: 0, max: PODS.length - 1 }) }) },
  {
    weight: 1,
    // One field at a time, so that each alone is seen to change the counts.
    arbitrary: fc.record({ kind: fc.constant('ds' as const), change: fc.constantFrom('template' as const, 'hash' as const, 'minReady' as const, 'strategy' as const), to: fc.integer({ min: 0, max: 2 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), plan: fc.boolean(), advance: fc.integer({ min: 0, max: 3000 }) }) },
);

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function makeNode(name: string, v: NodeVariant): KubeObject {
  const taints = v.taint === 'dedicated' ? [{ key: 'dedicated', effect: 'NoSchedule' }] : v.taint === 'noexecute' ? [{ key: 'gone', effect: 'NoExecute' }] : undefined;
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: v.ssd ? { disk: 'ssd' } : {} }, spec: taints ? { taints } : {} };
}

/** The DaemonSet's owner UIDs: its own, and another DaemonSet's (whose pods it must not see). */
const OWNERS = ['ds-uid', 'other-uid'];

function makePod(name: string, uid: string, v: PodVariant, now: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: v.ns,
      uid,
      labels: { 'controller-revision-hash': HASHES[v.hash] },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: OWNERS[v.owner], controller: true }],
      ...(v.deleting ? { deletionTimestamp: iso(now) } : {}),
    },
    spec: { nodeName: v.node < NODES.length ? NODES[v.node] : 'gone-node' },
    status: { phase: v.failed ? 'Failed' : 'Running', conditions: [{ type: 'Ready', status: v.ready ? 'True' : 'False', lastTransitionTime: iso(now - v.readyAgo * 1000) }] },
  };
}

function makeDs(v: DsVariant): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid' },
    // The template's spec is one stored object per variant, as the store shares an unchanged template.
    spec: { template: { spec: TEMPLATES[v.template] }, minReadySeconds: v.minReady, updateStrategy: v.strategy === 'OnDelete' ? { type: 'OnDelete' } : { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: v.strategy } } },
  };
}

interface Outcome {
  counts: DaemonCounts;
  create?: string[];
  remove?: string[];
}

/** The full walk (daemonset.ts before the state): every node, every pod of the DaemonSet, at every sync. */
function fullWalk(view: DaemonView, nodes: KubeObject[], indexed: KubeObject[], plan: boolean): Outcome {
  const { ds, hash, now } = view;
  const spec = ds.spec as Obj;
  const byNode = new Map<string, KubeObject[]>();
  for (const pod of indexed) {
    if (pod.metadata.namespace !== ds.metadata.namespace || pod.metadata.ownerReferences?.[0].uid !== ds.metadata.uid || pod.metadata.deletionTimestamp) continue;
    const node = (pod.spec as Obj).nodeName as string;
    const onNode = byNode.get(node);
    if (onNode) onNode.push(pod);
    else byNode.set(node, [pod]);
  }
  const shouldRunSet = new Set<string>();
  for (const n of nodes) if (view.shouldRun(n)) shouldRunSet.add(n.metadata.name!);
  const minReady = spec.minReadySeconds ?? 0;
  const counts: DaemonCounts = { desired: shouldRunSet.size, current: 0, misscheduled: 0, ready: 0, available: 0, updated: 0 };
  for (const [node, pods] of byNode) {
    if (!shouldRunSet.has(node)) {
      counts.misscheduled++;
      continue;
    }
    counts.current++;
    if (isPodReady(pods[0])) counts.ready++;
    if (isPodAvailable(pods[0], minReady, now)) counts.available++;
    if (pods[0].metadata.labels?.['controller-revision-hash'] === hash) counts.updated++;
  }
  if (!plan) return { counts };
  const failed = (p: KubeObject) => (p.status as Obj).phase === 'Failed';
  const toDelete: KubeObject[] = [];
  const toCreate: string[] = [];
  for (const node of nodes) {
    const name = node.metadata.name!;
    const pods = byNode.get(name);
    if (!shouldRunSet.has(name)) {
      if (pods) toDelete.push(...pods);
      continue;
    }
    if (!pods) {
      toCreate.push(name);
      continue;
    }
    let live = 0;
    for (const p of pods) {
      if (failed(p)) toDelete.push(p);
      else live++;
    }
    if (live === 0) toCreate.push(name);
    else if (live > 1) {
      let kept = false;
      for (const p of pods) {
        if (failed(p)) continue;
        if (kept) toDelete.push(p);
        kept = true;
      }
    }
  }
  const strategy = spec.updateStrategy ?? {};
  if (strategy.type !== 'OnDelete') {
    const already = new Set(toDelete);
    const maxUnavailable = Math.max(1, scaledValue(strategy.rollingUpdate?.maxUnavailable ?? 1, shouldRunSet.size, true));
    let unavailable = 0;
    const oldAvailable: KubeObject[] = [];
    for (const node of shouldRunSet) {
      const pod = byNode.get(node)?.find((p) => !already.has(p));
      if (!pod) {
        unavailable++;
        continue;
      }
      const available = isPodAvailable(pod, minReady, now);
      const old = pod.metadata.labels?.['controller-revision-hash'] !== hash;
      if (!available) unavailable++;
      if (old && !available) toDelete.push(pod);
      else if (old) oldAvailable.push(pod);
    }
    for (const pod of oldAvailable) {
      if (unavailable >= maxUnavailable) break;
      toDelete.push(pod);
      unavailable++;
    }
  }
  return { counts, create: toCreate, remove: toDelete.map((p) => p.metadata.uid!) };
}

/**
 * Plays `steps` on a model of the informers (the nodes informer's cache, the
 * controller-uid index's bucket: each event moves a pod to the end) and on a
 * {@link DaemonNodes} fed by the same events as the controller feeds it; the
 * state is made at the first sync from the informers, as the controller makes it.
 * Returns each sync's outcome of both.
 */
function play(steps: Step[]): { full: Outcome[]; incremental: Outcome[] } {
  let dsVariant: DsVariant = { template: 0, hash: 0, minReady: 0, strategy: 1 };
  const nodes = new Map<string, KubeObject>();
  const bucket = new Map<string, KubeObject>();
  const pods = new Map<string, KubeObject>();
  const order = new NodeOrder();
  let state: DaemonNodes | undefined;
  let now = T0;
  let uids = 0;
  const full: Outcome[] = [];
  const incremental: Outcome[] = [];
  // The controller's addPod: pods of its DaemonSet, not being deleted, with a node.
  const track = (pod: KubeObject) => {
    if (state && pod.metadata.ownerReferences?.[0].uid === 'ds-uid' && !pod.metadata.deletionTimestamp) state.addPod(pod.metadata.uid!, pod, (pod.spec as Obj).nodeName);
  };
  const untrack = (pod: KubeObject) => {
    if (state && pod.metadata.ownerReferences?.[0].uid === 'ds-uid') state.removePod(pod.metadata.uid!, (pod.spec as Obj).nodeName);
  };
  for (const s of steps) {
    if (s.kind === 'node') {
      const name = NODES[s.name];
      const node = makeNode(name, s.v);
      nodes.set(name, node);
      const seq = order.place(name);
      state?.setNode(name, node, seq);
    } else if (s.kind === 'deleteNode') {
      const name = NODES[s.name];
      if (!nodes.delete(name)) continue;
      order.forget(name);
      state?.deleteNode(name);
    } else if (s.kind === 'pod') {
      const name = PODS[s.id];
      const old = pods.get(name);
      const uid = old && !s.newUid ? old.metadata.uid! : `uid-${uids++}`;
      const pod = makePod(name, uid, s.v, now);
      pods.set(name, pod);
      if (old) {
        bucket.delete(old.metadata.uid!);
        untrack(old);
      }
      bucket.set(uid, pod);
      track(pod);
    } else if (s.kind === 'deletePod') {
      const old = pods.get(PODS[s.id]);
      if (!old) continue;
      pods.delete(PODS[s.id]);
      bucket.delete(old.metadata.uid!);
      untrack(old);
    } else if (s.kind === 'ds') {
      dsVariant = { ...dsVariant, [s.change]: DS_VALUES[s.change][s.to % DS_VALUES[s.change].length] };
    } else {
      now += s.advance;
      const ds = makeDs(dsVariant);
      const template = (ds.spec as Obj).template.spec as Obj;
      const view: DaemonView = { ds, hash: HASHES[dsVariant.hash], now, shouldRun: (node) => shouldRun(template, node) };
      const indexed = [...bucket.values()].filter((p) => p.metadata.ownerReferences?.[0].uid === 'ds-uid');
      full.push(fullWalk(view, [...nodes.values()], indexed, s.plan));
      if (!state) {
        state = new DaemonNodes();
        for (const [name, node] of nodes) state.setNode(name, node, order.place(name));
        for (const pod of indexed) track(pod);
      }
      state.refresh(view);
      const counts = state.counts();
      if (!s.plan) incremental.push({ counts });
      else {
        const plan = state.plan(view);
        incremental.push({ counts, create: plan.create, remove: plan.remove.map((p) => p.metadata.uid!) });
      }
    }
  }
  return { full, incremental };
}

describe('DaemonSet per-node state', () => {
  it('counts and plans as the full walk of every node, after any sequence of node and pod events', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60, size: 'max' }), (steps) => {
        const { full, incremental } = play(steps);
        expect(incremental).toEqual(full);
      }),
      { numRuns: 1000 },
    );
  });

  it('plans in the informer order: a node deleted and added again goes last, one updated keeps its place', () => {
    const ssd: NodeVariant = { ssd: true, taint: 'none' };
    const sync: Step = { kind: 'sync', plan: true, advance: 0 };
    const { full, incremental } = play([
      { kind: 'node', name: 0, v: ssd },
      { kind: 'node', name: 1, v: ssd },
      { kind: 'node', name: 2, v: ssd },
      sync,
      { kind: 'deleteNode', name: 0 },
      { kind: 'node', name: 0, v: ssd },
      { kind: 'node', name: 1, v: { ssd: true, taint: 'dedicated' } },
      { kind: 'node', name: 1, v: ssd },
      sync,
    ]);
    expect(incremental.map((o) => o.create)).toEqual([['n0', 'n1', 'n2'], ['n1', 'n2', 'n0']]);
    expect(incremental).toEqual(full);
  });

  it('keeps the first pod of a node by the index order: an updated pod goes after the others', () => {
    const on0 = (hash: number): PodVariant => ({ node: 0, ns: 'default', deleting: false, failed: false, ready: true, readyAgo: 1, hash, owner: 0 });
    const sync: Step = { kind: 'sync', plan: true, advance: 0 };
    const { full, incremental } = play([
      ...ds({ template: 0, hash: 0, minReady: 0, strategy: 'OnDelete' }),
      { kind: 'node', name: 0, v: { ssd: true, taint: 'none' } },
      { kind: 'pod', id: 0, v: on0(0), newUid: false },
      { kind: 'pod', id: 1, v: on0(1), newUid: false },
      sync,
      { kind: 'pod', id: 0, v: on0(0), newUid: false },
      sync,
    ]);
    // p0 (uid-0) stays at first; once updated it is last, and p1 (uid-1) stays.
    expect(incremental.map((o) => o.remove)).toEqual([['uid-1'], ['uid-0']]);
    expect(incremental.map((o) => o.counts.updated)).toEqual([1, 0]);
    expect(incremental).toEqual(full);
  });

  it('counts a pod available once minReadySeconds have passed, with no event on its node', () => {
    const pod: PodVariant = { node: 0, ns: 'default', deleting: false, failed: false, ready: true, readyAgo: 0, hash: 0, owner: 0 };
    const { full, incremental } = play([
      ...ds({ template: 0, hash: 0, minReady: 3, strategy: 1 }),
      { kind: 'node', name: 0, v: { ssd: true, taint: 'none' } },
      { kind: 'pod', id: 0, v: pod, newUid: false },
      { kind: 'sync', plan: false, advance: 0 },
      { kind: 'sync', plan: false, advance: 4000 },
      // Another pod, ready just now: available only once minReadySeconds is dropped.
      { kind: 'node', name: 1, v: { ssd: true, taint: 'none' } },
      { kind: 'pod', id: 1, v: { ...pod, node: 1 }, newUid: false },
      { kind: 'sync', plan: false, advance: 0 },
      { kind: 'ds', change: 'minReady', to: 0 },
      { kind: 'sync', plan: false, advance: 0 },
    ]);
    expect(incremental.map((o) => o.counts.available)).toEqual([0, 1, 1, 2]);
    expect(incremental).toEqual(full);
  });

  it('replaces an old live pod that follows a failed up-to-date one in a rolling update', () => {
    const on0 = (hash: number, failed: boolean): PodVariant => ({ node: 0, ns: 'default', deleting: false, failed, ready: !failed, readyAgo: 1, hash, owner: 0 });
    const { full, incremental } = play([
      ...ds({ template: 0, hash: 1, minReady: 0, strategy: 1 }),
      { kind: 'node', name: 0, v: { ssd: true, taint: 'none' } },
      { kind: 'pod', id: 0, v: on0(1, true), newUid: false },
      { kind: 'pod', id: 1, v: on0(0, false), newUid: false },
      { kind: 'sync', plan: true, advance: 0 },
    ]);
    // The failed pod goes, and the live one is old: the rolling update takes it too.
    expect(incremental.map((o) => o.remove)).toEqual([['uid-0', 'uid-1']]);
    expect(incremental).toEqual(full);
  });
});
