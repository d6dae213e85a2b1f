/**
 * The EventCorrelator held to a plain model of client-go's events_cache.go: the keys made by the
 * plain definitions (eventKey, spamKey, aggregatorKeys) and three LRUs that move an entry on every
 * add. The correlator's shortcuts (keys read once from frozen references, the stored event's entry
 * updated where observe left it, an entry already newest not moved) must give the same event, skip,
 * name and count at every step, and the same evictions with caches of a few entries.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventCorrelator, aggregateMessage, aggregatorKeys, eventKey, spamKey } from '../../../src/cluster/client/event-correlator.js';
import { TokenBucket } from '../../../src/cluster/client/token-bucket.js';
import { isoSeconds } from '../../../src/cluster/clock/time-text.js';

type Obj = Record<string, any>;

/** An LRU as a list: add moves the key last, past the size the first goes. */
class ModelLru<V> {
  private readonly order: string[] = [];
  private readonly values = new Map<string, V>();
  constructor(private readonly size: number) {}
  peek(key: string): V | undefined {
    return this.values.get(key);
  }
  add(key: string, value: V): void {
    const at = this.order.indexOf(key);
    if (at >= 0) this.order.splice(at, 1);
    this.order.push(key);
    this.values.set(key, value);
    if (this.order.length > this.size) this.values.delete(this.order.shift()!);
  }
}

/** events_cache.go's EventCorrelate and UpdateState, step by step, with nothing remembered between calls but the caches. */
class ModelCorrelator {
  private readonly aggregates: ModelLru<{ localKeys: string[]; last: number }>;
  private readonly logs: ModelLru<{ count: number; firstTimestamp: unknown; name: string; resourceVersion: unknown }>;
  private readonly spam: ModelLru<TokenBucket>;
  constructor(
    private readonly now: () => number,
    private readonly eventName: (name: string, at: number) => string,
    size: number,
    private readonly burst: number,
    private readonly maxEvents: number,
  ) {
    this.aggregates = new ModelLru(size);
    this.logs = new ModelLru(size);
    this.spam = new ModelLru(size);
  }
  correlate(event: Obj): { event: Obj; skip: boolean } {
    const now = this.now();
    const [groupKey, localKey] = aggregatorKeys(event);
    let record = this.aggregates.peek(groupKey);
    if (!record || now - record.last > 600_000) record = { localKeys: [], last: now };
    if (!record.localKeys.includes(localKey)) record.localKeys.push(localKey);
    record.last = now;
    this.aggregates.add(groupKey, record);
    let aggregated = event;
    let key = eventKey(event);
    if (record.localKeys.length >= this.maxEvents) {
      record.localKeys.shift();
      const stamp = isoSeconds(now);
      aggregated = { apiVersion: 'v1', kind: 'Event', metadata: { name: this.eventName(event.involvedObject.name, now), namespace: event.metadata.namespace }, involvedObject: event.involvedObject, reason: event.reason, message: aggregateMessage(event), source: event.source, firstTimestamp: stamp, lastTimestamp: stamp, count: 1, type: event.type, eventTime: null, reportingComponent: '', reportingInstance: '' };
      key = groupKey;
    }
    const last = this.logs.peek(key);
    let observed = aggregated;
    if (last && last.count > 0) observed = { ...aggregated, metadata: { ...aggregated.metadata, name: last.name, resourceVersion: last.resourceVersion }, firstTimestamp: last.firstTimestamp, count: last.count + 1 };
    this.logs.add(key, { count: observed.count, firstTimestamp: observed.firstTimestamp, name: observed.metadata.name, resourceVersion: observed.metadata.resourceVersion });
    const bucketKey = spamKey(observed);
    const bucket = this.spam.peek(bucketKey) ?? new TokenBucket(1 / 300, this.burst);
    const skip = !bucket.tryAccept(this.now());
    this.spam.add(bucketKey, bucket);
    return { event: observed, skip };
  }
  updateState(event: Obj): void {
    this.logs.add(eventKey(event), { count: event.count ?? 0, firstTimestamp: event.firstTimestamp, name: event.metadata.name, resourceVersion: event.metadata.resourceVersion });
  }
}

