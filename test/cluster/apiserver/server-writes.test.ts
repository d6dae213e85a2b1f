import { describe, it, expect } from 'vitest';
import { harness, pod, ok, err, T0 } from './harness.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const bind = (h: ReturnType<typeof harness>, name: string, node: string) => h.sys.create('bindings', 'default', { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { apiVersion: 'v1', kind: 'Node', name: node } } as KubeObject);

describe('updates', () => {
  it('a no-op update writes nothing and keeps the resourceVersion; a real change bumps it', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const rev = h.store.currentRevision();
    const same = ok(h.sys.update('pods', 'default', structuredClone(created)));
    expect(same.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect(h.store.currentRevision()).toBe(rev);
    const labelled = ok(h.sys.update('pods', 'default', { ...structuredClone(created), metadata: { ...created.metadata, labels: { a: 'b' } } }));
    expect(Number(labelled.metadata.resourceVersion)).toBe(rev + 1);
  });

  it('rejects a stale resourceVersion with the optimistic-concurrency Conflict', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    ok(h.sys.update('pods', 'default', { ...structuredClone(created), metadata: { ...created.metadata, labels: { a: 'b' } } }));
    const s = err(h.sys.update('pods', 'default', { ...structuredClone(created), metadata: { ...created.metadata, labels: { a: 'c' } } }));
    expect([s.code, s.reason, s.message]).toEqual([409, 'Conflict', 'Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again']);
  });

  it('allows changing a pod image but no other spec field', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const next = structuredClone(created) as Obj;
    next.spec.containers[0].image = 'nginx:1.27.3';
    expect((ok(h.sys.update('pods', 'default', next as KubeObject)).spec as Obj).containers[0].image).toBe('nginx:1.27.3');
    const bad = structuredClone(ok(h.sys.get('pods', 'default', 'web'))) as Obj;
    bad.spec.containers[0].ports = [{ containerPort: 8080 }];
    const s = err(h.sys.update('pods', 'default', bad as KubeObject));
    expect(s.code).toBe(422);
    expect(s.message).toBe(
      'Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
    );
  });

  it('keeps .status out of main-resource updates and .spec out of status updates; tracks generation', () => {
    const h = harness();
    const d = ok(h.sys.create('deployments', 'default', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } }));
    expect(d.metadata.generation).toBe(1);
    const scaled = ok(h.sys.update('deployments', 'default', { ...structuredClone(d), spec: { ...(d.spec as Obj), replicas: 3 }, status: { replicas: 99 } }));
    expect([scaled.metadata.generation, scaled.status]).toEqual([2, undefined]);
    const labelled = ok(h.sys.update('deployments', 'default', { ...structuredClone(scaled), metadata: { ...scaled.metadata, labels: { x: 'y' } } }));
    expect(labelled.metadata.generation).toBe(2);
    const statused = ok(h.sys.updateStatus('deployments', 'default', { ...structuredClone(labelled), spec: { replicas: 7 }, status: { replicas: 3 } }));
    expect([(statused.spec as Obj).replicas, statused.status, statused.metadata.generation]).toEqual([3, { replicas: 3 }, 2]);
  });
});

