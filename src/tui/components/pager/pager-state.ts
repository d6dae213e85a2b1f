/**
 * An interactive pager (less, more) over a text the shell already produced:
 * a pure state machine of a screen's first row, a search and the bottom line.
 * The text is cut into screen rows once, when it is opened (less wraps long
 * lines the same way, without -S).
 */
import type { PagerRequest } from '../../../commands/types.js';
import { outputLines, wrapRows } from '../../text/wrap.js';

/** What a pager shows. */
export interface PagerState {
  readonly pager: PagerRequest['pager'];
  readonly file?: string;
  /** The text as screen rows. */
  readonly rows: readonly string[];
  /** Bytes of the text (more's percentage). */
  readonly bytes: number;
  /** Bytes up to the end of each row, newline included (more's percentage of what was shown). */
  readonly rowEnds: readonly number[];
  /** Rows of text on a screen (the bottom line is the prompt). */
  readonly height: number;
  /** Index of the screen's first row. */
  readonly top: number;
  /** Nothing was moved yet: less names the file on its first prompt. */
  readonly first: boolean;
  /** The `/` line being typed, if any. */
  readonly typing?: string;
  /** The last pattern searched for (`n` repeats it). */
  readonly pattern?: string;
  /** The row the last search found (searching again starts after it). */
  readonly found?: number;
  /** A message in place of the prompt until the next key (`Pattern not found`). */
  readonly message?: string;
  /** The pager quit (q, or more reaching the end). */
  readonly done: boolean;
}

export type PagerAction =
  | { readonly type: 'forward'; readonly rows: number }
  | { readonly type: 'back'; readonly rows: number }
  | { readonly type: 'top' }
  | { readonly type: 'bottom' }
  | { readonly type: 'search-start' }
  | { readonly type: 'search-type'; readonly text: string }
  | { readonly type: 'search-erase' }
  | { readonly type: 'search-submit' }
  | { readonly type: 'search-cancel' }
  | { readonly type: 'search-next' }
  | { readonly type: 'dismiss' }
  | { readonly type: 'quit' };

/** Opens a pager on `text` for a screen of `screenRows` rows (one of them the prompt) and `width` columns. */
export function openPager(request: PagerRequest, text: string, width: number, screenRows: number): PagerState {
  const rows: string[] = [];
  const rowEnds: number[] = [];
  let at = 0;
  for (const line of outputLines(text)) {
    const pieces = wrapRows(line, width);
    pieces.forEach((piece, i) => {
      at += Buffer.byteLength(piece) + (i === pieces.length - 1 ? 1 : 0);
      rows.push(piece);
      rowEnds.push(at);
    });
  }
  return {
    pager: request.pager,
    ...(request.file !== undefined ? { file: request.file } : {}),
    rows,
    bytes: Buffer.byteLength(text),
    rowEnds,
    height: Math.max(1, screenRows - 1),
    top: 0,
    first: true,
    done: false,
  };
}

/** The last row a screen may start at: the text's last row on the screen's last row. */
function maxTop(state: PagerState): number {
  return Math.max(0, state.rows.length - state.height);
}

/** The screen's first row is the text's last screen: everything has been shown. */
export function atEnd(state: PagerState): boolean {
  return state.top >= maxTop(state);
}

/** more shows the whole text and exits when it fits on one screen, without a prompt. */
export function fitsOneScreen(state: PagerState): boolean {
  return state.rows.length <= state.height;
}

function moveTo(state: PagerState, top: number): PagerState {
  const next: PagerState = { ...state, top: Math.min(maxTop(state), Math.max(0, top)), first: false, message: undefined };
  // more exits once it has shown the end (util-linux more.c: the last screen ends it).
  return next.pager === 'more' && atEnd(next) ? { ...next, done: true } : next;
}

/** Searches forward for `pattern` from row `from`: a plain substring, since the learner's regex must not stall the screen. */
function search(state: PagerState, pattern: string, from: number): PagerState {
  for (let row = from; row < state.rows.length; row++) {
    if (state.rows[row]!.includes(pattern)) return { ...moveTo(state, row), pattern, found: row };
  }
  return { ...state, pattern, typing: undefined, message: 'Pattern not found  (press RETURN)' };
}

export function pagerReducer(state: PagerState, action: PagerAction): PagerState {
  if (state.done) return state;
  switch (action.type) {
    case 'forward':
      return moveTo(state, state.top + action.rows);
    case 'back':
      return moveTo(state, state.top - action.rows);
    case 'top':
      return moveTo(state, 0);
    case 'bottom':
      return moveTo(state, maxTop(state));
    case 'search-start':
      return { ...state, typing: '', message: undefined };
    case 'search-type':
      return state.typing === undefined ? state : { ...state, typing: state.typing + action.text };
    case 'search-erase':
      // Backspace on an empty `/` line leaves it, as less's line editor does.
      if (state.typing === undefined) return state;
      return state.typing === '' ? { ...state, typing: undefined } : { ...state, typing: state.typing.slice(0, -1) };
    case 'search-cancel':
      return { ...state, typing: undefined };
    case 'search-submit': {
      if (state.typing === undefined) return state;
      // An empty pattern repeats the last one (less: "/" with nothing typed).
      const pattern = state.typing === '' ? state.pattern : state.typing;
      const typed = { ...state, typing: undefined };
      if (pattern === undefined) return typed;
      // less starts at the screen's second row (man less, -a: "By default, searches start at the second line on the screen").
      return search(typed, pattern, state.top + 1);
    }
    case 'search-next':
      if (state.pattern === undefined) return state;
      return search(state, state.pattern, Math.max(state.top, state.found ?? state.top) + 1);
    case 'dismiss':
      return { ...state, message: undefined };
    case 'quit':
      return { ...state, done: true };
  }
}

/** The rows on screen now. */
export function shownRows(state: PagerState): readonly string[] {
  return state.rows.slice(state.top, state.top + state.height);
}

/**
 * The bottom line. less: its short prompt (prompt.c s_proto
 * `?n?f%f .?m(%T %i of %m) ..?e(END) ?x- Next\: %x..%t`): the file's name on
 * the first screen, `(END)` at the end, and `:` when that leaves it empty
 * (command.c prompt()). more: util-linux more.c more_prompt(), `--More--`
 * and, for a file (whose size it knows), `(NN%)` of the bytes shown.
 */
export function promptLine(state: PagerState): string {
  if (state.typing !== undefined) return `/${state.typing}`;
  if (state.message !== undefined) return state.message;
  if (state.pager === 'more') {
    if (state.file === undefined || state.bytes === 0) return '--More--';
    const shown = state.rowEnds[Math.min(state.rows.length, state.top + state.height) - 1] ?? 0;
    return `--More--(${Math.floor((shown * 100) / state.bytes)}%)`;
  }
  const parts: string[] = [];
  if (state.first && state.file !== undefined) parts.push(state.file);
  if (atEnd(state)) parts.push('(END)');
  return parts.length > 0 ? parts.join(' ') : ':';
}

/** A row cut at each occurrence of the pattern searched for: less shows matches in standout. */
export function matchSegments(row: string, pattern: string | undefined): { text: string; match: boolean }[] {
  if (!pattern || !row.includes(pattern)) return [{ text: row, match: false }];
  const parts = row.split(pattern);
  return parts.flatMap((text, i) => [...(text ? [{ text, match: false }] : []), ...(i < parts.length - 1 ? [{ text: pattern, match: true }] : [])]);
}
