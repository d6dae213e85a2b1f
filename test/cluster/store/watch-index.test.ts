/**
 * Indexed watch fan-out (k8s.io/apiserver/pkg/storage/cacher/cacher.go
 * dispatchEvent with the pods' spec.nodeName trigger) and selector
 * enter/leave events (cacher/cache_watcher.go convertToWatchEvent).
 */
import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store } from '../../../src/cluster/store/store.js';
import type { KubeObject, WatchEvent } from '../../../src/cluster/apiserver/types.js';
import { harness, pod, ok } from '../apiserver/harness.js';

type Obj = Record<string, any>;

const podOn = (name: string, nodeName: string | undefined, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { namespace: 'default', name, labels },
  spec: nodeName === undefined ? {} : { nodeName },
});
const nodeOf = (o: KubeObject) => String((o.spec as Obj | undefined)?.nodeName ?? '');

/** A store whose pod watches are indexed by spec.nodeName, as the API server sets it up. */
function indexedStore() {
  const queue = new EventQueue(0);
  const store = new Store(queue, 100);
  store.indexBy('pods', nodeOf);
  return { queue, store };
}

/** A kubelet-like watch on one node that counts how often its selector is evaluated. */
function nodeWatch(store: Store, node: string, log: string[]) {
  const w = { checks: 0, events: [] as string[] };
  const filter = (o: KubeObject) => {
    w.checks++;
    return nodeOf(o) === node;
  };
  store.watch('pods', undefined, store.currentRevision(), (e) => {
    const line = `${node}: ${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`;
    w.events.push(line);
    log.push(line);
  }, filter, node);
  return w;
}

describe('indexed watch fan-out', () => {
  it("a pod write with nodeName=node-2 is tested against node-2's watcher only, not node-1's", () => {
    const { queue, store } = indexedStore();
    const log: string[] = [];
    const w1 = nodeWatch(store, 'node-1', log);
    const w2 = nodeWatch(store, 'node-2', log);
    store.put('pods', podOn('a', 'node-2'), 'ADDED');
    store.put('pods', podOn('a', 'node-2', { v: '2' }), 'MODIFIED');
    store.remove('pods', store.get('pods', 'default', 'a')!);
    queue.drain();
    expect(w2.events).toEqual(['node-2: ADDED a 101', 'node-2: MODIFIED a 102', 'node-2: DELETED a 103']);
    expect(w1.events).toEqual([]);
    // The index, not the filter, kept node-1's watcher out: its selector never ran.
    expect(w1.checks).toBe(0);
    expect(w2.checks).toBeGreaterThan(0);
  });

  it('a write that moves an object between nodes reaches the old and the new node: DELETED there, ADDED here', () => {
    const { queue, store } = indexedStore();
    const log: string[] = [];
    const w1 = nodeWatch(store, 'node-1', log);
    const w2 = nodeWatch(store, 'node-2', log);
    const w3 = nodeWatch(store, 'node-3', log);
    store.put('pods', podOn('a', undefined), 'ADDED');
    store.put('pods', podOn('a', 'node-1'), 'MODIFIED');
    store.put('pods', podOn('a', 'node-2'), 'MODIFIED');
    queue.drain();
    expect(log).toEqual(['node-1: ADDED a 102', 'node-1: DELETED a 103', 'node-2: ADDED a 103']);
    expect(w3.checks).toBe(0);
    expect(w1.checks + w2.checks).toBeGreaterThan(0);
  });

  it('the leaving DELETED carries the old object at the new resourceVersion', () => {
    const { queue, store } = indexedStore();
    const seen: WatchEvent[] = [];
    store.put('pods', podOn('a', 'node-1', { app: 'web' }), 'ADDED');
    store.watch('pods', undefined, store.currentRevision(), (e) => seen.push(e), (o) => nodeOf(o) === 'node-1', 'node-1');
    store.put('pods', podOn('a', 'node-2', { app: 'db' }), 'MODIFIED');
    queue.drain();
    expect(seen.map((e) => [e.type, e.object.metadata.resourceVersion, e.object.metadata.labels, nodeOf(e.object)])).toEqual([['DELETED', '102', { app: 'web' }, 'node-1']]);
  });

  it('unindexed and indexed watchers of one write are served in registration order', () => {
    const { queue, store } = indexedStore();
    const order: string[] = [];
    store.watch('pods', undefined, store.currentRevision(), () => order.push('all-1'));
    store.watch('pods', undefined, store.currentRevision(), () => order.push('node-2'), (o) => nodeOf(o) === 'node-2', 'node-2');
    store.watch('pods', undefined, store.currentRevision(), () => order.push('all-2'));
    store.watch('pods', undefined, store.currentRevision(), () => order.push('node-1'), (o) => nodeOf(o) === 'node-1', 'node-1');
    store.put('pods', podOn('a', 'node-1'), 'ADDED');
    store.put('pods', podOn('a', 'node-2'), 'MODIFIED');
    queue.drain();
    expect(order).toEqual(['all-1', 'all-2', 'node-1', 'all-1', 'node-2', 'all-2', 'node-1']);
  });

  it('a stopped indexed watcher gets nothing more, and one replaying history gets the same conversions', () => {
    const { queue, store } = indexedStore();
    const log: string[] = [];
    const from = store.currentRevision();
    store.put('pods', podOn('a', 'node-1'), 'ADDED');
    store.put('pods', podOn('a', 'node-2'), 'MODIFIED');
    const seen: string[] = [];
    store.watch('pods', undefined, from, (e) => seen.push(`${e.type} ${e.object.metadata.resourceVersion}`), (o) => nodeOf(o) === 'node-1', 'node-1');
    const handle = store.watch('pods', undefined, store.currentRevision(), (e) => log.push(e.type), (o) => nodeOf(o) === 'node-2', 'node-2')!;
    handle.stop();
    store.put('pods', podOn('a', 'node-2', { x: 'y' }), 'MODIFIED');
    queue.drain();
    expect(seen).toEqual(['ADDED 101', 'DELETED 102']);
    expect(log).toEqual([]);
  });
});

