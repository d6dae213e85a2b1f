/**
 * Human-readable durations exactly as kubectl prints them.
 * Port of kubernetes/apimachinery pkg/util/duration/duration.go.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Go's int(d.Seconds()): truncation toward zero. */
const wholeSeconds = (ms: number): number => Math.trunc(ms / SECOND);

/**
 * `duration.HumanDuration`: `5s`, `3m12s`, `95m`, `3h25m`, `23h`, `2d3h`, `45d`, `3y120d`;
 * `<invalid>` for more than one second in the future.
 */
export function humanDuration(ms: number): string {
  const seconds = wholeSeconds(ms);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = Math.trunc(ms / SECOND) % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const y = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** `duration.ShortHumanDuration` (one unit only), as used by kubeadm certs check-expiration. */
export function shortHumanDuration(ms: number): string {
  const seconds = wholeSeconds(ms);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/**
 * Parses an RFC 3339 timestamp (`metav1.Time` or `metav1.MicroTime`) to ms since the epoch;
 * undefined for a missing or zero (`0001-01-01T00:00:00Z`) value.
 */
export function parseTimestamp(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  // Go's zero time marshals as 0001-01-01T00:00:00Z; metav1 treats it as unset.
  if (Number.isNaN(ms) || value.startsWith('0001-01-01')) return undefined;
  return ms;
}

/** `translateTimestampSince` of printers.go and describe.go: `<unknown>` when the timestamp is unset. */
export function translateTimestampSince(timestamp: string | null | undefined, now: number): string {
  const t = parseTimestamp(timestamp);
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}
