import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Store, etcdKey, type StoreBackend } from '../../../src/cluster/store/store.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

/** A backend that commits everything and records the keys it was given. */
function recordingBackend(): StoreBackend & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    put: (key) => void seen.push(`put ${key}`),
    delete: (key) => void seen.push(`delete ${key}`),
    deleted: (key) => void seen.push(`deleted ${key}`),
  };
}

const obj = (name: string, namespace?: string): KubeObject => ({ apiVersion: 'v1', kind: 'X', metadata: namespace === undefined ? { name } : { name, namespace } });

describe('Store keys for its backend', () => {
  it('are the etcd keys, for namespaced and cluster-scoped objects and renamed prefixes, whatever was read in between', () => {
    const store = new Store(new EventQueue(0));
    const backend = recordingBackend();
    store.backend = backend;
    const cases: [string, KubeObject][] = [
      ['events', obj('web-1.18ecc67ef5715260', 'default')],
      ['nodes', obj('node-1')],
      ['services', obj('kubernetes', 'default')],
      ['endpoints', obj('kubernetes', 'default')],
      ['namespaces', obj('kube-system')],
      ['pods', obj('web-1', '')],
    ];
    const expected: string[] = [];
    for (const [resource, object] of cases) {
      store.admit(resource, object);
      // A read of another object between the check and the write (the key the store remembers changes).
      store.get('pods', 'other', 'x');
      store.put(resource, structuredClone(object), 'ADDED');
      store.admit(resource, object);
      store.admit(resource, object, true);
      store.remove(resource, store.get(resource, object.metadata.namespace, object.metadata.name!)!);
      const key = etcdKey(resource, object.metadata.namespace, object.metadata.name!);
      expected.push(`put ${key}`, `put ${key}`, `delete ${key}`, `deleted ${key}`);
    }
    expect(backend.seen).toEqual(expected);
    expect(expected.slice(0, 4)).toEqual(['put /registry/events/default/web-1.18ecc67ef5715260', 'put /registry/events/default/web-1.18ecc67ef5715260', 'delete /registry/events/default/web-1.18ecc67ef5715260', 'deleted /registry/events/default/web-1.18ecc67ef5715260']);
    expect(expected[4]).toBe('put /registry/minions/node-1');
  });

  it('keep a Lease\'s key (made once) to its own namespace and name, across renewals, other Leases, deletion and re-creation', () => {
    const store = new Store(new EventQueue(0));
    const backend = recordingBackend();
    store.backend = backend;
    const expected: string[] = [];
    const names: [string, string][] = [['kube-system', 'kube-scheduler'], ['kube-node-lease', 'node-1'], ['kube-system', 'kube-controller-manager'], ['kube-node-lease', 'node-2']];
    for (let round = 0; round < 3; round++) {
      for (const [namespace, name] of names) {
        store.admit('leases', obj(name, namespace));
        store.put('leases', obj(name, namespace), round === 0 ? 'ADDED' : 'MODIFIED');
        expected.push(`put /registry/leases/${namespace}/${name}`);
      }
    }
    // A Lease deleted and made again under the same name, and another namespace's Lease of that name.
    store.remove('leases', store.get('leases', 'kube-node-lease', 'node-1')!);
    store.admit('leases', obj('node-1', 'kube-node-lease'));
    store.admit('leases', obj('node-1', 'default'));
    expected.push('deleted /registry/leases/kube-node-lease/node-1', 'put /registry/leases/kube-node-lease/node-1', 'put /registry/leases/default/node-1');
    expect(backend.seen).toEqual(expected);
  });
});
