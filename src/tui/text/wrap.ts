import { stripControlSequences } from '../../shell/sanitize.js';
import stringWidth from './fast-string-width.js';

/** The longest head of `word` that fits in `columns` terminal columns (at least one character), and the rest. */
function splitAtColumns(word: string, columns: number): [string, string] {
  let used = 0;
  let end = 0;
  for (const ch of word) {
    const w = stringWidth(ch);
    if (used + w > columns && end > 0) break;
    used += w;
    end += ch.length;
  }
  return [word.slice(0, end), word.slice(end)];
}

/**
 * Word-wraps prose (a briefing, an explanation) to `width` terminal columns,
 * measured as the terminal draws them: a CJK character takes two. Blank
 * lines are kept; a word wider than the line (Chinese runs have no spaces)
 * is broken between characters.
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
    const room = w - indent.length;
    let line = indent;
    for (let word of words) {
      while (stringWidth(word) > room && room > 0) {
        if (line.trim().length > 0) {
          out.push(line);
          line = indent;
        }
        const [head, rest] = splitAtColumns(word, room);
        out.push(indent + head);
        word = rest;
      }
      if (word.length === 0) continue;
      const candidate = line.trim().length === 0 ? indent + word : `${line} ${word}`;
      if (stringWidth(candidate) > w && line.trim().length > 0) {
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

/** Hard-wraps one terminal line into rows of at most `width` columns, as a terminal does (a wide character takes two). */
export function wrapRows(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (line.length <= w && (line.length * 2 <= w || stringWidth(line) <= w)) return [line];
  const rows: string[] = [];
  if (stringWidth(line) === line.length) {
    for (let i = 0; i < line.length; i += w) rows.push(line.slice(i, i + w));
    return rows;
  }
  let rest = line;
  while (rest.length > 0) {
    const [head, tail] = splitAtColumns(rest, w);
    rows.push(head);
    rest = tail;
  }
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

/** Cuts `text` to `width` columns, marking the cut with an ellipsis. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (stringWidth(text) <= width) return text;
  return `${splitAtColumns(text, width - 1)[0]}…`;
}
