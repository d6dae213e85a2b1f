/**
 * The strftime conversions `date +FORMAT` supports (GNU coreutils date.c, C
 * locale, UTC): `%Y-%m-%d %H:%M:%S`, `%s`, `%a %b %e`, `%Z`, `%z`, `%:z`, `%N`.
 */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number, w = 2, c = '0'): string => String(n).padStart(w, c);

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The UTC calendar fields of a time. */
interface CivilTime {
  /** Seconds since the epoch (whole, rounded down). */
  readonly seconds: number;
  readonly year: number;
  /** 0-11. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday. */
  readonly weekday: number;
  /** 1-366. */
  readonly dayOfYear: number;
}

/**
 * Calendar fields of `ms` by arithmetic (H. Hinnant's civil_from_days), not
 * Date, whose range ends 275,760 years out while `date -d @N` goes on.
 */
export function civilTime(ms: number): CivilTime {
  // Past 2^53 ms a double has no milliseconds left to floor: `@N` seconds times 1000 may land just below N.
  const seconds = Math.abs(ms) < 2 ** 53 ? Math.floor(ms / 1000) : Math.round(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const secondOfDay = seconds - days * 86_400;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return {
    seconds,
    year,
    month: month - 1,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
    dayOfYear: days - daysFromCivil(year, 1, 1) + 1,
  };
}

/** Formats `ms` (UTC) with a strftime format string. */
export function strftime(format: string, ms: number): string {
  const c = civilTime(ms);
  const { year: Y, month: mo, day, hour: H, minute: M, second: S, dayOfYear } = c;
  const conv: Record<string, () => string> = {
    a: () => DAYS[c.weekday].slice(0, 3),
    A: () => DAYS[c.weekday],
    b: () => MONTHS[mo].slice(0, 3),
    h: () => MONTHS[mo].slice(0, 3),
    B: () => MONTHS[mo],
    c: () => `${DAYS[c.weekday].slice(0, 3)} ${MONTHS[mo].slice(0, 3)} ${pad(day, 2, ' ')} ${pad(H)}:${pad(M)}:${pad(S)} ${Y}`,
    C: () => pad(Math.floor(Y / 100)),
    d: () => pad(day),
    D: () => `${pad(mo + 1)}/${pad(day)}/${pad(((Y % 100) + 100) % 100)}`,
    e: () => pad(day, 2, ' '),
    F: () => `${Y}-${pad(mo + 1)}-${pad(day)}`,
    H: () => pad(H),
    I: () => pad(H % 12 === 0 ? 12 : H % 12),
    j: () => pad(dayOfYear, 3),
    k: () => pad(H, 2, ' '),
    l: () => pad(H % 12 === 0 ? 12 : H % 12, 2, ' '),
    m: () => pad(mo + 1),
    M: () => pad(M),
    n: () => '\n',
    N: () => pad(Math.min(999_999_999, Math.max(0, Math.floor((ms - c.seconds * 1000) * 1_000_000))), 9),
    p: () => (H < 12 ? 'AM' : 'PM'),
    P: () => (H < 12 ? 'am' : 'pm'),
    r: () => `${pad(H % 12 === 0 ? 12 : H % 12)}:${pad(M)}:${pad(S)} ${H < 12 ? 'AM' : 'PM'}`,
    R: () => `${pad(H)}:${pad(M)}`,
    s: () => String(c.seconds),
    S: () => pad(S),
    t: () => '\t',
    T: () => `${pad(H)}:${pad(M)}:${pad(S)}`,
    u: () => String(c.weekday === 0 ? 7 : c.weekday),
    w: () => String(c.weekday),
    y: () => pad(((Y % 100) + 100) % 100),
    Y: () => String(Y),
    z: () => '+0000',
    Z: () => 'UTC',
    '%': () => '%',
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%' || i + 1 >= format.length) {
      out += c;
      continue;
    }
    if (format.startsWith('%:z', i)) {
      out += '+00:00';
      i += 2;
      continue;
    }
    const f = conv[format[i + 1]];
    if (f) {
      out += f();
      i++;
    } else out += c;
  }
  return out;
}
