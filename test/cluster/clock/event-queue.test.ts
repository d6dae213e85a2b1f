import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';

describe('EventQueue', () => {
  it('runs events in (time, insertion) order and moves the clock to each event', () => {
    const q = new EventQueue(1000);
    const log: string[] = [];
    q.at(1500, () => log.push(`b@${q.now()}`));
    q.at(1200, () => log.push(`a@${q.now()}`));
    q.at(1500, () => log.push(`c@${q.now()}`));
    q.after(0, () => log.push(`now@${q.now()}`));
    q.runUntil(1400);
    expect(log).toEqual(['now@1000', 'a@1200']);
    expect(q.now()).toBe(1400);
    q.runUntil(2000);
    expect(log).toEqual(['now@1000', 'a@1200', 'b@1500', 'c@1500']);
    expect([q.now(), q.eventsRun()]).toEqual([2000, 4]);
  });

  it('never schedules in the past, and runs what events schedule for the same instant', () => {
    const q = new EventQueue(5000);
    const log: number[] = [];
    q.at(10, () => {
      log.push(q.now());
      q.after(0, () => log.push(q.now()));
    });
    q.drain();
    expect(log).toEqual([5000, 5000]);
  });

  it('cancels timers, and `every` repeats until stopped', () => {
    const q = new EventQueue(0);
    const log: number[] = [];
    const id = q.after(100, () => log.push(-1));
    q.cancel(id);
    const stop = q.every(10, () => log.push(q.now()), 0);
    q.runUntil(35);
    expect(log).toEqual([0, 10, 20, 30]);
    stop();
    q.runUntil(100);
    expect(log).toEqual([0, 10, 20, 30]);
  });

  it('jump() shifts the clock and every pending timer by the same amount, running nothing', () => {
    const q = new EventQueue(0);
    const log: number[] = [];
    q.at(50, () => log.push(q.now()));
    q.every(30, () => log.push(q.now()));
    q.runUntil(40);
    expect(log).toEqual([30]);
    q.jump(1_000_000);
    expect([q.now(), log]).toEqual([1_000_040, [30]]);
    q.runUntil(1_000_060);
    // The one-shot timer keeps its 10ms remaining, the periodic one its phase.
    expect(log).toEqual([30, 1_000_050, 1_000_060]);
  });

  it('refuses a NaN time or delay, and the clock and queue stay as they were', () => {
    const q = new EventQueue(1000);
    const log: number[] = [];
    q.at(1500, () => log.push(q.now()));
    expect(() => q.at(Number.NaN, () => log.push(-1))).toThrow(RangeError);
    expect(() => q.after(Number.NaN, () => log.push(-2))).toThrow(RangeError);
    expect(q.size()).toBe(1);
    q.runUntil(2000);
    expect(log).toEqual([1500]);
    expect(q.now()).toBe(2000);
  });

  it('handles many timers (heap order)', () => {
    const q = new EventQueue(0);
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    const seen: number[] = [];
    for (const t of times) q.at(t, () => seen.push(q.now()));
    q.runUntil(1000);
    expect(seen).toEqual([...times].sort((a, b) => a - b));
    expect(q.size()).toBe(0);
  });
});

describe('EventQueue order (property)', () => {
  it('runs events in (time, scheduling order), skips cancelled ones, and resumes a sliced run exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.integer({ min: 0, max: 50 }), cancel: fc.boolean(), child: fc.option(fc.integer({ min: 0, max: 20 })) }), { maxLength: 60 }), fc.integer({ min: 1, max: 7 }), (plan, slice) => {
        const run = (sliceEvents: number) => {
          const q = new EventQueue(0);
          const ran: string[] = [];
          plan.forEach((p, i) => {
            const id = q.at(p.at, () => {
              ran.push(`${q.now()}:${i}`);
              if (p.child !== null) q.after(p.child, () => ran.push(`${q.now()}:${i}c`));
            });
            if (p.cancel) q.cancel(id);
          });
          while (!q.runUntil(100, sliceEvents));
          return ran;
        };
        const expected = plan
          .map((p, i) => ({ ...p, i }))
          .filter((p) => !p.cancel)
          .sort((a, b) => a.at - b.at || a.i - b.i);
        const whole = run(Infinity);
        expect(whole.filter((e) => !e.endsWith('c'))).toEqual(expected.map((p) => `${p.at}:${p.i}`));
        expect(run(slice)).toEqual(whole);
      }),
    );
  });
});

