import { betterScore, type BestScore } from '../progress/store.js';
import type { GradeResult, PracticeSession, ScenarioSummary } from '../practice/types.js';
import type { HomeView } from './screens/home/use-home-screen-state.js';
import type { PracticeMemory } from './screens/practice/practice-screen.js';

/** The latest grade of an attempt and the hints revealed when it was given. */
export interface Graded {
  readonly result: GradeResult;
  readonly hintsUsed: number;
}

/** One attempt at a scenario, kept while the learner moves between practice and results. */
export interface Attempt {
  readonly session: PracticeSession;
  readonly startedAt: number;
  /** The practice screen's terminal and counters, so revising returns to the same terminal. */
  readonly memory: PracticeMemory;
  /** The latest grade and the hints it counted (the session keeps the history of results). */
  readonly lastGraded?: Graded;
}

/** Which screen is shown: screens are states of one reducer, not routes. */
export type Screen =
  | { name: 'home' }
  | { name: 'opening'; scenario: ScenarioSummary }
  | { name: 'practice'; attempt: Attempt }
  | { name: 'results'; attempt: Attempt; graded: Graded }
  | { name: 'quiz'; mode: 'quiz' | 'review'; topics?: readonly string[] };

/** The whole app's state. */
export interface AppState {
  readonly screen: Screen;
  readonly bestScores: ReadonlyMap<string, BestScore>;
  /** The home list's filters and highlighted scenario, kept across plays (none yet: the home screen's default). */
  readonly homeView: HomeView | undefined;
  /** The scenario of the latest recorded attempt: "continue where you left off". */
  readonly lastPlayed: string | undefined;
  /** A warning or error for the current screen (progress file, failed load, failed save). */
  readonly notice: string | undefined;
}

/** What moves the app between screens. */
export type AppAction =
  | { type: 'open-start'; scenario: ScenarioSummary; view?: HomeView }
  | { type: 'open-quiz'; mode: 'quiz' | 'review'; view?: HomeView; topics?: readonly string[] }
  | { type: 'open-done'; session: PracticeSession; startedAt: number }
  | { type: 'open-failed'; message: string }
  | { type: 'graded'; graded: Graded }
  | { type: 'revise' }
  | { type: 'recorded'; result: GradeResult }
  | { type: 'notice'; message: string | undefined }
  | { type: 'go-home' };

/** The first state: the home screen, with a warning from the progress store if any. */
export function initialAppState(bestScores: ReadonlyMap<string, BestScore>, warning?: string, lastPlayed?: string): AppState {
  return { screen: { name: 'home' }, bestScores, homeView: undefined, lastPlayed, notice: warning };
}

/** The app's pure reducer. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'open-start':
      return { ...state, screen: { name: 'opening', scenario: action.scenario }, homeView: action.view ?? state.homeView, notice: undefined };
    case 'open-quiz':
      if (state.screen.name !== 'home') return state;
      return { ...state, screen: { name: 'quiz', mode: action.mode, ...(action.topics?.length ? { topics: action.topics } : {}) }, homeView: action.view ?? state.homeView, notice: undefined };
    case 'open-done': {
      // A load that finishes after the learner moved on is dropped.
      if (state.screen.name !== 'opening') return state;
      const attempt: Attempt = { session: action.session, startedAt: action.startedAt, memory: { commandsRun: 0 } };
      return { ...state, screen: { name: 'practice', attempt } };
    }
    case 'open-failed':
      if (state.screen.name !== 'opening') return state;
      return { ...state, screen: { name: 'home' }, notice: `could not start ${state.screen.scenario.title}: ${action.message}` };
    case 'graded': {
      if (state.screen.name !== 'practice') return state;
      const attempt = { ...state.screen.attempt, lastGraded: action.graded };
      return { ...state, screen: { name: 'results', attempt, graded: action.graded }, notice: undefined };
    }
    case 'revise':
      // Back to the same session and terminal: the learner keeps working and may grade again.
      if (state.screen.name !== 'results') return state;
      return { ...state, screen: { name: 'practice', attempt: state.screen.attempt }, notice: undefined };
    case 'recorded':
      return { ...state, bestScores: withBest(state.bestScores, action.result), lastPlayed: action.result.scenarioId };
    case 'notice':
      return { ...state, notice: action.message };
    case 'go-home':
      return { ...state, screen: { name: 'home' } };
  }
}

/** The best scores with `result` counted (the store's rule: a better fraction wins, then more points). */
function withBest(scores: ReadonlyMap<string, BestScore>, result: GradeResult): ReadonlyMap<string, BestScore> {
  const prev = scores.get(result.scenarioId);
  if (prev && !betterScore(result, prev)) return scores;
  const next = new Map(scores);
  next.set(result.scenarioId, { score: result.score, maxScore: result.maxScore });
  return next;
}
