/**
 * The EventCorrelator against client-go's own cases (tools/record/events_cache_test.go
 * at v0.32.0: TestEventCorrelator, TestEventSpamFilter, TestEventAggregatorByReasonFunc),
 * with upstream's SimpleIntervalClock: every reading of the clock moves it on by one interval.
 */
import { describe, it, expect } from 'vitest';
import { EventCorrelator, aggregateMessage, aggregatorKeys, AGGREGATE_MAX_EVENTS, AGGREGATE_INTERVAL_SECONDS, SPAM_BURST, type CorrelatorOptions } from '../../../src/cluster/client/event-correlator.js';
import { TokenBucket } from '../../../src/cluster/client/token-bucket.js';
import { LruCache } from '../../../src/cluster/client/lru.js';

type Obj = Record<string, any>;

const T0 = Date.parse('2026-11-10T12:00:00Z');

/** makeEvent of events_cache_test.go. */
function makeEvent(reason: string, message: string, involvedObject: Obj): Obj {
  return { metadata: { name: 'test', namespace: 'default' }, involvedObject, reason, message, source: { component: 'kubelet', host: 'kublet.node1' }, count: 1, type: 'Normal' };
}

/** makeObjectReference (every reference names the same container). */
function ref(kind: string, name: string, namespace: string): Obj {
  return { kind, name, namespace, uid: 'C934D34AFB20242', apiVersion: 'version', fieldPath: 'spec.containers{mycontainer}' };
}

/** A correlator on a SimpleIntervalClock (each `now()` is one interval later), with names that say when they were made. */
function intervalCorrelator(intervalSeconds: number, options: CorrelatorOptions = {}) {
  let t = T0;
  const now = () => {
    const at = t;
    t += intervalSeconds * 1000;
    return at;
  };
  let n = 0;
  return { correlator: new EventCorrelator(now, (name) => `${name}.${n++}`, options), now };
}

/** The test's loop: previous events go through the correlator (and, unless skipped, into its state as if stored), then the new one. */
function play(intervalSeconds: number, previous: Obj[], next: Obj) {
  const { correlator, now } = intervalCorrelator(intervalSeconds);
  let stored = 0;
  for (const e of previous) {
    now();
    const r = correlator.correlate(e);
    if (!r.skip) correlator.updateState({ ...r.event, metadata: { ...r.event.metadata, resourceVersion: String(++stored) } });
  }
  now();
  return correlator.correlate(next);
}

const firstEvent = makeEvent('first', 'i am first', ref('Pod', 'my-pod', 'my-ns'));
const duplicateEvent = makeEvent('duplicate', 'me again', ref('Pod', 'my-pod', 'my-ns'));
const uniqueEvent = makeEvent('unique', 'snowflake', ref('Pod', 'my-pod', 'my-ns'));
const similarEvent = makeEvent('similar', 'similar message', { ...ref('Pod', 'my-pod', 'my-ns'), fieldPath: 'spec.containers{container1}' });
const similarButDifferentContainer = { ...similarEvent, involvedObject: { ...similarEvent.involvedObject, fieldPath: 'spec.containers{container2}' } };

const times = (n: number, e: Obj) => Array.from({ length: n }, () => e);
/** makeUniqueEvents: each about a pod of its own. */
const unique = (n: number) => Array.from({ length: n }, (_, i) => makeEvent(`reason-${i}`, `message-${i}`, ref('Pod', `pod-${i}`, `ns-${i}`)));
/** makeSimilarEvents: the same event with messages `<prefix>-0-<message>`, `<prefix>-1-<message>`, ... */
const similar = (n: number, e: Obj) => Array.from({ length: n }, (_, i) => ({ ...e, message: `${e.message}-${i}-${e.message}` }));