/** The queue's contract in its plainest form: a list searched for the least (time, seq) on every step. */
class ReferenceQueue {
  private pending: { time: number; seq: number; fn: () => void }[] = [];
  private cancelled = new Set<number>();
  private seq = 0;
  private ran = 0;
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  size(): number {
    return this.pending.length;
  }
  eventsRun(): number {
    return this.ran;
  }
  at(time: number, fn: () => void): number {
    const seq = this.seq++;
    this.pending.push({ time: Math.max(time, this.current), seq, fn });
    return seq;
  }
  after(delayMs: number, fn: () => void): number {
    return this.at(this.current + delayMs, fn);
  }
  cancel(id: number): void {
    this.cancelled.add(id);
  }
  runUntil(time: number, maxEvents = Infinity): boolean {
    let budget = maxEvents;
    for (;;) {
      let next = -1;
      this.pending.forEach((e, i) => {
        const best = this.pending[next];
        if (e.time <= time && (!best || e.time < best.time || (e.time === best.time && e.seq < best.seq))) next = i;
      });
      if (next < 0) break;
      if (budget <= 0) return false;
      const [e] = this.pending.splice(next, 1);
      if (this.cancelled.delete(e!.seq)) continue;
      this.current = e!.time;
      this.ran++;
      budget--;
      e!.fn();
    }
    if (time > this.current) this.current = time;
    return true;
  }
  drain(): void {
    this.runUntil(this.current);
  }
  jump(deltaMs: number): void {
    for (const e of this.pending) e.time += deltaMs;
    this.current += deltaMs;
  }
}

type Queue = Pick<EventQueue, 'now' | 'size' | 'eventsRun' | 'at' | 'after' | 'cancel' | 'runUntil' | 'drain' | 'jump'>;

/** A delay: same instant, a few ms, a fraction, the past, or far ahead (exercising every byte of the time's key). */
const delay = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 40 }).map((n) => n / 8), fc.integer({ min: -160, max: -1 }).map((n) => n / 8), fc.integer({ min: 0, max: 2 ** 40 }));
const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('at' as const), delay, child: fc.option(fc.record({ delay, cancel: fc.option(fc.nat()), drain: fc.boolean() })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('run' as const), delay, max: fc.option(fc.integer({ min: 0, max: 4 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drain' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('jump' as const), delay: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 40 }).map((n) => n / 4)) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Drives a queue through `ops` and records everything observable: what ran when, return values, clock, size, count. */
function transcript(q: Queue, ops: Op[]): string[] {
  const log: string[] = [];
  const ids: number[] = [];
  const pick = (n: number) => (n % 5 === 4 ? 1_000_000 + n : ids[n % Math.max(ids.length, 1)] ?? n);
  ops.forEach((o, i) => {
    if (o.kind === 'at') {
      ids.push(
        q.at(q.now() + o.delay, () => {
          log.push(`${i}@${q.now()}`);
          const c = o.child;
          if (!c) return;
          ids.push(q.after(c.delay, () => log.push(`${i}c@${q.now()}`)));
          if (c.cancel !== null) q.cancel(pick(c.cancel));
          if (c.drain) q.drain();
        }),
      );
    } else if (o.kind === 'cancel') q.cancel(pick(o.pick));
    else if (o.kind === 'run') log.push(`run ${q.runUntil(q.now() + o.delay, o.max ?? Infinity)}`);
    else if (o.kind === 'drain') q.drain();
    else q.jump(o.delay);
    log.push(`now ${q.now()} size ${q.size()} ran ${q.eventsRun()}`);
  });
  while (!q.runUntil(q.now() + 2 ** 42, 3)) log.push(`slice ${q.now()}`);
  log.push(`end ${q.now()} size ${q.size()} ran ${q.eventsRun()}`);
  return log;
}

describe('EventQueue against a reference model (property)', () => {
  it('matches a plain (time, seq) list through interleaved at/cancel/runUntil(maxEvents)/drain/jump, events scheduling and cancelling from inside', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1000, -250.5, 1_796_000_000_000), fc.array(op, { maxLength: 120 }), (start, ops) => {
        expect(transcript(new EventQueue(start), ops)).toEqual(transcript(new ReferenceQueue(start), ops));
      }),
      { numRuns: 300 },
    );
  });

  it('runs many events spread over every scale of time in (time, seq) order', () => {
    const q = new EventQueue(1_796_000_000_000);
    const want: [number, number][] = [];
    const got: [number, number][] = [];
    let x = 12345;
    for (let seq = 0; seq < 20_000; seq++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const time = q.now() + [x % 7, x % 1000, (x % 4000) / 8, x * 1000][x % 4]!;
      want.push([time, seq]);
      q.at(time, () => got.push([q.now(), seq]));
    }
    want.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    q.runUntil(Infinity);
    expect(got).toEqual(want);
  });
});
