import type { Key } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useCallback } from 'react';
import type { Diagnosis } from '../../../practice/types.js';
import { useLatest } from '../../hooks/use-latest.js';
import { pendingDiagnosis, type DiagnoseDialogAction, type DiagnoseDialogState } from './use-diagnose-dialog-state.js';

/** Options of {@link useDiagnoseDialog}. */
export interface UseDiagnoseDialogOptions {
  /** The latest state, read when a key arrives. */
  stateRef: { readonly current: DiagnoseDialogState };
  dispatch: (action: DiagnoseDialogAction) => void;
  onSubmit: (diagnosis: Diagnosis) => void;
  onCancel: () => void;
  isActive: boolean;
}

/** Tab switches guided/free text, ↑/↓ pick, Enter confirms or submits, ←/Backspace go back, Esc cancels. */
export function useDiagnoseDialog({ stateRef, dispatch, onSubmit, onCancel, isActive }: UseDiagnoseDialogOptions): void {
  const latest = useLatest({ onSubmit, onCancel });
  const handler = useCallback(
    (input: string, key: Key) => {
      const { onSubmit, onCancel } = latest.current;
      const state = stateRef.current;
      if (key.escape) return onCancel();
      if (key.tab) return dispatch({ type: 'toggle-mode' });
      // Free text and Enter may arrive in one chunk (a paste, tmux send-keys).
      const chunkEnter = !key.ctrl && !key.meta && /[\r\n]/.test(input);
      if (chunkEnter && state.mode === 'free-text') {
        const text = input.split(/[\r\n]/)[0] ?? '';
        if (text.length > 0) dispatch({ type: 'insert', text });
      }
      if (key.return || chunkEnter) {
        const state = stateRef.current;
        const diagnosis = pendingDiagnosis(state);
        if (diagnosis) return onSubmit(diagnosis);
        return dispatch({ type: 'confirm' });
      }
      if (state.mode === 'guided') {
        if (key.upArrow || input === 'k') dispatch({ type: 'move-up' });
        else if (key.downArrow || input === 'j') dispatch({ type: 'move-down' });
        else if (key.leftArrow || key.backspace || key.delete) dispatch({ type: 'back' });
        else if (key.rightArrow) dispatch({ type: 'confirm' });
        return;
      }
      if (key.backspace || key.delete) return dispatch({ type: 'delete-backward' });
      if (!key.ctrl && !key.meta && input.length > 0) dispatch({ type: 'insert', text: input });
    },
    [latest, stateRef, dispatch],
  );
  useKeys(handler, { isActive });
}
