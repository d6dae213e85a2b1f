/**
 * Go text/tabwriter, the cell/column-block algorithm (golang/go src/text/tabwriter/tabwriter.go),
 * with only what kubectl uses: padchar ' ', left alignment, no escapes.
 *
 * Text is a sequence of lines; each tab terminates a cell. The text after the last tab of a line
 * is not part of any column and is never padded. A column block is a run of consecutive lines
 * that all have a cell in that column; its width is the widest cell + padding (at least minwidth).
 * A line with fewer cells ends the block, so a line with no tab at all resets every column.
 */

/** Parameters of `tabwriter.Writer.Init`. */
export interface TabwriterOptions {
  /** Minimal cell width including any padding. */
  readonly minwidth: number;
  /** Width of a tab character; only matters when padding with tabs, kept for fidelity. */
  readonly tabwidth: number;
  /** Padding added to the widest cell of a column. */
  readonly padding: number;
}

/** `kubectl get`: cli-runtime pkg/printers/tabwriter.go `NewWriter(out, 6, 4, 3, ' ', RememberWidths)`. */
export const GET_TABWRITER: TabwriterOptions = { minwidth: 6, tabwidth: 4, padding: 3 };

/** `kubectl describe`: describe.go tabbedString `Init(buf, 0, 8, 2, ' ', 0)`. */
export const DESCRIBE_TABWRITER: TabwriterOptions = { minwidth: 0, tabwidth: 8, padding: 2 };

/** Go's tabwriter counts runes, not bytes. */
const runeWidth = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * Formats `text` as Go's tabwriter would once flushed. A final line without a trailing newline
 * is kept as is (formatted but not terminated).
 */
export function tabwrite(text: string, opts: TabwriterOptions): string {
  const rawLines = text.split('\n');
  const endsWithNewline = rawLines.length > 1 && rawLines[rawLines.length - 1] === '';
  if (endsWithNewline) rawLines.pop();
  const lines: string[][] = rawLines.map((l) => l.split('\t'));
  const out: string[] = new Array(lines.length);
  const widths: number[] = [];

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const cells = lines[i];
      let s = '';
      for (let j = 0; j < cells.length; j++) {
        const c = cells[j];
        s += c;
        if (j < widths.length && j < cells.length - 1) s += ' '.repeat(Math.max(0, widths[j] - runeWidth(c)));
      }
      out[i] = s;
    }
  };

  // Recursive block formatting, as tabwriter.format.
  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= lines[t].length - 1) continue;
      // This line has a cell in `column`: it begins a block. Lines before it are done.
      writeLines(line0, t);
      line0 = t;
      let width = opts.minwidth;
      for (; t < line1; t++) {
        const cells = lines[t];
        if (column >= cells.length - 1) break;
        const w = runeWidth(cells[column]) + opts.padding;
        if (w > width) width = w;
      }
      widths.push(width);
      format(line0, t);
      widths.pop();
      // As in Go, line t (which ended the block) has no cell here; the loop's t++ skips it.
      line0 = t;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n') + (endsWithNewline ? '\n' : '');
}
