/**
 * The simulated etcd: objects per resource, one global revision stamped as
 * `resourceVersion` on every write, and watches from a revision. Watch
 * events are delivered through the event queue, never synchronously, as a
 * real watch stream would deliver them.
 *
 * Stored objects are immutable: the store hands out the object it holds,
 * never a copy, and a write stores a new object (sharing unchanged subtrees
 * with the old one). Under tests they are deep-frozen, so a caller that
 * mutates one throws.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { KubeObject, WatchEvent, WatchHandle } from '../apiserver/types.js';
import { deepFreeze, freezeStoredObjects } from '../json.js';
import { LastKey, namespacedKey } from '../object-key.js';
import { flatConcat } from '../flat-string.js';

/** A registered watcher. */
interface Watcher {
  /** Registration order: events of one write reach watchers in this order. */
  seq: number;
  namespace: string | undefined;
  /** Only events whose object passes are delivered (the watch cache filters before sending). */
  filter: ((object: KubeObject) => boolean) | undefined;
  /** The value its selector requires of the resource's trigger field, when it requires one (the index key). */
  trigger: string | undefined;
  handler: (event: WatchEvent) => void;
  active: boolean;
  /**
   * Set when the watcher takes folded writes ({@link Store.put}): the writes
   * delivered to it only when it settles, oldest first (undefined: it takes none).
   */
  folded: FoldedDelivery[] | undefined;
}

/**
 * A write's event held for a watcher instead of a queued delivery. The
 * delivery it stands for would have run at `time`, after every event whose
 * sequence number is below `seq` (the events scheduled before it).
 */
interface FoldedDelivery {
  event: WatchEvent;
  time: number;
  seq: number;
}

/** How many folded deliveries a watcher holds before the store settles what is due of them itself. */
const FOLDED_LIMIT = 256;

/** A resource's indexed field (the cacher's trigger): how to read it, and which keys hold each value. */
interface TriggerIndex {
  valueOf: (object: KubeObject) => string;
  keys: Map<string, Set<string>>;
}

/** The watchers of one resource: those indexed by the trigger value their selector requires, and all others. */
interface ResourceWatchers {
  unindexed: Watcher[];
  byTrigger: Map<string, Watcher[]>;
}

/** One write in the store's history (for watches that start from an older revision). */
interface HistoryEntry {
  revision: number;
  resource: string;
  event: WatchEvent;
  /** The object before this write (MODIFIED and DELETED), for selector enter/leave. */
  prev: KubeObject | undefined;
}

/** An empty watcher list (never added to). */
const NO_WATCHERS: Watcher[] = [];

/** How many writes of history the store keeps before compacting. */
const HISTORY_LIMIT = 10_000;

/**
 * Store key of an object: `/registry/<resource>/<ns>/<name>` as etcd would hold it. Flat, because the
 * etcd member keeps it for as long as the key lives (as a template literal it was a rope of five nodes).
 */
export function storeKey(resource: string, namespace: string | undefined, name: string): string {
  return namespace ? flatConcat('/registry/', resource, '/', namespace, '/', name) : flatConcat('/registry/', resource, '/', name);
}

/** An etcd lease: keys attached to it are deleted when it expires. */
interface Lease {
  /** Absolute expiry time (ms); kept absolute so warm-up clock jumps expire it when due. */
  deadline: number;
  timer: TimerId;
  /** Its keys in attach order (the order it deletes them in when it expires). */
  keys: Set<LeasedKey>;
}

/** An object key attached to a lease. */
interface LeasedKey {
  resource: string;
  /** The object's key in its resource's bucket. */
  key: string;
  lease: number;
}

/**
 * The storage engine under the store (the etcd member): whether a write
 * commits, and what each key holds. Keys are etcd's (`/registry/minions/node-1`).
 */
export interface StoreBackend {
  /**
   * A put under `key` of a value `valueBytes()` long: undefined when it
   * committed (and is accounted), else etcd's error. With `sameSize`, an
   * update of a key it holds keeps the size it had (the backend need not
   * measure it again: a status or lease renewal does not change its size).
   */
  put(key: string, valueBytes: () => number, sameSize?: boolean): string | undefined;
  /** A delete of `key` through raft: undefined when it committed, else etcd's error. */
  delete(key: string): string | undefined;
  /** `key` is gone (deleted by a write or by its lease expiring). */
  deleted(key: string): void;
}

