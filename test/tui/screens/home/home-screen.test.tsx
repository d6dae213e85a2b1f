/**
 * The home screen: search, topic and difficulty filters, Esc, the marker on
 * the scenario played last and `c` to continue it, and the quiz entries.
 */
import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { HomeScreen } from '../../../../src/tui/screens/home/home-screen.js';
import { homeReducer, homeView, visibleScenarios, type HomeView } from '../../../../src/tui/screens/home/use-home-screen-state.js';
import type { ScenarioSummary } from '../../../../src/practice/types.js';
import { fakeScenario } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const SCENARIOS = [
  fakeScenario(),
  fakeScenario({ id: 'pending-pods', title: 'Pods stuck Pending', difficulty: 'beginner', topics: ['scheduler'] }),
  fakeScenario({ id: 'dns-broken', title: 'Names do not resolve', difficulty: 'advanced', topics: ['dns', 'networking'] }),
  fakeScenario({ id: 'svc-no-endpoints', title: 'A Service with no endpoints', difficulty: 'beginner', topics: ['networking', 'services'] }),
];

function setup(options: { lastPlayed?: string; initialView?: HomeView; quiz?: boolean } = {}) {
  const played: Array<{ id: string; view: HomeView }> = [];
  const quizzes: string[] = [];
  let quit = 0;
  const ui = renderInk(
    <HomeScreen
      scenarios={SCENARIOS}
      bestScores={new Map([['pending-pods', { score: 60, maxScore: 100 }]])}
      lastPlayed={options.lastPlayed}
      initialView={options.initialView}
      onPlay={(s, view) => played.push({ id: s.id, view })}
      onQuiz={options.quiz === false ? undefined : (mode) => quizzes.push(mode)}
      onQuit={() => quit++}
    />,
  );
  /** The ids of the rows shown, the highlighted one starred. */
  const rows = () =>
    ui
      .frame()
      .split('\n')
      .flatMap((l) => {
        const m = /^([❯ ]) (\S+) /.exec(l);
        return m && m[2] !== 'ID' ? [m[1] === '❯' ? `*${m[2]}` : m[2]!] : [];
      });
  return { ui, rows, played, quizzes, quits: () => quit };
}

