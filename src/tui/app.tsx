import { useApp } from 'ink';
import { Suspense, lazy, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession, ScenarioSummary } from '../practice/types.js';
import type { WarmUpProgress } from '../practice/run.js';
import { attemptRecord } from './attempt.js';
import { appReducer, initialAppState, type Attempt, type Graded } from './app-state.js';
import { ErrorBoundary } from './error-boundary.js';
import { InterruptProvider } from './hooks/use-interrupt.js';
import { KeysProvider } from './hooks/use-keys.js';
import { HomeScreen } from './screens/home/home-screen.js';
import type { HomeView } from './screens/home/use-home-screen-state.js';
import { PracticeScreen, type PracticeHistory } from './screens/practice/practice-screen.js';
import type { QuizDeck } from './screens/quiz/quiz-deck.js';
import { ResultsScreen } from './screens/results/results-screen.js';
import { loadQuizOffer } from './text/quiz-offer.js';
import { WarmupScreen, simulatedText, warmUpPercent } from './screens/warmup/warmup-screen.js';
import { errorMessage } from './session-text.js';

/**
 * What the app needs of the progress store: the attempts (for the scenario
 * played last) and the quiz answers are optional, so a store without them
 * simply shows no "continue" marker and records no quiz answer.
 */
export type AppProgress = Pick<ProgressStore, 'recordAttempt' | 'bestScores' | 'warning'> & Partial<Pick<ProgressStore, 'listAttempts' | 'recordQuizAnswer'>>;

/**
 * The quiz screen imports the banks' schema and grading (zod, RE2): loaded
 * when the learner opens a quiz, never for the home screen's first frame.
 */
const QuizScreen = lazy(() => import('./screens/quiz/quiz-screen.js').then((m) => ({ default: m.QuizScreen })));

/** The scenario of the latest recorded attempt (attempts are appended as they finish). */
function lastPlayedOf(progress: AppProgress): string | undefined {
  return progress.listAttempts?.().at(-1)?.scenarioId;
}

/** What opening a scenario is given: where to report the warm-up's progress, and a signal to stop it. */
export interface OpenSessionOptions {
  readonly onProgress?: (progress: WarmUpProgress) => void;
  readonly signal?: AbortSignal;
}

/** Props of {@link App}. */
export interface AppProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly openSession: (id: string, options?: OpenSessionOptions) => Promise<PracticeSession>;
  readonly progress: AppProgress;
  /** The command history kept across sessions (none: each practice terminal starts empty). */
  readonly history?: PracticeHistory;
  /** Wall clock (ms since epoch) for the attempt's start and finish times. */
  readonly now: () => number;
  /** Called when the learner quits from the home screen. */
  readonly onExit?: () => void;
  /** Wall-time tick period of the practice screen. */
  readonly tickMs?: number;
  /**
   * The id of a scenario to open at once (`kubedrill play <id>`): no list is
   * shown, and finishing or leaving it ends the app.
   */
  readonly start?: string;
  /** Loads the question banks and the learner's cards for the quiz screen; none: no Quiz or Review entries. */
  readonly loadQuiz?: () => Promise<QuizDeck>;
}

/** The store's quiz recording, if it has one. */
function progressForQuiz(progress: AppProgress): Pick<ProgressStore, 'recordQuizAnswer'> | undefined {
  const record = progress.recordQuizAnswer;
  return record ? { recordQuizAnswer: (result, review) => record.call(progress, result, review) } : undefined;
}

