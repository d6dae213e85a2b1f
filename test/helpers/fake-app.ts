/** The whole TUI (runApp) on fake terminal streams, with a fake session and no progress file. */
import { runApp } from '../../src/tui/render.js';
import { FakeSession, fakeScenario } from './fake-session.js';
import { FakeStdin, FakeStdout } from './fake-streams.js';

/** Starts the app; `start` opens that scenario at once, as `kubedrill play <id>` does. */
export function runFakeApp(options: { stdin?: FakeStdin; stdout?: FakeStdout; stderr?: FakeStdout; start?: string } = {}) {
  const stdin = options.stdin ?? new FakeStdin();
  const stdout = options.stdout ?? new FakeStdout();
  const stderr = options.stderr ?? new FakeStdout();
  const done = runApp({
    scenarios: [fakeScenario()],
    openSession: async () => new FakeSession(),
    progress: { warning: undefined, bestScores: () => new Map(), recordAttempt: async () => {} },
    now: () => 0,
    start: options.start,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    patchConsole: false,
  });
  return { stdin, stdout, stderr, done };
}
