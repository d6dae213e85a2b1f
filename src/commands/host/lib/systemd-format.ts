/**
 * systemd's text formats for times and sizes, ported from
 * systemd/systemd src/basic/time-util.c (format_timestamp,
 * format_timestamp_relative, format_timespan) and src/basic/format-util.c
 * (format_bytes). Hosts run in UTC, so local time is UTC.
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Month abbreviations as C's `%b` prints them. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const p2 = (n: number): string => String(n).padStart(2, '0');

/** `Mon 2026-11-30 04:07:41 UTC` (format_timestamp, `%a %Y-%m-%d %H:%M:%S %Z`). */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} UTC`;
}

/** The weekday abbreviation of a time (`Mon`). */
export function weekday(ms: number): string {
  return DAYS[new Date(ms).getUTCDay()];
}

const SEC = 1_000_000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 2_629_800 * SEC;
const YEAR = 31_557_600 * SEC;

const plural = (n: number, one: string): string => `${n} ${n === 1 ? one : `${one}s`}`;

/** `5min ago`, `2h 3min ago`, `1 day 2h ago`, `3 weeks 1 day ago` (format_timestamp_relative). */
export function formatTimestampRelative(thenMs: number, nowMs: number): string {
  let d: number;
  let s: string;
  if (nowMs > thenMs) {
    d = (nowMs - thenMs) * 1000;
    s = 'ago';
  } else {
    d = (thenMs - nowMs) * 1000;
    s = 'left';
  }
  const q = (a: number, b: number): number => Math.floor(a / b);
  if (d >= YEAR) return `${plural(q(d, YEAR), 'year')} ${plural(q(d % YEAR, MONTH), 'month')} ${s}`;
  if (d >= MONTH) return `${plural(q(d, MONTH), 'month')} ${plural(q(d % MONTH, DAY), 'day')} ${s}`;
  if (d >= WEEK) return `${plural(q(d, WEEK), 'week')} ${plural(q(d % WEEK, DAY), 'day')} ${s}`;
  if (d >= 2 * DAY) return `${q(d, DAY)} days ${s}`;
  if (d >= 25 * HOUR) return `1 day ${q(d - DAY, HOUR)}h ${s}`;
  if (d >= 6 * HOUR) return `${q(d, HOUR)}h ${s}`;
  if (d >= HOUR) return `${q(d, HOUR)}h ${q(d % HOUR, MIN)}min ${s}`;
  if (d >= 5 * MIN) return `${q(d, MIN)}min ${s}`;
  if (d >= MIN) return `${q(d, MIN)}min ${q(d % MIN, SEC)}s ${s}`;
  if (d >= SEC) return `${q(d, SEC)}s ${s}`;
  if (d >= 1000) return `${q(d, 1000)}ms ${s}`;
  if (d > 0) return `${d}us ${s}`;
  return 'now';
}

const SPAN_UNITS: readonly [string, number][] = [
  ['y', YEAR],
  ['month', MONTH],
  ['w', WEEK],
  ['d', DAY],
  ['h', HOUR],
  ['min', MIN],
  ['s', SEC],
  ['ms', 1000],
  ['us', 1],
];

/** `8.407s`, `95ms`, `1min 5.500s` (format_timespan with the given accuracy in µs). */
export function formatTimespan(usec: number, accuracy = 1000): string {
  let t = Math.floor(usec);
  if (t <= 0) return '0';
  const parts: string[] = [];
  for (const [suffix, unit] of SPAN_UNITS) {
    if (t <= 0) break;
    if (t < accuracy && parts.length > 0) break;
    if (t < unit) continue;
    const a = Math.floor(t / unit);
    let b = t % unit;
    // Below a minute with a remainder, systemd prints the rest as decimals of this unit.
    if (t < MIN && b > 0) {
      let j = 0;
      for (let cc = unit; cc > 1; cc = Math.floor(cc / 10)) j++;
      for (let cc = accuracy; cc > 1; cc = Math.floor(cc / 10)) {
        b = Math.floor(b / 10);
        j--;
      }
      if (j > 0) {
        parts.push(`${a}.${String(b).padStart(j, '0')}${suffix}`);
        t = 0;
        break;
      }
    }
    parts.push(`${a}${suffix}`);
    t = b;
  }
  return parts.join(' ');
}

/** `45.2M`, `1.0G`, `512B` (format_bytes: powers of 1024, one decimal). */
export function formatBytes(bytes: number): string {
  const units: readonly [string, number][] = [
    ['E', 1024 ** 6],
    ['P', 1024 ** 5],
    ['T', 1024 ** 4],
    ['G', 1024 ** 3],
    ['M', 1024 ** 2],
    ['K', 1024],
  ];
  for (const [suffix, factor] of units) {
    if (bytes >= factor) return `${Math.floor(bytes / factor)}.${Math.floor(bytes / (factor / 10)) % 10}${suffix}`;
  }
  return `${Math.floor(bytes)}B`;
}