/** Lets Ink paint the frame just dispatched (its renders are throttled to 30 fps) before blocking work starts. */
function painted(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/** The whole TUI: home → practice ⇄ results → home. */
export function App({ scenarios, openSession, progress, history, now, onExit, tickMs, start, loadQuiz }: AppProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(appReducer, undefined, () =>
    initialAppState(progress.bestScores(), progress.warning, lastPlayedOf(progress)),
  );
  // Remounting the screen after an error gives it fresh state.
  const [generation, setGeneration] = useState(0);

  // The warm-up in progress (if any): quitting stops it, so the process can end at once.
  const opening = useRef<AbortController | undefined>(undefined);
  const [warmUp, setWarmUp] = useState<WarmUpProgress | undefined>(undefined);

  const quit = useCallback(() => {
    opening.current?.abort();
    opening.current = undefined;
    onExit?.();
    exit();
  }, [exit, onExit]);

  const play = useCallback(
    (scenario: ScenarioSummary, view?: HomeView) => {
      dispatch({ type: 'open-start', scenario, view });
      setWarmUp(undefined);
      const controller = new AbortController();
      opening.current = controller;
      // Redraw only on news a person can see (a percent, a day, a phase), not on every slice.
      let shown = '';
      const onProgress = (p: WarmUpProgress) => {
        const key = `${warmUpPercent(p)} ${simulatedText(p)} ${p.phase}`;
        if (key === shown) return;
        shown = key;
        setWarmUp(p);
      };
      // Loading the scenario and the first slice of the warm-up block: show the warm-up frame first.
      painted()
        .then(() => openSession(scenario.id, { onProgress, signal: controller.signal }))
        .then(
          (session) => {
            if (controller.signal.aborted) return;
            opening.current = undefined;
            dispatch({ type: 'open-done', session, startedAt: now() });
          },
          (e: unknown) => {
            // Stopped because the learner quit: nothing to tell.
            if (controller.signal.aborted) return;
            opening.current = undefined;
            dispatch({ type: 'open-failed', message: errorMessage(e) });
          },
        );
    },
    [openSession, now],
  );

  // `kubedrill play <id>`: straight to the practice screen.
  const started = useRef(false);
  useEffect(() => {
    if (start === undefined || started.current) return;
    started.current = true;
    const scenario = scenarios.find((s) => s.id === start);
    if (scenario) play(scenario);
  }, [start, scenarios, play]);

  /** Ends an attempt: records its latest grade (if any), then home, or out when it was opened directly. */
  const finish = useCallback(
    (attempt: Attempt, graded: Graded | undefined) => {
      dispatch({ type: 'go-home' });
      if (!graded) {
        if (start !== undefined) quit();
        return;
      }
      dispatch({ type: 'recorded', result: graded.result });
      progress
        .recordAttempt(attemptRecord(graded.result, attempt.startedAt, now(), graded.hintsUsed))
        .then(
          () => {
            if (start !== undefined) quit();
          },
          // Shown on the home screen, so a direct play stays open to show it too.
          (e: unknown) => dispatch({ type: 'notice', message: `could not save progress: ${errorMessage(e)}` }),
        );
    },
    [progress, now, start, quit],
  );

  const screen = state.screen;
  const onGraded = useCallback(
    (result: GradeResult, hintsUsed: number) => dispatch({ type: 'graded', graded: { result, hintsUsed } }),
    [],
  );
  const goHome = useCallback(() => dispatch({ type: 'go-home' }), []);
  const openQuiz = useCallback((mode: 'quiz' | 'review', view: HomeView) => dispatch({ type: 'open-quiz', mode, view }), []);
  const leavePractice = useCallback(() => {
    if (screen.name !== 'practice') return;
    const { attempt } = screen;
    // A grade given before the learner went back to revise is kept; a reset since then discarded it.
    const graded = attempt.session.getSnapshot().result !== undefined ? attempt.lastGraded : undefined;
    finish(attempt, graded);
  }, [screen, finish]);

  let body;
  switch (screen.name) {
    case 'home':
      body = (
        <HomeScreen
          scenarios={scenarios}
          bestScores={state.bestScores}
          initialView={state.homeView}
          lastPlayed={state.lastPlayed}
          notice={state.notice}
          onPlay={play}
          onQuiz={loadQuiz ? openQuiz : undefined}
          onQuit={quit}
        />
      );
      break;
    case 'quiz':
      body = loadQuiz ? (
        <Suspense fallback={null}>
          <QuizScreen mode={screen.mode} topics={screen.topics} loadDeck={loadQuiz} progress={progressForQuiz(progress)} now={now} onDone={goHome} />
        </Suspense>
      ) : null;
      break;
    case 'opening':
      body = <WarmupScreen scenario={screen.scenario} progress={warmUp} />;
      break;
    case 'practice':
      body = (
        <PracticeScreen
          session={screen.attempt.session}
          memory={screen.attempt.memory}
          onGraded={onGraded}
          onQuit={leavePractice}
          tickMs={tickMs}
          history={history}
        />
      );
      break;
    case 'results': {
      const { attempt, graded } = screen;
      const history = attempt.session.getSnapshot().grades;
      body = (
        <ResultsScreen
          scenario={attempt.session.scenario}
          result={graded.result}
          earlier={history.slice(0, -1)}
          notice={state.notice}
          loadOffer={loadQuizOffer}
          onRevise={() => dispatch({ type: 'revise' })}
          onDone={() => finish(attempt, graded)}
          // The quiz on the scenario's topics: the attempt is recorded as on leaving, then the quiz opens (not after a direct play, which ends with the results).
          onQuiz={
            loadQuiz && start === undefined
              ? () => {
                  finish(attempt, graded);
                  dispatch({ type: 'open-quiz', mode: 'quiz', topics: attempt.session.scenario.topics });
                }
              : undefined
          }
        />
      );
      break;
    }
  }
  // Ctrl+C: the practice and results screens take it; elsewhere (home, warm-up) it quits as it always did
  // (no attempt exists while warming up: the warm-up is stopped, nothing is recorded).
  // Keys reach the terminal pane from the frame that shows its prompt (KeysProvider). It wraps the interrupt
  // provider, whose input subscription (a child's effect) thus comes first: Ctrl+C is offered to it first, as before.
  return (
    <KeysProvider>
      <InterruptProvider onUnhandled={quit}>
        <ErrorBoundary
          key={generation}
          onQuit={quit}
          onRecover={() => {
            setGeneration((g) => g + 1);
            goHome();
          }}
        >
          {body}
        </ErrorBoundary>
      </InterruptProvider>
    </KeysProvider>
  );
}
