/**
 * The simulation's discrete-event queue and clock. Single-threaded and
 * deterministic: events run in (time, sequence) order, so the same inputs
 * always produce the same history.
 */

/** Identifies a scheduled event so it can be cancelled. */
export type TimerId = number;

/**
 * A binary min-heap keyed by (time, seq), with the simulated clock. Times and
 * sequence numbers sit in typed arrays in heap order, beside the callbacks, so
 * a sift compares neighbouring memory rather than chasing slot numbers: with
 * a million pending events the cache misses, not the comparisons, set the pace.
 */
export class EventQueue {
  private times = new Float64Array(1024);
  private seqs = new Float64Array(1024);
  private fns: ((() => void) | undefined)[] = [];
  private count = 0;
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
    while (this.count > 0 && this.times[0] <= time) {
      if (budget <= 0) return false;
      const at = this.times[0];
      const seq = this.seqs[0];
      const fn = this.fns[0]!;
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
    for (let i = 0; i < this.count; i++) this.times[i] += deltaMs;
    this.current += deltaMs;
  }

  private push(time: number, seq: number, fn: () => void): void {
    if (this.count >= this.times.length) this.grow();
    const times = this.times;
    const seqs = this.seqs;
    const fns = this.fns;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent];
      if (pt < time || (pt === time && seqs[parent] < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent];
      fns[i] = fns[parent];
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    fns[i] = fn;
  }

  /** Removes the top entry (sift-down with the comparisons inlined: the hot path). */
  private popTop(): void {
    const times = this.times;
    const seqs = this.seqs;
    const fns = this.fns;
    const n = --this.count;
    if (n === 0) {
      fns[0] = undefined;
      return;
    }
    const lastTime = times[n];
    const lastSeq = seqs[n];
    const lastFn = fns[n];
    // Release the moved callback's old place (the array keeps its capacity).
    fns[n] = undefined;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      let ct = times[c];
      if (r < n) {
        const rt = times[r];
        if (rt < ct || (rt === ct && seqs[r] < seqs[c])) {
          c = r;
          ct = rt;
        }
      }
      if (ct > lastTime || (ct === lastTime && seqs[c] > lastSeq)) break;
      times[i] = ct;
      seqs[i] = seqs[c];
      fns[i] = fns[c];
      i = c;
    }
    times[i] = lastTime;
    seqs[i] = lastSeq;
    fns[i] = lastFn;
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
