import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import type { GradeResult } from '../../../../src/practice/types.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const GET_NODES = 'NAME     STATUS     ROLES           AGE    VERSION\nnode-2   NotReady   <none>          400d   v1.30.2\n';

function setup(session = new FakeSession({ outputs: { 'kubectl get nodes': GET_NODES } })) {
  const graded: Array<{ result: GradeResult; hintsUsed: number }> = [];
  let quits = 0;
  const ui = renderInk(
    <PracticeScreen
      session={session}
      onGraded={(result, hintsUsed) => graded.push({ result, hintsUsed })}
      onQuit={() => quits++}
    />,
  );
  return { ui, session, graded, quits: () => quits };
}

describe('PracticeScreen', () => {
  it('shows the briefing, the prompt and the status line with the clock', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    expect(ui.frame()).toContain('Find out why node-2 stopped.');
    expect(ui.frame()).toContain('A node went NotReady overnight │ Mon 30 Nov 2026 09:12:04 UTC │');
  });

  it('runs a typed command and shows its output after the prompt line', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    expect(session.execCalls).toEqual(['kubectl get nodes']);
    const lines = ui.frame().split('\n').map((l) => l.trimEnd());
    const at = lines.indexOf('learner@workstation:~$ kubectl get nodes');
    expect(lines.slice(at, at + 3)).toEqual([
      'learner@workstation:~$ kubectl get nodes',
      'NAME     STATUS     ROLES           AGE    VERSION',
      'node-2   NotReady   <none>          400d   v1.30.2',
    ]);
  });

  it('recalls the previous command with ↑ and edits it like readline', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.press(KEYS.up);
    await ui.waitForFrame((f) => f.split('\n').some((l) => l.trimEnd() === 'learner@workstation:~$ kubectl get nodes'));
    // Ctrl+W rubs out "nodes", then we type "pods".
    await ui.press(KEYS.ctrlW, 'pods', KEYS.enter);
    await ui.waitForText('bash: kubectl: command not found');
    expect(session.execCalls).toEqual(['kubectl get nodes', 'kubectl get pods']);
  });

  it('runs lines that arrive with their Enter in one chunk (a paste), in order', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('kubectl get nodes\rls\r');
    await ui.waitForText('bash: ls: command not found');
    expect(session.execCalls).toEqual(['kubectl get nodes', 'ls']);
    expect(ui.frame()).toContain('node-2   NotReady');
  });

  it('shows errors from the session as text, not a stack trace', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('explode');
    await ui.waitForText('kubedrill: simulated failure');
    expect(ui.frame()).not.toContain('at FakeSession');
  });

  it('shows the next hint in the hint panel, then says none are left', async () => {
    const session = new FakeSession({ hints: ['Which node looks different?'] });
    const { ui } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('hint');
    await ui.waitForText('Hint 1/1: Which node looks different?');
    await ui.typeLine('hint');
    await ui.waitForText('No hints left.');
    expect(session.execCalls).toEqual([]);
  });

  it('prints the practice help for `help` without sending it to the shell', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('help');
    await ui.waitForText('show the next hint');
    expect(session.execCalls).toEqual([]);
  });

  it('resets the session and clears the scrollback', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.typeLine('reset');
    await ui.waitForText('The scenario was reset to its start.');
    expect(session.resets).toBe(1);
    expect(ui.frame()).not.toContain('node-2   NotReady');
  });

  it('says it is resetting while the cluster warms up again, and runs what was typed meanwhile afterwards', async () => {
    let release!: () => void;
    const session = new FakeSession({ outputs: { 'kubectl get nodes': GET_NODES }, resetGate: new Promise<void>((r) => (release = r)) });
    const { ui } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('reset');
    await ui.waitForText('Resetting the scenario: the cluster warms up again…');
    await ui.typeLine('kubectl get nodes');
    expect(session.execCalls).toEqual([]);
    release();
    await ui.waitForText('node-2   NotReady');
    expect(session.execCalls).toEqual(['kubectl get nodes']);
    expect(ui.frame()).toContain('The scenario was reset to its start.');
  });

  it('grades on `submit` and reports the hints used', async () => {
    const session = new FakeSession({ hints: ['h1', 'h2'] });
    const { ui, graded } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('hint');
    await ui.waitForText('Hint 1/2');
    await ui.typeLine('submit');
    await ui.waitForFrame(() => graded.length === 1);
    expect(graded[0]).toMatchObject({ hintsUsed: 1, result: { score: 70, maxScore: 100 } });
  });

  it('quits on `exit` at the workstation, but sends `exit` to the shell on a node', async () => {
    const { ui, session, quits } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('ssh node-2');
    await ui.waitForText('root@node-2:~#');
    await ui.typeLine('exit');
    await ui.waitForText('logout');
    expect(session.execCalls).toEqual(['ssh node-2', 'exit']);
    expect(quits()).toBe(0);
    await ui.typeLine('exit');
    // Commands were run: leaving asks first.
    await ui.waitForText('Leave this scenario? This attempt is not graded and will be lost. (y/N)');
    expect(quits()).toBe(0);
    await ui.press('y');
    await ui.waitForFrame(() => quits() === 1);
    expect(session.execCalls).toHaveLength(2);
  });

  it('disables input while a command runs', async () => {
    let release!: () => void;
    const session = new FakeSession({ gate: new Promise<void>((r) => (release = r)) });
    const { ui } = setup(session);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('running…');
    await ui.press('typed while busy');
    release();
    await ui.waitForText('bash: kubectl: command not found');
    await ui.waitForFrame((f) => f.includes('learner@workstation:~$ ') && !f.includes('running…'));
    expect(ui.frame()).not.toContain('typed while busy');
  });

  it('ticks the simulated clock once a second while shown', async () => {
    const { ui, session } = setup();
    await ui.waitForText('09:12:05 UTC', 3000);
    expect(session.ticks).toBeGreaterThanOrEqual(1);
    ui.unmount();
    const ticks = session.ticks;
    await new Promise((r) => setTimeout(r, 1100));
    expect(session.ticks).toBe(ticks);
  });
});
