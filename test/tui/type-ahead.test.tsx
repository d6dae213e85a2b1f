/**
 * A key typed the moment the prompt is drawn reaches the prompt. Ink's
 * useInput subscribes in a passive effect, which React runs in a later task
 * when the commit that drew the frame took long (its scheduler yields after
 * 5 ms): a key read in between was dropped. The pane now listens from the
 * commit itself (useKeys, a layout effect).
 */
import { describe, it, expect } from 'vitest';
import { runFakeApp } from '../helpers/fake-app.js';
import { fakeScenario } from '../helpers/fake-session.js';
import { FakeStdin, FakeStdout } from '../helpers/fake-streams.js';
import { waitFor, stripAnsi } from '../helpers/ink.js';

/** A terminal whose first frame showing the prompt is slow to write, and whose typist answers it at once. */
class EagerTerminal extends FakeStdout {
  typed = false;
  constructor(private readonly stdin: FakeStdin, private readonly keys: string) {
    super();
    const write = this.write;
    this.write = (chunk: string): boolean => {
      write(chunk);
      if (!this.typed && stripAnsi(chunk).includes('learner@workstation:~$')) {
        this.typed = true;
        // A slow write (a loaded machine): the task that drew the frame runs past React's 5 ms slice.
        const until = performance.now() + 10;
        while (performance.now() < until) {
          // busy, as a slow terminal write would be
        }
        // The key arrives as soon as the task that drew the frame ends, before any later task.
        queueMicrotask(() => this.stdin.send(this.keys));
      }
      return true;
    };
  }
}

describe('type-ahead at the practice prompt', () => {
  it('keeps a key typed as soon as the prompt is drawn', async () => {
    const stdin = new FakeStdin();
    const stdout = new EagerTerminal(stdin, 'k');
    const { done } = runFakeApp({ stdin, stdout, start: fakeScenario().id });
    await waitFor(() => stdout.typed, () => stdout.written);
    let shown = false;
    try {
      await waitFor(() => stripAnsi(stdout.written).includes('learner@workstation:~$ k'), () => stripAnsi(stdout.written).slice(-400), 1000);
      shown = true;
    } finally {
      // Ctrl+U empties the line; Ctrl+D on an empty line leaves.
      stdin.send('\u0015');
      await new Promise((resolve) => setTimeout(resolve, 20));
      stdin.send('\u0004');
      await done;
    }
    expect(shown).toBe(true);
  });
});