describe('EventCorrelator (TestEventCorrelator)', () => {
  it('create-a-single-event', () => {
    const r = play(5, [], firstEvent);
    expect([r.skip, r.event.count, r.event.message]).toEqual([false, 1, 'i am first']);
  });

  it('the-same-event-should-just-count', () => {
    expect(play(5, times(1, duplicateEvent), duplicateEvent).event.count).toBe(2);
  });

  it('the-same-event-should-just-count-even-if-more-than-aggregate', () => {
    const r = play(30, times(AGGREGATE_MAX_EVENTS, duplicateEvent), duplicateEvent);
    expect([r.skip, r.event.count, r.event.message]).toEqual([false, AGGREGATE_MAX_EVENTS + 1, 'me again']);
  });

  it('the-same-event-is-spam-if-happens-too-frequently', () => {
    expect(play(1, times(SPAM_BURST + 1, duplicateEvent), duplicateEvent).skip).toBe(true);
  });

  it('create-many-unique-events', () => {
    const r = play(5, unique(30), uniqueEvent);
    expect([r.skip, r.event.count, r.event.message]).toEqual([false, 1, 'snowflake']);
  });

  it('similar-events-should-aggregate-event', () => {
    const r = play(5, similar(AGGREGATE_MAX_EVENTS - 1, similarEvent), similarEvent);
    expect([r.skip, r.event.count, r.event.message, r.event.reason]).toEqual([false, 1, aggregateMessage(similarEvent), 'similar']);
    expect(r.event.involvedObject).toBe(similarEvent.involvedObject);
    expect([r.event.reportingComponent, r.event.reportingInstance]).toEqual(['', '']);
  });

  it('similar-events-many-times-should-count-the-aggregate', () => {
    const r = play(5, similar(AGGREGATE_MAX_EVENTS, similarEvent), similarEvent);
    expect([r.event.count, r.event.message]).toEqual([2, '(combined from similar events): similar message']);
  });

  it('events-from-different-containers-do-not-aggregate', () => {
    const r = play(5, times(1, similarButDifferentContainer), similarEvent);
    expect([r.event.count, r.event.message]).toEqual([1, 'similar message']);
  });

  it('similar-events-whose-interval-is-greater-than-aggregate-interval-do-not-aggregate', () => {
    const r = play(AGGREGATE_INTERVAL_SECONDS, similar(AGGREGATE_MAX_EVENTS - 1, similarEvent), similarEvent);
    expect([r.event.count, r.event.message]).toEqual([1, 'similar message']);
  });

  it('a repeat takes the name and first timestamp of the stored event', () => {
    const { correlator } = intervalCorrelator(5);
    const first = correlator.correlate({ ...duplicateEvent, firstTimestamp: 'first' });
    correlator.updateState({ ...first.event, metadata: { ...first.event.metadata, name: 'stored', resourceVersion: '7' } });
    const again = correlator.correlate({ ...duplicateEvent, firstTimestamp: 'later' });
    expect([again.event.metadata.name, again.event.metadata.resourceVersion, again.event.firstTimestamp, again.event.count]).toEqual(['stored', '7', 'first', 2]);
  });
});

describe('EventCorrelator spam filter (TestEventSpamFilter)', () => {
  const original = makeEvent('original', 'i am first', ref('Pod', 'my-pod', 'my-ns'));
  const differentReason = makeEvent('duplicate', 'me again', ref('Pod', 'my-pod', 'my-ns'));
  const spam = makeEvent('original', 'me again', ref('Pod', 'my-pod', 'my-ns'));
  const byObjectAndReason = (e: Obj) => [e.source.component, e.source.host, e.involvedObject.kind, e.involvedObject.namespace, e.involvedObject.name, e.involvedObject.uid, e.involvedObject.apiVersion, e.reason].join('');
  const run = (next: Obj, spamKeyFunc?: (e: Obj) => string) => {
    const { correlator } = intervalCorrelator(1, { burstSize: 1, ...(spamKeyFunc ? { spamKeyFunc } : {}) });
    const r = correlator.correlate(original);
    if (!r.skip) correlator.updateState(r.event);
    return correlator.correlate(next).skip;
  };

  it('an event about the same object is spam for the default filter, whatever its reason', () => {
    expect(run(differentReason)).toBe(true);
  });

  it('with a filter keyed by reason too, another reason passes and the same reason with another message is spam', () => {
    expect(run(differentReason, byObjectAndReason)).toBe(false);
    expect(run(spam, byObjectAndReason)).toBe(true);
  });

  it('a skipped repeat is still counted: the next one that passes carries the whole count', () => {
    // One event every 10 s: 25 pass, then one per 5 minutes.
    let t = T0;
    const correlator = new EventCorrelator(() => t, (name) => name);
    const passed: number[] = [];
    for (let i = 1; i <= 60; i++) {
      const r = correlator.correlate(duplicateEvent);
      if (!r.skip) {
        correlator.updateState(r.event);
        passed.push(r.event.count);
      }
      t += 10_000;
    }
    // Tokens: 25 at once, then the 26th comes 300 s after the 1st (a token every 300 s from t=0).
    expect(passed).toEqual([...Array.from({ length: 25 }, (_, i) => i + 1), 31, 61].filter((c) => c <= 60));
  });
});

