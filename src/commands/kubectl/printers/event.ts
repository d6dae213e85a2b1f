/**
 * `kubectl get events`: printEvent of kubernetes/kubernetes pkg/printers/internalversion/printers.go.
 * kubectl reads core/v1 Events; objects stored as events.k8s.io/v1 are converted first, as the
 * API server does (pkg/apis/events/v1/conversion.go).
 */
import type { Event as CoreEvent } from 'kubernetes-types/core/v1.js';
import type { Event as EventsV1Event } from 'kubernetes-types/events/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';

/** A core/v1 Event, converting an events.k8s.io/v1 Event when given one. */
export function asCoreEvent(obj: CoreEvent | EventsV1Event): CoreEvent {
  if (!(obj.apiVersion ?? '').startsWith('events.k8s.io/')) return obj as CoreEvent;
  const e = obj as EventsV1Event;
  const core: CoreEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: e.metadata ?? {},
    involvedObject: e.regarding ?? {},
    reason: e.reason,
    message: e.note,
    type: e.type,
    source: e.deprecatedSource,
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    count: e.deprecatedCount,
    eventTime: e.eventTime,
    series: e.series ? { count: e.series.count, lastObservedTime: e.series.lastObservedTime } : undefined,
    reportingComponent: e.reportingController ?? '',
    reportingInstance: e.reportingInstance ?? '',
    action: e.action,
    related: e.related,
  };
  for (const k of Object.keys(core) as (keyof CoreEvent)[]) if (core[k] === undefined) delete core[k];
  return core;
}

const firstNonEmpty = (...s: (string | undefined)[]): string => s.find((x) => x) ?? '';

/** SOURCE cell (`formatEventSource`): `component, host`, falling back to reportingController/Instance. */
export function formatEventSource(e: CoreEvent): string {
  const component = firstNonEmpty(e.source?.component, e.reportingComponent);
  const instance = firstNonEmpty(e.source?.host, e.reportingInstance);
  return instance ? `${component}, ${instance}` : component;
}

/** FIRST SEEN, LAST SEEN and COUNT of an event, as printEvent derives them. */
export function eventTimes(e: CoreEvent, now: number): { first: string; last: string; count: number } {
  const first = e.firstTimestamp ? translateTimestampSince(e.firstTimestamp, now) : translateTimestampSince(e.eventTime, now);
  let last = e.lastTimestamp ? translateTimestampSince(e.lastTimestamp, now) : first;
  let count = e.count ?? 0;
  if (e.series) {
    last = translateTimestampSince(e.series.lastObservedTime, now);
    count = e.series.count ?? 0;
  } else if (count === 0) {
    // Singleton events don't have a count set in the new API.
    count = 1;
  }
  return { first, last, count };
}

/** Events: LAST SEEN TYPE REASON OBJECT MESSAGE; wide adds SUBOBJECT SOURCE (before MESSAGE), FIRST SEEN COUNT NAME. */
export const eventPrinter: TableDefinition<CoreEvent | EventsV1Event> = {
  columns: [
    { name: 'Last Seen', priority: 0 },
    { name: 'Type', priority: 0 },
    { name: 'Reason', priority: 0 },
    { name: 'Object', priority: 0 },
    { name: 'Subobject', priority: 1 },
    { name: 'Source', priority: 1 },
    { name: 'Message', priority: 0 },
    { name: 'First Seen', priority: 1 },
    { name: 'Count', priority: 1 },
    { name: 'Name', priority: 1 },
  ],
  row(obj, { now }) {
    const e = asCoreEvent(obj);
    const { first, last, count } = eventTimes(e, now);
    const io = e.involvedObject ?? {};
    const kind = (io.kind ?? '').toLowerCase();
    const target = io.name ? `${kind}/${io.name}` : kind;
    return [
      last,
      e.type ?? '',
      e.reason ?? '',
      target,
      io.fieldPath ?? '',
      formatEventSource(e),
      (e.message ?? '').trim(),
      first,
      String(count),
      e.metadata?.name ?? '',
    ];
  },
};
