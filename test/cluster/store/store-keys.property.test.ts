import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store } from '../../../src/cluster/store/store.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

/**
 * The store remembers the last object key it built (a write reuses the key its
 * read built) and files lease keys per resource: a model of reads, writes and
 * leases checks that both are only faster ways to the same answers.
 */
const RESOURCES = ['events', 'pods', 'nodes'];
const NAMESPACES = [undefined, '', 'a', 'a-b'];
// 'x' twice: once as another string of the same text (a name read from a different object).
const NAMES = ['x', 'y', 'ax'.slice(1), 'x.1'];

const op = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), r: fc.nat(2), ns: fc.nat(3), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('get' as const), r: fc.nat(2), ns: fc.nat(3), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('remove' as const), r: fc.nat(2), ns: fc.nat(3), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('attach' as const), r: fc.nat(2), ns: fc.nat(3), n: fc.nat(3), lease: fc.nat(2) }),
  // Attaches again what is already attached, mostly to the same lease (which moves it to the end of that lease's keys).
  fc.record({ kind: fc.constant('reattach' as const), pick: fc.nat(), lease: fc.constantFrom(0, 0, 0, 1, 2) }),
);

const modelKey = (ns: string | undefined, name: string) => (ns ? `${ns}/${name}` : name);

describe('Store keys and leases (property)', () => {
  it('reads, writes, removals and lease expiry match a model keyed by resource, namespace and name', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 80 }), (ops) => {
        const queue = new EventQueue(0);
        const store = new Store(queue);
        const deleted: string[] = [];
        for (const r of RESOURCES) store.watch(r, undefined, store.currentRevision(), (e) => e.type === 'DELETED' && deleted.push(`${r}|${modelKey(e.object.metadata.namespace, e.object.metadata.name!)}`));
        // Three leases expiring one after another.
        const leaseIds = [3000, 1000, 2000].map((ttl) => store.grantLease(ttl));
        const leaseOrder = [1, 2, 0];
        const objects = new Map<string, number>();
        const leaseKeys: string[][] = [[], [], []];
        const detach = (k: string) => leaseKeys.forEach((keys) => keys.includes(k) && keys.splice(keys.indexOf(k), 1));
        let version = 0;
        for (const o of ops) {
          if (o.kind === 'reattach') {
            const held = leaseKeys.flatMap((keys, i) => keys.map((k) => [k, i] as const));
            if (held.length === 0) continue;
            const [k, i] = held[o.pick % held.length];
            const [resource, key] = k.split('|');
            const slash = key.indexOf('/');
            const obj = slash < 0 ? store.get(resource, undefined, key) : store.get(resource, key.slice(0, slash), key.slice(slash + 1));
            const lease = o.pick % 2 ? i : o.lease;
            store.attachToLease(resource, obj!, leaseIds[lease]);
            detach(k);
            leaseKeys[lease].push(k);
            continue;
          }
          const resource = RESOURCES[o.r];
          const ns = NAMESPACES[o.ns];
          const name = NAMES[o.n];
          const k = `${resource}|${modelKey(ns, name)}`;
          if (o.kind === 'put') {
            version++;
            const type = objects.has(k) ? 'MODIFIED' : 'ADDED';
            store.put(resource, { apiVersion: 'v1', kind: 'X', metadata: { namespace: ns, name }, data: { version } } as KubeObject, type);
            objects.set(k, version);
          } else if (o.kind === 'get') {
            expect((store.get(resource, ns, name) as { data?: { version: number } } | undefined)?.data?.version).toBe(objects.get(k));
          } else if (o.kind === 'remove') {
            const obj = store.get(resource, ns, name);
            if (!obj) continue;
            store.remove(resource, obj);
            objects.delete(k);
            detach(k);
            deleted.length = 0;
          } else {
            const obj = store.get(resource, ns, name);
            if (!obj) continue;
            store.attachToLease(resource, obj, leaseIds[o.lease]);
            detach(k);
            leaseKeys[o.lease].push(k);
          }
        }
        queue.drain();
        deleted.length = 0;
        queue.runUntil(10_000);
        const expected = leaseOrder.flatMap((i) => leaseKeys[i]).filter((k) => objects.has(k));
        expect(deleted).toEqual(expected);
        for (const k of expected) objects.delete(k);
        for (const r of RESOURCES) for (const ns of NAMESPACES) for (const name of NAMES) {
          expect(store.get(r, ns, name) !== undefined).toBe(objects.has(`${r}|${modelKey(ns, name)}`));
        }
      }),
      { numRuns: 300 },
    );
  });
});