const frozenSource = (host: string) => Object.freeze({ component: 'kubelet', host });
const frozenRef = (name: string, fieldPath?: string) => Object.freeze({ kind: 'Pod', namespace: 'default', name, uid: `uid-${name}`, apiVersion: 'v1', ...(fieldPath ? { fieldPath } : {}) });
const SOURCES = [frozenSource('node-1'), frozenSource('node-2')];
const REFS = [frozenRef('web'), frozenRef('web', 'spec.containers{web}'), frozenRef('api', 'spec.containers{web}')];

/** What a step does: record an event (then store it as the server would, a changed copy, or not at all), change the unfrozen object, or let time pass. */
const step = fc.oneof(
  {
    arbitrary: fc.record({
      source: fc.nat(2),
      ref: fc.nat(REFS.length),
      type: fc.constantFrom('Normal', 'Warning'),
      reason: fc.constantFrom('Pulled', 'Started', 'BackOff'),
      message: fc.nat(12).map((i) => `message ${i}`),
      reporting: fc.boolean(),
      stored: fc.constantFrom('same', 'same', 'same', 'message', 'object', 'mutated', 'none'),
    }),
    weight: 8,
  },
  { arbitrary: fc.constant('mutate' as const), weight: 1 },
  { arbitrary: fc.constantFrom(0, 1000, 300_000, 700_000), weight: 2 },
);

describe('EventCorrelator against a plain model of events_cache.go', () => {
  it('gives the same events, skips, names and counts, and evicts the same entries', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 10 }), (steps, size, burst, maxEvents) => {
        let t = Date.parse('2026-11-10T12:00:00Z');
        const now = () => t;
        let a = 0;
        let b = 0;
        const correlator = new EventCorrelator(now, (name, at) => `${name}.${at}.${a++}`, { lruCacheSize: size, burstSize: burst, maxEvents });
        const model = new ModelCorrelator(now, (name, at) => `${name}.${at}.${b++}`, size, burst, maxEvents);
        // An unfrozen source and object, shared by the events that use them and changed in place now and then.
        const mutableSource: Obj = { component: 'kubelet', host: 'node-1' };
        const mutableRef: Obj = { kind: 'Pod', namespace: 'default', name: 'web', uid: 'uid-web', apiVersion: 'v1' };
        let stored = 0;
        const mutate = () => {
          mutableRef.name = mutableRef.name === 'web' ? 'api' : 'web';
          mutableSource.host = mutableSource.host === 'node-1' ? 'node-2' : 'node-1';
        };
        for (const s of steps) {
          if (s === 'mutate') {
            mutate();
            continue;
          }
          if (typeof s === 'number') {
            t += s;
            continue;
          }
          const event: Obj = {
            apiVersion: 'v1',
            kind: 'Event',
            metadata: { name: `made.${stored}`, namespace: 'default' },
            involvedObject: s.ref === REFS.length ? mutableRef : REFS[s.ref],
            reason: s.reason,
            message: s.message,
            source: s.source === 2 ? mutableSource : SOURCES[s.source],
            firstTimestamp: isoSeconds(t),
            lastTimestamp: isoSeconds(t),
            count: 1,
            type: s.type,
            eventTime: null,
            reportingComponent: s.reporting ? 'kubelet' : '',
            reportingInstance: s.reporting ? 'node-1' : '',
          };
          const got = correlator.correlate(event);
          const want = model.correlate(event);
          expect(JSON.stringify(got.event)).toBe(JSON.stringify(want.event));
          expect(got.skip).toBe(want.skip);
          if (got.skip || s.stored === 'none') continue;
          // The API server returns the event with its source and involvedObject as sent (shared when frozen).
          const written: Obj = { ...got.event, metadata: { ...got.event.metadata, resourceVersion: String(++stored) } };
          if (s.stored === 'message') written.message = 'changed by the server';
          if (s.stored === 'object') written.involvedObject = REFS[(REFS.indexOf(got.event.involvedObject) + 1) % REFS.length];
          // The unfrozen object changed while the event was being written: the stored event names what it holds now.
          if (s.stored === 'mutated') mutate();
          correlator.updateState(written);
          model.updateState(written);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
