/**
 * Event recorders. The legacy core/v1 recorder (kubelet, controllers)
 * aggregates repeats into `count`/`lastTimestamp`; the events.k8s.io/v1
 * recorder (scheduler) keeps `eventTime` and grows a `series`.
 * client-go tools/record and tools/events.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import { isoMicro, isoSeconds } from '../clock/time-text.js';
import { flatConcat, intern } from '../flat-string.js';

/** Who reports: `source.component`/`source.host` for core/v1, reportingController/Instance for events.k8s.io. */
export interface EventSource {
  component: string;
  host?: string;
  /** events.k8s.io reportingInstance, e.g. `default-scheduler-cp-1`. */
  instance?: string;
}

type Obj = Record<string, any>;

/** Repeats of the same event within this window are counted on one object (client-go EventCorrelator). */
const AGGREGATE_WINDOW_MS = 10 * 60 * 1000;
/** events.k8s.io isomorphic events within this window become a series. */
const SERIES_WINDOW_MS = 6 * 60 * 1000;

/** An event this recorder made lately: repeats of it within the window update it. */
interface Recent {
  fieldPath: string;
  reason: string;
  message: string;
  /** The stored event's name and namespace. */
  name: string;
  namespace: string;
  last: number;
  /** The event's frozen involvedObject, for later events about the same object version and field path to share. */
  about: Obj;
}

/** The events.k8s.io recorder's empty core/v1 `source` (frozen, so the API server keeps it shared). */
const NO_SOURCE: Obj = Object.freeze({});

/**
 * The involvedObject of an event about `object` (key order of v1.ObjectReference's JSON;
 * keys with no value left out, as decoding the request would): frozen and of strings
 * only, so the API server stores it shared and events about one object version share it.
 */
function objectReference(object: KubeObject, fieldPath: string | undefined): Obj {
  const m = object.metadata;
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

/** Records events about objects as one component. */
export class EventRecorder {
  /**
   * Recent events by the uid of the object they are about (client-go keys its aggregator
   * by source, object, reason and message): per object a short list, so no key string is
   * built and kept per event.
   */
  private readonly recent = new Map<string, Recent[]>();
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
  ) {}

  private coreSource(): Obj {
    const { component, host } = this.source;
    const made = this.coreSourceBody;
    if (made && made.component === component && made.host === host) return made;
    return (this.coreSourceBody = Object.freeze(host ? { component, host } : { component }));
  }

  /** Records an event; `fieldPath` like `spec.containers{nginx}`. */
  record(object: KubeObject, type: 'Normal' | 'Warning', reason: string, rawMessage: string, rawFieldPath?: string, action?: string): void {
    // Field paths and messages repeat across pods of one template (`spec.containers{web}`,
    // `Started container web`): the events of all of them share one copy of each.
    const message = intern(rawMessage);
    const fieldPath = rawFieldPath === undefined ? undefined : intern(rawFieldPath);
    const namespace = object.metadata.namespace ?? 'default';
    const uid = object.metadata.uid ?? '';
    const path = fieldPath ?? '';
    const now = this.now();
    const ofObject = this.recent.get(uid);
    let seen: Recent | undefined;
    // An earlier event about this very object version and field path: its involvedObject is this one's too.
    let about: Obj | undefined;
    if (ofObject) {
      for (const r of ofObject) {
        if (r.fieldPath !== path) continue;
        if (about === undefined && refersTo(r.about, object, fieldPath)) about = r.about;
        if (r.message === message && r.reason === reason) {
          seen = r;
          break;
        }
      }
    }
    const window = this.style === 'core' ? AGGREGATE_WINDOW_MS : SERIES_WINDOW_MS;
    if (seen && now - seen.last <= window) {
      const existing = this.client.get('events', seen.namespace, seen.name);
      if (existing.ok) {
        // The stored event is immutable: the update is a shallow copy with the series fields replaced.
        const old = existing.value as Obj;
        const ev: Obj =
          this.style === 'core'
            ? { ...old, count: (old.count ?? 1) + 1, lastTimestamp: isoSeconds(now) }
            : { ...old, series: { count: (old.series?.count ?? 1) + 1, lastObservedTime: isoMicro(now) } };
        this.client.update('events', seen.namespace, ev as KubeObject);
        seen.last = now;
        return;
      }
    }
    // client-go names events `<object>.<UnixNano in hex>`.
    const name = flatConcat(String(object.metadata.name), '.', (BigInt(now) * 1_000_000n + BigInt(this.sequence() % 1_000_000)).toString(16));
    const involvedObject = about ?? objectReference(object, fieldPath);
    const body: Obj =
      this.style === 'core'
        ? {
            apiVersion: 'v1',
            kind: 'Event',
            metadata: { name, namespace },
            involvedObject,
            reason,
            message,
            source: this.coreSource(),
            firstTimestamp: isoSeconds(now),
            lastTimestamp: isoSeconds(now),
            count: 1,
            type,
            eventTime: null,
            reportingComponent: this.source.component,
            reportingInstance: this.source.host ?? '',
          }
        : {
            apiVersion: 'v1',
            kind: 'Event',
            metadata: { name, namespace },
            involvedObject,
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
          };
    const created = this.client.create('events', namespace, body as KubeObject);
    if (!created.ok) return;
    if (seen) {
      // The earlier event's window passed: repeats now count on the new one.
      seen.name = name;
      seen.namespace = namespace;
      seen.last = now;
      seen.about = involvedObject;
    } else if (ofObject) ofObject.push({ fieldPath: path, reason, message, name, namespace, last: now, about: involvedObject });
    else this.recent.set(uid, [{ fieldPath: path, reason, message, name, namespace, last: now, about: involvedObject }]);
  }
}
