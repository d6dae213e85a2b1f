/**
 * The simulated etcd: objects per resource, one global revision stamped as
 * `resourceVersion` on every write, and watches from a revision. Watch
 * events are delivered through the event queue, never synchronously, as a
 * real watch stream would deliver them.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { KubeObject, WatchEvent } from '../apiserver/types.js';

/** A registered watcher. */
interface Watcher {
  namespace: string | undefined;
  /** Only events whose object passes are delivered (the watch cache filters before sending). */
  filter: ((object: KubeObject) => boolean) | undefined;
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

/** An etcd lease: keys attached to it are deleted when it expires. */
interface Lease {
  /** Absolute expiry time (ms); kept absolute so warm-up clock jumps expire it when due. */
  deadline: number;
  timer: TimerId;
  keys: Set<string>;
}

/** The key-value store with revisions, watches and leases. */
export class Store {
  private readonly leases = new Map<number, Lease>();
  private readonly keyLease = new Map<string, number>();
  private nextLeaseId = 1;
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

  /** The newest revision compacted away (watches must start at or after it). */
  compactedRevision(): number {
    return this.compacted;
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

  /**
   * Grants a lease of `ttlMs` and attaches the object's key to it (etcd
   * `lease grant` + `put --lease`), replacing any lease the key had. The API
   * server stores events this way (--event-ttl).
   */
  attachLease(resource: string, object: KubeObject, ttlMs: number): void {
    const key = `${resource}|${objectKey(object.metadata.namespace, object.metadata.name!)}`;
    this.detachLease(key);
    const id = this.nextLeaseId++;
    const lease: Lease = { deadline: this.queue.now() + ttlMs, timer: 0, keys: new Set([key]) };
    this.leases.set(id, lease);
    this.keyLease.set(key, id);
    this.armLease(id, lease);
  }

  /** After a warm-up clock jump, leases keep their absolute deadlines (the skipped time really passed). */
  onClockJump(): void {
    for (const [id, lease] of this.leases) {
      this.queue.cancel(lease.timer);
      this.armLease(id, lease);
    }
  }

  private armLease(id: number, lease: Lease): void {
    lease.timer = this.queue.at(lease.deadline, () => {
      this.leases.delete(id);
      for (const key of lease.keys) {
        this.keyLease.delete(key);
        const [resource, rest] = key.split('|');
        const slash = rest.indexOf('/');
        const obj = slash >= 0 ? this.get(resource, rest.slice(0, slash), rest.slice(slash + 1)) : this.get(resource, undefined, rest);
        if (obj) this.remove(resource, obj);
      }
    });
  }

  private detachLease(key: string): void {
    const id = this.keyLease.get(key);
    if (id === undefined) return;
    this.keyLease.delete(key);
    const lease = this.leases.get(id);
    if (!lease) return;
    lease.keys.delete(key);
    if (lease.keys.size === 0) {
      this.queue.cancel(lease.timer);
      this.leases.delete(id);
    }
  }

  /** Removes an object. */
  remove(resource: string, object: KubeObject): void {
    this.detachLease(`${resource}|${objectKey(object.metadata.namespace, object.metadata.name!)}`);
    this.revision++;
    const removed = { ...object, metadata: { ...object.metadata, resourceVersion: String(this.revision) } };
    this.bucket(resource).delete(objectKey(object.metadata.namespace, object.metadata.name!));
    this.emit(resource, { type: 'DELETED', object: removed });
  }

  /**
   * Starts a watch after `fromRevision`. Returns undefined when that revision
   * was compacted away (the API server answers 410 Gone).
   */
  watch(resource: string, namespace: string | undefined, fromRevision: number, handler: (event: WatchEvent) => void, filter?: (object: KubeObject) => boolean): { stop(): void } | undefined {
    if (fromRevision < this.compacted) return undefined;
    const watcher: Watcher = { namespace, filter, handler, active: true };
    const replay = this.history.filter((h) => h.resource === resource && h.revision > fromRevision && inNamespace(h.event.object, namespace) && (!filter || filter(h.event.object)));
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
      if (watcher.filter && !watcher.filter(event.object)) continue;
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
