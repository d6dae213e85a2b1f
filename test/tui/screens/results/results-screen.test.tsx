import { loadQuizOffer } from '../../../../src/tui/text/quiz-offer.js';
import { describe, it, expect, afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ResultsScreen } from '../../../../src/tui/screens/results/results-screen.js';
import { fakeGrade, fakeScenario } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

// ink-testing-library's stdout has no rows: the screen falls back to LINES, as a shell does.
beforeEach(() => vi.stubEnv('LINES', '24'));
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const LONG = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of what was wrong.`).join('\n');

function setup(onRevise?: () => void) {
  let done = 0;
  const result = { ...fakeGrade(), explanation: LONG };
  const ui = renderInk(<ResultsScreen scenario={fakeScenario()} result={result} onDone={() => done++} onRevise={onRevise} />);
  return { ui, done: () => done };
}

describe('ResultsScreen on a 24-row terminal', () => {
  it('fits the screen, keeps the score on top and scrolls the rest with ↓, PgDn, space and PgUp', async () => {
    const { ui } = setup();
    await ui.waitForText('Score: 70/100');
    const first = ui.frame().split('\n');
    expect(first.length).toBeLessThanOrEqual(23);
    expect(first).toContain('Score: 70/100');
    expect(ui.frame()).toContain('  diagnosis  40/40');
    expect(ui.frame()).not.toContain('Paragraph 30 of');
    await ui.waitForFrame((f) => /lines 1–17 of 36/.test(f));
    await ui.press(KEYS.down);
    await ui.waitForFrame((f) => !f.includes('  diagnosis  40/40'));
    expect(ui.frame()).toContain('Score: 70/100');
    await ui.press(KEYS.pageDown, ' ', ' ');
    await ui.waitForText('Paragraph 30 of what was wrong.');
    expect(ui.frame()).toContain('Score: 70/100');
    expect(ui.frame().split('\n').length).toBeLessThanOrEqual(23);
    await ui.press(KEYS.pageUp, KEYS.pageUp, KEYS.pageUp);
    await ui.waitForText('  diagnosis  40/40');
  });

  it('offers the quiz on the scenario\'s topics, the banks loaded after the first frame', async () => {
    const ui = renderInk(<ResultsScreen scenario={fakeScenario({ topics: ['kubelet'] })} result={fakeGrade()} onDone={() => {}} loadOffer={loadQuizOffer} />);
    await ui.waitForText('Score: 70/100');
    await ui.press(' ', ' ', ' ');
    await ui.waitForFrame((f) => /Quiz yourself on these topics \(\d+ questions?\): kubedrill quiz kubelet/.test(f));
  });

  it('z opens the quiz on these topics once there is one to offer', async () => {
    let quizzes = 0;
    const ui = renderInk(<ResultsScreen scenario={fakeScenario({ topics: ['kubelet'] })} result={fakeGrade()} onDone={() => {}} loadOffer={async () => 'Quiz yourself on these topics (3 questions): kubedrill quiz kubelet'} onQuiz={() => quizzes++} />);
    await ui.waitForText('z: quiz on these topics');
    await ui.press('z');
    expect(quizzes).toBe(1);
  });

  it('shows where the request broke at the start, the broken link marked, and how it stands now', async () => {
    const trace = {
      atStart: { subject: 'deployment default/web', links: [{ name: 'scheduler', state: 'ok' as const, lines: [] }, { name: 'containers', state: 'broken' as const, lines: ['Failed: Error: configmap "web" not found'] }] },
      now: { subject: 'deployment default/web', links: [{ name: 'scheduler', state: 'ok' as const, lines: [] }, { name: 'containers', state: 'ok' as const, lines: [] }] },
    };
    const ui = renderInk(<ResultsScreen scenario={fakeScenario()} result={{ ...fakeGrade(), explanation: 'short', trace }} onDone={() => {}} />);
    await ui.waitForText('The request (deployment default/web) at the start:');
    expect(ui.frame()).toContain('  scheduler ✓ → containers ✗');
    expect(ui.frame()).toContain('  ✗ containers\n      Failed: Error: configmap "web" not found');
    expect(ui.frame()).toContain('Now: every link answers.');
  });

  it('r revises, q finishes', async () => {
    let revised = 0;
    const { ui, done } = setup(() => revised++);
    await ui.waitForText('r: revise the diagnosis and keep working · q/Enter: finish');
    await ui.press('r');
    expect(revised).toBe(1);
    await ui.press('q');
    expect(done()).toBe(1);
  });
});
