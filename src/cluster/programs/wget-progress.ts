/**
 * GNU Wget 1.21.2's numbers as it prints them: the "dot" progress it falls
 * back to when stderr is not a terminal (src/progress.c dot_create,
 * dot_draw, dot_finish, print_row_stats; the default style: 1K a dot, a
 * space every 10 dots, 50 dots a row), the rate of a download (src/retr.c
 * retr_rate, calc_rate) and sizes (src/utils.c human_readable,
 * print_decimal).
 */

const DOT_BYTES = 1024;
const DOT_SPACING = 10;
const DOTS_IN_LINE = 50;
const ROW_BYTES = DOT_BYTES * DOTS_IN_LINE;
/** How much one read of the body hands the progress gauge (wget reads through a 16K buffer). */
const READ_BYTES = 16 * 1024;

/** C's `%.*f`. */
function fixed(n: number, decimals: number): string {
  return n.toFixed(decimals);
}

/** calc_rate: bytes per second in B, K, M, G (1024-based) and the unit's index. */
export function calcRate(bytes: number, secs: number): { rate: number; unit: number } {
  let rate = secs > 0 ? bytes / secs : 0;
  let unit = 0;
  while (unit < 3 && rate >= 1024) {
    rate /= 1024;
    unit++;
  }
  return { rate, unit };
}

/** retr_rate: `10.7 MB/s` (more digits for smaller numbers). */
export function retrRate(bytes: number, secs: number): string {
  const { rate, unit } = calcRate(bytes, secs);
  return `${fixed(rate, rate >= 99.95 ? 0 : rate >= 9.995 ? 1 : 2)} ${['B/s', 'KB/s', 'MB/s', 'GB/s'][unit]}`;
}

/** human_readable(n, 10, 1): `615`, `1.2K`, `15K`, `3.4M`. */
export function humanReadable(n: number): string {
  if (n < 1024) return String(n);
  let v = n;
  for (const power of 'KMGTPE') {
    if (Math.floor(v / 1024) < 1024 || power === 'E') {
      const val = v / 1024;
      return `${fixed(val, val < 10 ? 1 : 0)}${power}`;
    }
    v = Math.floor(v / 1024);
  }
  return String(n);
}

/** print_decimal: `12`, `1.5`, `0.03`, `0.001`, `0`. */
export function printDecimal(n: number): string {
  if (n >= 9.95) return fixed(n, 0);
  if (n >= 0.95) return fixed(n, 1);
  if (n >= 0.001) return String(Number(n.toPrecision(1)));
  if (n >= 0.0005) return fixed(n, 3);
  return '0';
}

/** eta_to_human_short(secs, condensed): `5s`, `2m30s`, `1h5m`, `2d3h`. */
function etaShort(secs: number): string {
  if (secs < 100) return `${secs}s`;
  if (secs < 100 * 60) return `${Math.floor(secs / 60)}m${secs % 60}s`;
  if (secs < 48 * 3600) return `${Math.floor(secs / 3600)}h${Math.floor(secs / 60) % 60}m`;
  if (secs < 100 * 86400) return `${Math.floor(secs / 86400)}d${Math.floor(secs / 3600) % 24}h`;
  return `${Math.floor(secs / 86400)}d`;
}

/**
 * The dots a download of `bytes` (of `total`, undefined when the length was
 * not given) draws when it takes `secs`, read by read, then its last row's
 * statistics and the empty line dot_finish ends with.
 */
export function dotProgress(bytes: number, total: number | undefined, secs: number): string {
  let text = '';
  let rows = 0;
  let dots = 0;
  let accumulated = 0;
  let lastTimer = 0;
  const rowStats = (dltime: number, last: boolean): string => {
    let displayed = rows * ROW_BYTES + dots * DOT_BYTES + (last ? accumulated : 0);
    let s = '';
    if (total) s += `${String(Math.floor((100 * displayed) / total)).padStart(3)}%`;
    const thisRow = last ? dots * DOT_BYTES + accumulated : ROW_BYTES;
    const { rate, unit } = calcRate(thisRow, dltime - lastTimer);
    s += ` ${fixed(rate, rate >= 99.95 ? 0 : rate >= 9.995 ? 1 : 2).padStart(4)}${' KMGT'[unit]}`;
    lastTimer = dltime;
    if (!last) {
      if (total) {
        displayed = Math.max(displayed, 1);
        s += ` ${etaShort(Math.floor((dltime * Math.max(total - displayed, 0)) / displayed + 0.5))}`;
      }
    } else s += dltime >= 10 ? `=${etaShort(Math.floor(dltime + 0.5))}` : `=${printDecimal(dltime)}s`;
    return s;
  };
  for (let read = 0; read < bytes; ) {
    const chunk = Math.min(READ_BYTES, bytes - read);
    read += chunk;
    accumulated += chunk;
    const dltime = (secs * read) / bytes;
    while (accumulated >= DOT_BYTES) {
      accumulated -= DOT_BYTES;
      if (dots === 0) text += `\n${String((rows * ROW_BYTES) / 1024).padStart(6)}K`;
      if (dots % DOT_SPACING === 0) text += ' ';
      text += '.';
      dots++;
      if (dots >= DOTS_IN_LINE) {
        dots = 0;
        rows++;
        text += rowStats(dltime, false);
      }
    }
  }
  if (dots === 0) text += `\n${String((rows * ROW_BYTES) / 1024).padStart(6)}K`;
  for (let i = dots; i < DOTS_IN_LINE; i++) text += i % DOT_SPACING === 0 ? '  ' : ' ';
  return `${text}${rowStats(secs, true)}\n\n`;
}