describe('updates share what they did not change', () => {
  const lease = (name: string): KubeObject =>
    ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u1' }] }, spec: { holderIdentity: 'n1', renewTime: '2026-11-10T12:00:00.000000Z' } }) as KubeObject;

  it('an update of a kind without defaults keeps the stored subtrees the client sent back and copies the rest', () => {
    const h = harness();
    const stored = ok(h.sys.create('leases', 'default', lease('n1')));
    // What the node lease controller sends: the stored lease with a new spec (its metadata is the stored one).
    const body = { ...stored, spec: { ...(stored.spec as Obj), renewTime: '2026-11-10T12:00:10.000000Z' } } as KubeObject;
    const renewed = ok(h.sys.update('leases', 'default', body));
    expect(Number(renewed.metadata.resourceVersion)).toBe(Number(stored.metadata.resourceVersion) + 1);
    expect(renewed.metadata.ownerReferences).toBe(stored.metadata.ownerReferences);
    // The stored object's metadata is never edited: the write has its own.
    expect(renewed.metadata).not.toBe(stored.metadata);
    expect(stored.metadata.resourceVersion).not.toBe(renewed.metadata.resourceVersion);
    expect(renewed.spec).not.toBe(body.spec);
    expect((renewed.spec as Obj).renewTime).toBe('2026-11-10T12:00:10.000000Z');
    // Sending the stored object itself back is a no-op that writes nothing.
    const rev = h.store.currentRevision();
    expect(ok(h.sys.update('leases', 'default', renewed))).toBe(renewed);
    expect(h.store.currentRevision()).toBe(rev);
  });

  it('an update of a defaulted kind is copied whole, so defaulting never edits a stored object', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const labelled = ok(h.sys.update('pods', 'default', { ...created, metadata: { ...created.metadata, labels: { a: 'b' } } }));
    expect(labelled.spec).not.toBe(created.spec);
    expect(labelled.spec).toEqual(created.spec);
  });
});

describe('creates copy the metadata once, with room for what the server sets', () => {
  const configMap = (metadata: unknown): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { k: 'v' } }) as unknown as KubeObject;
  const nest = (depth: number): unknown => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = { n: v };
    return v;
  };

  it('stores a copy of the metadata sent, never the object itself', () => {
    const h = harness();
    const metadata: Obj = { name: 'cm', labels: { app: 'web' }, annotations: { a: 'b' } };
    const stored = ok(h.sys.create('configmaps', 'default', configMap(metadata)));
    expect(stored.metadata).not.toBe(metadata);
    expect(stored.metadata.labels).not.toBe(metadata.labels);
    metadata.labels.app = 'changed';
    expect(stored.metadata.labels).toEqual({ app: 'web' });
    expect(Object.keys(stored.metadata)).toEqual(['name', 'labels', 'annotations', 'namespace', 'uid', 'creationTimestamp', 'resourceVersion']);
  });

  it('metadata nested past the body bound is a 400, exactly where the whole body would be', () => {
    // The body is depth 0 and its metadata depth 1; an object at depth 1,000 is one too deep (MAX_BODY_DEPTH).
    const h = harness();
    const fits = h.sys.create('configmaps', 'default', configMap({ name: 'a', x: nest(998) }));
    expect(fits.ok).toBe(true);
    const tooDeep = err(h.sys.create('configmaps', 'default', configMap({ name: 'b', x: nest(999) })));
    expect([tooDeep.code, tooDeep.message]).toEqual([400, 'exceeded max depth']);
  });

  it('metadata that is not an object is treated as before (no name: 422)', () => {
    const h = harness();
    for (const metadata of [null, 'cm', ['cm'], 7]) {
      const s = err(h.sys.create('configmaps', 'default', configMap(metadata)));
      expect([s.code, s.message]).toEqual([422, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required']);
    }
  });
});

describe('bindings', () => {
  it('assigns the node and records PodScheduled=True; a second binding conflicts', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    h.queue.runUntil(T0 + 1500);
    const bound = ok(bind(h, 'web', 'node-1'));
    expect((bound.spec as Obj).nodeName).toBe('node-1');
    expect((bound.status as Obj).conditions).toEqual([{ lastProbeTime: null, lastTransitionTime: '2026-11-10T12:00:01Z', status: 'True', type: 'PodScheduled' }]);
    expect(err(bind(h, 'web', 'node-2')).message).toBe('Operation cannot be fulfilled on pods "web": pod web is already assigned to node "node-1"');
    expect(err(bind(h, 'ghost', 'node-2')).message).toBe('pods "ghost" not found');
  });
});

