import { useInput, type Key } from 'ink';
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

/** ↑/↓/j/k move, Enter plays, q/Esc quits. */
export function useScenarioList({ stateRef, dispatch, onSelect, onQuit, isActive }: UseScenarioListOptions): void {
  const latest = useLatest({ onSelect, onQuit });
  const handler = useCallback(
    (input: string, key: Key) => {
      const { onSelect, onQuit } = latest.current;
      const state = stateRef.current;
      if (key.upArrow || input === 'k') dispatch({ type: 'move-up' });
      else if (key.downArrow || input === 'j') dispatch({ type: 'move-down' });
      else if (key.return) {
        if (state.count > 0) onSelect(state.index);
      } else if (key.escape || input === 'q') onQuit();
    },
    [latest, stateRef, dispatch],
  );
  useInput(handler, { isActive });
}
