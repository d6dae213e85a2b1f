/**
 * The kubelet's per-container back-off (pkg/kubelet/kuberuntime: 10 s
 * doubling to 5 m for restarts; image pulls likewise), reset when a
 * container has run cleanly for twice the maximum.
 */

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
  const total = Math.floor(ms);
  if (total === 0) return '0s';
  if (total < 1000) return `${total}ms`;
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const millis = total % 60_000;
  const whole = Math.floor(millis / 1000);
  const frac = millis % 1000 ? `.${String(millis % 1000).padStart(3, '0').replace(/0+$/, '')}` : '';
  const s = `${whole}${frac}s`;
  if (h > 0) return `${h}h${m}m${s}`;
  if (m > 0) return `${m}m${s}`;
  return s;
}
