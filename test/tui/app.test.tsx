import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App, type AppProgress } from '../../src/tui/app.js';
import type { AttemptRecord } from '../../src/progress/schema.js';
import type { BestScore } from '../../src/progress/store.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { KEYS, renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

const SCENARIOS = [
  fakeScenario(),
  fakeScenario({ id: 'pending-pods', title: 'Pods stuck Pending', difficulty: 'beginner', topics: ['scheduler'] }),
];

function fakeProgress(best: Array<[string, BestScore]> = [], warning?: string) {
  const recorded: AttemptRecord[] = [];
  const progress: AppProgress = {
    warning,
    bestScores: () => new Map(best),
    recordAttempt: async (a) => {
      recorded.push(a);
    },
  };
  return { progress, recorded };
}

function setup(options: { best?: Array<[string, BestScore]>; warning?: string; open?: (id: string) => Promise<FakeSession> } = {}) {
  const { progress, recorded } = fakeProgress(options.best, options.warning);
  const opened: string[] = [];
  const sessions: FakeSession[] = [];
  let clock = Date.UTC(2026, 0, 1, 10, 0, 0);
  const openSession =
    options.open ??
    (async (id: string) => {
      opened.push(id);
      const session = new FakeSession({ scenario: SCENARIOS.find((s) => s.id === id)! });
      sessions.push(session);
      return session;
    });
  const ui = renderInk(
    <App scenarios={SCENARIOS} openSession={openSession} progress={progress} now={() => (clock += 60_000)} />,
  );
  return { ui, recorded, opened, sessions };
}

describe('App', () => {
  it('lists scenarios with id, difficulty, topics and best score', async () => {
    const { ui } = setup({ best: [['node-notready', { score: 80, maxScore: 100 }]] });
    await ui.waitForText('Pods stuck Pending');
    const lines = ui.frame().split('\n').map((l) => l.trimEnd());
    expect(lines).toContain('  ID             SCENARIO                        DIFFICULTY    TOPICS                 BEST');
    expect(lines).toContain('❯ node-notready  A node went NotReady overnight  intermediate  kubelet, certificates  80/100');
    expect(lines).toContain('  pending-pods   Pods stuck Pending              beginner      scheduler              —');
  });

  it('shows the progress store warning on the home screen', async () => {
    const { ui } = setup({ warning: 'progress file was corrupt; kept it as /tmp/p.json.corrupt-1' });
    await ui.waitForText('progress file was corrupt; kept it as /tmp/p.json.corrupt-1');
  });

  it('moves with j/k and arrows, and plays the highlighted scenario on Enter', async () => {
    const { ui, opened } = setup();
    await ui.waitForText('Pods stuck Pending');
    await ui.press('j');
    await ui.waitForText('❯ pending-pods   Pods stuck Pending');
    await ui.press('k', KEYS.down, KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    expect(opened).toEqual(['pending-pods']);
    expect(ui.frame()).toContain('Pods stuck Pending │');
  });

  it('grades, shows the results, records the attempt, and shows the new best at home', async () => {
    const { ui, recorded, sessions } = setup({ best: [['node-notready', { score: 50, maxScore: 100 }]] });
    await ui.waitForText('50/100');
    await ui.press(KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('submit');
    await ui.waitForText('Score: 70/100');
    const lines = ui.frame().split('\n').map((l) => l.trimEnd());
    expect(lines).toContain('  diagnosis  40/40  You named the kubelet and its expired client certificate.');
    expect(lines).toContain('  hints      -10    Two hints used.');
    expect(lines).toContain('The kubelet authenticates with a client certificate that expired.');
    expect(sessions[0]!.grades).toBe(1);
    // The attempt is recorded when the learner finishes it (they may still revise the diagnosis).
    expect(recorded).toEqual([]);
    await ui.press(KEYS.enter);
    await ui.waitForText('Enter play');
    expect(recorded).toEqual([
      {
        scenarioId: 'node-notready',
        startedAt: '2026-01-01T10:01:00.000Z',
        finishedAt: '2026-01-01T10:02:00.000Z',
        score: 70,
        maxScore: 100,
        hintsUsed: 0,
        simulatedSeconds: 600,
        parts: [
          { name: 'diagnosis', points: 40, max: 40 },
          { name: 'fix', points: 30, max: 40 },
          { name: 'evidence', points: 10, max: 20 },
          { name: 'hints', points: -10, max: 0 },
        ],
      },
    ]);
    // The new best, and the scenario marked as the one played last.
    expect(ui.frame()).toMatch(/❯ node-notready {2}A node went NotReady overnight {2}intermediate {2}kubelet, certi\S* +70\/100 · last played\n/);
  });

  it('keeps a better earlier best score', async () => {
    const { ui } = setup({ best: [['node-notready', { score: 90, maxScore: 100 }]] });
    await ui.waitForText('90/100');
    await ui.press(KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('grade');
    await ui.waitForText('Score: 70/100');
    await ui.press(KEYS.enter);
    await ui.waitForText('Enter play');
    expect(ui.frame()).toMatch(/kubelet, certi\S* +90\/100 · last played\n/);
  });

  it('starts the list on the scenario of the latest recorded attempt, marked; c continues it', async () => {
    const attempt = (scenarioId: string): AttemptRecord => ({ scenarioId, startedAt: 'a', finishedAt: 'b', score: 1, maxScore: 2, hintsUsed: 0, parts: [] });
    const progress: AppProgress = {
      warning: undefined,
      bestScores: () => new Map(),
      recordAttempt: async () => {},
      listAttempts: () => [attempt('node-notready'), attempt('pending-pods')],
    };
    const opened: string[] = [];
    const ui = renderInk(
      <App scenarios={SCENARIOS} openSession={async (id) => (opened.push(id), new FakeSession({ scenario: SCENARIOS.find((s) => s.id === id)! }))} progress={progress} now={() => 0} />,
    );
    await ui.waitForText('Pods stuck Pending');
    expect(ui.frame()).toMatch(/\n❯ pending-pods {3}Pods stuck Pending .*— · last played\n/);
    await ui.press('k', 'c');
    await ui.waitForText('learner@workstation:~$');
    expect(opened).toEqual(['pending-pods']);
  });

  it('returns home on `quit` without grading', async () => {
    const { ui, recorded } = setup();
    await ui.waitForText('Pods stuck Pending');
    await ui.press(KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('quit');
    await ui.waitForText('Enter play');
    expect(recorded).toEqual([]);
  });

  it('says so when a scenario fails to start, and stays usable', async () => {
    const { ui } = setup({ open: async () => Promise.reject(new Error('scenario file is missing')) });
    await ui.waitForText('Pods stuck Pending');
    await ui.press(KEYS.enter);
    await ui.waitForText('could not start A node went NotReady overnight: scenario file is missing');
    await ui.press('j');
    await ui.waitForText('❯ pending-pods   Pods stuck Pending');
  });
});
