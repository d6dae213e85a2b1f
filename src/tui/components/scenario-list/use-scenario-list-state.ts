import { useReducerStore } from '../../hooks/use-reducer-store.js';

/** The scenario list's selection. */
export interface ScenarioListState {
  /** Index of the highlighted scenario. */
  readonly index: number;
  /** How many scenarios there are. */
  readonly count: number;
}

/** What the list can be asked to do. */
export type ScenarioListAction = { type: 'move-up' } | { type: 'move-down' } | { type: 'set-count'; count: number };

/** The list's pure reducer: the highlight moves and stops at either end. */
export function scenarioListReducer(state: ScenarioListState, action: ScenarioListAction): ScenarioListState {
  switch (action.type) {
    case 'move-up':
      return state.index <= 0 ? state : { ...state, index: state.index - 1 };
    case 'move-down':
      return state.index >= state.count - 1 ? state : { ...state, index: state.index + 1 };
    case 'set-count':
      return { count: action.count, index: Math.max(0, Math.min(state.index, action.count - 1)) };
  }
}

/** The list's state, dispatch, and a ref to the latest state (for key handlers). */
export function useScenarioListState(count: number, initialIndex = 0) {
  return useReducerStore(scenarioListReducer, () => ({ count, index: Math.max(0, Math.min(initialIndex, count - 1)) }));
}
