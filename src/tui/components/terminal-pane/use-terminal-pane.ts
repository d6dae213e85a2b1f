import type { Key } from 'ink';
import { useCallback } from 'react';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatest } from '../../hooks/use-latest.js';
import type { Completion } from '../../../practice/types.js';
import type { TerminalPaneAction, TerminalPaneState } from './use-terminal-pane-state.js';

/** A key's meaning: a pane action, or Tab (completion, which asks the session). */
export type PaneKey = TerminalPaneAction | { type: 'tab' };

/** Maps one keypress to a pane action, or undefined when the pane ignores it. Pure, for tests. */
export function terminalPaneKeyAction(input: string, key: Key): PaneKey | undefined {
  if (key.return) return { type: 'submit' };
  if (key.tab && !key.shift) return { type: 'tab' };
  if (key.ctrl) {
    switch (input) {
      case 'a':
        return { type: 'cursor-start' };
      case 'e':
        return { type: 'cursor-end' };
      case 'u':
        return { type: 'kill-to-start' };
      case 'k':
        return { type: 'kill-to-end' };
      case 'w':
        return { type: 'kill-word-backward' };
      case 'l':
        return { type: 'clear-screen' };
      case 'b':
        return { type: 'cursor-left' };
      case 'f':
        return { type: 'cursor-right' };
      case 'h':
        return { type: 'delete-backward' };
      case 'd':
        return { type: 'delete-forward' };
      case 'p':
        return { type: 'history-previous' };
      case 'n':
        return { type: 'history-next' };
      case 'r':
        return { type: 'search-start' };
      case 'g':
        return { type: 'search-cancel' };
      case 'y':
        return { type: 'yank' };
      // Ctrl+I is Tab (0x09), as a terminal sends it.
      case 'i':
        return { type: 'tab' };
    }
    return undefined;
  }
  // Esc ends a search keeping its match (readline's isearch-terminators); Alt+B/F move by words.
  if (key.escape) return { type: 'search-accept' };
  if (key.meta && (input === 'b' || input === 'B')) return { type: 'word-left' };
  if (key.meta && (input === 'f' || input === 'F')) return { type: 'word-right' };
  // Ink 6 reports the usual Backspace byte (0x7f) as `delete`; both erase backwards.
  if (key.backspace || key.delete) return { type: 'delete-backward' };
  if (key.leftArrow) return { type: 'cursor-left' };
  if (key.rightArrow) return { type: 'cursor-right' };
  if (key.home) return { type: 'cursor-start' };
  if (key.end) return { type: 'cursor-end' };
  if (key.upArrow) return { type: 'history-previous' };
  if (key.downArrow) return { type: 'history-next' };
  if (key.pageUp) return { type: 'page-up' };
  if (key.pageDown) return { type: 'page-down' };
  if (key.tab || key.escape || key.meta) return undefined;
  if (input.length > 0) return { type: 'insert', text: input };
  return undefined;
}

/** The noKey of Ink's Key, for keys decoded from a chunk. */
const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

/** A step of a decoded chunk: a pane key, or Ctrl+C (which is the screen's, not the pane's). */
export type ChunkStep = PaneKey | { type: 'interrupt' };

/**
 * Decodes a multi-character chunk holding control bytes into pane actions:
 * CR/LF submit, DEL/BS erase, Ctrl+letter as readline, ETX (Ctrl+C) an
 * interrupt; undefined when the chunk is plain text (one insert does).
 */
export function chunkActions(input: string): ChunkStep[] | undefined {
  if (!/[\u0000-\u001f\u007f]/.test(input)) return undefined;
  const actions: ChunkStep[] = [];
  let text = '';
  const flush = () => {
    if (text.length > 0) actions.push({ type: 'insert', text });
    text = '';
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    const code = ch.charCodeAt(0);
    if (ch === '\r' || ch === '\n') {
      flush();
      // CRLF is one line break.
      if (ch === '\r' && input[i + 1] === '\n') i++;
      actions.push({ type: 'submit' });
    } else if (code === 0x7f || code === 0x08) {
      flush();
      actions.push({ type: 'delete-backward' });
    } else if (code === 3) {
      flush();
      actions.push({ type: 'interrupt' });
    } else if (code === 9) {
      flush();
      actions.push({ type: 'tab' });
    } else if (code >= 1 && code <= 26) {
      flush();
      const action = terminalPaneKeyAction(String.fromCharCode(code + 96), { ...NO_KEY, ctrl: true });
      if (action) actions.push(action);
    } else if (code < 0x20) {
      // Other control bytes (a stray ESC, tabs) are dropped, as the insert would.
      flush();
    } else {
      text += ch;
    }
  }
  flush();
  return actions;
}

