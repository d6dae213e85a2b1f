import { useApp } from 'ink';
import { useCallback, useReducer, useState } from 'react';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession, ScenarioSummary } from '../scenario/practice-types.js';
import { attemptRecord } from './attempt.js';
import { appReducer, initialAppState } from './app-state.js';
import { ErrorBoundary } from './error-boundary.js';
import { InterruptProvider } from './hooks/use-interrupt.js';
import { HomeScreen } from './screens/home/home-screen.js';
import { PracticeScreen } from './screens/practice/practice-screen.js';
import { ResultsScreen } from './screens/results/results-screen.js';
import { errorMessage } from './session-text.js';

/** What the app needs of the progress store. */
export type AppProgress = Pick<ProgressStore, 'recordAttempt' | 'bestScores' | 'warning'>;

/** Props of {@link App}. */
export interface AppProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly openSession: (id: string) => Promise<PracticeSession>;
  readonly progress: AppProgress;
  /** Wall clock (ms since epoch) for the attempt's start and finish times. */
  readonly now: () => number;
  /** Called when the learner quits from the home screen. */
  readonly onExit?: () => void;
  /** Wall-time tick period of the practice screen. */
  readonly tickMs?: number;
}

/** The whole TUI: home → practice → results → home. */
export function App({ scenarios, openSession, progress, now, onExit, tickMs }: AppProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(appReducer, undefined, () =>
    initialAppState(progress.bestScores(), progress.warning),
  );
  // Remounting the screen after an error gives it fresh state.
  const [generation, setGeneration] = useState(0);

  const quit = useCallback(() => {
    onExit?.();
    exit();
  }, [exit, onExit]);

  const play = useCallback(
    (scenario: ScenarioSummary, index: number) => {
      dispatch({ type: 'open-start', scenario, index });
      openSession(scenario.id).then(
        (session) => dispatch({ type: 'open-done', session, startedAt: now() }),
        (e: unknown) => dispatch({ type: 'open-failed', message: errorMessage(e) }),
      );
    },
    [openSession, now],
  );

  const screen = state.screen;
  const onGraded = useCallback(
    (result: GradeResult, hintsUsed: number) => {
      if (screen.name !== 'practice') return;
      const startedAt = screen.startedAt;
      dispatch({ type: 'graded', result });
      progress
        .recordAttempt(attemptRecord(result, startedAt, now(), hintsUsed))
        .catch((e: unknown) => dispatch({ type: 'notice', message: `could not save progress: ${errorMessage(e)}` }));
    },
    [screen, progress, now],
  );
  const goHome = useCallback(() => dispatch({ type: 'go-home' }), []);

  let body;
  switch (screen.name) {
    case 'home':
    case 'opening':
      body = (
        <HomeScreen
          scenarios={scenarios}
          bestScores={state.bestScores}
          initialIndex={state.homeIndex}
          loading={screen.name === 'opening' ? screen.scenario.title : undefined}
          notice={state.notice}
          onPlay={play}
          onQuit={quit}
        />
      );
      break;
    case 'practice':
      body = <PracticeScreen session={screen.session} onGraded={onGraded} onQuit={goHome} tickMs={tickMs} />;
      break;
    case 'results':
      body = <ResultsScreen scenario={screen.scenario} result={screen.result} notice={state.notice} onDone={goHome} />;
      break;
  }
  // Ctrl+C interrupts a following command on the practice screen, else quits as it always did.
  return (
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
  );
}
