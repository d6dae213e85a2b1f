/**
 * github.com/olekukonko/tablewriter v0.0.5 as etcdctl's table printers use
 * it: borders, headers upper-cased (Title) and centred, cells aligned right
 * (SetAlignment(ALIGN_RIGHT)), one space of padding each side, and cells
 * wider than 30 columns wrapped at spaces (autoWrap, MAX_ROW_WIDTH) with
 * WrapWords' least-raggedness breaks.
 */

/** MAX_ROW_WIDTH: cells wider than this wrap. */
const WRAP_WIDTH = 30;
/** wrap.go defaultPenalty. */
const PENALTY = 1e5;

/** Renders `rows` under `header`. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const titles = header.map((h) => h.replace(/_/g, ' ').trim().toUpperCase());
  const widths = header.map((h) => h.length);
  const cells = rows.map((row) =>
    header.map((_, i) => {
      const { lines, width } = dimension(row[i] ?? '');
      widths[i] = Math.max(widths[i]!, width);
      return lines;
    }),
  );
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+\n`;
  const centre = (s: string, w: number) => {
    const gap = w - s.length;
    const left = Math.floor(gap / 2);
    return ' '.repeat(Math.max(0, left)) + s + ' '.repeat(Math.max(0, gap - left));
  };
  const head = `|${titles.map((t, i) => ` ${centre(t, widths[i]!)} `).join('|')}|\n`;
  let body = '';
  for (const row of cells) {
    const height = Math.max(1, ...row.map((c) => c.length));
    for (let x = 0; x < height; x++) body += `|${widths.map((w, i) => ` ${(row[i]![x] ?? '  ').padStart(w)} `).join('|')}|\n`;
  }
  return line + head + line + body + line;
}

/** parseDimension: a cell's lines after wrapping, and the width it needs. */
function dimension(cell: string): { lines: string[]; width: number } {
  const raw = cell.split('\n');
  let maxWidth = Math.max(...raw.map((l) => l.length));
  if (maxWidth > WRAP_WIDTH) maxWidth = WRAP_WIDTH;
  const lines = wrapString(raw.join(' '), maxWidth);
  return { lines, width: Math.max(maxWidth, ...lines.map((l) => l.length)) };
}

/** wrap.go WrapString: words joined into lines of at most `limit` (or the longest word). */
function wrapString(s: string, limit: number): string[] {
  const words = s.replace(/\n/g, ' ').split(' ');
  let lim = limit;
  for (const w of words) if (w.length > lim) lim = w.length;
  const n = words.length;
  const len = (i: number, j: number) => {
    let total = 0;
    for (let k = i; k <= j; k++) total += words[k]!.length + (k > i ? 1 : 0);
    return total;
  };
  const cost = new Array<number>(n).fill(2 ** 31 - 1);
  const brk = new Array<number>(n).fill(n);
  for (let i = n - 1; i >= 0; i--) {
    if (len(i, n - 1) <= lim) {
      cost[i] = 0;
      brk[i] = n;
      continue;
    }
    for (let j = i + 1; j < n; j++) {
      const d = lim - len(i, j - 1);
      let c = d * d + cost[j]!;
      if (len(i, j - 1) > lim) c += PENALTY;
      if (c < cost[i]!) {
        cost[i] = c;
        brk[i] = j;
      }
    }
  }
  const lines: string[] = [];
  for (let i = 0; i < n; i = brk[i]!) lines.push(words.slice(i, brk[i]).join(' '));
  return lines;
}