describe('watch delivery', () => {
  it('one write reaches all its watchers through one queue entry, in registration order, at the instant they would each have run', () => {
    const { queue, store } = indexedStore();
    const order: string[] = [];
    store.watch('pods', undefined, store.currentRevision(), (e) => {
      order.push(`all-1 ${e.object.metadata.resourceVersion}`);
      // Work a handler queues now runs after every delivery of this write, as it did with one entry per watcher.
      queue.after(0, () => order.push('queued by all-1'));
    });
    store.watch('pods', undefined, store.currentRevision(), (e) => order.push(`node-1 ${e.object.metadata.resourceVersion}`), (o) => nodeOf(o) === 'node-1', 'node-1');
    const later = store.watch('pods', undefined, store.currentRevision(), () => order.push('stopped'))!;
    store.watch('pods', undefined, store.currentRevision(), (e) => {
      order.push(`all-2 ${e.object.metadata.resourceVersion}`);
      later.stop();
    });
    const before = queue.size();
    store.put('pods', podOn('a', 'node-1'), 'ADDED');
    expect(queue.size() - before).toBe(1);
    later.stop();
    queue.drain();
    expect(order).toEqual(['all-1 101', 'node-1 101', 'all-2 101', 'queued by all-1']);
  });

  it('a write no watcher is concerned with queues nothing', () => {
    const { queue, store } = indexedStore();
    store.watch('pods', undefined, store.currentRevision(), () => undefined, (o) => nodeOf(o) === 'node-1', 'node-1');
    const before = queue.size();
    store.put('pods', podOn('a', 'node-2'), 'ADDED');
    expect(queue.size()).toBe(before);
  });
});

