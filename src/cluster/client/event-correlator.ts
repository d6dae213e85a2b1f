/**
 * client-go's EventCorrelator (tools/record/events_cache.go, v0.32), which
 * every legacy core/v1 event recorder (kubelet, controllers) runs before
 * writing an event:
 *
 * - the aggregator groups events that differ only in their message (same
 *   source, object, type, reason, reporting controller and instance): the
 *   10th distinct message within 10 minutes of the group's last event turns
 *   into a new event `(combined from similar events): <message>`, and later
 *   ones count on it;
 * - the logger counts repeats of an identical event: a repeat patches the
 *   first one (count, lastTimestamp, message), however long ago it was;
 * - the spam filter lets a source send 25 events of one type about one
 *   object, then one every 5 minutes (a token bucket per source and object);
 *   an event over the limit is dropped, though the logger has counted it.
 *
 * Events here are the wire-shaped core/v1 bodies the recorder builds.
 */
import { isoSeconds } from '../clock/time-text.js';
import { LruCache } from './lru.js';
import { TokenBucket } from './token-bucket.js';
import { CorrelatorKeys } from './correlator-keys.js';

type Obj = Record<string, any>;

/** maxLruCacheEntries: each of the three caches holds this many keys. */
const MAX_LRU_CACHE_ENTRIES = 4096;
/** defaultAggregateMaxEvents: the distinct messages of a group in the interval before aggregating. */
export const AGGREGATE_MAX_EVENTS = 10;
/** defaultAggregateIntervalInSeconds. */
export const AGGREGATE_INTERVAL_SECONDS = 600;
/** defaultSpamBurst: events a source may send about an object at once. */
export const SPAM_BURST = 25;
/** defaultSpamQPS: then one event every 5 minutes (a float32 in client-go). */
export const SPAM_QPS = 1 / 300;

/** The options NewEventCorrelatorWithOptions takes (zero values: the defaults). */
export interface CorrelatorOptions {
  /** Entries per cache. */
  lruCacheSize?: number;
  /** Spam filter burst. */
  burstSize?: number;
  /** Spam filter refill rate (tokens per second). */
  qps?: number;
  /** Distinct messages of a group before aggregating. */
  maxEvents?: number;
  /** How long a group lives after its last event. */
  maxIntervalInSeconds?: number;
  /** The spam filter's key (default getSpamKey). */
  spamKeyFunc?: (event: Obj) => string;
}

/** What EventCorrelate answers. */
export interface CorrelateResult {
  /** The event to write: a count above 1 means patching the stored event of that name. */
  event: Obj;
  /** Drop the event: the spam filter refused it. */
  skip: boolean;
}

/** getEventKey: source, object (with field path), type, reason and message, joined with no separator as upstream does (the plain definition; the correlator's keys are equal ones built by CorrelatorKeys). */
export function eventKey(event: Obj): string {
  const s = event.source ?? {};
  const o = event.involvedObject ?? {};
  return strings([s.component, s.host, o.kind, o.namespace, o.name, o.fieldPath, o.uid, o.apiVersion, event.type, event.reason, event.message]).join('');
}

/** getSpamKey: source and object (no field path), and type (the plain definition, as eventKey). */
export function spamKey(event: Obj): string {
  const s = event.source ?? {};
  const o = event.involvedObject ?? {};
  return strings([s.component, s.host, o.kind, o.namespace, o.name, o.uid, o.apiVersion, event.type]).join('');
}

/** EventAggregatorByReasonFunc: the group key (no field path, no message) and the local key (the message). */
export function aggregatorKeys(event: Obj): [aggregateKey: string, localKey: string] {
  const s = event.source ?? {};
  const o = event.involvedObject ?? {};
  const key = strings([s.component, s.host, o.kind, o.namespace, o.name, o.uid, o.apiVersion, event.type, event.reason, event.reportingComponent, event.reportingInstance]).join('');
  return [key, str(event.message)];
}

/** EventAggregatorByReasonMessageFunc. */
export function aggregateMessage(event: Obj): string {
  return `(combined from similar events): ${event.message}`;
}

/** A Go string field: absent is empty. */
/** `parts` with each non-string made empty, in place (ready to join without a second array). */
function strings(parts: unknown[]): string[] {
  for (let i = 0; i < parts.length; i++) if (typeof parts[i] !== 'string') parts[i] = '';
  return parts as string[];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * Whether eventKey(b) is eventKey(a) because b holds a's very source and object, frozen (so unchanged since a's
 * key was made), and the same type, reason and message: how the API server returns the event the recorder wrote.
 */
