/**
 * The kubelet's per-container back-off (pkg/kubelet/kuberuntime: 10 s
 * doubling to 5 m for restarts; image pulls likewise), reset when a
 * container has run cleanly for twice the maximum.
 */
import { durationString } from '../clock/go-duration.js';

/** Initial back-off. */
export const BACKOFF_INITIAL_MS = 10_000;
/** Maximum back-off. */
export const BACKOFF_MAX_MS = 300_000;

/** A back-off entry: the current delay and when it was last raised. */
export interface Backoff {
  delayMs: number;
  until: number;
}

/** Raises the back-off for a key and returns when the next attempt may run. */
export function nextBackoff(prev: Backoff | undefined, now: number): Backoff {
  if (!prev || now - prev.until > 2 * BACKOFF_MAX_MS) return { delayMs: BACKOFF_INITIAL_MS, until: now + BACKOFF_INITIAL_MS };
  const delayMs = Math.min(prev.delayMs * 2, BACKOFF_MAX_MS);
  return { delayMs, until: now + delayMs };
}

/**
 * Is a restart still backing off? client-go flowcontrol Backoff.IsInBackOffSince:
 * the window runs from `eventTime` (the container's finish), not from the last
 * restart, and an entry older than twice the maximum no longer counts.
 */
export function inBackoffSince(b: Backoff | undefined, eventTime: number, now: number): boolean {
  if (!b) return false;
  const lastUpdate = b.until - b.delayMs;
  if (eventTime - lastUpdate > 2 * BACKOFF_MAX_MS) return false;
  return now - eventTime < b.delayMs;
}

/** Go's time.Duration.String() at millisecond precision, e.g. `750ms`, `2.302s`, `2m40s`, `5m0s`. */
export function goDuration(ms: number): string {
  return durationString(Math.floor(ms) * 1_000_000);
}
