import { describe, it, expect } from 'vitest';
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
