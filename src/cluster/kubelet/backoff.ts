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

/** Go's time.Duration.String() for whole seconds and above, e.g. `2m40s`, `10s`, `5m0s`. */
export function goDuration(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}
