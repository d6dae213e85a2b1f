/** Go's time.Duration.String() of `ns` nanoseconds: `850ns`, `2.43µs`, `12.345678ms`, `1.234567891s`, `1m7.5s`, `1h1m1s`. */
export function durationString(ns: number): string {
  const whole = Math.max(0, Math.round(ns));
  if (whole === 0) return '0s';
  const frac = (value: number, digits: number, unit: string): string => {
    const int = Math.floor(value / 10 ** digits);
    const rest = String(value % 10 ** digits).padStart(digits, '0').replace(/0+$/, '');
    return `${int}${rest ? `.${rest}` : ''}${unit}`;
  };
  if (whole < 1_000) return `${whole}ns`;
  if (whole < 1_000_000) return frac(whole, 3, 'µs');
  if (whole < 1_000_000_000) return frac(whole, 6, 'ms');
  const totalSeconds = Math.floor(whole / 1e9);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const secs = frac((totalSeconds % 60) * 1e9 + (whole % 1e9), 9, 's');
  if (h > 0) return `${h}h${m}m${secs}`;
  if (m > 0) return `${m}m${secs}`;
  return secs;
}

/** Parses a Go duration (`5m`, `1h30m`, `90s`) to seconds; undefined when malformed. */
export function parseGoDuration(text: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return undefined;
    total += Number(m[1]) * units[m[2]];
    at = re.lastIndex;
  }
  return at === 0 ? undefined : total;
}
