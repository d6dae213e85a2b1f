import type { Key } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useCallback } from 'react';
import { useLatest } from '../../hooks/use-latest.js';
import type { ScenarioListAction, ScenarioListState } from './use-scenario-list-state.js';

/** Options of {@link useScenarioList}. */
export interface UseScenarioListOptions {
  /** The latest state, read when a key arrives. */
  stateRef: { readonly current: ScenarioListState };
  dispatch: (action: ScenarioListAction) => void;
  /** Enter on the highlighted scenario. */
  onSelect: (index: number) => void;
  /** q or Esc. */
  onQuit: () => void;
  isActive: boolean;
}

/** What one key in the list does. */
export type ListKey = 'up' | 'down' | 'select' | 'quit';

/**
 * The keys of one input chunk, in order. Ink hands a burst (`jjj` from key
 * repeat, a paste, tmux send-keys) to the handler as one string, so plain
 * characters are split; escape sequences arrive already decoded as `key`.
 */
function listKeys(input: string, key: Key): ListKey[] {
  if (key.upArrow) return ['up'];
  if (key.downArrow) return ['down'];
  if (key.return) return ['select'];
  if (key.escape) return ['quit'];
  if (key.ctrl || key.meta) return [];
  const keys: ListKey[] = [];
  for (const ch of input) {
    if (ch === 'k') keys.push('up');
    else if (ch === 'j') keys.push('down');
    else if (ch === '\r' || ch === '\n') keys.push('select');
    else if (ch === 'q') keys.push('quit');
  }
  return keys;
}

/** ↑/↓/j/k move, Enter plays, q/Esc quits; every key of a burst counts. */
export function useScenarioList({ stateRef, dispatch, onSelect, onQuit, isActive }: UseScenarioListOptions): void {
  const latest = useLatest({ onSelect, onQuit });
  const handler = useCallback(
    (input: string, key: Key) => {
      for (const k of listKeys(input, key)) {
        const { onSelect, onQuit } = latest.current;
        if (k === 'up') dispatch({ type: 'move-up' });
        else if (k === 'down') dispatch({ type: 'move-down' });
        else if (k === 'select') {
          // The dispatches above updated the ref synchronously: Enter plays the row they reached.
          const state = stateRef.current;
          if (state.count > 0) onSelect(state.index);
          return;
        } else {
          onQuit();
          return;
        }
      }
    },
    [latest, stateRef, dispatch],
  );
  useKeys(handler, { isActive });
}
