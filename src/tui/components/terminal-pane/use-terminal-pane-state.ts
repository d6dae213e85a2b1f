import { useReducerStore } from '../../hooks/use-reducer-store.js';
import type { TerminalEntry } from '../../../scenario/practice-types.js';
import { normalizeTerminalLine, outputLines, wrapRows } from '../../text/wrap.js';

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
  };
}

/**
 * The pane's pure reducer: readline-style editing (Ctrl+A/E/U/K/W/L), history
 * like bash's (↑/↓, the unsent draft kept), and a scrollback viewport (PgUp/PgDn).
 */
export function terminalPaneReducer(state: TerminalPaneState, action: TerminalPaneAction): TerminalPaneState {
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
      return { ...state, input: state.input.slice(state.cursor), cursor: 0 };
    case 'kill-to-end':
      return { ...state, input: state.input.slice(0, state.cursor) };
    case 'kill-word-backward': {
      // readline's unix-word-rubout: back over spaces, then over non-spaces.
      let start = state.cursor;
      while (start > 0 && state.input[start - 1] === ' ') start--;
      while (start > 0 && state.input[start - 1] !== ' ') start--;
      return { ...state, input: state.input.slice(0, start) + state.input.slice(state.cursor), cursor: start };
    }
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
