/**
 * The simulated etcd: objects per resource, one global revision stamped as
 * `resourceVersion` on every write, and watches from a revision. Watch
 * events are delivered through the event queue, never synchronously, as a
 * real watch stream would deliver them.
 */
import type { EventQueue } from '../clock/event-queue.js';
import type { KubeObject, WatchEvent } from '../apiserver/types.js';

/** A registered watcher. */
interface Watcher {
  namespace: string | undefined;
  handler: (event: WatchEvent) => void;
  active: boolean;
}

/** One write in the store's history (for watches that start from an older revision). */
interface HistoryEntry {
  revision: number;
  resource: string;
  event: WatchEvent;
}

/** How many writes of history the store keeps before compacting. */
const HISTORY_LIMIT = 10_000;

/** Store key of an object: `/registry/<resource>/<ns>/<name>` as etcd would hold it. */
export function storeKey(resource: string, namespace: string | undefined, name: string): string {
  return namespace ? `/registry/${resource}/${namespace}/${name}` : `/registry/${resource}/${name}`;
}

/** The key-value store with revisions and watches. */
export class Store {
  private revision: number;
  private objects = new Map<string, Map<string, KubeObject>>();
  private watchers = new Map<string, Watcher[]>();
  private history: HistoryEntry[] = [];
  private compacted = 0;

  constructor(private readonly queue: EventQueue, startRevision = 1) {
    this.revision = startRevision;
  }

  /** The current global revision. */
  currentRevision(): number {
    return this.revision;
  }

  /** Reads one object. */
  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.bucket(resource).get(objectKey(namespace, name));
  }

  /** Lists objects of a resource, in one namespace or all, in key order like etcd. */
  list(resource: string, namespace: string | undefined): KubeObject[] {
    const bucket = this.bucket(resource);
    const out: KubeObject[] = [];
    for (const obj of bucket.values()) {
      if (namespace === undefined || obj.metadata.namespace === namespace) out.push(obj);
    }
    return out.sort(compareKeys);
  }

  /** Counts objects of a resource. */
  count(resource: string): number {
    return this.bucket(resource).size;
  }

  /** Writes an object (create or update), stamping a new resourceVersion. */
  put(resource: string, object: KubeObject, type: 'ADDED' | 'MODIFIED'): KubeObject {
    this.revision++;
    object.metadata.resourceVersion = String(this.revision);
    this.bucket(resource).set(objectKey(object.metadata.namespace, object.metadata.name!), object);
    this.emit(resource, { type, object });
    return object;
  }

  /** Removes an object. */
  remove(resource: string, object: KubeObject): void {
    this.revision++;
    const removed = { ...object, metadata: { ...object.metadata, resourceVersion: String(this.revision) } };
    this.bucket(resource).delete(objectKey(object.metadata.namespace, object.metadata.name!));
    this.emit(resource, { type: 'DELETED', object: removed });
  }

  /**
   * Starts a watch after `fromRevision`. Returns undefined when that revision
   * was compacted away (the API server answers 410 Gone).
   */
  watch(resource: string, namespace: string | undefined, fromRevision: number, handler: (event: WatchEvent) => void): { stop(): void } | undefined {
    if (fromRevision < this.compacted) return undefined;
    const watcher: Watcher = { namespace, handler, active: true };
    const replay = this.history.filter((h) => h.resource === resource && h.revision > fromRevision && inNamespace(h.event.object, namespace));
    for (const h of replay) this.queue.after(0, () => watcher.active && handler(h.event));
    const list = this.watchers.get(resource) ?? [];
    list.push(watcher);
    this.watchers.set(resource, list);
    return {
      stop: () => {
        watcher.active = false;
        const current = this.watchers.get(resource) ?? [];
        this.watchers.set(resource, current.filter((w) => w !== watcher));
      },
    };
  }

  private emit(resource: string, event: WatchEvent): void {
    this.history.push({ revision: this.revision, resource, event });
    if (this.history.length > HISTORY_LIMIT) {
      const dropped = this.history.splice(0, this.history.length - HISTORY_LIMIT);
      this.compacted = dropped[dropped.length - 1].revision;
    }
    const watchers = this.watchers.get(resource);
    if (!watchers) return;
    for (const watcher of watchers) {
      if (!inNamespace(event.object, watcher.namespace)) continue;
      this.queue.after(0, () => watcher.active && watcher.handler(event));
    }
  }

  private bucket(resource: string): Map<string, KubeObject> {
    let bucket = this.objects.get(resource);
    if (!bucket) {
      bucket = new Map();
      this.objects.set(resource, bucket);
    }
    return bucket;
  }
}

function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

function inNamespace(object: KubeObject, namespace: string | undefined): boolean {
  return namespace === undefined || object.metadata.namespace === namespace;
}

function compareKeys(a: KubeObject, b: KubeObject): number {
  const ka = objectKey(a.metadata.namespace, a.metadata.name!);
  const kb = objectKey(b.metadata.namespace, b.metadata.name!);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
