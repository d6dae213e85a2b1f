/**
 * readline's incremental reverse history search (Ctrl+R, lib/readline/isearch.c):
 * each typed character narrows the query and the newest line holding it is
 * shown; Ctrl+R again looks further back (earlier in the same line first);
 * nothing found keeps the last match and says `failed`.
 */

/** A search in progress. */
export interface ReverseSearch {
  readonly query: string;
  /** History index of the line shown; undefined while nothing has matched. */
  readonly index: number | undefined;
  /** Where the query starts in that line (the cursor goes there). */
  readonly at: number;
  /** The last search found nothing (the previous match stays shown). */
  readonly failed: boolean;
  /** The line and cursor when the search began, which Ctrl+G brings back. */
  readonly original: string;
  readonly originalCursor: number;
}

/** A new search from the line being edited. */
export function startSearch(input: string, cursor: number): ReverseSearch {
  return { query: '', index: undefined, at: 0, failed: false, original: input, originalCursor: cursor };
}

/**
 * The newest occurrence of `query` at or before (`index`, `before`): earlier
 * in line `index` first (its last occurrence before `before`), then older
 * lines, skipping lines equal to `skip` (readline passes over a line it already showed).
 */
function findBack(history: readonly string[], query: string, index: number, before: number, skip?: string): { index: number; at: number } | undefined {
  for (let i = index; i >= 0; i--) {
    const line = history[i]!;
    if (i !== index && line === skip) continue;
    const limit = i === index ? before : line.length;
    if (limit < 0) continue;
    const at = line.lastIndexOf(query, limit);
    if (at >= 0 && (i !== index || at <= before)) return { index: i, at };
  }
  return undefined;
}

/** The query grew (a typed character): the current match is kept if it still holds, else older lines are searched. */
export function extendSearch(search: ReverseSearch, history: readonly string[], text: string): ReverseSearch {
  const query = search.query + text;
  if (search.failed) return { ...search, query };
  const from = search.index ?? history.length - 1;
  const before = search.index === undefined ? Infinity : search.at;
  const found = findBack(history, query, from, before);
  return found ? { ...search, query, ...found, failed: false } : { ...search, query, failed: true };
}

/** The query shrank (Backspace): searched again from the newest line. */
export function shrinkSearch(search: ReverseSearch, history: readonly string[]): ReverseSearch {
  const query = search.query.slice(0, -1);
  if (query === '') return { ...search, query, index: undefined, at: 0, failed: false };
  const found = findBack(history, query, history.length - 1, Infinity);
  return found ? { ...search, query, ...found, failed: false } : { ...search, query, failed: true };
}

/** Ctrl+R while searching: the next older match of the same query. */
export function searchOlder(search: ReverseSearch, history: readonly string[]): ReverseSearch {
  if (search.query === '' || search.index === undefined) return search;
  const shown = history[search.index];
  const found = findBack(history, search.query, search.index, search.at - 1, shown);
  return found ? { ...search, ...found, failed: false } : { ...search, failed: true };
}

/** The line a search shows: the match, or the original line while nothing matched. */
export function searchLine(search: ReverseSearch, history: readonly string[]): string {
  return search.index === undefined ? search.original : history[search.index]!;
}

/** The prompt readline draws in place of the shell's (rl_display_search). */
export function searchPrompt(search: ReverseSearch): string {
  return `(${search.failed ? 'failed ' : ''}reverse-i-search)\`${search.query}': `;
}
