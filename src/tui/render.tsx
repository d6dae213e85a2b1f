import { render } from 'ink';
import type { PracticeSession, ScenarioSummary } from '../practice/types.js';
import { App, type AppProgress, type OpenSessionOptions } from './app.js';
import { applyColorPreference } from './color.js';
import type { PracticeHistory } from './screens/practice/practice-screen.js';
import type { QuizDeck } from './screens/quiz/quiz-deck.js';

/**
 * Ink's frame throttle, in frames per second. Ink's default (30) holds a frame
 * asked for within ~33 ms of the last one back until 33 ms after the request
 * (its throttle restarts the wait on every call), so a key typed just after
 * the clock's once-a-second redraw showed ~40 ms late. The screen draws only
 * when something changed and one command is one frame already (FrameBatch),
 * so the throttle merely merges bursts: a 4 ms window does that.
 */
export const MAX_FPS = 250;

/** Options of {@link runApp}. */
export interface RunAppOptions {
  readonly scenarios: readonly ScenarioSummary[];
  readonly openSession: (id: string, options?: OpenSessionOptions) => Promise<PracticeSession>;
  readonly progress: AppProgress;
  /** The command history kept across sessions. */
  readonly history?: PracticeHistory;
  /** Wall clock; defaults to Date.now (the UI edge is where wall time enters). */
  readonly now?: () => number;
  /** Streams; default to the process's. */
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
  readonly stderr?: NodeJS.WriteStream;
  /** A scenario id to open at once, without the list (`kubedrill play <id>`). */
  readonly start?: string;
  /** Loads the question banks for the home screen's Quiz and Review entries; none: no such entries. */
  readonly loadQuiz?: () => Promise<QuizDeck>;
  /** Route console output around the UI (Ink's patchConsole); default true. */
  readonly patchConsole?: boolean;
}

/**
 * Runs the TUI until the learner quits (q or Ctrl+C on the home screen; with
 * `start`, when that scenario is finished or left).
 * The CLI imports this module lazily, so commands that draw no TUI never load Ink.
 */
export async function runApp(options: RunAppOptions): Promise<void> {
  applyColorPreference(process.env);
  const instance = render(
    <App
      scenarios={options.scenarios}
      openSession={options.openSession}
      progress={options.progress}
      history={options.history}
      now={options.now ?? Date.now}
      start={options.start}
      loadQuiz={options.loadQuiz}
    />,
    {
      // Ink spreads these over its defaults, so an undefined stream must be left out.
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stdout ? { stdout: options.stdout } : {}),
      ...(options.stderr ? { stderr: options.stderr } : {}),
      // Ctrl+C goes through the App's InterruptProvider: on the practice screen
      // it stops a following command (journalctl -f) or cancels the line, as
      // bash does; on the home screen it quits through Ink's exit, which
      // restores raw mode and the cursor as exitOnCtrlC did.
      exitOnCtrlC: false,
      patchConsole: options.patchConsole ?? true,
      maxFps: MAX_FPS,
    },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    instance.unmount();
    instance.cleanup();
  }
}
