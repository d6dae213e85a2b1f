/**
 * The once-a-second tick never holds a keystroke back: it runs in slices of
 * a bounded number of events, one per turn of the event loop, and a key
 * pressed while a tick is under way is drawn before the tick has finished.
 */
import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { renderInk, waitFor } from '../../../helpers/ink.js';

afterEach(() => cleanup());

/** A session whose every tick takes `slices` calls to catch up, recording each call. */
class SlowTickSession extends FakeSession {
  readonly calls: Array<{ ms: number; maxEvents: number | undefined; left: number; frame: string }> = [];
  private left = 0;
  frame: () => string = () => '';

  constructor(private readonly slices: number) {
    super();
  }

  override tick(ms: number, maxEvents?: number): boolean {
    if (ms > 0 && this.left === 0) this.left = this.slices;
    this.left--;
    this.calls.push({ ms, maxEvents, left: this.left, frame: this.frame() });
    if (this.left > 0) return false;
    return super.tick(ms, maxEvents);
  }
}

describe('the simulation tick', () => {
  it('runs in bounded slices, and a key pressed during a tick is drawn before the tick ends', async () => {
    const session = new SlowTickSession(30);
    const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={1000} tickSliceEvents={7} />);
    session.frame = () => ui.frame();
    await ui.waitForText('learner@workstation:~$');
    // A tick is under way.
    await waitFor(() => session.calls.length > 0 && session.calls.at(-1)!.left > 20, undefined, 3000);
    await ui.press('x');
    await waitFor(() => session.calls.some((c) => c.left === 0));
    // Every slice was bounded; the first call brought the time owed, the rest continued it.
    expect(session.calls.every((c) => c.maxEvents === 7)).toBe(true);
    const first = session.calls.findIndex((c) => c.ms > 0);
    const end = session.calls.findIndex((c) => c.left === 0);
    expect(end - first).toBe(29);
    expect(session.calls.slice(first + 1, end + 1).every((c) => c.ms === 0)).toBe(true);
    // The typed key was on screen while slices of the same tick were still to run.
    const drawnAt = session.calls.findIndex((c) => c.frame.includes('learner@workstation:~$ x'));
    expect(drawnAt).toBeGreaterThan(first);
    expect(session.calls[drawnAt]!.left).toBeGreaterThan(0);
    // The tick's work was done once, when it caught up.
    expect(session.ticks).toBe(1);
  });
});
