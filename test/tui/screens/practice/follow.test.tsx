import { describe, it, expect, afterEach, beforeAll } from 'vitest';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../../src/tui/app.js';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { loadScenarioFile } from '../../../../src/scenario/load.js';
import { shippedScenariosDir } from '../../../../src/scenario/catalog.js';
import { createPracticeSession } from '../../../../src/practice/practice.js';
import type { PracticeSession } from '../../../../src/practice/types.js';
import type { Scenario } from '../../../../src/scenario/schema.js';
import { FakeSession, fakeScenario } from '../../../helpers/fake-session.js';
import { renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const CTRL_C = '\u0003';
const FILE = join(shippedScenariosDir(), 'nodes', 'node-notready-expired-cert.yaml');
let scenario: Scenario;
beforeAll(() => {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  scenario = loaded.scenario;
});

/** The newest `Nov 30 09:20:40` journal time shown, in ms of the year 2026 (0 when none). */
function newestJournalTime(frame: string): number {
  const times = [...frame.matchAll(/^Nov 30 (\d\d:\d\d:\d\d) node-2 /gm)].map((m) => Date.parse(`2026-11-30T${m[1]}Z`));
  return Math.max(0, ...times);
}

const rows = (frame: string) => frame.split('\n').map((l) => l.trimEnd());

function renderScreen(session: PracticeSession, tickMs: number) {
  return renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={tickMs} />);
}

describe('PracticeScreen following a command', () => {
  it('journalctl -u kubelet -f on the real scenario keeps appending the kubelet restart loop as the clock ticks; Ctrl+C gives the prompt back', async () => {
    const real = createPracticeSession(scenario, FILE);
    // Each 20 ms wall tick moves the simulation 5 s, so the 10 s restart loop shows quickly.
    const session: PracticeSession = { ...real, tick: () => real.tick(5000) };
    const ui = renderScreen(session, 20);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('ssh node-2');
    await ui.waitForText('root@node-2:~#');
    await ui.typeLine('journalctl -u kubelet -f');
    await ui.waitForText("kubelet.service: Failed with result 'exit-code'.");
    // The pane shows the newest rows; wait until it shows journal lines 20 simulated seconds newer.
    const first = newestJournalTime(ui.frame());
    await ui.waitForFrame((f) => newestJournalTime(f) >= first + 20_000);
    // Like a foreground job: no prompt, and the status line says how to stop it.
    expect(rows(ui.frame())).not.toContain('root@node-2:~#');
    expect(ui.frame()).toContain('^C stop');
    await ui.press('ls\r');
    await ui.press(CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('^C') && rows(f).some((l) => l === 'root@node-2:~#'));
    const after = rows(ui.frame());
    expect(after[after.indexOf('^C') + 1]).toBe('root@node-2:~#');
    // The keys typed while following were ignored, and nothing is appended after ^C.
    const last = after.slice(0, after.indexOf('^C')).filter((l) => l !== '').pop();
    await ui.typeLine('echo $?');
    await ui.waitForText('130');
    const final = rows(ui.frame());
    expect(final.slice(final.indexOf('^C') - 1, final.indexOf('^C') + 4)).toEqual([last, '^C', 'root@node-2:~# echo $?', '130', 'root@node-2:~#']);
    expect(ui.frame()).not.toContain('bash: ls');
  });

  it('appends each tick\'s output, ignores keys while following, and Ctrl+C stops the session\'s follow', async () => {
    const session = new FakeSession({ outputs: { 'journalctl -f': 'first\n' }, follows: { 'journalctl -f': ['second\n', 'third\n'] } });
    const ui = renderScreen(session, 10);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('journalctl -f');
    await ui.waitForText('third');
    expect(session.execOptions).toEqual([{ follow: true }]);
    const lines = rows(ui.frame());
    const at = lines.indexOf('learner@workstation:~$ journalctl -f');
    expect(lines.slice(at, at + 4)).toEqual(['learner@workstation:~$ journalctl -f', 'first', 'second', 'third']);
    await ui.typeLine('hint');
    expect(session.execCalls).toEqual(['journalctl -f']);
    await ui.press(CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$'));
    expect(session.stops).toBe(1);
    expect(rows(ui.frame()).slice(at, at + 6)).toEqual(['learner@workstation:~$ journalctl -f', 'first', 'second', 'third', '^C', 'learner@workstation:~$']);
    await ui.typeLine('ls');
    await ui.waitForText('bash: ls: command not found');
  });

  it('drops lines pasted after the follower when Ctrl+C arrives, as a tty flushes its input', async () => {
    const session = new FakeSession({ outputs: { 'journalctl -f': 'first\n' }, follows: { 'journalctl -f': ['second\n'] } });
    const ui = renderScreen(session, 10);
    await ui.waitForText('learner@workstation:~$');
    await ui.press('journalctl -f\rls\r');
    await ui.waitForText('second');
    await ui.press(CTRL_C);
    await ui.waitForText('^C');
    await ui.typeLine('whoami');
    await ui.waitForText('bash: whoami: command not found');
    expect(session.execCalls).toEqual(['journalctl -f', 'whoami']);
  });
});

describe('clear on the real session', () => {
  it('empties the scrollback: PgUp finds nothing from before it', async () => {
    const real = createPracticeSession(scenario, FILE);
    const ui = renderInk(<PracticeScreen session={real} onGraded={() => {}} onQuit={() => {}} tickMs={60_000} />);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForFrame((f) => /^node-2\s+NotReady/m.test(f));
    await ui.typeLine('clear');
    await ui.waitForFrame((f) => !f.includes('kubectl get nodes'));
    await ui.press('\u001B[5~');
    expect(ui.frame()).not.toMatch(/^node-2\s+NotReady|kubectl get nodes|\$ clear/m);
  });
});

describe('Ctrl+C in the App', () => {
  function setupApp(session: FakeSession) {
    let exits = 0;
    const ui = renderInk(
      <App
        scenarios={[fakeScenario()]}
        openSession={async () => session}
        progress={{ warning: undefined, bestScores: () => new Map(), recordAttempt: async () => {} }}
        now={() => 0}
        onExit={() => exits++}
        tickMs={10}
      />,
    );
    return { ui, exits: () => exits };
  }

  it('stops a following command instead of quitting; at the prompt it cancels the line and the app stays', async () => {
    const session = new FakeSession({ outputs: { 'journalctl -f': 'first\n' }, follows: { 'journalctl -f': ['second\n'] } });
    const { ui, exits } = setupApp(session);
    await ui.waitForText('Enter play');
    await ui.press('\r');
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('journalctl -f');
    await ui.waitForText('second');
    await ui.press(CTRL_C);
    await ui.waitForText('^C');
    expect(session.stops).toBe(1);
    expect(exits()).toBe(0);
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$'));
    // Before issue 6, this Ctrl+C quit the whole app and lost the attempt.
    await ui.press('kubectl get po', CTRL_C);
    await ui.waitForFrame((f) => rows(f).includes('learner@workstation:~$ kubectl get po^C'));
    expect(exits()).toBe(0);
    expect(rows(ui.frame())).toContain('learner@workstation:~$');
    expect(session.execCalls).toEqual(['journalctl -f']);
  });
});
