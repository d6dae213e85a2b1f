/**
 * How readline shows and inserts completions (GNU readline complete.c):
 * the longest common prefix of the matches (compute_lcd_of_matches), the
 * separator a single match gets (append_to_match), and the column listing of
 * several (rl_display_match_list), printed down the columns like `ls`.
 */
import type { Completion } from '../../../practice/types.js';

/** Above this many matches readline asks before listing them (rl_completion_query_items, default 100). */
export const COMPLETION_QUERY_ITEMS = 100;

/** The longest prefix every candidate shares. */
export function commonPrefix(candidates: readonly string[]): string {
  if (candidates.length === 0) return '';
  let prefix = candidates[0]!;
  for (const c of candidates) {
    let i = 0;
    while (i < prefix.length && i < c.length && prefix[i] === c[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

/** What readline shows of a match: a file name's last component (printable_part), a directory with its `/`. */
export function matchLabel(candidate: string, filenames: boolean): string {
  if (!filenames) return candidate;
  const body = candidate.endsWith('/') ? candidate.slice(0, -1) : candidate;
  const slash = body.lastIndexOf('/');
  return slash < 0 ? candidate : candidate.slice(slash + 1);
}

/**
 * The rows rl_display_match_list prints for `labels` in `width` columns:
 * each column `max + 2` wide (one less column when they would fill the line
 * exactly), sorted down the columns, the last column unpadded.
 */
export function matchListRows(labels: readonly string[], width: number): string[] {
  const sorted = [...labels].sort();
  const max = sorted.reduce((m, l) => Math.max(m, l.length), 0) + 2;
  let limit = Math.floor(width / max);
  if (limit !== 1 && limit * max === width) limit--;
  if (limit === 0) limit = 1;
  const count = Math.ceil(sorted.length / limit);
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    let row = '';
    for (let j = 0, l = i; j < limit && l < sorted.length; j++, l += count) {
      const label = sorted[l]!;
      row += j + 1 < limit ? label.padEnd(max) : label;
    }
    rows.push(row);
  }
  return rows;
}

/** What a Tab did to the line. */
export interface CompletionEdit {
  readonly input: string;
  readonly cursor: number;
  /** The line changed (readline's completion_changed_buffer). */
  readonly changed: boolean;
  /** Several matches remain. */
  readonly ambiguous: boolean;
}

/**
 * Inserts what a Tab inserts: the common prefix of the matches in place of the
 * word; a single match also gets its separator, a space (none after a
 * directory), and only when the cursor is at the end of the line.
 */
export function applyCompletion(input: string, cursor: number, completion: Completion): CompletionEdit {
  const { candidates, filenames } = completion;
  if (candidates.length === 0) return { input, cursor, changed: false, ambiguous: false };
  const start = Math.max(0, Math.min(completion.start, cursor));
  const word = input.slice(start, cursor);
  const prefix = commonPrefix(candidates);
  // A prefix shorter than the word (a case-folded match) leaves the word as typed.
  let insert = prefix.length >= word.length ? prefix : word;
  const single = candidates.length === 1;
  const atEnd = cursor === input.length;
  if (single && atEnd && !(filenames && insert.endsWith('/'))) insert += ' ';
  const next = input.slice(0, start) + insert + input.slice(cursor);
  return { input: next, cursor: start + insert.length, changed: next !== input, ambiguous: !single };
}