/**
 * etcd's key of an object: `/registry/<resource>/<ns>/<name>`, under the
 * prefixes the API server's registries use where they differ from the
 * resource name (pkg/registry/core/node/storage: `minions`; services keep
 * specs and endpoints apart).
 */
export function etcdKey(resource: string, namespace: string | undefined, name: string): string {
  return storeKey(ETCD_PREFIXES[resource] ?? resource, namespace, name);
}

/** Resources whose updates change their size (their payload is the data); others are measured when created. */
const RESIZED_ON_UPDATE = new Set(['configmaps', 'secrets']);

const ETCD_PREFIXES: Readonly<Record<string, string>> = { nodes: 'minions', services: 'services/specs', endpoints: 'services/endpoints', ingresses: 'ingress' };

/** The key-value store with revisions, watches and leases. */
export class Store {
  /** The etcd member under the keys, once the cluster has one; without it every write commits. */
  backend: StoreBackend | undefined;
  private readonly leases = new Map<number, Lease>();
  /** Per resource, its keys attached to a lease. */
  private readonly keyLease = new Map<string, Map<string, LeasedKey>>();
  /** The key {@link key} built last, by its namespace and name. */
  private readonly keys = new LastKey();
  private nextLeaseId = 1;
  private revision: number;
  private objects = new Map<string, Map<string, KubeObject>>();
  /** Per resource, its keys in etcd order; dropped when a key is added or removed, rebuilt by the next list. */
  private readonly sortedKeys = new Map<string, string[]>();
  private watchers = new Map<string, ResourceWatchers>();
  /** Per resource, the field lists and watches can be indexed by (the cacher's indexed trigger). */
  private readonly triggers = new Map<string, TriggerIndex>();
  private nextWatcherSeq = 0;
  /**
   * History entries from `historyStart` on are live; the slots before it are compacted: emptied at
   * once (so they hold no old objects) and trimmed from the array in batches.
   */
  private history: (HistoryEntry | undefined)[] = [];
  private historyStart = 0;
  private compacted = 0;
  private readonly freeze = freezeStoredObjects();
  /** `/registry/<prefix>/` by resource (see backendKey). */
  private readonly etcdPrefixes = new Map<string, string>();

  /**
   * @param folding whether writes put with `fold` are folded (the default);
   *   without, every write is delivered by a queued event: the reference the
   *   folded history is tested against.
   */
  constructor(private readonly queue: EventQueue, startRevision = 1, private readonly folding = true) {
    this.revision = startRevision;
  }

  /**
   * Indexes `resource` by the field `valueOf` reads (pods: spec.nodeName), as
   * the watch cache indexes its trigger (k8s.io/apiserver/pkg/storage/cacher/cacher.go;
   * pods register NodeNameTriggerFunc and NodeNameIndexFunc in pkg/registry/core/pod/storage):
   * a watch whose selector requires one value hears only about writes of
   * objects that hold or held it (dispatchEvent), and a list for one value
   * reads only those objects (watchCache list by index).
   */
  indexBy(resource: string, valueOf: (object: KubeObject) => string): void {
    const index: TriggerIndex = { valueOf, keys: new Map() };
    for (const [key, object] of this.bucket(resource)) reindex(index, key, undefined, object);
    this.triggers.set(resource, index);
  }

  /** The current global revision. */
  currentRevision(): number {
    return this.revision;
  }

  /** The newest revision compacted away (watches must start at or after it). */
  compactedRevision(): number {
    return this.compacted;
  }