describe('EventCorrelator aggregate groups', () => {
  /** Sends events one interval apart; answers, for each, whether it came out aggregated. */
  function aggregated(options: CorrelatorOptions, events: Obj[]): boolean[] {
    const { correlator, now } = intervalCorrelator(5, options);
    return events.map((e) => {
      now();
      return correlator.correlate(e).event.message === aggregateMessage(e);
    });
  }

  it('forget their oldest message once they aggregate: the first message aggregates again, the second passes as itself', () => {
    const messages = similar(AGGREGATE_MAX_EVENTS, similarEvent);
    const out = aggregated({}, [...messages, messages[1], messages[0]]);
    expect(out).toEqual([...Array(AGGREGATE_MAX_EVENTS - 1).fill(false), true, false, true]);
  });

  it('of at most two messages: a second message aggregates, then the group holds only the newest', () => {
    const [a, b] = similar(2, similarEvent);
    expect(aggregated({ maxEvents: 2 }, [a, a, b, a, a, b, b])).toEqual([false, false, true, true, false, true, false]);
  });

  it('of one message: every event aggregates', () => {
    const [a, b] = similar(2, similarEvent);
    expect(aggregated({ maxEvents: 1 }, [a, a, b])).toEqual([true, true, true]);
  });
});

describe('EventCorrelator keys (TestEventAggregatorByReasonFunc)', () => {
  it('groups by reason and object, not by message', () => {
    const e1 = makeEvent('end-of-world', 'it was fun', ref('Pod', 'pod1', 'other'));
    const e2 = makeEvent('end-of-world', 'it was awful', ref('Pod', 'pod1', 'other'));
    const e3 = makeEvent('nevermind', 'it was a bug', ref('Pod', 'pod1', 'other'));
    const [a1, l1] = aggregatorKeys(e1);
    const [a2, l2] = aggregatorKeys(e2);
    const [a3] = aggregatorKeys(e3);
    expect(a1).toBe(a2);
    expect(l1).not.toBe(l2);
    expect(a1).not.toBe(a3);
  });
});

describe('TokenBucket (x/time/rate AllowN)', () => {
  it('starts full, refuses past the burst and refills one token per 1/qps seconds', () => {
    const b = new TokenBucket(1 / 300, 2);
    expect([b.tryAccept(0), b.tryAccept(0), b.tryAccept(0)]).toEqual([true, true, false]);
    expect(b.tryAccept(299_000)).toBe(false);
    expect(b.tryAccept(300_000)).toBe(true);
    expect(b.tryAccept(300_001)).toBe(false);
  });
});

describe('LruCache (k8s.io/utils/lru)', () => {
  it('evicts the least recently used entry', () => {
    const c = new LruCache<number>(2);
    c.add('a', 1);
    c.add('b', 2);
    c.get('a');
    c.add('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c'), c.length]).toEqual([1, undefined, 3, 2]);
  });
});

describe('EventCorrelator across a warm-up skip', () => {
  it('a group and its spent tokens outlive the idle time warm-up skipped, as the kubelet timers keep their phase', () => {
    let t = T0;
    let skipped = 0;
    const correlator = new EventCorrelator(() => t, (name) => `${name}.agg`, {}, () => skipped);
    const write = (i: number) => {
      const r = correlator.correlate({ ...similarEvent, message: `sandbox ${i}` });
      if (!r.skip) correlator.updateState(r.event);
      t += 10_000;
      return r;
    };
    // Every 10 s for 290 s: 25 tokens spent by 240 s, the next one comes at 300 s of lived time.
    for (let i = 0; i < 29; i++) write(i);
    // Three hours skipped: lived time goes on from where it was (290 s).
    t += 3 * 3_600_000;
    skipped += 3 * 3_600_000;
    const after = write(29);
    expect(after.event.message).toBe('(combined from similar events): sandbox 29');
    expect(after.skip).toBe(true);
    expect(write(30).skip).toBe(false);
  });
});
