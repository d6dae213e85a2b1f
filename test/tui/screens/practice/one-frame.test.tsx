/**
 * One command result is one frame: Enter, the echoed line, `running…`, the
 * session's new snapshot and the output used to render one by one (three
 * frames for `echo hi`, each pushed back by Ink's 30 fps throttle); now they
 * are committed together. Counted with ink-testing-library, which writes a
 * frame for every render Ink makes (work done, not time).
 */
import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import type { PracticeExecOptions, TerminalEntry } from '../../../../src/practice/types.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

/** Like the real session: a command yields to the event loop while it runs and moves the simulated clock. */
class YieldingSession extends FakeSession {
  override async exec(line: string, options?: PracticeExecOptions): Promise<TerminalEntry> {
    await new Promise((resolve) => setImmediate(resolve));
    this.tick(2000);
    return super.exec(line, options);
  }
}

function setup() {
  const session = new YieldingSession({ outputs: { 'echo hi': 'hi\n', 'echo there': 'there\n' }, hints: ['Look at the kubelet.'] });
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={3_600_000} slowCommandMs={60_000} />);
  return { ui, session };
}

/** The screen's lines without blank ones and trailing spaces. */
const lines = (frame: string) => frame.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');

describe('one command result, one frame', () => {
  it('draws `echo hi` once: the echoed line, its output, the new prompt and the clock together', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('echo hi');
    await ui.waitForText('$ echo hi');
    const before = ui.frames.length;
    await ui.press(KEYS.enter);
    await ui.waitForFrame((f) => lines(f).includes('hi'));
    // Nothing else is on its way.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drawn = ui.frames.slice(before);
    expect(drawn).toHaveLength(1);
    const shown = lines(ui.frame());
    expect(shown.slice(-4, -1)).toEqual(['learner@workstation:~$ echo hi', 'hi', 'learner@workstation:~$']);
    expect(ui.frame()).toContain('09:12:06 UTC');
  });

  it('draws each result once for lines pasted together, and a practice word (hint) once too', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    let before = ui.frames.length;
    await ui.press('echo hi\recho there\r');
    await ui.waitForText('there\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The typed text shows as it arrives; the two results then come in one frame.
    const drawn = ui.frames.slice(before);
    expect(drawn.filter((f) => lines(f).includes('hi') || lines(f).includes('there'))).toHaveLength(1);
    expect(drawn.length).toBeLessThanOrEqual(2);
    expect(lines(ui.frame()).slice(-6, -1)).toEqual(['learner@workstation:~$ echo hi', 'hi', 'learner@workstation:~$ echo there', 'there', 'learner@workstation:~$']);
    await ui.press('hint');
    await ui.waitForText('$ hint');
    before = ui.frames.length;
    await ui.press(KEYS.enter);
    await ui.waitForText('Hint 1 of 1 revealed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ui.frames.length - before).toBe(1);
  });
});
