/**
 * A shared-informer-like cache: lists a resource once, then follows its watch.
 * Components read from their informers and react to changes, exactly as
 * client-go controllers do; they never read the store directly. The cached
 * objects are the API server's stored objects, shared by every reader and
 * never to be mutated (client-go's rule for lister objects): to write, build
 * a new object (spread the parts that change) and send that.
 *
 * An informer takes Lease renewals folded (store.ts): instead of a queued
 * delivery per renewal, it settles its watch before every read, taking the
 * renewals whose deliveries would have run by then. Its handlers see a
 * renewal then, and of several renewals of one Lease only the last; a
 * handler must not depend on the moment a renewal arrives (the garbage
 * collector's ignores them: their owner references are the stored ones).
 */
import type { ApiClient, KubeObject, ListOptions, WatchEvent } from '../apiserver/types.js';
import { LastKey, namespacedKey } from '../object-key.js';

/** A change handler: (type, new object, old object). */
export type InformerHandler = (type: WatchEvent['type'], object: KubeObject, old: KubeObject | undefined) => void;

/** Cache of one resource, kept current by a watch. */
export class Informer {
  private readonly cache = new Map<string, KubeObject>();
  private readonly handlers: InformerHandler[] = [];
  private stopWatch: (() => void) | undefined;
  /** Takes the folded writes due by now (see above); a no-op while not watching. */
  private settle: () => void = noop;
  /** Why the last list failed (the API server's message), for the reflector's log line. */
  lastError?: string;
  /** The key {@link key} built last, by its namespace and name. */
  private readonly keys = new LastKey();

  constructor(private readonly client: ApiClient, readonly resource: string, private readonly namespace?: string, private readonly options: ListOptions = {}) {}

  /** Adds a handler; call before start() to see the initial objects as ADDED. */
  on(handler: InformerHandler): this {
    this.handlers.push(handler);
    return this;
  }

  /** Lists and starts watching. Returns false when the list failed (e.g. 401), so the caller can retry. */
  start(): boolean {
    const listed = this.client.list(this.resource, this.namespace, this.options);
    if (!listed.ok) {
      this.lastError = listed.status.message;
      return false;
    }
    for (const obj of listed.value.items) {
      this.cache.set(keyOf(obj), obj);
      for (const h of this.handlers) h('ADDED', obj, undefined);
    }
    const watched = this.client.watch(this.resource, this.namespace, listed.value.metadata.resourceVersion, (e) => this.apply(e), { ...this.options, takesFolded: true });
    if (!watched.ok) return false;
    this.stopWatch = () => watched.value.stop();
    this.settle = watched.value.settle?.bind(watched.value) ?? noop;
    return true;
  }

  /** Stops the watch and forgets the cache (a component that dies). */
  stop(): void {
    this.stopWatch?.();
    this.stopWatch = undefined;
    this.settle = noop;
    this.cache.clear();
  }

  /** Is the informer watching? */
  running(): boolean {
    return this.stopWatch !== undefined;
  }

  /** All cached objects. */
  list(): KubeObject[] {
    this.settle();
    return [...this.cache.values()];
  }

  /** One cached object. */
  get(namespace: string | undefined, name: string): KubeObject | undefined {
    this.settle();
    return this.cache.get(this.keys.of(namespace, name));
  }

  /** One cached object by its {@link keyOf} key (a caller that asks for the same object often keeps the key). */
  getByKey(key: string): KubeObject | undefined {
    this.settle();
    return this.cache.get(key);
  }

  private apply(event: WatchEvent): void {
    const key = this.keys.of(event.object.metadata.namespace, String(event.object.metadata.name));
    const old = this.cache.get(key);
    if (event.type === 'DELETED') this.cache.delete(key);
    else this.cache.set(key, event.object);
    for (const h of this.handlers) h(event.type, event.object, old);
  }
}

/** `namespace/name` or `name` (built flat: the cache keeps it as long as the object, flat-string.ts). */
export function keyOf(obj: KubeObject): string {
  return namespacedKey(obj.metadata.namespace, String(obj.metadata.name));
}

function noop(): void {}
