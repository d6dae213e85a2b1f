/**
 * A controller work queue over the simulation's event queue: keys are
 * de-duplicated while waiting, processed one at a time, and can be re-added
 * after a delay (client-go util/workqueue's AddAfter), never concurrently.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';

/** A de-duplicating queue of object keys that calls `sync(key)` for each. */
export class WorkQueue {
  private readonly pending = new Set<string>();
  private readonly delayed = new Map<string, { at: number; id: TimerId }>();
  private stopped = false;

  constructor(private readonly queue: EventQueue, private readonly sync: (key: string) => void) {}

  /** Queues `key` for processing as soon as the current event finishes. */
  add(key: string): void {
    if (this.stopped || this.pending.has(key)) return;
    this.pending.add(key);
    this.queue.after(0, () => {
      if (!this.pending.delete(key) || this.stopped) return;
      this.sync(key);
    });
  }

  /** Queues `key` after `delayMs`; an earlier pending delay for the same key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) return this.add(key);
    const at = this.queue.now() + delayMs;
    const existing = this.delayed.get(key);
    if (existing && existing.at <= at) return;
    if (existing) this.queue.cancel(existing.id);
    const id = this.queue.at(at, () => {
      this.delayed.delete(key);
      this.add(key);
    });
    this.delayed.set(key, { at, id });
  }

  /** Drops everything queued and refuses new work. */
  stop(): void {
    this.stopped = true;
    this.pending.clear();
    for (const { id } of this.delayed.values()) this.queue.cancel(id);
    this.delayed.clear();
  }
}
