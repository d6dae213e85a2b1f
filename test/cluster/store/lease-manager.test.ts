/**
 * The API server's lease manager shares etcd leases between objects with a
 * TTL as upstream's does (k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go):
 * reuse while the previous lease outlives the TTL by at most
 * min(60 s, 5% of the TTL), at most 1,000 objects per lease, a new lease of
 * TTL + that window otherwise.
 */
import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store } from '../../../src/cluster/store/store.js';
import { LeaseManager } from '../../../src/cluster/store/lease-manager.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

const T0 = Date.parse('2026-11-30T09:00:00Z');
const event = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' } });

function setup(config?: ConstructorParameters<typeof LeaseManager>[2]) {
  const queue = new EventQueue(T0);
  const store = new Store(queue);
  const grants: number[] = [];
  const counting = {
    grantLease: (ttlMs: number) => {
      grants.push(ttlMs);
      return store.grantLease(ttlMs);
    },
    attachToLease: store.attachToLease.bind(store),
  };
  const manager = new LeaseManager(counting, () => queue.now(), config);
  const write = (name: string) => manager.attach('events', store.put('events', event(name), 'ADDED'), 3600);
  const names = () => store.list('events', 'default').map((e) => e.metadata.name);
  return { queue, store, manager, grants, write, names };
}

describe('LeaseManager', () => {
  it('grants a lease of the TTL plus min(60 s, 5% of it)', () => {
    const m = setup();
    m.manager.getLease(3600);
    m.manager.getLease(600);
    expect(m.grants).toEqual([3660_000, 630_000]);
  });

  it('reuses the lease for writes within the window, so they expire together', () => {
    const m = setup();
    m.write('a');
    m.queue.runUntil(T0 + 59_000);
    m.write('b');
    expect(m.grants).toHaveLength(1);
    m.queue.runUntil(T0 + 3660_000 - 1);
    expect(m.names()).toEqual(['a', 'b']);
    m.queue.runUntil(T0 + 3660_000);
    expect(m.names()).toEqual([]);
  });

  it('grants a new lease once the previous one would end within the TTL', () => {
    const m = setup();
    m.write('a');
    m.queue.runUntil(T0 + 60_000);
    m.write('b');
    expect(m.grants).toHaveLength(2);
    m.queue.runUntil(T0 + 3660_000);
    expect(m.names()).toEqual(['b']);
    m.queue.runUntil(T0 + 60_000 + 3660_000);
    expect(m.names()).toEqual([]);
  });

  it('puts at most maxObjectCount objects on one lease', () => {
    const m = setup({ reuseDurationSeconds: 60, reuseDurationPercent: 0.05, maxObjectCount: 3 });
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) m.write(n);
    expect(m.grants).toHaveLength(3);
  });

  it('a rewritten key leaves its old lease, which still expires the others', () => {
    const m = setup();
    m.write('a');
    m.write('b');
    m.queue.runUntil(T0 + 30 * 60_000);
    m.write('a');
    m.queue.runUntil(T0 + 3660_000);
    expect(m.names()).toEqual(['a']);
  });

  it('a lease outlives the keys that left it, so it can still be reused', () => {
    const m = setup();
    m.write('a');
    m.store.remove('events', m.store.get('events', 'default', 'a')!);
    m.write('b');
    expect(m.grants).toHaveLength(1);
    m.queue.runUntil(T0 + 3660_000);
    expect(m.names()).toEqual([]);
  });
});