/** Options of {@link useTerminalPane}. */
export interface UseTerminalPaneOptions {
  /** The latest state, read when Enter is pressed. */
  stateRef: { readonly current: TerminalPaneState };
  dispatch: (action: TerminalPaneAction) => void;
  /** Called with the typed line when Enter is pressed. */
  onSubmit: (line: string) => void;
  /** Only the focused pane listens (Ink's useInput isActive); it listens from the commit that shows it (useKeys). */
  isActive: boolean;
  /**
   * Checked on every key: while it returns true keys are dropped (a command
   * holds the terminal). Unlike `isActive` it needs no render to change, so
   * keys typed right after Ctrl+C are not lost.
   */
  isHeld?: () => boolean;
  /** Ctrl+D on an empty line (end of input: bash leaves the shell). */
  onEof?: () => void;
  /**
   * Offered every key first (a question being answered); returns true when
   * it took the key. One handler, so a key is never seen twice.
   */
  intercept?: (input: string, key: Key) => boolean;
  /** Tab: the session's completion of the word before the cursor (absent: Tab does nothing). */
  complete?: (line: string, cursor: number) => Completion;
  /** The prompt, echoed above a list of matches. */
  prompt?: () => string;
  /**
   * Ctrl+C inside a chunk (`sys` then Ctrl+C read together): Ink reports a
   * lone Ctrl+C to every handler, but a chunk only to this one.
   */
  onInterrupt?: () => void;
}

/** Routes keys to the terminal pane while it is active. */
export function useTerminalPane({ stateRef, dispatch, onSubmit, isActive, isHeld, onEof, intercept, onInterrupt, complete, prompt }: UseTerminalPaneOptions): void {
  const latest = useLatest(onSubmit);
  const completer = useLatest(complete);
  const promptOf = useLatest(prompt);
  const held = useLatest(isHeld);
  const eof = useLatest(onEof);
  const intercepted = useLatest(intercept);
  const interrupt = useLatest(onInterrupt);
  const handler = useCallback(
    (input: string, key: Key) => {
      const apply = (key: PaneKey): void => {
        if (key.type === 'tab') {
          const state = stateRef.current;
          // Tab while searching or asking ends the search / is the answer's, as any key: the reducer decides.
          if (state.search || state.asking || !completer.current) {
            if (state.search) dispatch({ type: 'search-accept' });
            return;
          }
          dispatch({ type: 'complete', completion: completer.current(state.input, state.cursor), prompt: promptOf.current?.() ?? '' });
          return;
        }
        const action = key;
        // Enter during Ctrl+R runs the line found.
        if (action.type === 'submit' && stateRef.current.search) dispatch({ type: 'search-accept' });
        if (action.type === 'submit' && stateRef.current.asking) {
          dispatch(action);
          return;
        }
        if (action.type === 'submit') latest.current(stateRef.current.input);
        // Ctrl+D deletes a character, or on an empty line is end of input.
        if (action.type === 'delete-forward' && stateRef.current.input.length === 0 && !stateRef.current.search && !stateRef.current.asking) {
          eof.current?.();
          return;
        }
        dispatch(action);
      };
      // Several keys can arrive in one chunk (a paste, tmux send-keys, a fast
      // typist over ssh); Ink splits only escape sequences, so split the rest.
      const chunk = !key.ctrl && !key.meta && input.length > 1 ? chunkActions(input) : undefined;
      if (!chunk) {
        if (intercepted.current?.(input, key)) return;
        if (held.current?.()) return;
        const action = terminalPaneKeyAction(input, key);
        if (action) apply(action);
        return;
      }
      // Each step sees the state the steps before it left: Ctrl+C ends a following command, an
      // answered question gives the prompt back, Enter may start a command that holds the terminal.
      for (const step of chunk) {
        if (step.type === 'interrupt') {
          interrupt.current?.();
          continue;
        }
        if (intercepted.current?.(step.type === 'insert' ? step.text : step.type === 'submit' ? '\r' : '', step.type === 'submit' ? { ...NO_KEY, return: true } : NO_KEY)) continue;
        if (held.current?.()) continue;
        apply(step);
      }
    },
    [latest, held, eof, intercepted, interrupt, stateRef, dispatch, completer, promptOf],
  );
  useKeys(handler, { isActive });
}
