import { describe, it, expect } from 'vitest';
import { runFakeApp } from '../helpers/fake-app.js';
import { waitFor, stripAnsi } from '../helpers/ink.js';

/** Lets React run the passive effects of the frame just written (useInput subscribes in one): turns of the event loop, not a delay. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

function start() {
  const { stdin, stdout, done } = runFakeApp();
  return { stdin, stdout, done };
}

describe('runApp', () => {
  it('resolves when the learner quits from the home screen, leaving raw mode', async () => {
    const { stdin, stdout, done } = start();
    await waitFor(() => stripAnsi(stdout.written).includes('Enter play') && stdin.rawMode, () => stdout.written);
    stdin.send('\u001b');
    await done;
    expect(stdin.rawMode).toBe(false);
  });

  it('cancels the line on Ctrl+C at the practice prompt and keeps running; quit, then Esc, resolves', async () => {
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
    stdin.send('\u001b');
    await done;
    expect(stdin.rawMode).toBe(false);
  });
});
