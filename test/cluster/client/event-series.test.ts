/**
 * The events.k8s.io recorder's series (client-go tools/events event_broadcaster.go):
 * isomorphic events regardless of their note, the first repeat written at once, later
 * ones by the half-hourly refresh, and a series finished 6 minutes after its last repeat.
 */
import { describe, it, expect } from 'vitest';
import { EventRecorder } from '../../../src/cluster/client/event-recorder.js';
import { isomorphicKey } from '../../../src/cluster/client/event-series.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import type { TimerId } from '../../../src/cluster/clock/event-queue.js';
import { harness, pod, ok } from '../apiserver/harness.js';

type Obj = Record<string, any>;

function setup() {
  const h = harness();
  const q = h.queue;
  const recorder = new EventRecorder(h.sys, { component: 'default-scheduler', instance: 'default-scheduler-cp-1' }, () => q.now(), 'events.k8s.io', undefined, {
    timers: { after: (ms, fn) => q.after(ms, fn), cancel: (id) => q.cancel(id as TimerId) },
  });
  const events = () => (ok(h.sys.list('events', 'default')) as { items: Obj[] }).items;
  const web = ok(h.sys.create('pods', 'default', pod('web'))) as KubeObject;
  const fail = (note = '0/3 nodes are available.') => recorder.record(web, 'Warning', 'FailedScheduling', note, undefined, 'Scheduling');
  return { q, recorder, events, fail, advance: (ms: number) => q.runUntil(q.now() + ms) };
}

describe('events.k8s.io series', () => {
  it('counts a repeat with another note on the first event, keeping its note', () => {
    const { events, fail, advance } = setup();
    fail('0/3 nodes are available: 1 Insufficient cpu.');
    advance(60_000);
    fail('0/3 nodes are available: 2 Insufficient cpu.');
    expect(events().map((e) => [e.message, e.series?.count])).toEqual([['0/3 nodes are available: 1 Insufficient cpu.', 2]]);
  });

  it('writes later repeats only on the half-hourly refresh', () => {
    const { events, fail, advance } = setup();
    for (let i = 0; i < 5; i++) {
      fail();
      advance(5 * 60_000);
    }
    // Repeats at 5, 10, 15, 20 min: the one at 5 min is written, the refresh at 30 min writes the rest.
    expect(events()[0]!.series).toEqual({ count: 2, lastObservedTime: '2026-11-10T12:05:00.000000Z' });
    advance(5 * 60_000);
    expect(events()[0]!.series).toEqual({ count: 5, lastObservedTime: '2026-11-10T12:20:00.000000Z' });
  });

  it('finishes a series 6 minutes after its last repeat (final write); a later event starts afresh', () => {
    const { events, fail, advance } = setup();
    fail();
    advance(60_000);
    fail();
    advance(60_000);
    fail();
    // Ticks every 6 minutes: at 12:12 the last repeat (12:02) is more than 6 minutes old.
    advance(11 * 60_000);
    expect(events().map((e) => e.series?.count)).toEqual([3]);
    fail();
    expect(events().map((e) => e.series?.count).sort()).toEqual([3, undefined]);
  });

  it('leaves out the note but keeps the regarded object version in the key', () => {
    const e = { type: 'Warning', action: 'Scheduling', reason: 'FailedScheduling', reportingComponent: 's', reportingInstance: 's-1', involvedObject: { kind: 'Pod', name: 'web', resourceVersion: '8' } };
    expect(isomorphicKey({ ...e, message: 'a' })).toBe(isomorphicKey({ ...e, message: 'b' }));
    expect(isomorphicKey(e)).not.toBe(isomorphicKey({ ...e, involvedObject: { ...e.involvedObject, resourceVersion: '9' } }));
  });

  it('a stopped recorder writes nothing more', () => {
    const { events, recorder, fail, advance } = setup();
    fail();
    advance(60_000);
    fail();
    fail();
    recorder.stop();
    advance(60 * 60_000);
    expect(events()[0]!.series.count).toBe(2);
  });
});
