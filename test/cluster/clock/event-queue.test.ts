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
