import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SchedulingQueue } from '../../../src/cluster/scheduler/queue.js';
import { makePod } from './fixtures.js';

describe('SchedulingQueue', () => {
  it('pops by priority, then by arrival', () => {
    const q = new SchedulingQueue();
    q.add(makePod('a'), 1);
    q.add(makePod('b', { priority: 10 }), 2);
    q.add(makePod('c'), 0);
    expect([q.pop(), q.pop(), q.pop()].map((e) => e?.pod.metadata?.name)).toEqual(['b', 'c', 'a']);
    expect(q.pop()).toBeUndefined();
  });

  it('an update that changes a pending pod’s priority moves it in activeQ (activeQ.Update)', () => {
    const q = new SchedulingQueue();
    q.add(makePod('a', { priority: 5 }), 0);
    q.add(makePod('b', { priority: 1 }), 0);
    q.update(makePod('b', { priority: 9 }), 1);
    expect([q.pop(), q.pop()].map((e) => e?.pod.metadata?.name)).toEqual(['b', 'a']);
  });

  it('doubles the backoff from 1s up to 10s', () => {
    const q = new SchedulingQueue();
    expect([1, 2, 3, 4, 5, 6].map((n) => q.backoffDuration(n))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('moves unschedulable pods only on events their plugins care about, respecting backoff', () => {
    const q = new SchedulingQueue();
    q.add(makePod('p'), 0);
    const e = q.pop()!;
    q.addUnschedulable(e, new Set(['NodeResourcesFit']), 1000);
    q.moveAllToActiveOrBackoff('NodeLabelChange', 1500);
    expect(q.where('default/p')).toBe('unschedulable');
    q.moveAllToActiveOrBackoff('AssignedPodDelete', 1500);
    expect(q.where('default/p')).toBe('backoff'); // backoff of attempt 1 ends at 2000
    q.flushBackoffCompleted(1999);
    expect(q.where('default/p')).toBe('backoff');
    q.flushBackoffCompleted(2000);
    expect(q.where('default/p')).toBe('active');
  });

  it('sends errors to backoffQ and retries leftovers after 5 minutes', () => {
    const q = new SchedulingQueue();
    q.add(makePod('err'), 0);
    q.addUnschedulable(q.pop()!, new Set(), 0);
    expect(q.where('default/err')).toBe('backoff');
    q.add(makePod('stuck'), 0);
    q.addUnschedulable(q.pop()!, new Set(['TaintToleration']), 0);
    q.flushUnschedulableLeftover(300_000);
    expect(q.where('default/stuck')).toBe('unschedulable');
    q.flushUnschedulableLeftover(300_001);
    expect(q.where('default/stuck')).toBe('active');
  });

  it('retries an unschedulable pod whose spec changed, and forgets deleted pods', () => {
    const q = new SchedulingQueue();
    q.add(makePod('p'), 0);
    q.addUnschedulable(q.pop()!, new Set(['TaintToleration']), 0);
    q.update(makePod('p', { spec: { tolerations: [{ operator: 'Exists' }] } }), 20_000);
    expect(q.where('default/p')).toBe('active');
    q.delete('default/p');
    expect(q.sizes()).toEqual({ active: 0, backoff: 0, unschedulable: 0 });
  });
});

describe('activeQ as a heap (PrioritySort)', () => {
  it('pops by priority (highest first), then by timestamp, then by arrival, whatever the insertion order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ priority: fc.integer({ min: -2, max: 2 }), at: fc.nat(5) }), { maxLength: 60 }), (pods) => {
        const q = new SchedulingQueue();
        pods.forEach((p, i) => q.add(makePod(`p${i}`, { priority: p.priority }), p.at));
        const popped: number[] = [];
        for (let e = q.pop(); e; e = q.pop()) popped.push(Number(e.pod.metadata?.name?.slice(1)));
        const expected = pods.map((_, i) => i).sort((a, b) => {
          const [pa, pb] = [pods[a]!, pods[b]!];
          return pb.priority - pa.priority || pa.at - pb.at || a - b;
        });
        expect(popped).toEqual(expected);
      }),
    );
  });

  it('keeps the order when pods are deleted from the middle of the heap', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }), fc.array(fc.nat(29)), (priorities, gone) => {
        const q = new SchedulingQueue();
        priorities.forEach((priority, i) => q.add(makePod(`p${i}`, { priority }), 0));
        for (const i of gone) q.delete(`default/p${i}`);
        const left = priorities.map((p, i) => ({ p, i })).filter(({ i }) => !gone.includes(i));
        const popped: string[] = [];
        for (let e = q.pop(); e; e = q.pop()) popped.push(e.key);
        expect(popped).toEqual([...left].sort((a, b) => b.p - a.p || a.i - b.i).map(({ i }) => `default/p${i}`));
      }),
    );
  });

  it('flushes backoffQ from its earliest expiry only, in the order pods entered it', () => {
    const q = new SchedulingQueue();
    for (const name of ['a', 'b', 'c']) q.add(makePod(name), 0);
    const [a, b, c] = [q.pop()!, q.pop()!, q.pop()!];
    // Errors: backoff 1s from the failure time.
    q.addUnschedulable(b, new Set(), 500);
    q.addUnschedulable(a, new Set(), 0);
    q.addUnschedulable(c, new Set(), 2_000);
    q.flushBackoffCompleted(1_600);
    expect(q.sizes()).toEqual({ active: 2, backoff: 1, unschedulable: 0 });
    // Same timestamp on the way out: b entered backoffQ before a.
    expect([q.pop()?.key, q.pop()?.key, q.pop()]).toEqual(['default/b', 'default/a', undefined]);
    q.flushBackoffCompleted(2_999);
    expect(q.where('default/c')).toBe('backoff');
    q.flushBackoffCompleted(3_000);
    expect(q.where('default/c')).toBe('active');
  });
});
