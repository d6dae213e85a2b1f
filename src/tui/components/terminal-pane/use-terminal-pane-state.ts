import { useReducerStore } from '../../hooks/use-reducer-store.js';
import type { TerminalEntry } from '../../../practice/types.js';
import type { Completion } from '../../../practice/types.js';
import { normalizeTerminalLine, outputLines, wrapRows } from '../../text/wrap.js';
import { applyCompletion, COMPLETION_QUERY_ITEMS, matchLabel, matchListRows } from './completion-list.js';
import { extendSearch, searchLine, searchOlder, shrinkSearch, startSearch, type ReverseSearch } from './reverse-search.js';

/** The terminal pane: an input line with a cursor and history, and a scrollback. */
export interface TerminalPaneState {
  /** The line being edited. */
  readonly input: string;
  /** Cursor position in `input` (0..input.length). */
  readonly cursor: number;
  /** Submitted lines, oldest first. */
  readonly history: readonly string[];
  /** Which history line is shown while browsing with ↑/↓; undefined when editing a new line. */
  readonly historyIndex: number | undefined;
  /** The new line being edited before browsing history started, restored by ↓ past the end. */
  readonly draft: string;
  /** Scrollback, one logical line each (wrapped only when drawn). */
  readonly lines: readonly string[];
  /** Lines before this index are hidden while following the bottom (Ctrl+L). */
  readonly floor: number;
  /** Rows scrolled up from the bottom; 0 follows new output. */
  readonly scroll: number;
  /** Viewport width in columns. */
  readonly width: number;
  /** Viewport height in rows (scrollback only, not the input line). */
  readonly height: number;
  /** What the last Ctrl+U/K/W (or run of them) killed, for Ctrl+Y. */
  readonly killed: string;
  /** The last key was a kill: the next kill adds to `killed` (readline's kill ring). */
  readonly killing: boolean;
  /**
   * The last key was a Tab: whether it changed the line. A Tab after one that
   * changed nothing lists the matches (readline's rl_complete).
   */
  readonly tab: 'changed' | 'unchanged' | undefined;
  /** The matches readline asks about before listing (`Display all 150 possibilities? (y or n)`). */
  readonly asking: readonly string[] | undefined;
  /** A Ctrl+R search in progress. */
  readonly search: ReverseSearch | undefined;
}

/** Everything the pane can be asked to do. */
export type TerminalPaneAction =
  | { type: 'insert'; text: string }
  | { type: 'delete-backward' }
  | { type: 'delete-forward' }
  | { type: 'cursor-left' }
  | { type: 'cursor-right' }
  | { type: 'cursor-start' }
  | { type: 'cursor-end' }
  | { type: 'kill-to-start' }
  | { type: 'kill-to-end' }
  | { type: 'kill-word-backward' }
  | { type: 'yank' }
  | { type: 'word-left' }
  | { type: 'word-right' }
  | { type: 'complete'; completion: Completion; prompt: string }
  | { type: 'search-start' }
  | { type: 'search-cancel' }
  | { type: 'search-accept' }
  | { type: 'history-expanded'; typed: string; line: string | undefined }
  | { type: 'clear-screen' }
  | { type: 'history-previous' }
  | { type: 'history-next' }
  | { type: 'page-up' }
  | { type: 'page-down' }
  | { type: 'submit' }
  | { type: 'discard-input' }
  | { type: 'append-entry'; entry: TerminalEntry }
  | { type: 'append-text'; text: string }
  | { type: 'clear-scrollback' }
  | { type: 'resize'; width: number; height: number };

/** An empty pane of the given viewport size. */
export function initialTerminalPaneState(width = 80, height = 20): TerminalPaneState {
  return {
    input: '',
    cursor: 0,
    history: [],
    historyIndex: undefined,
    draft: '',
    lines: [],
    floor: 0,
    scroll: 0,
    width: Math.max(1, width),
    height: Math.max(1, height),
    killed: '',
    killing: false,
    tab: undefined,
    asking: undefined,
    search: undefined,
  };
}

/** Keys that edit the line: after any of them a kill or a Tab starts afresh. */
const KEYSTROKES = new Set<TerminalPaneAction['type']>([
  'insert', 'delete-backward', 'delete-forward', 'cursor-left', 'cursor-right', 'cursor-start', 'cursor-end',
  'kill-to-start', 'kill-to-end', 'kill-word-backward', 'yank', 'word-left', 'word-right', 'clear-screen',
  'history-previous', 'history-next', 'submit', 'discard-input', 'complete', 'search-start', 'search-cancel', 'search-accept',
]);

