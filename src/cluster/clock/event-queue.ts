/**
 * The simulation's discrete-event queue and clock. Single-threaded and
 * deterministic: events run in (time, sequence) order, so the same inputs
 * always produce the same history.
 */

/** Identifies a scheduled event so it can be cancelled. */
export type TimerId = number;

interface Entry {
  time: number;
  seq: number;
  run: () => void;
}

/** A binary min-heap keyed by (time, seq), with the simulated clock. */
export class EventQueue {
  private heap: Entry[] = [];
  private seq = 0;
  private cancelled = new Set<number>();
  private current: number;
  private executed = 0;

  constructor(start: number) {
    this.current = start;
  }

  /** The simulated time (ms since the epoch). */
  now(): number {
    return this.current;
  }

  private sequence = 0;

  /** A number that grows with every call: orders things created in the same millisecond (event names). */
  nextSequence(): number {
    return this.sequence++;
  }

  /** How many events have run (for benchmarks). */
  eventsRun(): number {
    return this.executed;
  }

  /** Runs `fn` at simulated time `time` (never earlier than now). */
  at(time: number, fn: () => void): TimerId {
    const entry: Entry = { time: Math.max(time, this.current), seq: this.seq++, run: fn };
    this.push(entry);
    return entry.seq;
  }

  /** Runs `fn` after `delayMs` of simulated time. */
  after(delayMs: number, fn: () => void): TimerId {
    return this.at(this.current + delayMs, fn);
  }

  /** Runs `fn` every `periodMs`, first after `firstDelayMs`; returns a function that stops it. */
  every(periodMs: number, fn: () => void, firstDelayMs = periodMs): () => void {
    let id: TimerId;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      id = this.after(periodMs, tick);
      fn();
    };
    id = this.after(firstDelayMs, tick);
    return () => {
      stopped = true;
      this.cancel(id);
    };
  }

  /** Cancels a scheduled event (a no-op if it already ran). */
  cancel(id: TimerId): void {
    this.cancelled.add(id);
  }

  /** Runs every event due up to and including `time`, then sets the clock to `time`. */
  runUntil(time: number): void {
    while (this.heap.length > 0 && this.heap[0].time <= time) {
      const entry = this.pop();
      if (this.cancelled.delete(entry.seq)) continue;
      this.current = entry.time;
      this.executed++;
      entry.run();
    }
    if (time > this.current) this.current = time;
  }

  /** Runs only the events due now (e.g. watch deliveries after a write). */
  drain(): void {
    this.runUntil(this.current);
  }

  /** Number of pending (including cancelled-but-not-popped) events. */
  size(): number {
    return this.heap.length;
  }

  /**
   * Moves the clock forward by `deltaMs` without running anything, shifting every
   * pending event by the same amount: used to skip the idle months of a
   * cluster's history during warm-up, keeping relative timer phases intact.
   */
  jump(deltaMs: number): void {
    for (const entry of this.heap) entry.time += deltaMs;
    this.current += deltaMs;
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private pop(): Entry {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l], heap[m])) m = l;
        if (r < heap.length && less(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  }
}

function less(a: Entry, b: Entry): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}
