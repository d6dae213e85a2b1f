/**
 * The strftime conversions `date +FORMAT` supports (GNU coreutils date.c, C
 * locale, UTC): `%Y-%m-%d %H:%M:%S`, `%s`, `%a %b %e`, `%Z`, `%z`, `%:z`, `%N`.
 */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number, w = 2, c = '0'): string => String(n).padStart(w, c);

/** Formats `ms` (UTC) with a strftime format string. */
export function strftime(format: string, ms: number): string {
  const d = new Date(ms);
  const Y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const day = d.getUTCDate();
  const H = d.getUTCHours();
  const M = d.getUTCMinutes();
  const S = d.getUTCSeconds();
  const dayOfYear = Math.floor((Date.UTC(Y, mo, day) - Date.UTC(Y, 0, 1)) / 86_400_000) + 1;
  const conv: Record<string, () => string> = {
    a: () => DAYS[d.getUTCDay()].slice(0, 3),
    A: () => DAYS[d.getUTCDay()],
    b: () => MONTHS[mo].slice(0, 3),
    h: () => MONTHS[mo].slice(0, 3),
    B: () => MONTHS[mo],
    c: () => `${DAYS[d.getUTCDay()].slice(0, 3)} ${MONTHS[mo].slice(0, 3)} ${pad(day, 2, ' ')} ${pad(H)}:${pad(M)}:${pad(S)} ${Y}`,
    C: () => pad(Math.floor(Y / 100)),
    d: () => pad(day),
    D: () => `${pad(mo + 1)}/${pad(day)}/${pad(Y % 100)}`,
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
    N: () => pad(Math.floor(ms * 1_000_000) % 1_000_000_000, 9),
    p: () => (H < 12 ? 'AM' : 'PM'),
    P: () => (H < 12 ? 'am' : 'pm'),
    r: () => `${pad(H % 12 === 0 ? 12 : H % 12)}:${pad(M)}:${pad(S)} ${H < 12 ? 'AM' : 'PM'}`,
    R: () => `${pad(H)}:${pad(M)}`,
    s: () => String(Math.floor(ms / 1000)),
    S: () => pad(S),
    t: () => '\t',
    T: () => `${pad(H)}:${pad(M)}:${pad(S)}`,
    u: () => String(d.getUTCDay() === 0 ? 7 : d.getUTCDay()),
    w: () => String(d.getUTCDay()),
    y: () => pad(Y % 100),
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
