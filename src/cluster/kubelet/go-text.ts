/**
 * Go's text forms of values that appear inside kubelet log lines: times as
 * `time.Time.String()` and RFC 3339 print them. Kept apart so every kubelet
 * module renders them the same way.
 */
import { isoSeconds } from '../clock/time-text.js';

/** `time.Time.String()` of a UTC time at second precision: `2026-11-29 12:00:00 +0000 UTC`. */
export function goTimeString(ms: number): string {
  const iso = new Date(Math.floor(ms / 1000) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000 UTC`;
}

/** `time.Time.String()` with nanoseconds, as klog prints a time.Time value (`2026-11-29 12:00:00.123 +0000 UTC`). */
export function goTimeStringPrecise(ms: number): string {
  const iso = new Date(ms).toISOString();
  const frac = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac ? `.${frac}` : ''} +0000 UTC`;
}

/** `time.RFC3339` of a UTC time (`2027-12-15T12:00:05Z`), as crypto/x509 prints validity bounds. */
export function rfc3339(ms: number): string {
  return isoSeconds(ms);
}
