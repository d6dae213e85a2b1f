import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App, type AppProgress } from '../../src/tui/app.js';
import type { AttemptRecord } from '../../src/progress/schema.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { KEYS, renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

const SCENARIOS = [
  fakeScenario(),
  fakeScenario({ id: 'pending-pods', title: 'Pods stuck Pending', difficulty: 'beginner', topics: ['scheduler'] }),
  fakeScenario({ id: 'crashloop', title: 'Orders keeps restarting', difficulty: 'beginner', topics: ['containers'] }),
];

/** Opens the first scenario from the list and submits at once (a FakeSession grades 70/100). */
async function playFirstAndSubmit(ui: ReturnType<typeof renderInk>): Promise<void> {
  await ui.waitForText('Enter play');
  await ui.press(KEYS.enter);
  await ui.waitForText('learner@workstation:~$');
  await ui.typeLine('submit');
  await ui.waitForText('Score: 70/100');
}

function setup(options: { start?: string; open?: (id: string) => Promise<FakeSession>; session?: () => FakeSession } = {}) {
  const recorded: AttemptRecord[] = [];
  const progress: AppProgress = { warning: undefined, bestScores: () => new Map(), recordAttempt: async (a) => void recorded.push(a) };
  const opened: string[] = [];
  const sessions: FakeSession[] = [];
  let exits = 0;
  const openSession =
    options.open ??
    (async (id: string) => {
      opened.push(id);
      const session = options.session?.() ?? new FakeSession({ scenario: SCENARIOS.find((s) => s.id === id)! });
      sessions.push(session);
      return session;
    });
  const ui = renderInk(
    <App scenarios={SCENARIOS} openSession={openSession} progress={progress} now={() => 0} start={options.start} onExit={() => exits++} />,
  );
  return { ui, recorded, opened, sessions, exits: () => exits };
}

describe('the scenario list', () => {
  it('counts every key of a burst (key repeat, a paste): jj moves two rows, jjk one', async () => {
    const { ui, opened } = setup();
    await ui.waitForText('Enter play');
    await ui.press('jj');
    await ui.waitForText('❯ crashloop');
    await ui.press('kkj');
    await ui.waitForText('❯ pending-pods');
    // A burst that ends with Enter plays the row it reached.
    await ui.press('j\r');
    await ui.waitForText('learner@workstation:~$');
    expect(opened).toEqual(['crashloop']);
  });

  it('shows the highlighted scenario in full under the list', async () => {
    const { ui } = setup();
    await ui.waitForText('Enter play');
    await ui.press('j');
    await ui.waitForText('Pods stuck Pending · scheduler, about 20 min');
  });
});

describe('opening a scenario', () => {
  it('shows the warm-up frame before the cluster is built', async () => {
    let frameWhenOpened = '';
    let release!: () => void;
    const { ui } = setup({
      open: async (id) => {
        frameWhenOpened = ui.frame();
        await new Promise<void>((r) => (release = r));
        return new FakeSession({ scenario: SCENARIOS.find((s) => s.id === id)! });
      },
    });
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    await ui.waitForText('Warming up the cluster…');
    await ui.waitForFrame(() => release !== undefined);
    // The (synchronous, in the real session) build started only once the frame was on screen.
    expect(frameWhenOpened).toContain('Warming up the cluster…');
    expect(frameWhenOpened).toContain('A node went NotReady overnight');
    release();
    await ui.waitForText('learner@workstation:~$');
  });

  it('goes straight to the practice screen for `play <id>`, and leaving ends the app', async () => {
    const { ui, opened, exits } = setup({ start: 'pending-pods' });
    await ui.waitForText('learner@workstation:~$');
    expect(opened).toEqual(['pending-pods']);
    expect(ui.frame()).toContain('Pods stuck Pending │');
    expect(ui.frame()).not.toContain('Enter play');
    await ui.typeLine('quit');
    await ui.waitForFrame(() => exits() === 1);
  });
});

describe('revising the diagnosis', () => {
  it('r returns to the same terminal; the next grade lists the earlier one; finishing records the latest once', async () => {
    const { ui, recorded, sessions } = setup();
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl get pods');
    await ui.waitForText('bash: kubectl: command not found');
    await ui.typeLine('submit');
    await ui.waitForText('Score: 70/100');
    expect(ui.frame()).toContain('r: revise the diagnosis and keep working · q/Enter: finish');
    await ui.press('r');
    await ui.waitForText('learner@workstation:~$');
    // Everything intact: the scrollback (up to the submit) and the history.
    await ui.waitForText('Back at work: the cluster kept its state.');
    const lines = ui.frame().split('\n').map((l) => l.trimEnd());
    expect(lines).toContain('bash: kubectl: command not found');
    expect(lines[lines.indexOf('learner@workstation:~$ submit') + 1]).toMatch(/^Back at work/);
    await ui.press(KEYS.up, KEYS.up);
    await ui.waitForText('learner@workstation:~$ kubectl get pods');
    await ui.press(KEYS.ctrlU);
    await ui.typeLine('diagnose "kubelet client certificate expired"');
    await ui.waitForText('Diagnosis recorded');
    await ui.typeLine('submit');
    await ui.waitForText('Earlier grades');
    expect(ui.frame()).toContain('  attempt 1: 70/100');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.grades).toBe(2);
    expect(recorded).toEqual([]);
    await ui.press('q');
    await ui.waitForText('Enter play');
    expect(recorded).toHaveLength(1);
  });

  it("uses the session's own grade history and attempt numbers when it keeps them", async () => {
    const { ui } = setup({ session: () => new FakeSession({ keepsGrades: true }) });
    await playFirstAndSubmit(ui);
    await ui.press('r');
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('submit');
    await ui.waitForText('Score: 65/100 (attempt 2)');
    expect(ui.frame()).toContain('  attempt 1: 70/100');
  });

  it('Ctrl+C on the results screen finishes the attempt (recorded), it does not quit the app', async () => {
    const { ui, recorded, exits } = setup();
    await playFirstAndSubmit(ui);
    await ui.press('\u0003');
    await ui.waitForText('Enter play');
    expect(recorded).toHaveLength(1);
    expect(exits()).toBe(0);
  });

  it('leaving a revised attempt keeps its last grade', async () => {
    const { ui, recorded } = setup();
    await playFirstAndSubmit(ui);
    await ui.press('r');
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('ls');
    await ui.typeLine('quit');
    await ui.waitForText('Leave this scenario? Your last grade is kept; later work is lost. (y/N)');
    await ui.press('y');
    await ui.waitForText('Enter play');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.score).toBe(70);
  });
});