describe('HomeScreen', () => {
  it('searches id, title and topics as the learner types; Enter keeps the search, Esc then clears it', async () => {
    const { ui, rows, played, quizzes } = setup();
    await ui.waitForText('Pods stuck Pending');
    // Keys are text while searching: j and q are typed, not a move or a quiz.
    await ui.press('/', 'jq');
    await ui.waitForText('search: jq▏ · 0 of 4');
    expect(quizzes).toEqual([]);
    expect(ui.frame()).toContain('type to search · Enter keep · Esc drop the search');
    expect(ui.frame()).not.toContain('q quiz');
    await ui.press(KEYS.backspace, KEYS.backspace, 'net');
    await ui.waitForText('search: net▏ · 2 of 4');
    expect(rows()).toEqual(['*dns-broken', 'svc-no-endpoints']);
    await ui.press(KEYS.backspace, KEYS.backspace, KEYS.backspace, 'Pend');
    await ui.waitForText('search: Pend▏ · 1 of 4');
    expect(rows()).toEqual(['*pending-pods']);
    await ui.press(KEYS.enter);
    await ui.waitForText('search: Pend · 1 of 4');
    expect(ui.frame()).toContain('Esc clear filters');
    await ui.press(KEYS.enter);
    expect(played.map((p) => p.id)).toEqual(['pending-pods']);
    // The view travels with the play, so the app can bring the learner back to it.
    expect(played[0]!.view).toMatchObject({ query: 'Pend', searching: false, selectedId: 'pending-pods' });
    await ui.press(KEYS.escape);
    await ui.waitForFrame((f) => !f.includes('search:'));
    expect(rows()).toEqual(['node-notready', '*pending-pods', 'dns-broken', 'svc-no-endpoints']);
  });

  it('t cycles the topics, d the difficulties, together; the count follows and Esc clears both', async () => {
    const { ui, rows, quits } = setup();
    await ui.waitForText('Pods stuck Pending');
    // Topics sorted: certificates, dns, kubelet, networking, …
    await ui.press('t', 't', 't', 't');
    await ui.waitForText('topic: networking · 2 of 4');
    expect(rows()).toEqual(['*dns-broken', 'svc-no-endpoints']);
    await ui.press('d');
    await ui.waitForText('topic: networking · difficulty: beginner · 1 of 4');
    expect(rows()).toEqual(['*svc-no-endpoints']);
    await ui.press('d');
    await ui.waitForText('difficulty: intermediate · 0 of 4');
    expect(ui.frame()).toContain('No scenario matches. Esc clears the filters.');
    await ui.press(KEYS.escape);
    await ui.waitForText('Esc quit');
    expect(rows()).toHaveLength(4);
    expect(quits()).toBe(0);
    await ui.press(KEYS.escape);
    expect(quits()).toBe(1);
  });

  it('starts on the scenario played last, marks it, and c plays it even when a filter hides it', async () => {
    const { ui, rows, played } = setup({ lastPlayed: 'dns-broken' });
    await ui.waitForText('Names do not resolve');
    expect(rows()).toEqual(['node-notready', 'pending-pods', '*dns-broken', 'svc-no-endpoints']);
    const marked = ui.frame().split('\n').filter((l) => l.includes('last played'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^❯ dns-broken .*— · last played$/);
    expect(ui.frame()).toContain('c continue');
    await ui.press('/', 'Pending', KEYS.enter, 'c');
    expect(played.map((p) => p.id)).toEqual(['dns-broken']);
    expect(played[0]!.view).toEqual(homeView('dns-broken'));
  });

  it('has no continue key without a scenario played last (nor for one no longer in the catalogue)', async () => {
    const { ui, rows, played } = setup({ lastPlayed: 'gone-scenario' });
    await ui.waitForText('Pods stuck Pending');
    expect(ui.frame()).not.toContain('c continue');
    expect(ui.frame()).not.toContain('last played');
    expect(rows()[0]).toBe('*node-notready');
    await ui.press('c');
    expect(played).toEqual([]);
  });

  it('q opens a quiz and r a review, shown in the key help; without a quiz they do nothing', async () => {
    const { ui, quizzes } = setup();
    await ui.waitForText('q quiz · r review · Esc quit');
    await ui.press('q');
    await ui.press('r');
    expect(quizzes).toEqual(['quiz', 'review']);
    cleanup();
    const none = setup({ quiz: false });
    await none.ui.waitForText('Esc quit');
    expect(none.ui.frame()).not.toContain('q quiz');
    await none.ui.press('q');
    expect(none.quits()).toBe(0);
  });

  it('comes back to the view it was left with', async () => {
    const { ui, rows } = setup({ initialView: { ...homeView('svc-no-endpoints'), topic: 'networking' } });
    await ui.waitForText('topic: networking · 2 of 4');
    expect(rows()).toEqual(['dns-broken', '*svc-no-endpoints']);
  });
});

describe('homeReducer', () => {
  const reduce = (view: HomeView, ...actions: Parameters<typeof homeReducer>[2][]) => actions.reduce((v, a) => homeReducer(SCENARIOS, v, a), view);

  it('moves within the shown rows and stops at either end', () => {
    const v = reduce({ ...homeView('dns-broken'), topic: 'networking' }, { type: 'move', by: 1 }, { type: 'move', by: 1 });
    expect(v.selectedId).toBe('svc-no-endpoints');
    expect(reduce(v, { type: 'move', by: -1 }, { type: 'move', by: -1 }).selectedId).toBe('dns-broken');
  });

  it('keeps the highlighted scenario when a filter still shows it, else moves to the first shown', () => {
    expect(reduce(homeView('svc-no-endpoints'), { type: 'cycle-difficulty' }).selectedId).toBe('svc-no-endpoints');
    expect(reduce(homeView('dns-broken'), { type: 'cycle-difficulty' }).selectedId).toBe('pending-pods');
  });

  it('matches search text case-insensitively in id, title or a topic', () => {
    const ids = (query: string) => visibleScenarios(SCENARIOS, { ...homeView(), query }).map((s: ScenarioSummary) => s.id);
    expect(ids('NAMES')).toEqual(['dns-broken']);
    expect(ids('svc-')).toEqual(['svc-no-endpoints']);
    expect(ids('certificates')).toEqual(['node-notready']);
    expect(ids('nothing like it')).toEqual([]);
  });

  it('cycles the difficulty through all three, then back to none', () => {
    const seen = [1, 2, 3, 4].map((n) => reduce(homeView(), ...Array<{ type: 'cycle-difficulty' }>(n).fill({ type: 'cycle-difficulty' })).difficulty);
    expect(seen).toEqual(['beginner', 'intermediate', 'advanced', undefined]);
  });
});
