/**
 * Cache indexes over shared informers (client-go cache.Indexer): controllers
 * look up pods by owner, node, namespace or label instead of scanning every
 * cached object, so a sync costs what it touches, not the cluster's size.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import { controllerOf, objectKey, type Obj } from './util.js';

/**
 * Maps an object to its index keys. `sameKeys`, when given, tells cheaply that
 * two versions of one object have equal keys (they share what the keys are read
 * from: stored versions share unchanged subtrees), so an update need not list them twice.
 */
export type IndexFunc = ((obj: KubeObject) => string[]) & { sameKeys?: (a: KubeObject, b: KubeObject) => boolean };

/** `keys` with its {@link IndexFunc} `sameKeys` test attached. */
function indexFunc(keys: (obj: KubeObject) => string[], sameKeys: (a: KubeObject, b: KubeObject) => boolean): IndexFunc {
  return Object.assign(keys, { sameKeys });
}

/** One index over one informer, kept current by its events. */
export class Index {
  private readonly buckets = new Map<string, Map<string, KubeObject>>();

  constructor(informer: Informer, private readonly keys: IndexFunc) {
    informer.on((type, obj, old) => {
      // An object's entry is known by its UID: the stored string itself, so no key is built and hashed per event.
      const id = entryId(obj);
      if (old) {
        const oldId = entryId(old);
        if (type !== 'DELETED' && oldId === id && this.keys.sameKeys?.(old, obj)) {
          // The keys did not change: list them once. Each bucket still drops and re-adds the
          // entry, so it moves to the end of the bucket's order as before.
          for (const k of this.keys(obj)) {
            const b = this.bucket(k);
            b.delete(id);
            b.set(id, obj);
          }
          return;
        }
        for (const k of this.keys(old)) this.buckets.get(k)?.delete(oldId);
      }
      if (type === 'DELETED') return;
      for (const k of this.keys(obj)) this.bucket(k).set(id, obj);
    });
  }

  private bucket(key: string): Map<string, KubeObject> {
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = new Map()));
    return b;
  }

  /** Objects under `key`. */
  get(key: string): KubeObject[] {
    const b = this.buckets.get(key);
    return b ? [...b.values()] : [];
  }
}

/** The entry of an object in a bucket: its UID (its name where it has none, as objects built by hand in tests). */
export function entryId(obj: KubeObject): string {
  return obj.metadata.uid ?? objectKey(obj);
}

/** Index by the controller owner's UID. */
export const byControllerUid: IndexFunc = indexFunc(
  (o) => {
    const ref = controllerOf(o);
    return ref ? [ref.uid] : [];
  },
  (a, b) => a.metadata.ownerReferences === b.metadata.ownerReferences,
);

/** Index by namespace. */
export const byNamespace: IndexFunc = indexFunc((o) => [o.metadata.namespace ?? ''], sameNamespace);

/** Index of objects with no controller, by namespace (adoption candidates). */
export const orphansByNamespace: IndexFunc = indexFunc(
  (o) => (controllerOf(o) ? [] : [o.metadata.namespace ?? '']),
  (a, b) => a.metadata.ownerReferences === b.metadata.ownerReferences && sameNamespace(a, b),
);

/** Index by `spec.nodeName`. */
export const byNodeName: IndexFunc = indexFunc(
  (o) => {
    const n = (o.spec as Obj | undefined)?.nodeName;
    return n ? [n] : [];
  },
  (a, b) => (a.spec as Obj | undefined)?.nodeName === (b.spec as Obj | undefined)?.nodeName,
);

/** Index by `namespace|key=value` for each label. */
export const byNamespaceLabel: IndexFunc = indexFunc(
  (o) => Object.entries(o.metadata.labels ?? {}).map(([k, v]) => `${o.metadata.namespace ?? ''}|${k}=${v}`),
  (a, b) => a.metadata.labels === b.metadata.labels && sameNamespace(a, b),
);

function sameNamespace(a: KubeObject, b: KubeObject): boolean {
  return a.metadata.namespace === b.metadata.namespace;
}
