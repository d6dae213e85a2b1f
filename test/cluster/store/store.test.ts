import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store, storeKey } from '../../../src/cluster/store/store.js';
import type { KubeObject, WatchEvent } from '../../../src/cluster/apiserver/types.js';
import { harness, pod, ok, err } from '../apiserver/harness.js';

const cm = (namespace: string, name: string, data: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data });

function fresh() {
  const queue = new EventQueue(0);
  return { queue, store: new Store(queue, 500) };
}

describe('Store', () => {
  it('keys objects as etcd does', () => {
    expect(storeKey('pods', 'default', 'web')).toBe('/registry/pods/default/web');
    expect(storeKey('nodes', undefined, 'node-1')).toBe('/registry/nodes/node-1');
  });

  it('stamps one global revision on every write, lists in key order', () => {
    const { store } = fresh();
    expect(store.currentRevision()).toBe(500);
    expect(store.put('configmaps', cm('b', 'x'), 'ADDED').metadata.resourceVersion).toBe('501');
    store.put('configmaps', cm('a', 'y'), 'ADDED');
    store.put('secrets', cm('a', 's'), 'ADDED');
    store.put('configmaps', cm('a', 'x'), 'ADDED');
    expect(store.currentRevision()).toBe(504);
    expect(store.list('configmaps', undefined).map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['a/x', 'a/y', 'b/x']);
    expect(store.list('configmaps', 'a').map((o) => o.metadata.name)).toEqual(['x', 'y']);
    expect(store.count('configmaps')).toBe(3);
    store.remove('configmaps', store.get('configmaps', 'a', 'x')!);
    expect([store.currentRevision(), store.get('configmaps', 'a', 'x')]).toEqual([505, undefined]);
  });

  it('lists stay in key order as keys come and go between lists, and show the newest revision of each object', () => {
    const { store } = fresh();
    const names = () => store.list('configmaps', undefined).map((o) => `${o.metadata.namespace}/${o.metadata.name}@${o.metadata.resourceVersion}`);
    store.put('configmaps', cm('b', 'x'), 'ADDED');
    store.put('configmaps', cm('a', 'z'), 'ADDED');
    expect(names()).toEqual(['a/z@502', 'b/x@501']);
    store.put('configmaps', cm('a', 'y'), 'ADDED');
    store.put('configmaps', cm('b', 'x', { k: 'v' }), 'MODIFIED');
    expect(names()).toEqual(['a/y@503', 'a/z@502', 'b/x@504']);
    store.remove('configmaps', store.get('configmaps', 'a', 'y')!);
    store.put('configmaps', cm('a-b', 'w'), 'ADDED');
    expect(names()).toEqual(['a-b/w@506', 'a/z@502', 'b/x@504']);
    expect(store.list('configmaps', 'a').map((o) => o.metadata.name)).toEqual(['z']);
  });

  it('delivers watch events through the queue, never synchronously, filtered by namespace', () => {
    const { queue, store } = fresh();
    const seen: string[] = [];
    const handle = store.watch('configmaps', 'a', store.currentRevision(), (e) => seen.push(`${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`))!;
    store.put('configmaps', cm('a', 'x'), 'ADDED');
    store.put('configmaps', cm('b', 'other'), 'ADDED');
    store.put('configmaps', cm('a', 'x', { k: 'v' }), 'MODIFIED');
    store.remove('configmaps', store.get('configmaps', 'a', 'x')!);
    expect(seen).toEqual([]);
    queue.drain();
    expect(seen).toEqual(['ADDED x 501', 'MODIFIED x 503', 'DELETED x 504']);
    handle.stop();
    store.put('configmaps', cm('a', 'z'), 'ADDED');
    queue.drain();
    expect(seen).toHaveLength(3);
  });

  it('replays history after the requested revision (exclusive), then follows', () => {
    const { queue, store } = fresh();
    store.put('configmaps', cm('a', 'one'), 'ADDED');
    store.put('configmaps', cm('a', 'two'), 'ADDED');
    store.put('configmaps', cm('a', 'three'), 'ADDED');
    const seen: WatchEvent[] = [];
    store.watch('configmaps', undefined, 501, (e) => seen.push(e));
    store.put('configmaps', cm('a', 'four'), 'ADDED');
    queue.drain();
    expect(seen.map((e) => e.object.metadata.name)).toEqual(['two', 'three', 'four']);
  });

  it('compacts old history: a watch from before it gets undefined', () => {
    const { store } = fresh();
    for (let i = 0; i < 10_050; i++) store.put('configmaps', cm('a', `c${i % 10}`), 'ADDED');
    expect(store.compactedRevision()).toBe(550);
    expect(store.watch('configmaps', undefined, 549, () => {})).toBeUndefined();
    expect(store.watch('configmaps', undefined, 550, () => {})).toBeDefined();
  });

  it('compaction lets go of the compacted writes at once (not only at the next trim)', () => {
    const { queue, store } = fresh();
    for (let i = 0; i < 15_000; i++) store.put('configmaps', cm('a', `c${i % 10}`), 'ADDED');
    expect(store.retainedHistory()).toBe(10_000);
    // The live history still replays in full: a watch from the compacted revision sees every later write.
    const seen: number[] = [];
    store.watch('configmaps', undefined, store.compactedRevision(), (e) => seen.push(Number(e.object.metadata.resourceVersion)));
    queue.drain();
    expect(seen).toHaveLength(10_000);
    expect(seen[0]).toBe(store.compactedRevision() + 1);
  });

  it('the API server answers a compacted watch with 410 Expired', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const from = created.metadata.resourceVersion!;
    for (let i = 0; i < 10_001; i++) h.store.put('configmaps', cm('default', 'c'), 'MODIFIED');
    const s = err(h.sys.watch('pods', 'default', from, () => {}));
    expect([s.code, s.reason, s.message]).toEqual([410, 'Expired', `too old resource version: ${from} (${h.store.compactedRevision()})`]);
    expect(h.sys.watch('pods', 'default', '0', () => {}).ok).toBe(true);
  });

  it('a watch through the API server applies label selectors', () => {
    const h = harness();
    const seen: string[] = [];
    ok(h.sys.watch('pods', 'default', '', (e) => seen.push(`${e.type} ${e.object.metadata.name}`), { labelSelector: 'app=web' }));
    ok(h.sys.create('pods', 'default', pod('a', { metadata: { name: 'a', labels: { app: 'web' } } })));
    ok(h.sys.create('pods', 'default', pod('b')));
    h.queue.drain();
    expect(seen).toEqual(['ADDED a']);
  });
});