function sameEventKey(a: Obj, b: Obj): boolean {
  const source = a.source;
  const object = a.involvedObject;
  return (
    b.source === source &&
    b.involvedObject === object &&
    b.type === a.type &&
    b.reason === a.reason &&
    b.message === a.message &&
    // (Absent ones are frozen to isFrozen, and give empty fields either way.)
    Object.isFrozen(source) &&
    Object.isFrozen(object)
  );
}

/**
 * aggregateRecord: the distinct messages of a group and when it last saw an event. Nearly every
 * group has one message, held as the string itself: a Set per group was most of the correlator's
 * memory (about 180 bytes of each record's 210). A second message makes the Set, in arrival order.
 */
interface AggregateRecord {
  localKeys: string | Set<string>;
  lastTimestamp: number;
}

/** Adds `key` to the record's distinct messages; answers how many it holds now. */
function addLocalKey(record: AggregateRecord, key: string): number {
  const keys = record.localKeys;
  if (typeof keys !== 'string') return keys.add(key).size;
  if (keys === key) return 1;
  record.localKeys = new Set([keys, key]);
  return 2;
}

/** Drops the record's oldest message (Go's PopAny takes a random one; see aggregate). */
function dropOldestLocalKey(record: AggregateRecord): void {
  const keys = record.localKeys;
  if (typeof keys === 'string') record.localKeys = new Set();
  else keys.delete(keys.values().next().value!);
}

/** eventLog: what the logger remembers of an event it wrote. */
interface EventLog {
  count: number;
  firstTimestamp: unknown;
  name: string;
  resourceVersion: string | undefined;
}

/** Filters, aggregates, counts and de-duplicates the events of one recorder. */
export class EventCorrelator {
  private readonly aggregates: LruCache<AggregateRecord>;
  private readonly logs: LruCache<EventLog>;
  private readonly spam: LruCache<TokenBucket>;
  /** The caches' keys, equal to eventKey, spamKey and aggregatorKeys but sharing memory (correlator-keys.ts). */
  private readonly keys = new CorrelatorKeys();
  private readonly maxEvents: number;
  private readonly maxIntervalMs: number;
  private readonly burst: number;
  private readonly qps: number;
  private readonly spamKeyFunc: (event: Obj) => string;
  /**
   * The logger's newest entry while observe made it of an event's own key (not a group's): the event, and the
   * entry. updateState of the event written from it (the same frozen source and object, type, reason and
   * message: the same key) sets that entry's fields instead of making the key again and moving the entry to
   * where it already is. Only observe and updateState add to the logger, and both set or clear these
   * (two fields, not a pair: no object per event).
   */
  private observedEvent: Obj | undefined;
  private observedLog: EventLog | undefined;
  /** The group record and the token bucket added last to their caches (so the newest entry), each under its one key. */
  private newestAggregate: AggregateRecord | undefined;
  private newestBucket: TokenBucket | undefined;

  constructor(
    private readonly now: () => number,
    /** Names a new aggregate event about `objectName` at `at` (client-go: `<name>.<UnixNano in hex>`). */
    private readonly eventName: (objectName: string, at: number) => string,
    options: CorrelatorOptions = {},
    /**
     * The idle time warm-up skipped so far: the aggregation window and the token buckets run on the
     * time the cluster lived through, so a failure that went on across a skip keeps its group and its
     * spent tokens, as the kubelet's timers keep their phase.
     */
    private readonly skipped: () => number = () => 0,
  ) {
    const size = options.lruCacheSize || MAX_LRU_CACHE_ENTRIES;
    this.aggregates = new LruCache(size);
    this.logs = new LruCache(size);
    this.spam = new LruCache(size);
    this.maxEvents = options.maxEvents || AGGREGATE_MAX_EVENTS;
    this.maxIntervalMs = (options.maxIntervalInSeconds || AGGREGATE_INTERVAL_SECONDS) * 1000;
    this.burst = options.burstSize || SPAM_BURST;
    this.qps = options.qps || SPAM_QPS;
    this.spamKeyFunc = options.spamKeyFunc ?? ((event) => this.keys.spamKey(event));
  }

