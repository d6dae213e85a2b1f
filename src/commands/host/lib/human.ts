/**
 * Human-readable sizes of GNU coreutils (gnulib human.c with
 * human_ceiling | human_autoscale | human_base_1024, as `df -h` and `du -h`
 * use it) and of procps `free -h` (proc/sysinfo scale_size).
 */

/** `4.0K`, `49G`, `1.6M`, `0`: powers of 1024, rounded up, one decimal below 10. */
export function humanCeil(bytes: number): string {
  if (bytes <= 0) return '0';
  const units = ['K', 'M', 'G', 'T', 'P', 'E'];
  if (bytes < 1024) return String(Math.ceil(bytes));
  let value = bytes;
  let i = -1;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  if (value < 10) {
    const v = Math.ceil(value * 10 - 1e-9) / 10;
    // Rounding up to 10.0 moves to the integer form (gnulib re-formats without the decimal).
    if (v < 10) return `${v.toFixed(1)}${units[i]}`;
  }
  let n = Math.ceil(value - 1e-9);
  if (n >= 1024 && i < units.length - 1) {
    i++;
    n = 1;
    return `${(1).toFixed(1)}${units[i]}`;
  }
  return `${n}${units[i]}`;
}

/** `free -h`: `7.6Gi`, `595Mi`, `0B` (the first unit whose text fits in 4 characters). */
export function humanFree(bytes: number): string {
  if (bytes < 1024) return `${Math.floor(bytes)}B`;
  const units = ['K', 'M', 'G', 'T', 'P'];
  for (let i = 0; i < units.length; i++) {
    const v = bytes / 1024 ** (i + 1);
    const decimal = `${v.toFixed(1)}${units[i]}`;
    if (decimal.length <= 4) return `${decimal}i`;
    const whole = `${Math.floor(v)}${units[i]}`;
    if (whole.length <= 4) return `${whole}i`;
  }
  return `${Math.floor(bytes / 1024 ** 5)}Pi`;
}
