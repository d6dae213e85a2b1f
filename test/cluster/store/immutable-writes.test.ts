/**
 * Stored objects are immutable once written: handed out as they are (never
 * copied), deep-frozen under tests, and writes copy the request body once,
 * sharing what did not change.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store } from '../../../src/cluster/store/store.js';
import { Informer } from '../../../src/cluster/client/informer.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { freezeStoredObjects } from '../../../src/cluster/json.js';
import { harness, pod, ok } from '../apiserver/harness.js';

type Obj = Record<string, any>;

const deployment = (name: string, replicas: number): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels: { app: name } },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } } },
});

/** The same JSON object with its keys in reverse order, at every level. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)])) as T;
}

afterEach(() => {
  freezeStoredObjects(true);
  vi.restoreAllMocks();
});

describe('stored objects are immutable', () => {
  it('what the store, the API and an informer hand out is the stored object itself, frozen: a mutation throws', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const informer = new Informer(h.sys, 'pods', 'default');
    expect(informer.start()).toBe(true);
    const stored = h.store.get('pods', 'default', 'web')!;
    expect(created).toBe(stored);
    expect(ok(h.sys.get('pods', 'default', 'web'))).toBe(stored);
    expect(informer.get('default', 'web')).toBe(stored);
    expect(Object.isFrozen(stored)).toBe(true);
    expect(() => {
      (stored.metadata as Obj).labels = { a: 'b' };
    }).toThrow(TypeError);
    expect(() => {
      ((stored.spec as Obj).containers[0] as Obj).image = 'evil';
    }).toThrow(TypeError);
    expect(((stored.spec as Obj).containers[0] as Obj).image).toBe('nginx:1.27');
  });

  it('watch events carry the stored object, frozen', () => {
    const h = harness();
    const seen: KubeObject[] = [];
    ok(h.sys.watch('pods', 'default', '', (e) => seen.push(e.object)));
    ok(h.sys.create('pods', 'default', pod('web')));
    h.queue.drain();
    expect(seen[0]).toBe(h.store.get('pods', 'default', 'web'));
    expect(Object.isFrozen((seen[0].spec as Obj).containers)).toBe(true);
  });

  it('outside tests nothing is frozen (production pays no freeze)', () => {
    freezeStoredObjects(false);
    const store = new Store(new EventQueue(0));
    const obj = store.put('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'a', name: 'x' }, data: { k: 'v' } }, 'ADDED');
    expect(Object.isFrozen(obj)).toBe(false);
  });
});

describe('writes', () => {
  it('an update equal to the stored object (keys in another order, undefined for missing) does not bump the resourceVersion nor notify', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web', { metadata: { name: 'web', labels: { a: '1', b: '2' } } })));
    const rev = h.store.currentRevision();
    const events: string[] = [];
    ok(h.sys.watch('pods', 'default', String(rev), (e) => events.push(e.type)));
    const body = { ...reversedKeys(created), spec: { ...(reversedKeys(created.spec) as Obj), activeDeadlineSeconds: undefined } } as KubeObject;
    const same = ok(h.sys.update('pods', 'default', body));
    expect(same).toBe(created);
    const status = ok(h.sys.updateStatus('pods', 'default', reversedKeys(created)));
    expect(status.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    h.queue.drain();
    expect([h.store.currentRevision(), events]).toEqual([rev, []]);
  });

  it('generation bumps on a spec change only (not on labels, not on a reordered spec)', () => {
    const h = harness();
    const d = ok(h.sys.create('deployments', 'default', deployment('web', 2)));
    expect(d.metadata.generation).toBe(1);
    const relabelled = ok(h.sys.update('deployments', 'default', { ...d, metadata: { ...d.metadata, labels: { app: 'web', tier: 'front' } } }));
    expect([relabelled.metadata.generation, relabelled.metadata.resourceVersion === d.metadata.resourceVersion]).toEqual([1, false]);
    const reordered = ok(h.sys.update('deployments', 'default', { ...relabelled, metadata: { ...relabelled.metadata, annotations: { note: 'x' } }, spec: reversedKeys(relabelled.spec) }));
    expect(reordered.metadata.generation).toBe(1);
    const scaled = ok(h.sys.update('deployments', 'default', { ...reordered, spec: { ...(reordered.spec as Obj), replicas: 3 } }));
    expect(scaled.metadata.generation).toBe(2);
  });

  it('a status update shares the unchanged spec and metadata fields with the old object instead of copying them', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const status = created.status as Obj;
    const next = ok(h.sys.updateStatus('pods', 'default', { ...created, status: { ...status, phase: 'Running' } }));
    expect((next.status as Obj).phase).toBe('Running');
    expect(next.spec).toBe(created.spec);
    expect(next.metadata.labels).toBe(created.metadata.labels);
    expect(next.metadata).not.toBe(created.metadata);
    expect((created.status as Obj).phase).toBe('Pending');
  });

  it('a status update copies only what it was sent: the stored status is a copy, not the caller object', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const sent = { ...(created.status as Obj), phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    const next = ok(h.sys.updateStatus('pods', 'default', { ...created, status: sent }));
    expect(next.status).not.toBe(sent);
    sent.conditions[0].status = 'False';
    expect((next.status as Obj).conditions[0].status).toBe('True');
  });

  it('patches that would nest a stored object past the bound are a 400, not a stack overflow', () => {
    const h = harness();
    const nest = (depth: number, leaf: unknown): unknown => {
      let v = leaf;
      for (let i = 0; i < depth; i++) v = { n: v };
      return v;
    };
    ok(h.sys.create('configmaps', 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'deep' }, data: {} } as KubeObject));
    // Each JSON patch hangs another 990 levels under the current leaf (the pointer is a string: the body stays shallow).
    const results: (number | string)[] = [];
    for (let round = 0; round < 4; round++) {
      const path = `/extra${'/n'.repeat(990 * round)}`;
      const r = h.sys.patch('configmaps', 'default', 'deep', 'json', [{ op: round === 0 ? 'add' : 'replace', path, value: nest(990, round) }]);
      results.push(r.ok ? 'ok' : `${r.status.code} ${r.status.message}`);
    }
    expect(results).toEqual(['ok', 'ok', 'ok', '400 exceeded max depth']);
    // A merge patch on the deep object still works (its body is shallow).
    expect(h.sys.patch('configmaps', 'default', 'deep', 'merge', { metadata: { labels: { a: 'b' } } }).ok).toBe(true);
  });
});
