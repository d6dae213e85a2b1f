/**
 * The API's text forms of simulated times, made once per distinct value and
 * shared: metav1.Time (RFC 3339 at seconds), metav1.MicroTime (6 fractional
 * digits) and RFC3339Nano as CRI reports it (9 digits, nanoseconds of a
 * millisecond clock). Every write of a second stamps the same flat string,
 * so thousands of objects stamped in one second hold one 20-character string
 * rather than a rope each (see flat-string.ts).
 */
import { flatConcat } from '../flat-string.js';

/** Slots of each direct-mapped cache (by second or millisecond); a miss just formats again. */
const SLOTS = 1024;

/** A direct-mapped cache from a number to its formatted text: same input, same output. */
class TextCache {
  private readonly keys = new Float64Array(SLOTS).fill(Number.NaN);
  private readonly texts = new Array<string>(SLOTS).fill('');

  constructor(private readonly format: (n: number) => string) {}

  get(n: number): string {
    const slot = (n % SLOTS + SLOTS) % SLOTS;
    if (this.keys[slot] === n) return this.texts[slot]!;
    const text = this.format(n);
    this.keys[slot] = n;
    this.texts[slot] = text;
    return text;
  }
}

// `toISOString()` always ends in `.mmmZ` (3 fractional digits), whatever the year's width.
const seconds = new TextCache((s) => flatConcat(new Date(s * 1000).toISOString().slice(0, -5), 'Z'));
const micros = new TextCache((ms) => flatConcat(new Date(ms).toISOString().slice(0, -1), '000Z'));
const nanos = new TextCache((ms) => flatConcat(new Date(ms).toISOString().slice(0, -1), '000000Z'));

/** metav1.Time: RFC 3339 at second precision (`2026-11-29T12:00:05Z`), the second `ms` falls in. */
export function isoSeconds(ms: number): string {
  return seconds.get(Math.floor(ms / 1000));
}

/** metav1.MicroTime: RFC 3339 with 6 fractional digits (`2026-11-29T12:00:05.123000Z`). */
export function isoMicro(ms: number): string {
  return micros.get(ms);
}

/** `YYYY-MM-DDTHH:MM:SS.` of a second, the head of every MicroTime stamped in it. */
const microHeads = new TextCache((s) => flatConcat(new Date(s * 1000).toISOString().slice(0, -5), '.'));
/** '000' to '999': the millisecond and microsecond digit groups of a MicroTime. */
const DIGITS3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * metav1.MicroTime of a millisecond time and the microseconds below it (0-999).
 * Every Lease renewal stamps one (node leases, leader election), each with its
 * own microseconds, so the text is assembled from the second's cached head and
 * two digit groups rather than formatted through a Date each time (the same text;
 * a Date truncates a fractional millisecond toward zero, hence Math.trunc).
 */
export function isoMicroAt(ms: number, subMicros: number): string {
  if (subMicros === 0) return micros.get(ms);
  const whole = Math.trunc(ms);
  const second = Math.floor(whole / 1000);
  return flatConcat(microHeads.get(second), DIGITS3[whole - second * 1000]!, DIGITS3[subMicros]!, 'Z');
}

/** RFC3339Nano with 9 fractional digits (`2026-11-29T12:00:05.123000000Z`), as CRI and `kubectl logs --timestamps` print. */
export function isoNano(ms: number): string {
  return nanos.get(ms);
}

/**
 * Go's `time.Format(time.RFC3339Nano)` in UTC: the fraction without trailing
 * zeros (`2026-11-29T12:00:05.12Z`, `2026-11-29T12:00:05Z`); `extraNs` adds
 * the nanoseconds below the millisecond.
 */
export function rfc3339Nano(ms: number, extraNs = 0): string {
  const whole = Math.floor(ms);
  const fraction = (String(((whole % 1000) + 1000) % 1000).padStart(3, '0') + String(extraNs % 1_000_000).padStart(6, '0')).replace(/0+$/, '');
  return `${new Date(whole).toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}
