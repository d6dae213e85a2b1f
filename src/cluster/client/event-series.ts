/**
 * The events.k8s.io recorder's series (client-go tools/events
 * event_broadcaster.go, v0.32), which the scheduler and kube-proxy use:
 *
 * - events are isomorphic when type, action, reason, reporting controller
 *   and instance, and the object they regard (its whole reference, field
 *   path and resourceVersion included) match; the note does not count;
 * - the first repeat of a cached event turns it into a series of 2 and
 *   patches it; later repeats only count in memory;
 * - every 30 minutes each open series is written again (refreshTime), and
 *   every 6 minutes a series not observed for 6 minutes gets its last write
 *   and leaves the cache, as does an event that never repeated (finishTime).
 *
 * So `kubectl describe` shows a repeating FailedScheduling with its first
 * message and a count that grows by the half hour.
 */
import type { ApiClient } from '../apiserver/types.js';
import { writeEvent } from './event-sink.js';
import { isoMicro } from '../clock/time-text.js';

type Obj = Record<string, any>;

/** finishTime: a series unobserved this long is finished. */
export const FINISH_MS = 6 * 60_000;
/** refreshTime: open series are written again this often. */
export const REFRESH_MS = 30 * 60_000;

/** The timers a recorder's periodic sweeps run on (the simulation's queue). */
export interface SweepTimers {
  after(ms: number, fn: () => void): unknown;
  cancel(id: unknown): void;
}

/** A cached event: as last written, and its series as counted in memory. */
interface Cached {
  event: Obj;
  series?: { count: number; lastObservedTime: string; lastLived: number };
  /** When the event was made (lived time), for finishSeries. */
  madeLived: number;
}

/** getKey: the isomorphic key (no note, no name). */
export function isomorphicKey(event: Obj): string {
  const r = event.involvedObject ?? {};
  return [event.type, event.action, event.reason, event.reportingComponent, event.reportingInstance, r.kind, r.namespace, r.name, r.uid, r.apiVersion, r.resourceVersion, r.fieldPath].map((v) => (typeof v === 'string' ? v : '')).join('\0');
}

/** The eventBroadcasterImpl's cache of one recorder, with its refresh and finish loops. */
export class EventSeriesCache {
  private readonly cache = new Map<string, Cached>();
  private readonly startLived: number;
  private sweep?: { id: unknown; at: number };

  constructor(
    private readonly client: ApiClient,
    private readonly now: () => number,
    /** Time the cluster lived through (warm-up skips left out), which the loops tick on. */
    private readonly lived: () => number,
    private readonly timers?: SweepTimers,
  ) {
    this.startLived = lived();
  }

  /** recordToSink: counts a repeat, writes the first repeat and any new event. */
  record(made: Obj): void {
    const key = isomorphicKey(made);
    const cached = this.cache.get(key);
    const now = this.now();
    if (cached) {
      const observed = { count: 2, lastObservedTime: isoMicro(now), lastLived: this.lived() };
      if (cached.series) {
        cached.series = { ...observed, count: cached.series.count + 1 };
        return;
      }
      cached.series = observed;
      this.write(cached);
    } else {
      const entry: Cached = { event: made, madeLived: this.lived() };
      this.cache.set(key, entry);
      this.write(entry);
    }
    this.scheduleSweep();
  }

  /** The recording process ended: no more writes. */
  stop(): void {
    if (this.sweep) this.timers?.cancel(this.sweep.id);
    this.sweep = undefined;
    this.cache.clear();
  }

  /**
   * recordEvent: a series is patched onto the stored event (created again under its
   * name if it is gone); a new event is created. Answers whether it was written.
   */
  private write(entry: Cached): boolean {
    const { event, series } = entry;
    const body = series ? { series: { count: series.count, lastObservedTime: series.lastObservedTime } } : undefined;
    const written = writeEvent(this.client, event, body);
    if (!written?.ok) return false;
    entry.event = written.value as Obj;
    return true;
  }

  /** The next tick of either loop (wait.Until from the recorder's start), as a lived time after now. */
  private nextTick(after: number): number {
    const since = after - this.startLived;
    const finish = this.startLived + (Math.floor(since / FINISH_MS) + 1) * FINISH_MS;
    const refresh = this.startLived + (Math.floor(since / REFRESH_MS) + 1) * REFRESH_MS;
    return Math.min(finish, refresh);
  }

  /** Keeps one timer for the next tick while anything is cached (an idle recorder costs nothing). */
  private scheduleSweep(): void {
    if (!this.timers || this.sweep || this.cache.size === 0) return;
    const lived = this.lived();
    const at = this.nextTick(lived);
    const id = this.timers.after(at - lived, () => {
      this.sweep = undefined;
      this.tick(at);
      this.scheduleSweep();
    });
    this.sweep = { id, at };
  }

  /** refreshExistingEventSeries on the half hours, then finishSeries on every 6 minutes. */
  private tick(at: number): void {
    const since = at - this.startLived;
    if (since % REFRESH_MS === 0) for (const entry of this.cache.values()) if (entry.series) this.write(entry);
    if (since % FINISH_MS !== 0) return;
    const horizon = this.lived() - FINISH_MS;
    for (const [key, entry] of this.cache) {
      if (entry.series) {
        if (entry.series.lastLived >= horizon) continue;
        this.write(entry);
        this.cache.delete(key);
      } else if (entry.madeLived < horizon) this.cache.delete(key);
    }
  }
}