  /** EventCorrelate: aggregate, then count, then filter. */
  correlate(event: Obj): CorrelateResult {
    const aggregated = this.aggregate(event);
    const observed = this.observe(aggregated, this.aggregatedKey, aggregated === event);
    if (this.filter(observed)) return { event: observed, skip: true };
    return { event: observed, skip: false };
  }

  /** UpdateState: remembers the event as the server stored it (its name and resourceVersion) under its own key. */
  updateState(event: Obj): void {
    const observed = this.observedEvent;
    const log = this.observedLog;
    this.observedEvent = this.observedLog = undefined;
    if (observed && log && sameEventKey(observed, event)) {
      log.count = event.count ?? 0;
      log.firstTimestamp = event.firstTimestamp;
      log.name = event.metadata.name;
      log.resourceVersion = event.metadata.resourceVersion;
      return;
    }
    this.logs.add(this.keys.eventKey(event), { count: event.count ?? 0, firstTimestamp: event.firstTimestamp, name: event.metadata.name, resourceVersion: event.metadata.resourceVersion });
  }

  /** The logger's key of the event aggregate answered last. */
  private aggregatedKey = '';

  /** EventAggregator.EventAggregate: the event to write (its cache key for the logger in aggregatedKey). */
  private aggregate(event: Obj): Obj {
    const now = this.now();
    const lived = now - this.skipped();
    const fullKey = this.keys.eventKey(event);
    const aggregateKey = this.keys.aggregateKey(event);
    const localKey = str(event.message);
    let record = this.aggregates.peek(aggregateKey);
    // A record older than the interval (or none: the zero time) starts over.
    let held: number;
    if (!record || lived - record.lastTimestamp > this.maxIntervalMs) {
      record = { localKeys: localKey, lastTimestamp: lived };
      held = 1;
    } else {
      held = addLocalKey(record, localKey);
      record.lastTimestamp = lived;
    }
    // A record is only ever held under its one key: the newest added is the newest entry, already in place.
    if (record !== this.newestAggregate) this.aggregates.add(aggregateKey, record);
    this.newestAggregate = record;
    if (held < this.maxEvents) {
      this.aggregatedKey = fullKey;
      return event;
    }
    // Keep the set below the maximum. Go's PopAny takes whichever key map iteration gives first
    // (random); this takes the oldest, so the simulation stays deterministic.
    dropOldestLocalKey(record);
    const stamp = isoSeconds(now);
    // The aggregate copies only these fields: its reportingComponent and reportingInstance stay empty.
    const copy: Obj = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: this.eventName(event.involvedObject.name, now), namespace: event.metadata.namespace },
      involvedObject: event.involvedObject,
      reason: event.reason,
      message: aggregateMessage(event),
      source: event.source,
      firstTimestamp: stamp,
      lastTimestamp: stamp,
      count: 1,
      type: event.type,
      eventTime: null,
      reportingComponent: '',
      reportingInstance: '',
    };
    this.aggregatedKey = aggregateKey;
    return copy;
  }

  /** eventLogger.eventObserve: a repeat takes the first occurrence's name, first timestamp and the next count. */
  private observe(event: Obj, key: string, ownKey: boolean): Obj {
    const last = this.logs.peek(key);
    let observed = event;
    if (last && last.count > 0) {
      observed = { ...event, metadata: { ...event.metadata, name: last.name, resourceVersion: last.resourceVersion }, firstTimestamp: last.firstTimestamp, count: last.count + 1 };
    }
    const log: EventLog = { count: observed.count, firstTimestamp: observed.firstTimestamp, name: observed.metadata.name, resourceVersion: observed.metadata.resourceVersion };
    this.logs.add(key, log);
    this.observedEvent = ownKey ? observed : undefined;
    this.observedLog = ownKey ? log : undefined;
    return observed;
  }

  /** EventSourceObjectSpamFilter.Filter: true when the source has no token left for the object. */
  private filter(event: Obj): boolean {
    const key = this.spamKeyFunc(event);
    const bucket = this.spam.peek(key) ?? new TokenBucket(this.qps, this.burst);
    const refused = !bucket.tryAccept(this.now() - this.skipped());
    // A bucket is only ever held under its one key: the newest added is the newest entry, already in place.
    if (bucket !== this.newestBucket) this.spam.add(key, bucket);
    this.newestBucket = bucket;
    return refused;
  }
}
