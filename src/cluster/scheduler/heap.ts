/**
 * A binary min-heap keyed by string, with update and delete by key. After
 * `pkg/scheduler/backend/heap/heap.go` (the store behind activeQ and
 * podBackoffQ): push, pop, update and delete are O(log n), peek and lookup O(1).
 */

/** A heap of items ordered by `less`, each item found by its key. */
export class Heap<T> {
  private readonly items: T[] = [];
  private readonly index = new Map<string, number>();

  /** `less(a, b)` is true when `a` must pop before `b`; it must be a strict total order for determinism. */
  constructor(
    private readonly keyOf: (item: T) => string,
    private readonly less: (a: T, b: T) => boolean,
  ) {}

  /** Number of items. */
  get size(): number {
    return this.items.length;
  }

  /** True when an item with this key is in the heap. */
  has(key: string): boolean {
    return this.index.has(key);
  }

  /** The item with this key, if any. */
  get(key: string): T | undefined {
    const i = this.index.get(key);
    return i === undefined ? undefined : this.items[i];
  }

  /** The item that pops next, without removing it. */
  peek(): T | undefined {
    return this.items[0];
  }

  /** Adds an item, or replaces and re-positions the item with the same key. */
  push(item: T): void {
    const key = this.keyOf(item);
    const at = this.index.get(key);
    if (at !== undefined) {
      this.items[at] = item;
      this.fix(at);
      return;
    }
    this.items.push(item);
    this.index.set(key, this.items.length - 1);
    this.up(this.items.length - 1);
  }

  /** Removes and returns the first item. */
  pop(): T | undefined {
    if (this.items.length === 0) return undefined;
    return this.removeAt(0);
  }

  /** Removes the item with this key; returns it if it was there. */
  delete(key: string): T | undefined {
    const at = this.index.get(key);
    return at === undefined ? undefined : this.removeAt(at);
  }

  /** Re-positions the item with this key after its ordering fields changed. */
  update(key: string): void {
    const at = this.index.get(key);
    if (at !== undefined) this.fix(at);
  }

  /** All items, in no particular order. */
  values(): readonly T[] {
    return this.items;
  }

  private removeAt(at: number): T {
    const item = this.items[at] as T;
    const last = this.items.pop() as T;
    this.index.delete(this.keyOf(item));
    if (at < this.items.length) {
      this.items[at] = last;
      this.index.set(this.keyOf(last), at);
      this.fix(at);
    }
    return item;
  }

  private fix(at: number): void {
    if (!this.up(at)) this.down(at);
  }

  private up(at: number): boolean {
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(this.items[i] as T, this.items[parent] as T)) break;
      this.swap(i, parent);
      i = parent;
    }
    return i !== at;
  }

  private down(at: number): void {
    const n = this.items.length;
    let i = at;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) return;
      const right = left + 1;
      const child = right < n && this.less(this.items[right] as T, this.items[left] as T) ? right : left;
      if (!this.less(this.items[child] as T, this.items[i] as T)) return;
      this.swap(i, child);
      i = child;
    }
  }

  private swap(i: number, j: number): void {
    const a = this.items[i] as T;
    const b = this.items[j] as T;
    this.items[i] = b;
    this.items[j] = a;
    this.index.set(this.keyOf(b), i);
    this.index.set(this.keyOf(a), j);
  }
}
