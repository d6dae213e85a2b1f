/**
 * Event recorders. The legacy core/v1 recorder (kubelet, controllers)
 * aggregates repeats into `count`/`lastTimestamp`; the events.k8s.io/v1
 * recorder (scheduler) keeps `eventTime` and grows a `series`.
 * client-go tools/record and tools/events.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import { isoMicro, isoSeconds } from '../clock/time-text.js';
import { flatConcat, intern } from '../flat-string.js';
import { EventCorrelator, type CorrelatorOptions } from './event-correlator.js';
import { LruCache } from './lru.js';
import { EventSeriesCache, type SweepTimers } from './event-series.js';
import { writeEvent } from './event-sink.js';

/** Who reports: `source.component`/`source.host` for core/v1, reportingController/Instance for events.k8s.io. */
export interface EventSource {
  component: string;
  host?: string;
  /** events.k8s.io reportingInstance, e.g. `default-scheduler-cp-1`. */
  instance?: string;
}

type Obj = Record<string, any>;

/** The events.k8s.io recorder's empty core/v1 `source` (frozen, so the API server keeps it shared). */
const NO_SOURCE: Obj = Object.freeze({});

/**
 * The involvedObject of an event about `object` (key order of v1.ObjectReference's JSON;
 * keys with no value left out, as decoding the request would): frozen and of strings
 * only, so the API server stores it shared and events about one object version share it.
 */
function objectReference(object: KubeObject, fieldPath: string | undefined): Obj {
  const m = object.metadata;
  const { apiVersion, kind } = object;
  const { name, namespace, uid, resourceVersion } = m;
  // A stored object has every one of them: a literal keeps its keys in the object itself (`{}` has room for
  // four, the rest going to a separate array), and is made without a transition per key.
  if (apiVersion !== undefined && kind !== undefined && name !== undefined && namespace !== undefined && uid !== undefined && resourceVersion !== undefined) {
    return Object.freeze(fieldPath ? { apiVersion, kind, name, namespace, uid, resourceVersion, fieldPath } : { apiVersion, kind, name, namespace, uid, resourceVersion });
  }
  const ref: Obj = {};
  if (object.apiVersion !== undefined) ref.apiVersion = object.apiVersion;
  if (object.kind !== undefined) ref.kind = object.kind;
  if (m.name !== undefined) ref.name = m.name;
  if (m.namespace !== undefined) ref.namespace = m.namespace;
  if (m.uid !== undefined) ref.uid = m.uid;
  if (m.resourceVersion !== undefined) ref.resourceVersion = m.resourceVersion;
  if (fieldPath) ref.fieldPath = fieldPath;
  return Object.freeze(ref);
}

/** Whether `ref` (an earlier event's involvedObject) is what objectReference(object, fieldPath) would make now. */
function refersTo(ref: Obj, object: KubeObject, fieldPath: string | undefined): boolean {
  const m = object.metadata;
  return (
    ref.resourceVersion === m.resourceVersion &&
    ref.fieldPath === (fieldPath || undefined) &&
    ref.uid === m.uid &&
    ref.name === m.name &&
    ref.namespace === m.namespace &&
    ref.kind === object.kind &&
    ref.apiVersion === object.apiVersion
  );
}

/** How a recorder reads the simulation's time beyond `now`. */
export interface RecorderClock {
  /** The idle time warm-up has skipped so far: windows, buckets and loops run on the time the cluster lived through. */
  skipped?: () => number;
  /** Timers for the events.k8s.io recorder's refresh and finish loops (none: no loops). */
  timers?: SweepTimers;
  /** EventCorrelator options (tests). */
  correlator?: CorrelatorOptions;
}

/** Records events about objects as one component. */
export class EventRecorder {
  /** The legacy recorder's EventCorrelator (one per broadcaster, as each component makes its own). */
  private readonly correlator: EventCorrelator;
  /** The events.k8s.io recorder's cache of isomorphic events and their series. */
  private readonly series: EventSeriesCache;
  /**
   * The involvedObject last made per object uid and field path, for events about the same
   * object version to share one frozen copy (bounded like the correlator's caches).
   */
  private readonly refs = new LruCache<Obj>(4096);
  /** The involvedObject reference() answered last, and the object it was asked about. */
  private lastRef: Obj | undefined;
  private lastRefObject: KubeObject | undefined;
  private ownSeq = 0;
  /** The core/v1 `source` every event of this recorder carries (the API server copies a request body; it is never changed). */
  private coreSourceBody: Obj | undefined;

  constructor(
    private readonly client: ApiClient,
    private readonly source: EventSource,
    private readonly now: () => number,
    private readonly style: 'core' | 'events.k8s.io' = 'core',
    /** Cluster-wide sequence, so names sort in creation order like upstream's UnixNano suffix. */
    private readonly sequence: () => number = () => this.ownSeq++,
    clock: RecorderClock = {},
  ) {
    const skipped = clock.skipped ?? (() => 0);
    this.correlator = new EventCorrelator(now, (name, at) => this.eventName(name, at), clock.correlator, skipped);
    this.series = new EventSeriesCache(client, now, () => now() - skipped(), clock.timers);
  }

