import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const rows = (frame: string) => frame.split('\n').map((l) => l.trimEnd());
/** The input line: the last row with a prompt on it. */
const inputLine = (frame: string) => rows(frame).filter((l) => /^\S+@\S+:~[$#]/.test(l)).at(-1);

function setup(session = new FakeSession({ outputs: { 'kubectl get nodes': 'NAME     STATUS\nnode-2   NotReady\n' } })) {
  let quits = 0;
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => quits++} />);
  return { ui, session, quits: () => quits };
}

describe('the practice prompt behaves like bash', () => {
  it('Ctrl+C cancels a half-typed line: it stays with ^C, a fresh prompt follows, nothing runs', async () => {
    const { ui, session, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('kubectl get no', CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$ kubectl get no^C'));
    const lines = rows(ui.frame());
    const at = lines.indexOf('learner@workstation:~$ kubectl get no^C');
    // bash: the cancelled line, then an empty prompt on the next row.
    expect(lines[at + 1]).toBe('learner@workstation:~$');
    expect(session.execCalls).toEqual([]);
    expect(quits()).toBe(0);
    // The session goes on, and the cancelled line is not in the history.
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.press(KEYS.up, KEYS.up);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ kubectl get nodes');
  });

  it('Ctrl+C read in one chunk with the keys before it (tmux send-keys, a fast typist) still cancels the line', async () => {
    const { ui, session, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('sys\u0003ls');
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$ sys^C') && inputLine(f) === 'learner@workstation:~$ ls');
    expect(session.execCalls).toEqual([]);
    expect(quits()).toBe(0);
  });

  it('Ctrl+C in a chunk stops a following command; keys before it are dropped, keys after it are typed', async () => {
    const session = new FakeSession({ outputs: { 'journalctl -f': 'first\n' }, follows: { 'journalctl -f': ['second\n'] } });
    const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={10} />);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('journalctl -f');
    await ui.waitForText('second');
    await ui.press('xx\u0003ls');
    await ui.waitForFrame((f) => rows(f).includes('^C') && inputLine(f) === 'learner@workstation:~$ ls');
    expect(session.stops).toBe(1);
    expect(ui.frame()).not.toContain('xx');
  });

  it('Ctrl+C at an empty prompt prints ^C and a new prompt', async () => {
    const { ui, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press(CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$ ^C'));
    expect(quits()).toBe(0);
  });

  it('Ctrl+D on an empty line leaves at once when nothing would be lost', async () => {
    const { ui, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press(CTRL_D);
    await ui.waitForFrame(() => quits() === 1);
  });

  it('Ctrl+D inside a line deletes the character under the cursor, like readline', async () => {
    const { ui, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('lxs', KEYS.left, KEYS.left, CTRL_D);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ ls');
    expect(quits()).toBe(0);
  });

  it('Ctrl+D on a node ends the ssh session (logout), not the scenario', async () => {
    const { ui, session, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('ssh node-2');
    await ui.waitForText('root@node-2:~#');
    await ui.press(CTRL_D);
    await ui.waitForFrame((f) => rows(f).includes('root@node-2:~# logout'));
    expect(session.execCalls).toEqual(['ssh node-2', 'exit']);
    expect(quits()).toBe(0);
  });

  it('asks before leaving an attempt with work in it; n (or Enter) stays, y leaves', async () => {
    const { ui, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.press(CTRL_D);
    await ui.waitForText('Leave this scenario? This attempt is not graded and will be lost. (y/N)');
    await ui.press('n');
    await ui.waitForFrame((f) => rows(f).includes('Leave this scenario? This attempt is not graded and will be lost. (y/N) n'));
    expect(quits()).toBe(0);
    // Typing works again.
    await ui.press('ls');
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ ls');
    await ui.press(KEYS.ctrlU);
    await ui.typeLine('quit');
    await ui.waitForText('(y/N)');
    await ui.press(KEYS.enter);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$');
    expect(quits()).toBe(0);
    await ui.typeLine('quit');
    await ui.press('y');
    await ui.waitForFrame(() => quits() === 1);
  });

  it('asks before leaving when hints were paid for', async () => {
    const { ui, quits } = setup(new FakeSession({ hints: ['Look at the nodes.'] }));
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('hint');
    await ui.waitForText('Hint 1/1');
    await ui.typeLine('quit');
    await ui.waitForText('(y/N)');
    await ui.press(CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('Leave this scenario? This attempt is not graded and will be lost. (y/N) ^C'));
    expect(quits()).toBe(0);
  });

  it('`clear` empties the scrollback, not just the screen', async () => {
    const session = new FakeSession({ outputs: { 'kubectl get nodes': 'node-2   NotReady\n' } });
    const exec = session.exec.bind(session);
    // As the real session reports the shell's `clear`.
    session.exec = async (line, options) => (line === 'clear' ? { prompt: 'learner@workstation:~$ ', command: line, output: '', exitCode: 0, clearScreen: true } : exec(line, options));
    const { ui } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.typeLine('clear');
    await ui.waitForFrame((f) => !f.includes('kubectl get nodes'));
    await ui.press(KEYS.pageUp);
    expect(ui.frame()).not.toContain('node-2   NotReady');
    expect(ui.frame()).not.toContain('learner@workstation:~$ clear');
  });
});

describe('hints and notices', () => {
  it('shows every revealed hint, numbered, and says which was revealed next to the prompt', async () => {
    const session = new FakeSession({ hints: ['Which node looks different?', 'Read the kubelet journal on it.', 'Check the cert dates.'] });
    const { ui } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('hint');
    await ui.waitForText('Hint 1/3: Which node looks different?');
    await ui.typeLine('hint');
    await ui.waitForText('Hint 2/3: Read the kubelet journal on it.');
    const lines = rows(ui.frame());
    expect(lines).toContain('Hint 1/3: Which node looks different?');
    // The notice is printed after the command, just above the fresh prompt, below the hint panel.
    const notice = lines.indexOf('Hint 2 of 3 revealed (above).');
    expect(notice).toBeGreaterThan(lines.indexOf('Hint 2/3: Read the kubelet journal on it.'));
    expect(lines[notice - 1]).toBe('learner@workstation:~$ hint');
    expect(lines[notice + 1]).toBe('learner@workstation:~$');
  });

  it('prints "diagnosis recorded" in the terminal, after the command', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('diagnose "the kubelet certificate expired"');
    await ui.waitForText('Diagnosis recorded');
    const lines = rows(ui.frame());
    const at = lines.indexOf('learner@workstation:~$ diagnose "the kubelet certificate expired"');
    expect(lines[at + 1]).toBe('Diagnosis recorded: "the kubelet certificate expired". Type submit to be graded.');
  });
});
