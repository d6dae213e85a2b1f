/**
 * A fixed-size least-recently-used cache (k8s.io/utils/lru): a get or an add
 * makes an entry the most recent; adding past the size evicts the least
 * recent. A Map keeps insertion order, so re-inserting moves an entry last.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly size: number) {}

  /** The entry under `key`, made the most recent. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /**
   * The value under `key` without marking it used: for a caller that adds the key back
   * at once (add marks it used), so the entry is moved once, not twice.
   */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Stores `value` under `key` as the most recent entry, evicting the least recent past the size. */
  add(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  /** How many entries are held. */
  get length(): number {
    return this.entries.size;
  }
}
