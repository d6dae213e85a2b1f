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