/** Keys a search takes itself; any other keystroke ends it, keeping the match, and then does its job (isearch.c). */
const SEARCH_KEYS = new Set<TerminalPaneAction['type']>(['insert', 'delete-backward', 'search-start', 'search-cancel', 'search-accept', 'discard-input']);

/** readline's word characters (rl_alphabetic): letters and digits. */
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Ctrl+U/K/W: the text goes to the kill ring, added to it when the last key killed too. */
function kill(state: TerminalPaneState, input: string, cursor: number, text: string, backward: boolean): TerminalPaneState {
  const killed = state.killing ? (backward ? text + state.killed : state.killed + text) : text;
  return { ...state, input, cursor, killed, killing: true };
}

/** A search ends with its match as the line, the cursor where the query is. */
function acceptSearch(state: TerminalPaneState, search: ReverseSearch): TerminalPaneState {
  const input = searchLine(search, state.history);
  const found = search.index !== undefined;
  return {
    ...state,
    search: undefined,
    input,
    cursor: found ? search.at : search.originalCursor,
    historyIndex: found ? search.index : state.historyIndex,
    draft: found && state.historyIndex === undefined ? search.original : state.draft,
  };
}

/** What a Tab does with the matches: insert their common part; list them on a Tab after one that changed nothing. */
function completeLine(state: TerminalPaneState, completion: Completion, prompt: string): TerminalPaneState {
  const edit = applyCompletion(state.input, state.cursor, completion);
  if (completion.candidates.length === 0) return { ...state, tab: 'unchanged' };
  if (edit.changed || !edit.ambiguous || state.tab !== 'unchanged') {
    return { ...state, input: edit.input, cursor: edit.cursor, tab: edit.changed ? 'changed' : 'unchanged' };
  }
  const labels = completion.candidates.map((c) => matchLabel(c, completion.filenames));
  const echo = normalizeTerminalLine(prompt + state.input);
  if (labels.length >= COMPLETION_QUERY_ITEMS) {
    return { ...state, lines: state.lines.concat(echo), asking: labels, scroll: 0, tab: 'unchanged' };
  }
  return { ...state, lines: state.lines.concat(echo, matchListRows(labels, state.width)), scroll: 0, tab: 'unchanged' };
}

/**
 * The answer to `Display all N possibilities? (y or n)` (readline's get_y_or_n):
 * y, Y or space lists, n, N, Backspace or Ctrl+G declines, other keys are ignored.
 */
function answerQuery(state: TerminalPaneState, asking: readonly string[], action: TerminalPaneAction): TerminalPaneState {
  const question = `Display all ${asking.length} possibilities? (y or n)`;
  const text = action.type === 'insert' ? action.text[0] : undefined;
  if (text === 'y' || text === 'Y' || text === ' ') {
    return { ...state, asking: undefined, lines: state.lines.concat(question, matchListRows(asking, state.width)), scroll: 0 };
  }
  if (text === 'n' || text === 'N' || action.type === 'delete-backward' || action.type === 'search-cancel' || action.type === 'discard-input') {
    return { ...state, asking: undefined, lines: state.lines.concat(question), scroll: 0 };
  }
  return state;
}

/**
 * The pane's pure reducer: readline-style editing (Ctrl+A/E/U/K/W/L), history
 * like bash's (↑/↓, the unsent draft kept), and a scrollback viewport (PgUp/PgDn).
 */
export function terminalPaneReducer(state: TerminalPaneState, action: TerminalPaneAction): TerminalPaneState {
  const keystroke = KEYSTROKES.has(action.type);
  if (keystroke && state.asking) return answerQuery(state, state.asking, action);
  if (keystroke && state.search) {
    if (!SEARCH_KEYS.has(action.type)) return terminalPaneReducer(acceptSearch(state, state.search), action);
    return searchKey(state, state.search, action);
  }
  const next = edit(state, action);
  if (!keystroke) return next;
  // A run of kills adds up, and only Tabs in a row count as a double Tab.
  const killing = next.killing && (action.type === 'kill-to-start' || action.type === 'kill-to-end' || action.type === 'kill-word-backward');
  const tab = action.type === 'complete' ? next.tab : undefined;
  return next.killing === killing && next.tab === tab ? next : { ...next, killing, tab };
}

