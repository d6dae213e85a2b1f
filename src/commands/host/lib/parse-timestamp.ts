/**
 * systemd's timestamp syntax for `journalctl --since/--until`, after
 * systemd/systemd src/basic/time-util.c (parse_timestamp, parse_sec):
 * `2026-11-30 08:00:00`, `2026-11-30`, `08:00`, `today`, `yesterday`, `now`,
 * `10 minutes ago`, `-1h`, `+5min`, `@1764489600`. Times are the host's (UTC).
 */

const SEC = 1000;
const UNIT_MS: Record<string, number> = {
  us: 0.001, usec: 0.001, ms: 1, msec: 1,
  s: SEC, sec: SEC, second: SEC, seconds: SEC,
  m: 60 * SEC, min: 60 * SEC, minute: 60 * SEC, minutes: 60 * SEC,
  h: 3600 * SEC, hr: 3600 * SEC, hour: 3600 * SEC, hours: 3600 * SEC,
  d: 86_400 * SEC, day: 86_400 * SEC, days: 86_400 * SEC,
  w: 7 * 86_400 * SEC, week: 7 * 86_400 * SEC, weeks: 7 * 86_400 * SEC,
  M: 2_629_800 * SEC, month: 2_629_800 * SEC, months: 2_629_800 * SEC,
  y: 31_557_600 * SEC, year: 31_557_600 * SEC, years: 31_557_600 * SEC,
};

/** Parses a span such as `10 minutes`, `1h 30min`, `90s` into ms; undefined when invalid. */
export function parseSpan(text: string): number | undefined {
  const re = /\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)/y;
  let total = 0;
  let matched = false;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < text.length && (m = re.exec(text)) !== null) {
    const unit = m[2] === '' ? 's' : m[2];
    // Units are case-sensitive: `M` is months, `m` minutes (parse_sec).
    const factor = Object.hasOwn(UNIT_MS, unit) ? UNIT_MS[unit] : undefined;
    if (factor === undefined) return undefined;
    total += Number(m[1]) * factor;
    matched = true;
    pos = re.lastIndex;
  }
  if (!matched || text.slice(pos).trim() !== '') return undefined;
  return total;
}

const startOfDay = (ms: number): number => Math.floor(ms / 86_400_000) * 86_400_000;

/** Parses a systemd timestamp relative to `now` (host ms); undefined when invalid. */
export function parseTimestamp(input: string, now: number): number | undefined {
  const text = input.trim().replace(/\s+UTC$/, '');
  if (text === 'now') return now;
  if (text === 'today') return startOfDay(now);
  if (text === 'yesterday') return startOfDay(now) - 86_400_000;
  if (text === 'tomorrow') return startOfDay(now) + 86_400_000;
  if (text.startsWith('@')) {
    // GNU parse_datetime: `@` and decimal seconds (a time_t, so at most 64 bits).
    if (!/^@\s*[-+]?[0-9]+([.,][0-9]*)?$/.test(text)) return undefined;
    const n = Number(text.slice(1).replace(',', '.').trim());
    return Math.abs(n) < 2 ** 63 ? n * 1000 : undefined;
  }
  if (text.startsWith('+') || text.startsWith('-')) {
    const span = parseSpan(text.slice(1));
    return span === undefined ? undefined : text.startsWith('+') ? now + span : now - span;
  }
  const rel = /^(.*)\s+(ago|left)$/.exec(text);
  if (rel) {
    const span = parseSpan(rel[1]);
    return span === undefined ? undefined : rel[2] === 'ago' ? now - span : now + span;
  }
  // An optional weekday prefix is accepted (and, like systemd, must match; not checked here).
  const body = text.replace(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\s+/, '');
  const full = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/.exec(body);
  if (full) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', frac = ''] = full;
    const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    if (Number.isNaN(t) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
    return t + (frac ? Number(`0.${frac}`) * 1000 : 0);
  }
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(body);
  if (time) {
    const [, h, mi, s = '0'] = time;
    if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
    return startOfDay(now) + ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000;
  }
  return undefined;
}
