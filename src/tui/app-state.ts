import type { BestScore } from '../progress/store.js';
import type { GradeResult, PracticeSession, ScenarioSummary } from '../scenario/practice-types.js';

/** Which screen is shown: screens are states of one reducer, not routes. */
export type Screen =
  | { name: 'home' }
  | { name: 'opening'; scenario: ScenarioSummary }
  | { name: 'practice'; session: PracticeSession; startedAt: number }
  | { name: 'results'; scenario: ScenarioSummary; result: GradeResult };

/** The whole app's state. */
export interface AppState {
  readonly screen: Screen;
  readonly bestScores: ReadonlyMap<string, BestScore>;
  /** The home list's highlighted row, kept across plays. */
  readonly homeIndex: number;
  /** A warning or error for the current screen (progress file, failed load, failed save). */
  readonly notice: string | undefined;
}

/** What moves the app between screens. */
export type AppAction =
  | { type: 'open-start'; scenario: ScenarioSummary; index: number }
  | { type: 'open-done'; session: PracticeSession; startedAt: number }
  | { type: 'open-failed'; message: string }
  | { type: 'graded'; result: GradeResult }
  | { type: 'notice'; message: string | undefined }
  | { type: 'go-home' };

/** The first state: the home screen, with a warning from the progress store if any. */
export function initialAppState(bestScores: ReadonlyMap<string, BestScore>, warning?: string): AppState {
  return { screen: { name: 'home' }, bestScores, homeIndex: 0, notice: warning };
}

/** The app's pure reducer. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'open-start':
      return { ...state, screen: { name: 'opening', scenario: action.scenario }, homeIndex: action.index, notice: undefined };
    case 'open-done':
      // A load that finishes after the learner moved on is dropped.
      if (state.screen.name !== 'opening') return state;
      return { ...state, screen: { name: 'practice', session: action.session, startedAt: action.startedAt } };
    case 'open-failed':
      if (state.screen.name !== 'opening') return state;
      return { ...state, screen: { name: 'home' }, notice: `could not start ${state.screen.scenario.title}: ${action.message}` };
    case 'graded': {
      if (state.screen.name !== 'practice') return state;
      const { result } = action;
      const bestScores = new Map(state.bestScores);
      const prev = bestScores.get(result.scenarioId);
      if (!prev || fraction(result.score, result.maxScore) > fraction(prev.score, prev.maxScore) ||
        (fraction(result.score, result.maxScore) === fraction(prev.score, prev.maxScore) && result.score > prev.score)) {
        bestScores.set(result.scenarioId, { score: result.score, maxScore: result.maxScore });
      }
      return { ...state, screen: { name: 'results', scenario: state.screen.session.scenario, result }, bestScores, notice: undefined };
    }
    case 'notice':
      return { ...state, notice: action.message };
    case 'go-home':
      return { ...state, screen: { name: 'home' }, notice: undefined };
  }
}

function fraction(score: number, max: number): number {
  return max > 0 ? score / max : 0;
}
