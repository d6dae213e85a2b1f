import type { ScenarioSummary } from '../../../practice/types.js';
import { useReducerStore } from '../../hooks/use-reducer-store.js';

/** The difficulties in the order `d` cycles through them. */
export const HOME_DIFFICULTIES: readonly ScenarioSummary['difficulty'][] = ['beginner', 'intermediate', 'advanced'];

/**
 * What the home list shows: the filters and the highlighted scenario. Kept by
 * the app across plays and quizzes, so the learner comes back to the same view.
 */
export interface HomeView {
  /** Text search over id, title and topics (case-insensitive); '' for none. */
  readonly query: string;
  /** Keys go to the search text (after `/`, until Enter or Esc). */
  readonly searching: boolean;
  readonly topic: string | undefined;
  readonly difficulty: ScenarioSummary['difficulty'] | undefined;
  /** The highlighted scenario's id; the selection follows the scenario, not a row number, as filters change. */
  readonly selectedId: string | undefined;
}

/** The view with no filter, highlighting `selectedId` (the one played last, say). */
export function homeView(selectedId?: string): HomeView {
  return { query: '', searching: false, topic: undefined, difficulty: undefined, selectedId };
}

/** What the home screen's keys ask of the view. */
export type HomeAction =
  | { type: 'move'; by: -1 | 1 }
  | { type: 'search-start' }
  | { type: 'search-type'; text: string }
  | { type: 'search-backspace' }
  | { type: 'search-end' }
  | { type: 'search-cancel' }
  | { type: 'cycle-topic' }
  | { type: 'cycle-difficulty' }
  | { type: 'clear' }
  | { type: 'select'; id: string };

/** Whether any filter narrows the list. */
export function isFiltered(view: HomeView): boolean {
  return view.query !== '' || view.topic !== undefined || view.difficulty !== undefined;
}

/** The scenarios the view's filters let through, in catalogue order. */
export function visibleScenarios(scenarios: readonly ScenarioSummary[], view: HomeView): ScenarioSummary[] {
  if (!isFiltered(view)) return [...scenarios];
  const q = view.query.trim().toLowerCase();
  return scenarios.filter(
    (s) =>
      (view.topic === undefined || s.topics.includes(view.topic)) &&
      (view.difficulty === undefined || s.difficulty === view.difficulty) &&
      (q === '' || s.id.toLowerCase().includes(q) || s.title.toLowerCase().includes(q) || s.topics.some((t) => t.toLowerCase().includes(q))),
  );
}

/** The highlighted row among `visible`: the selected scenario's, or the first when it is filtered out. */
export function selectedIndex(visible: readonly ScenarioSummary[], view: HomeView): number {
  return Math.max(0, visible.findIndex((s) => s.id === view.selectedId));
}

/** Every topic of the catalogue, sorted: what `t` cycles through. */
export function topicsOf(scenarios: readonly ScenarioSummary[]): string[] {
  return [...new Set(scenarios.flatMap((s) => s.topics))].sort();
}

/** The next of `all` after `current`, then none (undefined) after the last. */
function cycle<T>(all: readonly T[], current: T | undefined): T | undefined {
  if (current === undefined) return all[0];
  const i = all.indexOf(current);
  return i < 0 || i === all.length - 1 ? undefined : all[i + 1];
}

/**
 * The home view's pure reducer over the catalogue `scenarios`. A filter that
 * hides the highlighted scenario moves the highlight to the first one shown.
 */
export function homeReducer(scenarios: readonly ScenarioSummary[], view: HomeView, action: HomeAction): HomeView {
  const refocus = (next: HomeView): HomeView => {
    const visible = visibleScenarios(scenarios, next);
    if (visible.some((s) => s.id === next.selectedId)) return next;
    return { ...next, selectedId: visible[0]?.id ?? next.selectedId };
  };
  switch (action.type) {
    case 'move': {
      const visible = visibleScenarios(scenarios, view);
      if (visible.length === 0) return view;
      const at = Math.min(visible.length - 1, Math.max(0, selectedIndex(visible, view) + action.by));
      const id = visible[at]!.id;
      return id === view.selectedId ? view : { ...view, selectedId: id };
    }
    case 'search-start':
      return { ...view, searching: true };
    case 'search-type':
      return refocus({ ...view, query: view.query + action.text });
    case 'search-backspace':
      return view.query === '' ? view : refocus({ ...view, query: [...view.query].slice(0, -1).join('') });
    case 'search-end':
      return { ...view, searching: false };
    case 'search-cancel':
      return refocus({ ...view, query: '', searching: false });
    case 'cycle-topic':
      return refocus({ ...view, topic: cycle(topicsOf(scenarios), view.topic) });
    case 'cycle-difficulty':
      return refocus({ ...view, difficulty: cycle(HOME_DIFFICULTIES, view.difficulty) });
    case 'clear':
      return { ...homeView(view.selectedId) };
    case 'select':
      // Shown even if the filters hid it: they are cleared (continue where you left off).
      return visibleScenarios(scenarios, view).some((s) => s.id === action.id) ? { ...view, selectedId: action.id } : homeView(action.id);
  }
}

/** The home view's state, dispatch and a ref to the latest view (for key handlers reading a burst of keys). */
export function useHomeScreenState(scenarios: readonly ScenarioSummary[], initial: HomeView) {
  return useReducerStore((view: HomeView, action: HomeAction) => homeReducer(scenarios, view, action), () => initial);
}