  /** Reads one object (the stored object itself: never mutate it). */
  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.bucket(resource).get(this.keys.of(namespace, name));
  }

  /**
   * Lists objects of a resource, in one namespace or all, in key order like
   * etcd; with `trigger`, only those whose indexed field ({@link indexBy})
   * holds that value (the caller still applies its whole selector).
   */
  list(resource: string, namespace: string | undefined, trigger?: string): KubeObject[] {
    const bucket = this.bucket(resource);
    const index = trigger === undefined ? undefined : this.triggers.get(resource);
    let keys = index ? [...(index.keys.get(trigger!) ?? [])].sort() : this.sortedKeys.get(resource);
    if (!keys) {
      keys = [...bucket.keys()].sort();
      this.sortedKeys.set(resource, keys);
    }
    const out: KubeObject[] = [];
    for (const key of keys) {
      const obj = bucket.get(key)!;
      if (namespace === undefined || obj.metadata.namespace === namespace) out.push(obj);
    }
    return out;
  }

  /** Every object under its etcd key ({@link etcdKey}), in no particular order (etcdctl get sorts). */
  *entries(): Iterable<readonly [string, KubeObject]> {
    for (const [resource, bucket] of this.objects) {
      for (const object of bucket.values()) yield [etcdKey(resource, object.metadata.namespace, object.metadata.name!), object];
    }
  }

  /** Counts objects of a resource. */
  count(resource: string): number {
    return this.bucket(resource).size;
  }

  /**
   * Writes an object (create or update), stamping a new resourceVersion. The
   * store keeps `object` itself (the caller hands it over and must not change
   * it afterwards); its metadata must not be shared with a stored object.
   *
   * A `fold` write (a Lease renewal: the API server decides) is stored and
   * kept in the history like any other, but the watchers that take folded
   * writes get no queued delivery: they get its event when they next settle
   * ({@link watch}), if by then the delivery would have run.
   */
  put(resource: string, object: KubeObject, type: 'ADDED' | 'MODIFIED', fold = false): KubeObject {
    this.revision++;
    object.metadata.resourceVersion = String(this.revision);
    if (this.freeze) deepFreeze(object);
    const bucket = this.bucket(resource);
    const key = this.keys.of(object.metadata.namespace, object.metadata.name!);
    const existing = bucket.get(key);
    const prev = type === 'MODIFIED' ? existing : undefined;
    if (!existing) this.sortedKeys.delete(resource);
    const index = this.triggers.get(resource);
    if (index) reindex(index, key, existing, object);
    bucket.set(key, object);
    // Only a write made by an event folds: the delivery it stands for is placed by the running event's sequence.
    this.emit(resource, { type, object }, prev, fold && this.folding && this.queue.runningSeq() !== Infinity);
    return object;
  }

  /**
   * Grants a lease of `ttlMs` (etcd `lease grant`) and returns its id. A
   * lease lives until its deadline whether or not keys are attached, as in
   * etcd, so a lease manager may attach more keys to it later.
   */
  grantLease(ttlMs: number): number {
    const id = this.nextLeaseId++;
    const lease: Lease = { deadline: this.queue.now() + ttlMs, timer: 0, keys: new Set() };
    this.leases.set(id, lease);
    this.armLease(id, lease);
    return id;
  }

  /**
   * Attaches the object's key to a granted lease (etcd `put --lease`),
   * replacing any lease the key had: the key is deleted when that lease
   * expires. The API server stores events this way (--event-ttl). An
   * expired lease is an error (etcd: "requested lease not found"); the lease
   * manager hands out only leases that outlive the TTL.
   */
  attachToLease(resource: string, object: KubeObject, leaseId: number): void {
    const lease = this.leases.get(leaseId);
    if (!lease) throw new Error(`requested lease not found: ${leaseId}`);
    const key = this.keys.of(object.metadata.namespace, object.metadata.name!);
    let leased = this.keyLease.get(resource);
    if (!leased) this.keyLease.set(resource, (leased = new Map()));
    let entry = leased.get(key);
    if (entry) {
      this.leases.get(entry.lease)?.keys.delete(entry);
      entry.lease = leaseId;
    } else leased.set(key, (entry = { resource, key, lease: leaseId }));
    lease.keys.add(entry);
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
      for (const entry of lease.keys) {
        this.keyLease.get(entry.resource)?.delete(entry.key);
        const obj = this.bucket(entry.resource).get(entry.key);
        if (obj) this.remove(entry.resource, obj);
      }
    });
  }

  private detachLease(resource: string, key: string): void {
    const leased = this.keyLease.get(resource);
    const entry = leased?.get(key);
    if (!entry) return;
    leased!.delete(key);
    this.leases.get(entry.lease)?.keys.delete(entry);
  }

  /**
   * Asks the backend whether a write of `object` (or, with `remove`, its
   * deletion) commits now; undefined when it does, else etcd's error. The
   * API server asks before every write it then makes.
   */
  admit(resource: string, object: KubeObject, remove = false): string | undefined {
    const backend = this.backend;
    if (!backend) return undefined;
    const key = this.backendKey(resource, object);
    // Measured (as its JSON) when new, and on updates only where the payload is the point (data, binaryData).
    return remove ? backend.delete(key) : backend.put(key, () => JSON.stringify(object).length, !RESIZED_ON_UPDATE.has(resource));
  }

  /**
   * The object's etcd key ({@link etcdKey}) for the backend, which keeps it as long as the key lives: the
   * resource's prefix and the key the store files the object under (the same string, made once by
   * `keys`), joined as a rope that points to both instead of a flat copy. An event, written once, keeps
   * it so; a key written again is compared with the new one, which flattens it, as it was before.
   */
  private backendKey(resource: string, object: KubeObject): string {
    let prefix = this.etcdPrefixes.get(resource);
    if (prefix === undefined) this.etcdPrefixes.set(resource, (prefix = flatConcat('/registry/', ETCD_PREFIXES[resource] ?? resource, '/')));
    const key = this.keys.of(object.metadata.namespace, object.metadata.name!);
    if (resource !== 'leases') return prefix + key;
    // A Lease is written every few seconds (renewals) and is one of few: its etcd key is kept flat, made once,
    // so the backend's lookup neither flattens a new rope nor hashes it again at every renewal.
    let flat = this.leaseKeys.get(key);
    if (flat === undefined) this.leaseKeys.set(key, (flat = flatConcat(prefix, key)));
    return flat;
  }

  /** The etcd keys of the Leases stored (see backendKey), by their store key. */
  private readonly leaseKeys = new Map<string, string>();

  /** Removes an object. */
  remove(resource: string, object: KubeObject): void {
    this.backend?.deleted(this.backendKey(resource, object));
    const key = this.keys.of(object.metadata.namespace, object.metadata.name!);
    if (resource === 'leases') this.leaseKeys.delete(key);
    this.detachLease(resource, key);
    this.revision++;
    const removed = withResourceVersion(object, this.revision);
    const bucket = this.bucket(resource);
    const prev = bucket.get(key) ?? object;
    if (bucket.delete(key)) this.sortedKeys.delete(resource);
    const index = this.triggers.get(resource);
    if (index) reindex(index, key, prev, undefined);
    this.emit(resource, { type: 'DELETED', object: removed }, prev, false);
  }

  /**
   * Starts a watch after `fromRevision`. Returns undefined when that revision
   * was compacted away (the API server answers 410 Gone). `trigger` is the
   * value the watch's selector requires of the resource's indexed field
   * ({@link indexBy}), if it requires one; `filter` still decides.
   */
  watch(resource: string, namespace: string | undefined, fromRevision: number, handler: (event: WatchEvent) => void, filter?: (object: KubeObject) => boolean, trigger?: string, takesFolded = false): Required<WatchHandle> | undefined {
    if (fromRevision < this.compacted) return undefined;
    const indexed = trigger !== undefined && this.triggers.has(resource);
    const watcher: Watcher = { seq: this.nextWatcherSeq++, namespace, filter, trigger: indexed ? trigger : undefined, handler, active: true, folded: takesFolded ? [] : undefined };
    for (let i = this.firstAfter(fromRevision); i < this.history.length; i++) {
      const h = this.history[i]!;
      if (h.resource !== resource) continue;
      const event = eventFor(watcher, h.event, h.prev, h.revision);
      if (event) this.queue.after(0, () => watcher.active && handler(event));
    }
    const group = this.watchersOf(resource);
    const list = watcher.trigger === undefined ? group.unindexed : getOrCreate(group.byTrigger, watcher.trigger);
    list.push(watcher);
    return {
      settle: () => this.settle(watcher),
      stop: () => {
        if (!watcher.active) return;
        watcher.active = false;
        watcher.folded = undefined;
        const at = list.indexOf(watcher);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0 && watcher.trigger !== undefined) group.byTrigger.delete(watcher.trigger);
      },
    };
  }

  /** How many history entries hold objects (live ones only: compaction lets go of the rest). */
  retainedHistory(): number {
    let held = 0;
    for (const entry of this.history) if (entry) held++;
    return held;
  }

  /** Index of the first live history entry after `revision` (entries are in revision order). */
  private firstAfter(revision: number): number {
    let lo = this.historyStart;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.history[mid]!.revision > revision) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * Delivers to `watcher` its folded writes whose deliveries would have run
   * by now: those of an earlier millisecond, and those of this one whose
   * delivery was due before the running event (equal times run in sequence
   * order; outside any event, everything due has run). Of several writes of
   * one object only the last is delivered: the watcher settles before it
   * reads, so nothing saw the ones in between.
   */
  private settle(watcher: Watcher): void {
    const folded = watcher.folded;
    if (folded === undefined || folded.length === 0) return;
    const now = this.queue.now();
    const running = this.queue.runningSeq();
    let due = 0;
    while (due < folded.length && (folded[due].time < now || running >= folded[due].seq)) due++;
    if (due === 0) return;
    // Taken off first: a handler may read (and so settle) again.
    const ready: (FoldedDelivery | undefined)[] = folded.splice(0, due);
    if (ready.length > 1) {
      // An update followed by another update of the same object (known by its uid: no key built) delivers only the later one.
      const updatedLater = new Set<string>();
      for (let i = ready.length - 1; i >= 0; i--) {
        const event = ready[i]!.event;
        const meta = event.object.metadata;
        const key = meta.uid ?? namespacedKey(meta.namespace, meta.name!);
        if (event.type !== 'MODIFIED') updatedLater.delete(key);
        else if (updatedLater.has(key)) ready[i] = undefined;
        else updatedLater.add(key);
      }
    }
    for (const entry of ready) if (entry !== undefined && watcher.active) watcher.handler(entry.event);
  }

  private emit(resource: string, event: WatchEvent, prev: KubeObject | undefined, fold: boolean): void {
    this.history.push({ revision: this.revision, resource, event, prev });
    if (this.history.length - this.historyStart > HISTORY_LIMIT) {
      const start = this.history.length - HISTORY_LIMIT;
      this.compacted = this.history[start - 1]!.revision;
      // A compacted entry is never read again: let go of its objects now, not at the next trim.
      for (let i = this.historyStart; i < start; i++) this.history[i] = undefined;
      this.historyStart = start;
      // Trim the compacted entries in batches, not one array shift per write.
      if (this.historyStart >= HISTORY_LIMIT) {
        this.history.splice(0, this.historyStart);
        this.historyStart = 0;
      }
    }
    const group = this.watchers.get(resource);
    if (!group) return;
    // One queue entry delivers the write to all its watchers, in registration order: the same order and
    // instant as one entry per watcher (nothing can be queued between entries filed together), for less work.
    // Watchers and their events, alternating (one array per write, not an object per delivery).
    let batch: (Watcher | WatchEvent)[] | undefined;
    // The watchers that take this write folded, and their events, alternating.
    let held: (Watcher | WatchEvent)[] | undefined;
    const [all, now, was] = this.recipients(resource, group, event.object, prev);
    // The three lists merged by registration order as they are walked (no merged copy per write).
    let i = 0;
    let j = 0;
    let k = 0;
    for (;;) {
      const a = i < all.length ? all[i].seq : Infinity;
      const b = j < now.length ? now[j].seq : Infinity;
      const c = k < was.length ? was[k].seq : Infinity;
      const watcher = a < b ? (a < c ? all[i++] : was[k++]) : b < c ? now[j++] : c < Infinity ? was[k++] : undefined;
      if (!watcher) break;
      const delivered = eventFor(watcher, event, prev, this.revision);
      if (!delivered) continue;
      if (fold && watcher.folded !== undefined) (held ??= []).push(watcher, delivered);
      else (batch ??= []).push(watcher, delivered);
    }
    if (batch) this.queue.after(0, () => this.deliver(batch));
    if (held) {
      // The delivery not queued would have been the next event scheduled: every event scheduled from here on runs after it.
      const time = this.queue.now();
      const seq = this.queue.upcomingSeq();
      for (let i = 0; i < held.length; i += 2) {
        const watcher = held[i] as Watcher;
        const folded = watcher.folded!;
        if (folded.length >= FOLDED_LIMIT) this.settle(watcher);
        folded.push({ event: held[i + 1] as WatchEvent, time, seq });
      }
    }
  }

  /**
   * Runs one write's deliveries: watchers and their events, alternating; a
   * watcher stopped meanwhile gets nothing, and one holding folded writes
   * gets those that are due first.
   */
  private deliver(batch: (Watcher | WatchEvent)[]): void {
    for (let i = 0; i < batch.length; i += 2) {
      const watcher = batch[i] as Watcher;
      if (!watcher.active) continue;
      if (watcher.folded !== undefined && watcher.folded.length > 0) this.settle(watcher);
      watcher.handler(batch[i + 1] as WatchEvent);
    }
  }

  /**
   * The watchers a write may concern, as three lists each in registration
   * order: the unindexed ones, and those indexed by the object's new and
   * (when it moved) old trigger value.
   */
  private recipients(resource: string, group: ResourceWatchers, object: KubeObject, prev: KubeObject | undefined): readonly [Watcher[], Watcher[], Watcher[]] {
    const valueOf = this.triggers.get(resource)?.valueOf;
    if (!valueOf || group.byTrigger.size === 0) return [group.unindexed, NO_WATCHERS, NO_WATCHERS];
    const value = valueOf(object);
    const before = prev ? valueOf(prev) : undefined;
    const was = before !== undefined && before !== value ? group.byTrigger.get(before) : undefined;
    return [group.unindexed, group.byTrigger.get(value) ?? NO_WATCHERS, was ?? NO_WATCHERS];
  }

  private watchersOf(resource: string): ResourceWatchers {
    let group = this.watchers.get(resource);
    if (!group) {
      group = { unindexed: [], byTrigger: new Map() };
      this.watchers.set(resource, group);
    }
    return group;
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

/**
 * What a watcher receives for one write (cacheWatcher.convertToWatchEvent in
 * k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go): an object entering
 * its selector is ADDED, one leaving it is DELETED (the old object at the new
 * resourceVersion), one staying in it MODIFIED; nothing when neither passes.
 */
function eventFor(watcher: Watcher, event: WatchEvent, prev: KubeObject | undefined, revision: number): WatchEvent | undefined {
  if (!inNamespace(event.object, watcher.namespace)) return undefined;
  const filter = watcher.filter;
  if (!filter) return event;
  const curPasses = event.type !== 'DELETED' && filter(event.object);
  const oldPasses = prev !== undefined && filter(prev);
  if (curPasses) return oldPasses || event.type === 'ADDED' ? event : { type: 'ADDED', object: event.object };
  if (!oldPasses) return undefined;
  return event.type === 'DELETED' ? event : { type: 'DELETED', object: withResourceVersion(prev, revision) };
}


/** A shallow copy of `object` stamped with `revision` (a deleted object as the watch reports it). */
function withResourceVersion(object: KubeObject, revision: number): KubeObject {
  const copy = { ...object, metadata: { ...object.metadata, resourceVersion: String(revision) } };
  return freezeStoredObjects() ? deepFreeze(copy) : copy;
}

/** Moves `key` in the index from the value `before` holds to the one `after` holds. */
function reindex(index: TriggerIndex, key: string, before: KubeObject | undefined, after: KubeObject | undefined): void {
  const from = before ? index.valueOf(before) : undefined;
  const to = after ? index.valueOf(after) : undefined;
  if (from === to) return;
  if (from !== undefined) {
    const keys = index.keys.get(from);
    keys?.delete(key);
    if (keys?.size === 0) index.keys.delete(from);
  }
  if (to !== undefined) getOrCreateSet(index.keys, to).add(key);
}

function getOrCreateSet<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function getOrCreate<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

function inNamespace(object: KubeObject, namespace: string | undefined): boolean {
  return namespace === undefined || object.metadata.namespace === namespace;
}
