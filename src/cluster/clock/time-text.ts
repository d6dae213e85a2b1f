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

/**
 * `YYYY-MM-DDT` of a day since the epoch (any year width `toISOString` prints): one
 * Date per day, not per formatted time (a warm-up formats a new second or millisecond
 * at nearly every write, all within a few days).
 */
let headDay = Number.NaN;
let headText = '';
function dayHead(day: number): string {
  if (day !== headDay) {
    const iso = new Date(day * 86_400_000).toISOString();
    // `toISOString()` always ends in `HH:MM:SS.mmmZ` (13 characters), whatever the year's width.
    headText = iso.slice(0, iso.length - 13);
    headDay = day;
  }
  return headText;
}

/** A Date holds ±8.64e15 ms; beyond (or NaN) toISOString throws, and so do these. */
const MAX_DATE_MS = 8.64e15;

/** `YYYY-MM-DDTHH:MM:SS` of a whole second, from the day's head and the digit tables. */
function secondText(second: number): string {
  if (!(second <= MAX_DATE_MS / 1000 && second >= -MAX_DATE_MS / 1000)) throw new RangeError('Invalid time value');
  const day = Math.floor(second / 86_400);
  let rest = second - day * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return dayHead(day) + DIGITS2[hours] + ':' + DIGITS2[minutes] + ':' + DIGITS2[rest - minutes * 60];
}

/** `toISOString()` of a whole millisecond up to its milliseconds, then `tail`, flat. */
function isoMillis(whole: number, tail: string): string {
  if (!(whole <= MAX_DATE_MS && whole >= -MAX_DATE_MS)) throw new RangeError('Invalid time value');
  const second = Math.floor(whole / 1000);
  return flatConcat(secondText(second), '.', DIGITS3[whole - second * 1000]!, tail);
}

/** `toISOString()` at second precision with `Z` (`s` whole, as every caller floors it). */
function isoSecond(s: number): string {
  return flatConcat(secondText(s), 'Z');
}

const seconds = new TextCache(isoSecond);
// new Date(ms) truncates a fractional millisecond toward zero.
const micros = new TextCache((ms) => isoMillis(Math.trunc(ms), '000Z'));
const nanos = new TextCache((ms) => isoMillis(Math.trunc(ms), '000000Z'));

/** metav1.Time: RFC 3339 at second precision (`2026-11-29T12:00:05Z`), the second `ms` falls in. */
export function isoSeconds(ms: number): string {
  return seconds.get(Math.floor(ms / 1000));
}

/** metav1.MicroTime: RFC 3339 with 6 fractional digits (`2026-11-29T12:00:05.123000Z`). */
export function isoMicro(ms: number): string {
  return micros.get(ms);
}

/** metav1.MicroTime of a millisecond time and the microseconds below it (0-999). */
export function isoMicroAt(ms: number, subMicros: number): string {
  if (subMicros === 0) return micros.get(ms);
  // Every lease renewal stamps one (a distinct millisecond, mostly a new second too): assembled from the
  // day's head and digit tables, without a Date.
  return isoMillis(Math.trunc(ms), (DIGITS3[subMicros] ?? String(subMicros).padStart(3, '0')) + 'Z');
}

/** 0-999 as three digits. */
const DIGITS3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 0-59 as two digits. */
const DIGITS2 = DIGITS3.slice(0, 60).map((d) => d.slice(1));

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
