/**
 * A key typed right after a frame (the clock's once-a-second redraw, the
 * frame of the key before) is drawn at once, not held back by Ink's frame
 * throttle: at Ink's default 30 fps it waited 33 ms of the throttle's timer.
 * The throttle's timers are faked, so this counts timer time, not wall time.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { runFakeApp } from '../helpers/fake-app.js';
import { fakeScenario } from '../helpers/fake-session.js';
import { FakeStdin, FakeStdout } from '../helpers/fake-streams.js';
import { waitFor, stripAnsi } from '../helpers/ink.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Turns of the event loop (React renders in setImmediate callbacks, which are not faked). */
async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The prompt line of the last frame written. */
function lastPrompt(stdout: FakeStdout): string | undefined {
  const lines = stripAnsi(stdout.written).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.includes('learner@workstation:~$')) return lines[i]!.trimEnd();
  return undefined;
}

describe('the frame throttle', () => {
  it('draws a key typed just after a frame within a few milliseconds of timer time', async () => {
    const stdin = new FakeStdin();
    const stdout = new FakeStdout();
    const { done } = runFakeApp({ stdin, stdout, start: fakeScenario().id });
    await waitFor(() => lastPrompt(stdout) !== undefined && stdin.rawMode, () => stdout.written);
    // Past any throttle window of the frames so far, then timer time is ours.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await turns();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stdin.send('a');
    await turns();
    // The first key after a quiet spell is drawn at once (the throttle's leading edge).
    expect(lastPrompt(stdout)).toBe('learner@workstation:~$ a');
    // The next key comes while that frame's throttle window is open.
    stdin.send('b');
    await turns();
    vi.advanceTimersByTime(5);
    await turns();
    expect(lastPrompt(stdout)).toBe('learner@workstation:~$ ab');
    vi.useRealTimers();
    // Ctrl+U empties the line; Ctrl+D on an empty line leaves.
    stdin.send('\u0015');
    await turns();
    stdin.send('\u0004');
    await done;
  });
});