describe('indexed lists', () => {
  it("a list for one node's pods reads only the objects holding that value, in key order, as they move and go", () => {
    const queue = new EventQueue(0);
    const store = new Store(queue, 100);
    store.put('pods', podOn('early', 'node-2'), 'ADDED');
    store.indexBy('pods', nodeOf);
    store.put('pods', podOn('c', 'node-2'), 'ADDED');
    store.put('pods', podOn('a', 'node-1'), 'ADDED');
    store.put('pods', podOn('b', undefined), 'ADDED');
    const names = (node: string) => store.list('pods', undefined, node).map((o) => o.metadata.name);
    expect([names('node-1'), names('node-2'), names('')]).toEqual([['a'], ['c', 'early'], ['b']]);
    store.put('pods', podOn('b', 'node-2'), 'MODIFIED');
    store.remove('pods', store.get('pods', 'default', 'early')!);
    expect([names('node-1'), names('node-2'), names(''), names('node-9')]).toEqual([['a'], ['b', 'c'], [], []]);
    expect(store.list('pods', 'other', 'node-2')).toEqual([]);
  });

  it('the API server answers a spec.nodeName list from the index with the same items as a full scan', () => {
    const h = harness();
    for (const [name, node] of [['x', 'node-1'], ['y', 'node-2'], ['z', 'node-1']]) {
      ok(h.sys.create('pods', 'default', pod(name)));
      ok(h.sys.create('bindings', 'default', { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { apiVersion: 'v1', kind: 'Node', name: node } } as KubeObject));
    }
    const listed = (fieldSelector: string) => ok(h.sys.list('pods', undefined, { fieldSelector })).items.map((p) => p.metadata.name);
    expect(listed('spec.nodeName=node-1')).toEqual(['x', 'z']);
    expect(listed('spec.nodeName==node-1,metadata.name!=x')).toEqual(['z']);
    expect(listed('spec.nodeName!=node-1')).toEqual(['y']);
  });
});

describe('selector enter/leave through the API server', () => {
  it('a label change into a selector is ADDED, out of it DELETED (old labels, new resourceVersion); a delete outside it is nothing', () => {
    const h = harness();
    const seen: string[] = [];
    ok(h.sys.watch('pods', 'default', '', (e) => seen.push(`${e.type} ${e.object.metadata.name} ${JSON.stringify(e.object.metadata.labels ?? {})} ${e.object.metadata.resourceVersion}`), { labelSelector: 'app=web' }));
    const created = ok(h.sys.create('pods', 'default', pod('a')));
    const rv = Number(created.metadata.resourceVersion);
    ok(h.sys.patch('pods', 'default', 'a', 'merge', { metadata: { labels: { app: 'web' } } }));
    ok(h.sys.patch('pods', 'default', 'a', 'merge', { metadata: { labels: { app: 'web', tier: 'x' } } }));
    ok(h.sys.patch('pods', 'default', 'a', 'merge', { metadata: { labels: { app: 'db' } } }));
    ok(h.sys.delete('pods', 'default', 'a'));
    h.queue.drain();
    expect(seen).toEqual([`ADDED a {"app":"web"} ${rv + 1}`, `MODIFIED a {"app":"web","tier":"x"} ${rv + 2}`, `DELETED a {"app":"web","tier":"x"} ${rv + 3}`]);
  });

  it("kubelet watches (fieldSelector spec.nodeName=X): binding to node-2 is ADDED on node-2's watch, nothing on node-1's", () => {
    const h = harness();
    const seen: string[] = [];
    for (const node of ['node-1', 'node-2']) ok(h.sys.watch('pods', undefined, '', (e) => seen.push(`${node} ${e.type} ${e.object.metadata.name}`), { fieldSelector: `spec.nodeName=${node}` }));
    ok(h.sys.create('pods', 'default', pod('web')));
    ok(h.sys.create('bindings', 'default', { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { apiVersion: 'v1', kind: 'Node', name: 'node-2' } } as KubeObject));
    ok(h.sys.delete('pods', 'default', 'web', { gracePeriodSeconds: 0 }));
    h.queue.drain();
    expect(seen).toEqual(['node-2 ADDED web', 'node-2 DELETED web']);
  });
});
