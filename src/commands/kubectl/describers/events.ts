/**
 * The Events section shared by every describer (describe.go DescribeEvents) and its ordering
 * (kubernetes/kubectl pkg/util/event/sorted_event_list.go).
 */
import type { Event as CoreEvent } from 'kubernetes-types/core/v1.js';
import type { Event as EventsV1Event } from 'kubernetes-types/events/v1.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './prefix-writer.js';
import { asCoreEvent } from '../printers/event.js';
import { parseTimestamp, translateTimestampSince } from '../output/duration.js';

/** An event as stored, core/v1 or events.k8s.io/v1. */
export type AnyEvent = CoreEvent | EventsV1Event;

/** Sorted by lastTimestamp ascending; events without one (events.k8s.io) sort first. */
export function sortEvents(events: readonly AnyEvent[]): CoreEvent[] {
  return events
    .map(asCoreEvent)
    .map((e, i) => ({ e, i, t: parseTimestamp(e.lastTimestamp) ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e);
}

/** The Age cell: `<last> (xN over <first>)` for series or repeated events, else `<first>`. */
export function eventAge(e: CoreEvent, now: number): string {
  const first = parseTimestamp(e.eventTime) !== undefined ? translateTimestampSince(e.eventTime, now) : translateTimestampSince(e.firstTimestamp, now);
  if (e.series) return `${translateTimestampSince(e.series.lastObservedTime, now)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** Writes the Events section (`Events:  <none>` when there are none). */
export function describeEvents(events: readonly AnyEvent[] | undefined, w: PrefixWriter, now: number): void {
  if (!events || events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sortEvents(events)) {
    const source = e.source?.component || e.reportingComponent || '';
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${eventAge(e, now)}\t${source}\t${(e.message ?? '').trim()}\n`);
  }
}