describe('deletion', () => {
  it('a scheduled pod is deleted gracefully: deletionTimestamp = now + grace, and stays until the kubelet finishes', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    ok(bind(h, 'web', 'node-1'));
    h.queue.runUntil(T0 + 5000);
    const deleting = ok(h.sys.delete('pods', 'default', 'web'));
    expect([deleting.metadata.deletionTimestamp, deleting.metadata.deletionGracePeriodSeconds]).toEqual(['2026-11-10T12:00:35Z', 30]);
    expect(ok(h.sys.get('pods', 'default', 'web')).metadata.deletionTimestamp).toBe('2026-11-10T12:00:35Z');
    // Deleting again changes nothing; a grace period of 0 (what the kubelet sends) removes it.
    expect(ok(h.sys.delete('pods', 'default', 'web')).metadata.resourceVersion).toBe(deleting.metadata.resourceVersion);
    ok(h.sys.delete('pods', 'default', 'web', { gracePeriodSeconds: 0 }));
    expect(err(h.sys.get('pods', 'default', 'web')).message).toBe('pods "web" not found');
  });

  it('an unscheduled pod, or one with grace period 0, goes at once', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('pending')));
    ok(h.sys.delete('pods', 'default', 'pending'));
    expect(h.sys.get('pods', 'default', 'pending').ok).toBe(false);
    ok(h.sys.create('pods', 'default', pod('custom', { spec: { containers: [{ name: 'a', image: 'nginx' }], terminationGracePeriodSeconds: 5 } })));
    ok(bind(h, 'custom', 'node-1'));
    expect(ok(h.sys.delete('pods', 'default', 'custom')).metadata.deletionGracePeriodSeconds).toBe(5);
    expect(err(h.sys.delete('pods', 'default', 'nothing')).code).toBe(404);
  });
});

describe('events TTL (--event-ttl=1h)', () => {
  const event = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Started', message: 'Started container nginx', count: 1 });

  it('an event disappears an hour (and up to the lease reuse window of 60 s) after its last write', () => {
    const h = harness();
    const created = ok(h.sys.create('events', 'default', event('e1')));
    // Both take the lease granted for e1: 3,600 s + 60 s (lease_manager.go).
    ok(h.sys.create('events', 'default', event('e2')));
    h.queue.runUntil(T0 + 30 * 60_000);
    // The old lease ends too soon for another hour: e1 moves to a new lease.
    ok(h.sys.update('events', 'default', { ...structuredClone(created), count: 2 }));
    h.queue.runUntil(T0 + 61 * 60_000 - 1);
    expect(ok(h.sys.list('events', 'default')).items.map((e) => e.metadata.name)).toEqual(['e1', 'e2']);
    h.queue.runUntil(T0 + 61 * 60_000);
    expect(ok(h.sys.list('events', 'default')).items.map((e) => e.metadata.name)).toEqual(['e1']);
    h.queue.runUntil(T0 + 91 * 60_000 - 1);
    expect(h.sys.get('events', 'default', 'e1').ok).toBe(true);
    h.queue.runUntil(T0 + 91 * 60_000);
    expect(ok(h.sys.list('events', 'default')).items).toEqual([]);
  });

  it('keeps absolute deadlines across a warm-up clock jump', () => {
    const h = harness();
    ok(h.sys.create('events', 'default', event('early')));
    h.queue.runUntil(T0 + 50 * 60_000);
    ok(h.sys.create('events', 'default', event('late')));
    // Skip 30 idle minutes: timers shift with the jump, the store puts leases back on their deadlines.
    h.queue.jump(30 * 60_000);
    h.store.onClockJump();
    h.queue.drain();
    expect(ok(h.sys.list('events', 'default')).items.map((e) => e.metadata.name)).toEqual(['late']);
    h.queue.runUntil(T0 + 111 * 60_000 - 1);
    expect(h.sys.get('events', 'default', 'late').ok).toBe(true);
    h.queue.runUntil(T0 + 111 * 60_000);
    expect(h.sys.get('events', 'default', 'late').ok).toBe(false);
  });
});
