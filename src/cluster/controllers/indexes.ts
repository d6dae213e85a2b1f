/**
 * Cache indexes over shared informers (client-go cache.Indexer): controllers
 * look up pods by owner, node, namespace or label instead of scanning every
 * cached object, so a sync costs what it touches, not the cluster's size.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import { controllerOf, objectKey, type Obj } from './util.js';

/** Maps an object to its index keys. */
export type IndexFunc = (obj: KubeObject) => string[];

/** One index over one informer, kept current by its events. */
export class Index {
  private readonly buckets = new Map<string, Map<string, KubeObject>>();

  constructor(informer: Informer, private readonly keys: IndexFunc) {
    informer.on((type, obj, old) => {
      // An object's entry is known by its UID: the stored string itself, so no key is built and hashed per event.
      const id = entryId(obj);
      if (old) {
        const oldId = entryId(old);
        for (const k of this.keys(old)) this.buckets.get(k)?.delete(oldId);
      }
      if (type === 'DELETED') return;
      for (const k of this.keys(obj)) {
        let b = this.buckets.get(k);
        if (!b) this.buckets.set(k, (b = new Map()));
        b.set(id, obj);
      }
    });
  }

  /** Objects under `key`. */
  get(key: string): KubeObject[] {
    const b = this.buckets.get(key);
    return b ? [...b.values()] : [];
  }
}

/** The entry of an object in a bucket: its UID (its name where it has none, as objects built by hand in tests). */
function entryId(obj: KubeObject): string {
  return obj.metadata.uid ?? objectKey(obj);
}

/** Index by the controller owner's UID. */
export const byControllerUid: IndexFunc = (o) => {
  const ref = controllerOf(o);
  return ref ? [ref.uid] : [];
};

/** Index by namespace. */
export const byNamespace: IndexFunc = (o) => [o.metadata.namespace ?? ''];

/** Index of objects with no controller, by namespace (adoption candidates). */
export const orphansByNamespace: IndexFunc = (o) => (controllerOf(o) ? [] : [o.metadata.namespace ?? '']);

/** Index by `spec.nodeName`. */
export const byNodeName: IndexFunc = (o) => {
  const n = (o.spec as Obj | undefined)?.nodeName;
  return n ? [n] : [];
};

/** Index by `namespace|key=value` for each label. */
export const byNamespaceLabel: IndexFunc = (o) => Object.entries(o.metadata.labels ?? {}).map(([k, v]) => `${o.metadata.namespace ?? ''}|${k}=${v}`);