  /** The component stopped: the events.k8s.io loops end with it. */
  stop(): void {
    this.series.stop();
  }

  private coreSource(): Obj {
    const { component, host } = this.source;
    const made = this.coreSourceBody;
    if (made && made.component === component && made.host === host) return made;
    return (this.coreSourceBody = Object.freeze(host ? { component, host } : { component }));
  }

  /** client-go names events `<object>.<UnixNano in hex>`; the sequence stands in for the nanoseconds. */
  private eventName(objectName: string, at: number): string {
    // Events come in runs at one millisecond (Pulled, Created, Started): its nanoseconds are made once.
    if (at !== this.nameAt) {
      this.nameAt = at;
      this.nameNanos = BigInt(at) * 1_000_000n;
    }
    return flatConcat(objectName, '.', (this.nameNanos + BigInt(this.sequence() % 1_000_000)).toString(16));
  }

  /** The millisecond eventName named at last, and it in nanoseconds. */
  private nameAt = NaN;
  private nameNanos = 0n;

  /** The involvedObject of an event about `object`: the one made last for this object version and field path, or a new one. */
  private reference(object: KubeObject, fieldPath: string | undefined): Obj {
    // Events about one object come in runs (Pulled, Created, Started): the last one made is the newest entry of refs.
    const last = this.lastRef;
    if (last && object === this.lastRefObject && refersTo(last, object, fieldPath)) return last;
    const key = flatConcat(object.metadata.uid ?? '', '\0', fieldPath ?? '');
    const made = this.refs.get(key);
    let ref: Obj;
    if (made && refersTo(made, object, fieldPath)) ref = made;
    else this.refs.add(key, (ref = objectReference(object, fieldPath)));
    this.lastRef = ref;
    this.lastRefObject = object;
    return ref;
  }

  /** Records an event; `fieldPath` like `spec.containers{nginx}`. */
  record(object: KubeObject, type: 'Normal' | 'Warning', reason: string, rawMessage: string, rawFieldPath?: string, action?: string): void {
    // Field paths and messages repeat across pods of one template (`spec.containers{web}`,
    // `Started container web`): the events of all of them share one copy of each.
    const message = intern(rawMessage);
    const fieldPath = rawFieldPath === undefined ? undefined : intern(rawFieldPath);
    if (this.style === 'core') this.recordCore(object, type, reason, message, fieldPath);
    else this.recordSeries(object, type, reason, message, fieldPath, action);
  }

  /**
   * The legacy recorder (tools/record event.go): makeEvent, then the
   * correlator, then recordEvent: a count above 1 patches the stored event
   * (count, lastTimestamp, message), and one that is gone is created again.
   */
  private recordCore(object: KubeObject, type: string, reason: string, message: string, fieldPath: string | undefined): void {
    const now = this.now();
    const stamp = isoSeconds(now);
    // v1.Event's key order; written out rather than spread from head(): a spread takes V8's slow copy path.
    const made: Obj = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: this.eventMetadata(object, now),
      involvedObject: this.reference(object, fieldPath),
      reason,
      message,
      source: this.coreSource(),
      firstTimestamp: stamp,
      lastTimestamp: stamp,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: this.source.component,
      reportingInstance: this.source.host ?? '',
    };
    const result = this.correlator.correlate(made);
    if (result.skip) return;
    const event = result.event;
    // A repeat patches count, lastTimestamp and message onto the stored event (created again with the
    // name, first timestamp and count the correlator remembers if it is gone); a first occurrence is created.
    const patch = event.count > 1 ? { count: event.count, lastTimestamp: event.lastTimestamp, message: event.message } : undefined;
    const written = writeEvent(this.client, event, patch);
    if (written?.ok) this.correlator.updateState(written.value as Obj);
  }

  /** The events.k8s.io recorder (tools/events makeEvent), its repeats counted as a series (event-series.ts). */
  private recordSeries(object: KubeObject, type: string, reason: string, message: string, fieldPath: string | undefined, action: string | undefined): void {
    const now = this.now();
    this.series.record({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: this.eventMetadata(object, now),
      involvedObject: this.reference(object, fieldPath),
      reason,
      message,
      source: NO_SOURCE,
      firstTimestamp: null,
      lastTimestamp: null,
      type,
      eventTime: isoMicro(now),
      action: action ?? reason,
      reportingComponent: this.source.component,
      reportingInstance: this.source.instance ?? this.source.component,
    });
  }

  /** makeEvent's name and namespace (`default` for a cluster-scoped object). */
  private eventMetadata(object: KubeObject, now: number): Obj {
    return { name: this.eventName(String(object.metadata.name), now), namespace: object.metadata.namespace || 'default' };
  }
}