/** A key while Ctrl+R searches. */
function searchKey(state: TerminalPaneState, search: ReverseSearch, action: TerminalPaneAction): TerminalPaneState {
  switch (action.type) {
    case 'insert': {
      const text = action.text.replace(/[\u0000-\u001f\u007f]/g, '');
      return text === '' ? state : { ...state, search: extendSearch(search, state.history, text) };
    }
    case 'delete-backward':
      return { ...state, search: shrinkSearch(search, state.history) };
    case 'search-start':
      return { ...state, search: searchOlder(search, state.history) };
    case 'search-cancel':
      // Ctrl+G: the line as it was before the search.
      return { ...state, search: undefined, input: search.original, cursor: search.originalCursor };
    case 'search-accept':
      return acceptSearch(state, search);
    default:
      return terminalPaneReducer({ ...state, search: undefined }, action);
  }
}

function edit(state: TerminalPaneState, action: TerminalPaneAction): TerminalPaneState {
  switch (action.type) {
    case 'insert': {
      // Pasted text may carry newlines; a single input line can't hold them.
      const text = action.text.replace(/[\r\n]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
      if (text.length === 0) return state;
      const input = state.input.slice(0, state.cursor) + text + state.input.slice(state.cursor);
      return { ...state, input, cursor: state.cursor + text.length };
    }
    case 'delete-backward':
      if (state.cursor === 0) return state;
      return {
        ...state,
        input: state.input.slice(0, state.cursor - 1) + state.input.slice(state.cursor),
        cursor: state.cursor - 1,
      };
    case 'delete-forward':
      // readline's delete-char (Ctrl+D on a non-empty line).
      if (state.cursor >= state.input.length) return state;
      return { ...state, input: state.input.slice(0, state.cursor) + state.input.slice(state.cursor + 1) };
    case 'cursor-left':
      return state.cursor === 0 ? state : { ...state, cursor: state.cursor - 1 };
    case 'cursor-right':
      return state.cursor >= state.input.length ? state : { ...state, cursor: state.cursor + 1 };
    case 'cursor-start':
      return { ...state, cursor: 0 };
    case 'cursor-end':
      return { ...state, cursor: state.input.length };
    case 'kill-to-start':
      return kill(state, state.input.slice(state.cursor), 0, state.input.slice(0, state.cursor), true);
    case 'kill-to-end':
      return kill(state, state.input.slice(0, state.cursor), state.cursor, state.input.slice(state.cursor), false);
    case 'kill-word-backward': {
      // readline's unix-word-rubout: back over spaces, then over non-spaces.
      let start = state.cursor;
      while (start > 0 && state.input[start - 1] === ' ') start--;
      while (start > 0 && state.input[start - 1] !== ' ') start--;
      return kill(state, state.input.slice(0, start) + state.input.slice(state.cursor), start, state.input.slice(start, state.cursor), true);
    }
    case 'yank': {
      if (state.killed === '') return state;
      const input = state.input.slice(0, state.cursor) + state.killed + state.input.slice(state.cursor);
      return { ...state, input, cursor: state.cursor + state.killed.length };
    }
    case 'word-left': {
      // readline's backward-word: over non-word characters, then to the start of the word.
      let at = state.cursor;
      while (at > 0 && !isWordChar(state.input[at - 1])) at--;
      while (at > 0 && isWordChar(state.input[at - 1])) at--;
      return at === state.cursor ? state : { ...state, cursor: at };
    }
    case 'word-right': {
      // forward-word: over non-word characters, then to the end of the word.
      let at = state.cursor;
      while (at < state.input.length && !isWordChar(state.input[at])) at++;
      while (at < state.input.length && isWordChar(state.input[at])) at++;
      return at === state.cursor ? state : { ...state, cursor: at };
    }
    case 'complete':
      return completeLine(state, action.completion, action.prompt);
    case 'search-start':
      return { ...state, search: startSearch(state.input, state.cursor), scroll: 0 };
    case 'search-cancel':
    case 'search-accept':
      // Outside a search Ctrl+G is readline's abort: the bell, nothing else.
      return state;
    case 'clear-screen':
      return { ...state, floor: state.lines.length, scroll: 0 };
    case 'history-previous': {
      if (state.history.length === 0) return state;
      const index = state.historyIndex === undefined ? state.history.length - 1 : Math.max(0, state.historyIndex - 1);
      const input = state.history[index]!;
      const draft = state.historyIndex === undefined ? state.input : state.draft;
      return { ...state, historyIndex: index, input, cursor: input.length, draft };
    }
    case 'history-next': {
      if (state.historyIndex === undefined) return state;
      if (state.historyIndex < state.history.length - 1) {
        const index = state.historyIndex + 1;
        const input = state.history[index]!;
        return { ...state, historyIndex: index, input, cursor: input.length };
      }
      return { ...state, historyIndex: undefined, input: state.draft, cursor: state.draft.length, draft: '' };
    }
    case 'page-up': {
      const wanted = state.scroll + Math.max(1, state.height - 1);
      return { ...state, scroll: clampScroll(state, wanted) };
    }
    case 'page-down':
      return { ...state, scroll: Math.max(0, state.scroll - Math.max(1, state.height - 1)) };
    case 'submit': {
      const line = state.input;
      // Like bash with HISTCONTROL=ignoreboth: no blank lines, no repeats of the last line.
      const keep = line.trim().length > 0 && state.history[state.history.length - 1] !== line;
      return {
        ...state,
        input: '',
        cursor: 0,
        draft: '',
        historyIndex: undefined,
        history: keep ? [...state.history, line] : state.history,
        scroll: 0,
      };
    }
    case 'history-expanded': {
      // The shell ran `!!` as the line it stood for: history keeps that (or nothing, when expansion failed).
      const last = state.history.length - 1;
      if (state.history[last] !== action.typed) return state;
      const rest = state.history.slice(0, last);
      const keep = action.line !== undefined && action.line.trim() !== '' && rest[rest.length - 1] !== action.line;
      return { ...state, history: keep ? [...rest, action.line!] : rest };
    }
    case 'discard-input':
      // Ctrl+C: the line is dropped, not remembered, and history browsing ends.
      return { ...state, input: '', cursor: 0, draft: '', historyIndex: undefined, scroll: 0 };
    case 'append-entry': {
      const { entry } = action;
      const added = [normalizeTerminalLine(entry.prompt + entry.command), ...outputLines(entry.output)];
      return { ...state, lines: state.lines.concat(added), scroll: 0 };
    }
    case 'append-text':
      return { ...state, lines: state.lines.concat(outputLines(action.text)), scroll: 0 };
    case 'clear-scrollback':
      return { ...state, lines: [], floor: 0, scroll: 0 };
    case 'resize': {
      const width = Math.max(1, action.width);
      const height = Math.max(1, action.height);
      if (width === state.width && height === state.height) return state;
      const resized = { ...state, width, height };
      return { ...resized, scroll: clampScroll(resized, state.scroll) };
    }
  }
}

/** The largest scroll that still shows a full page, walking back only as far as needed. */
function clampScroll(state: TerminalPaneState, wanted: number): number {
  if (wanted <= 0) return 0;
  let rows = 0;
  const needed = wanted + state.height;
  for (let i = state.lines.length - 1; i >= 0 && rows < needed; i--) {
    rows += wrapRows(state.lines[i]!, state.width).length;
  }
  // After Ctrl+L a short scrollback still has hidden lines: one step up shows them.
  const max = Math.max(rows - state.height, state.floor > 0 ? 1 : 0);
  return Math.max(0, Math.min(wanted, max));
}

/** What the viewport shows. */
export interface Viewport {
  /** The rows to draw, top to bottom, each at most `width` characters. */
  rows: string[];
  /** True when the view is scrolled up from the newest output. */
  scrolled: boolean;
}

/**
 * The visible rows of the scrollback. Only the lines that reach the viewport
 * are wrapped, so drawing costs O(viewport + scroll), not O(scrollback).
 */
export function visibleRows(state: TerminalPaneState): Viewport {
  const { lines, width, height, scroll, floor } = state;
  const stop = scroll === 0 ? floor : 0;
  const needed = scroll + height;
  const collected: string[][] = [];
  let count = 0;
  for (let i = lines.length - 1; i >= stop && count < needed; i--) {
    const rows = wrapRows(lines[i]!, width);
    collected.push(rows);
    count += rows.length;
  }
  const rows: string[] = [];
  for (let i = collected.length - 1; i >= 0; i--) rows.push(...collected[i]!);
  const end = Math.max(0, rows.length - scroll);
  const start = Math.max(0, end - height);
  // Scrolled to the top, the first page is shown whole.
  const page = scroll > 0 && end - start < height ? rows.slice(0, height) : rows.slice(start, end);
  return { rows: page, scrolled: scroll > 0 };
}

/**
 * The pane's state, dispatch, and a ref to the latest state (for key handlers);
 * `schedule` may hold re-renders back (see FrameBatch).
 */
export function useTerminalPaneState(width: number, height: number, restored?: TerminalPaneState, schedule?: (render: () => void) => void) {
  // A pane restored after the results screen keeps its scrollback and history, resized to now.
  return useReducerStore(
    terminalPaneReducer,
    () => (restored ? terminalPaneReducer(restored, { type: 'resize', width, height }) : initialTerminalPaneState(width, height)),
    schedule,
  );
}
