import { stripControlSequences } from '../../shell/sanitize.js';

/**
 * Word-wraps prose (a briefing, an explanation) to `width` columns. Blank
 * lines are kept; a word longer than the width is broken.
 */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of stripControlSequences(text).replace(/\n+$/, '').split('\n')) {
    const words = paragraph.split(/\s+/).filter((s) => s.length > 0);
    if (words.length === 0) {
      out.push('');
      continue;
    }
    // Keep the paragraph's indentation (lists in briefings).
    const indent = /^\s*/.exec(paragraph)?.[0] ?? '';
    let line = indent;
    for (let word of words) {
      while (word.length > w - indent.length && w > indent.length) {
        if (line.trim().length > 0) {
          out.push(line);
          line = indent;
        }
        out.push(indent + word.slice(0, w - indent.length));
        word = word.slice(w - indent.length);
      }
      if (word.length === 0) continue;
      const candidate = line.trim().length === 0 ? indent + word : `${line} ${word}`;
      if (candidate.length > w && line.trim().length > 0) {
        out.push(line);
        line = indent + word;
      } else {
        line = candidate;
      }
    }
    if (line.trim().length > 0) out.push(line);
  }
  return out;
}

/** Hard-wraps one terminal line into rows of at most `width` characters, as a terminal does. */
export function wrapRows(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (line.length <= w) return [line];
  const rows: string[] = [];
  for (let i = 0; i < line.length; i += w) rows.push(line.slice(i, i + w));
  return rows;
}

/**
 * Strips control sequences (the learner's `echo -e '\e]52;...'` must not reach the real terminal),
 * then expands tabs to 8-column stops, so Ink measures lines as a terminal shows them.
 */
export function normalizeTerminalLine(line: string): string {
  const clean = stripControlSequences(line);
  if (!clean.includes('\t')) return clean;
  let out = '';
  for (const ch of clean) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

/** Splits command output into lines, dropping the empty line after a final newline. */
export function outputLines(output: string): string[] {
  if (output.length === 0) return [];
  const lines = output.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map(normalizeTerminalLine);
}

/** Cuts `text` to `width` characters, marking the cut with an ellipsis. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
