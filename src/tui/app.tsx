import { useApp } from 'ink';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ProgressStore } from '../progress/store.js';
import type { GradeResult, PracticeSession, ScenarioSummary } from '../scenario/practice-types.js';
import type { WarmUpProgress } from '../scenario/run.js';
import { attemptRecord } from './attempt.js';
import { appReducer, initialAppState, type Attempt, type Graded } from './app-state.js';
import { ErrorBoundary } from './error-boundary.js';
import { InterruptProvider } from './hooks/use-interrupt.js';
import { KeysProvider } from './hooks/use-keys.js';
import { HomeScreen } from './screens/home/home-screen.js';
import { PracticeScreen, type PracticeHistory } from './screens/practice/practice-screen.js';
import { ResultsScreen } from './screens/results/results-screen.js';
import { loadQuizOffer } from './text/quiz-offer.js';
import { WarmupScreen, simulatedText, warmUpPercent } from './screens/warmup/warmup-screen.js';
import { errorMessage } from './session-text.js';

/** What the app needs of the progress store. */
export type AppProgress = Pick<ProgressStore, 'recordAttempt' | 'bestScores' | 'warning'>;

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
}

/** Lets Ink paint the frame just dispatched (its renders are throttled to 30 fps) before blocking work starts. */
function painted(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/** The whole TUI: home → practice ⇄ results → home. */
export function App({ scenarios, openSession, progress, history, now, onExit, tickMs, start }: AppProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(appReducer, undefined, () =>
    initialAppState(progress.bestScores(), progress.warning),
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
    (scenario: ScenarioSummary, index: number) => {
      dispatch({ type: 'open-start', scenario, index });
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
    const index = scenarios.findIndex((s) => s.id === start);
    if (index >= 0) play(scenarios[index]!, index);
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
          initialIndex={state.homeIndex}
          notice={state.notice}
          onPlay={play}
          onQuit={quit}
        />
      );
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
