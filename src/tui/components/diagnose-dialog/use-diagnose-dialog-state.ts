import { useReducerStore } from '../../hooks/use-reducer-store.js';
import type { Diagnosis, DiagnosisComponent } from '../../../practice/types.js';

/** The diagnose dialog: a guided pick (component, then cause) or free text. */
export interface DiagnoseDialogState {
  readonly choices: readonly DiagnosisComponent[];
  readonly mode: 'guided' | 'free-text';
  /** In guided mode: picking the component, then its cause. */
  readonly step: 'component' | 'cause';
  readonly componentIndex: number;
  readonly causeIndex: number;
  /** The free-text answer. */
  readonly text: string;
}

/** What the dialog can be asked to do. */
export type DiagnoseDialogAction =
  | { type: 'toggle-mode' }
  | { type: 'move-up' }
  | { type: 'move-down' }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'insert'; text: string }
  | { type: 'delete-backward' };

/** A dialog over these choices; free text when there are none to pick from. */
export function initialDiagnoseDialogState(choices: readonly DiagnosisComponent[]): DiagnoseDialogState {
  return {
    choices,
    mode: choices.length > 0 ? 'guided' : 'free-text',
    step: 'component',
    componentIndex: 0,
    causeIndex: 0,
    text: '',
  };
}

/** The dialog's pure reducer. `confirm` on a component moves to its causes. */
export function diagnoseDialogReducer(state: DiagnoseDialogState, action: DiagnoseDialogAction): DiagnoseDialogState {
  switch (action.type) {
    case 'toggle-mode':
      if (state.choices.length === 0) return state;
      return { ...state, mode: state.mode === 'guided' ? 'free-text' : 'guided' };
    case 'move-up':
      if (state.mode !== 'guided') return state;
      return state.step === 'component'
        ? { ...state, componentIndex: Math.max(0, state.componentIndex - 1) }
        : { ...state, causeIndex: Math.max(0, state.causeIndex - 1) };
    case 'move-down': {
      if (state.mode !== 'guided') return state;
      if (state.step === 'component') {
        return { ...state, componentIndex: Math.min(state.choices.length - 1, state.componentIndex + 1) };
      }
      const causes = state.choices[state.componentIndex]?.causes.length ?? 0;
      return { ...state, causeIndex: Math.min(Math.max(0, causes - 1), state.causeIndex + 1) };
    }
    case 'confirm':
      if (state.mode === 'guided' && state.step === 'component' && state.choices.length > 0) {
        return { ...state, step: 'cause', causeIndex: 0 };
      }
      return state;
    case 'back':
      return state.mode === 'guided' && state.step === 'cause' ? { ...state, step: 'component' } : state;
    case 'insert': {
      if (state.mode !== 'free-text') return state;
      const text = action.text.replace(/[\u0000-\u001f\u007f]/g, '');
      return text.length === 0 ? state : { ...state, text: state.text + text };
    }
    case 'delete-backward':
      return state.mode === 'free-text' ? { ...state, text: state.text.slice(0, -1) } : state;
  }
}

/** The diagnosis Enter would submit now, or undefined when the dialog isn't at a submittable step. */
export function pendingDiagnosis(state: DiagnoseDialogState): Diagnosis | undefined {
  if (state.mode === 'free-text') {
    const text = state.text.trim();
    return text.length > 0 ? { kind: 'free-text', text } : undefined;
  }
  if (state.step !== 'cause') return undefined;
  const component = state.choices[state.componentIndex];
  const cause = component?.causes[state.causeIndex];
  return component && cause ? { kind: 'guided', component: component.id, cause: cause.id } : undefined;
}

/** The dialog's state, dispatch, and a ref to the latest state (for key handlers). */
export function useDiagnoseDialogState(choices: readonly DiagnosisComponent[]) {
  return useReducerStore(diagnoseDialogReducer, () => initialDiagnoseDialogState(choices));
}
