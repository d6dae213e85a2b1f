import { describe, it, expect } from 'vitest';
import { runApp } from '../../src/tui/render.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { FakeStdin, FakeStdout } from '../helpers/fake-streams.js';
import { waitFor, stripAnsi } from '../helpers/ink.js';

/** Lets React run the passive effects of the frame just written (useInput subscribes in one): turns of the event loop, not a delay. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

function start() {
  const stdin = new FakeStdin();
  const stdout = new FakeStdout();
  const stderr = new FakeStdout();
  const done = runApp({
    scenarios: [fakeScenario()],
    openSession: async () => new FakeSession(),
    progress: { warning: undefined, bestScores: () => new Map(), recordAttempt: async () => {} },
    now: () => 0,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    patchConsole: false,
  });
  return { stdin, stdout, done };
}

describe('runApp', () => {
  it('resolves when the learner quits from the home screen, leaving raw mode', async () => {
    const { stdin, stdout, done } = start();
    await waitFor(() => stripAnsi(stdout.written).includes('Enter play') && stdin.rawMode, () => stdout.written);
    stdin.send('q');
    await done;
    expect(stdin.rawMode).toBe(false);
  });

  it('cancels the line on Ctrl+C at the practice prompt and keeps running; quit, then q, resolves', async () => {
    const { stdin, stdout, done } = start();
    let finished = false;
    void done.then(() => (finished = true));
    await waitFor(() => stripAnsi(stdout.written).includes('Enter play') && stdin.rawMode, () => stdout.written);
    stdin.send('\r');
    await waitFor(() => stripAnsi(stdout.written).includes('learner@workstation:~$'), () => stdout.written);
    // The frame is written on commit; the pane subscribes to keys in the passive effects right after.
    await settle();
    stdin.send('kubectl get');
    await waitFor(() => stripAnsi(stdout.written).includes('kubectl get'), () => stdout.written);
    stdin.send('\u0003');
    await waitFor(() => stripAnsi(stdout.written).includes('learner@workstation:~$ kubectl get^C'), () => stdout.written);
    expect(finished).toBe(false);
    expect(stdin.rawMode).toBe(true);
    const mark = stdout.written.length;
    stdin.send('quit');
    stdin.send('\r');
    await waitFor(() => stripAnsi(stdout.written.slice(mark)).includes('Enter play'), () => stdout.written);
    await settle();
    stdin.send('q');
    await done;
    expect(stdin.rawMode).toBe(false);
  });
});
