/**
 * github.com/olekukonko/tablewriter v0.0.5 as etcdctl's table printers use
 * it: borders, headers upper-cased (Title) and centred, cells aligned right
 * (SetAlignment(ALIGN_RIGHT)), one space of padding each side. Cells are
 * not wrapped (etcd's are shorter than its 30-column wrap width).
 */

/** Renders `rows` under `header`. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const titles = header.map((h) => h.replace(/_/g, ' ').trim().toUpperCase());
  const widths = titles.map((t, i) => Math.max(t.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+\n`;
  const centre = (s: string, w: number) => {
    const gap = w - s.length;
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + s + ' '.repeat(gap - left);
  };
  const head = `|${titles.map((t, i) => ` ${centre(t, widths[i]!)} `).join('|')}|\n`;
  const body = rows.map((r) => `|${widths.map((w, i) => ` ${(r[i] ?? '').padStart(w)} `).join('|')}|\n`).join('');
  return line + head + line + body + line;
}
