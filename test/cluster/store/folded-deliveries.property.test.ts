/**
 * Folded writes (store.ts): a watcher that takes them and settles before it
 * reads sees, at every read, what it would have seen had each write been
 * delivered by its own queued event — at the same time and in the same
 * order among events of one millisecond. Checked against the store without
 * folding on random schedules full of same-millisecond ties.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store } from '../../../src/cluster/store/store.js';
import type { KubeObject, WatchEvent } from '../../../src/cluster/apiserver/types.js';

type Action =
  | { at: number; kind: 'renew'; lease: number; thenRead: boolean }
  | { at: number; kind: 'write' }
  | { at: number; kind: 'read' }
  | { at: number; kind: 'nested'; inner: number };

const LEASES = ['a', 'b', 'c'];

const lease = (name: string): KubeObject => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { namespace: 'kube-node-lease', name }, spec: { holderIdentity: name, renewTime: '0' } });

/**
 * Runs `actions` on a store (folding or not) and returns everything the
 * watchers saw, read by read. `sliced`: the queue runs to each checkpoint one
 * event at a time (the practice screen's tick runs in slices), and a reader
 * outside the queue reads after each action's event, before the next event
 * runs (not after a queued delivery, an event only the replayed store has).
 */
function observe(actions: Action[], checkpoints: number[], folding: boolean, sliced = false): string[] {
  const queue = new EventQueue(0);
  const store = new Store(queue, 100, folding);
  for (const name of LEASES) store.put('leases', lease(name), 'ADDED');
  // An informer lists before it watches: its cache holds every Lease from the start, in list order.
  // (Filled from watch events alone, the Map's key order would record which Lease a renewal reached
  // first, and a renewal folded into a later one of the same Lease is never seen at all.)
  const cache = new Map<string, string>(LEASES.map((name) => [name, `ADDED:${store.get('leases', 'kube-node-lease', name)!.metadata.resourceVersion}`]));
  const seen: string[] = [];
  const handle = store.watch('leases', undefined, store.currentRevision(), (e: WatchEvent) => {
    cache.set(e.object.metadata.name!, `${e.type}:${e.object.metadata.resourceVersion}`);
  }, undefined, undefined, true)!;
  // A watcher that takes nothing folded (kubectl get -w): its deliveries stay queued events.
  const plain: string[] = [];
  store.watch('leases', undefined, store.currentRevision(), (e: WatchEvent) => plain.push(`${queue.now()}:${e.object.metadata.name}:${e.object.metadata.resourceVersion}`));
  let renewals = 0;
  /** How many action events (and reads they scheduled) have run. */
  let ran = 0;
  const read = (who: string) => {
    handle.settle();
    seen.push(`${who}@${queue.now()} ${[...cache].map(([k, v]) => `${k}=${v}`).join(' ')}`);
  };
  const run = (a: Action, i: number) => {
    ran++;
    if (a.kind === 'renew') {
      const current = store.get('leases', 'kube-node-lease', LEASES[a.lease])!;
      store.put('leases', { ...current, metadata: { ...current.metadata }, spec: { ...(current.spec as object), renewTime: String(++renewals) } }, 'MODIFIED', true);
      if (a.thenRead) queue.after(0, () => (ran++, read(`after-${i}`)));
      read(`renewer-${i}`);
    } else if (a.kind === 'write') store.put('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: `cm-${i}` } }, 'ADDED');
    else if (a.kind === 'read') read(`reader-${i}`);
    else queue.after(a.inner, () => (ran++, read(`nested-${i}`)));
  };
  actions.forEach((a, i) => queue.at(a.at, () => run(a, i)));
  for (const t of [...checkpoints].sort((x, y) => x - y)) {
    for (let before = ran; sliced && !queue.runUntil(t, 1); before = ran) if (ran !== before) read(`between-${ran}`);
    queue.runUntil(t);
    read(`outside@${t}`);
  }
  queue.runUntil(1_000);
  read('end');
  return [...seen, ...plain, `revision ${store.currentRevision()}`];
}

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ at: fc.integer({ min: 0, max: 12 }), kind: fc.constant('renew' as const), lease: fc.integer({ min: 0, max: LEASES.length - 1 }), thenRead: fc.boolean() }),
  fc.record({ at: fc.integer({ min: 0, max: 12 }), kind: fc.constant('write' as const) }),
  fc.record({ at: fc.integer({ min: 0, max: 12 }), kind: fc.constant('read' as const) }),
  fc.record({ at: fc.integer({ min: 0, max: 12 }), kind: fc.constant('nested' as const), inner: fc.integer({ min: 0, max: 2 }) }),
);

describe('folded watch deliveries', () => {
  it('show a settling watcher, at every read, what queued deliveries would have shown it', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }), fc.boolean(), (actions, checkpoints, sliced) => {
        expect(observe(actions, checkpoints, true, sliced)).toEqual(observe(actions, checkpoints, false, sliced));
      }),
      { numRuns: 400 },
    );
  });

  it('agree when renewals of two Leases interleave in one millisecond with no read between them', () => {
    // Found by the property above before informers' caches were listed first: a, b, a at 0 ms.
    const actions: Action[] = [
      { at: 0, kind: 'renew', lease: 0, thenRead: false },
      { at: 0, kind: 'renew', lease: 1, thenRead: false },
      { at: 0, kind: 'renew', lease: 0, thenRead: false },
    ];
    expect(observe(actions, [], true)).toEqual(observe(actions, [], false));
  });

  it('hold a folded write back from the event that made it and from events due before its delivery', () => {
    const seen = observe([{ at: 5, kind: 'read' }, { at: 5, kind: 'renew', lease: 0, thenRead: true }, { at: 5, kind: 'read' }], [], true);
    // The reader scheduled for 5 ms after the renewal's event still runs before the renewal's delivery would.
    expect(seen.slice(0, 4)).toEqual([
      'reader-0@5 a=ADDED:101 b=ADDED:102 c=ADDED:103',
      'renewer-1@5 a=ADDED:101 b=ADDED:102 c=ADDED:103',
      'reader-2@5 a=ADDED:101 b=ADDED:102 c=ADDED:103',
      'after-1@5 a=MODIFIED:104 b=ADDED:102 c=ADDED:103',
    ]);
  });
});
