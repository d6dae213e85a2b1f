/**
 * The simulation's discrete-event queue and clock. Single-threaded and
 * deterministic: events run in (time, sequence) order, so the same inputs
 * always produce the same history.
 */

/** Identifies a scheduled event so it can be cancelled. */
export type TimerId = number;

/**
 * A binary min-heap keyed by (time, seq), with the simulated clock. The heap
 * holds slot numbers in a typed array and compares times and sequence numbers
 * kept in typed arrays: about three times faster than a heap of objects
 * (PERFORMANCE.md).
 */
export class EventQueue {
  private heap = new Int32Array(1024);
  private count = 0;
  private times = new Float64Array(1024);
  private seqs = new Float64Array(1024);
  private fns: ((() => void) | undefined)[] = [];
  private freeSlots: number[] = [];
  private nextSlot = 0;
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
    const seq = this.seq++;
    this.push(Math.max(time, this.current), seq, fn);
    return seq;
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

  /**
   * Runs every event due up to and including `time`, then sets the clock to
   * `time`. With `maxEvents`, stops after running that many and leaves the
   * clock at the last one's time: calling again resumes exactly where it
   * stopped (a sliced warm-up runs the same history). Returns whether it reached `time`.
   */
  runUntil(time: number, maxEvents = Infinity): boolean {
    let budget = maxEvents;
    while (this.count > 0 && this.times[this.heap[0]] <= time) {
      if (budget <= 0) return false;
      const slot = this.heap[0];
      const at = this.times[slot];
      const seq = this.seqs[slot];
      const fn = this.fns[slot]!;
      this.popTop();
      if (this.cancelled.size > 0 && this.cancelled.delete(seq)) continue;
      this.current = at;
      this.executed++;
      budget--;
      fn();
    }
    if (time > this.current) this.current = time;
    return true;
  }

  /** Runs only the events due now (e.g. watch deliveries after a write). */
  drain(): void {
    this.runUntil(this.current);
  }

  /** Number of pending (including cancelled-but-not-popped) events. */
  size(): number {
    return this.count;
  }

  /**
   * Moves the clock forward by `deltaMs` without running anything, shifting every
   * pending event by the same amount: used to skip the idle months of a
   * cluster's history during warm-up, keeping relative timer phases intact.
   */
  jump(deltaMs: number): void {
    for (let i = 0; i < this.count; i++) this.times[this.heap[i]] += deltaMs;
    this.current += deltaMs;
  }

  private push(time: number, seq: number, fn: () => void): void {
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.nextSlot++;
    if (slot >= this.times.length) this.grow();
    this.times[slot] = time;
    this.seqs[slot] = seq;
    this.fns[slot] = fn;
    if (this.count >= this.heap.length) {
      const bigger = new Int32Array(this.heap.length * 2);
      bigger.set(this.heap);
      this.heap = bigger;
    }
    const heap = this.heap;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(slot, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = slot;
  }

  /** Removes the top entry and frees its slot (sift-down with the comparisons inlined: the hot path). */
  private popTop(): void {
    const heap = this.heap;
    const times = this.times;
    const seqs = this.seqs;
    const top = heap[0];
    this.fns[top] = undefined;
    this.freeSlots.push(top);
    const n = --this.count;
    if (n === 0) return;
    const last = heap[n];
    const lastTime = times[last];
    const lastSeq = seqs[last];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      let ct = times[heap[c]];
      if (r < n) {
        const rt = times[heap[r]];
        if (rt < ct || (rt === ct && seqs[heap[r]] < seqs[heap[c]])) {
          c = r;
          ct = rt;
        }
      }
      if (ct > lastTime || (ct === lastTime && seqs[heap[c]] > lastSeq)) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = last;
  }

  private less(a: number, b: number): boolean {
    const ta = this.times[a];
    const tb = this.times[b];
    return ta < tb || (ta === tb && this.seqs[a] < this.seqs[b]);
  }

  private grow(): void {
    const size = this.times.length * 2;
    const times = new Float64Array(size);
    times.set(this.times);
    this.times = times;
    const seqs = new Float64Array(size);
    seqs.set(this.seqs);
    this.seqs = seqs;
  }
}
