/**
 * The TUI's quiz screen: the sample bank's questions asked with the line
 * mode's forms, grading and feedback; answers recorded as `kubedrill quiz`
 * records them; the score at the end; hands-on questions left to the CLI.
 */
import { join } from 'node:path';
import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { QuizScreen } from '../../../../src/tui/screens/quiz/quiz-screen.js';
import type { QuizDeck } from '../../../../src/tui/screens/quiz/quiz-deck.js';
import { App } from '../../../../src/tui/app.js';
import { loadQuizBanks, quizItems } from '../../../../src/quiz/load.js';
import type { LeitnerCard } from '../../../../src/quiz/leitner.js';
import type { LeitnerRecord, QuizResultRecord } from '../../../../src/progress/schema.js';
import { shippedScenariosDir } from '../../../../src/scenario/catalog.js';
import { DEFAULT_QUIZ_COUNT, selectQuestions } from '../../../../src/quiz/select.js';
import { presentQuestion, questionText } from '../../../../src/quiz/present.js';
import { Random } from '../../../../src/cluster/clock/random.js';
import { FakeSession, fakeScenario } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const SAMPLE_BANK = join(shippedScenariosDir(), 'quizzes', 'sample.yaml');
const ITEMS = quizItems(loadQuizBanks([SAMPLE_BANK]).banks).filter((i) =>
  ['sample-unknown-ca-status', 'sample-cordon-marks-node', 'sample-find-notready-node'].includes(i.question.id),
);

function deck(cards: LeitnerCard[] = []): QuizDeck {
  return { items: ITEMS, cards, seed: 0, warnings: [] };
}

function setup(mode: 'quiz' | 'review', cards: LeitnerCard[] = []) {
  const recorded: Array<{ result: QuizResultRecord; review: LeitnerRecord }> = [];
  let done = 0;
  const ui = renderInk(
    <QuizScreen
      mode={mode}
      loadDeck={async () => deck(cards)}
      progress={{
        recordQuizAnswer: async (result, review) => {
          recorded.push({ result, review: review(undefined) });
        },
      }}
      now={() => T0}
      onDone={() => done++}
    />,
  );
  return { ui, recorded, done: () => done };
}

describe('QuizScreen with topics given (from a scenario\'s results)', () => {
  it('skips the topic pick and asks about those topics', async () => {
    const ui = renderInk(<QuizScreen mode="quiz" topics={['scheduler']} loadDeck={async () => deck()} now={() => T0} onDone={() => {}} />);
    await ui.waitForText('Question 1 of 1');
    expect(ui.frame()).not.toContain('What should the questions be about?');
    expect(ui.frame()).toContain('scheduler');
  });
});

describe('QuizScreen', () => {
  it('asks the chosen questions, explains right and wrong answers, scores them and records each', async () => {
    const { ui, recorded, done } = setup('quiz');
    await ui.waitForText('What should the questions be about?');
    // The hands-on question's own topic (troubleshooting) is not offered: this screen cannot ask it.
    expect(ui.frame()).toContain('❯ All topics\n  apiserver\n  authn\n  nodes\n  sample\n  scheduler\n');
    expect(ui.frame()).toContain('Hands-on questions: run `kubedrill quiz` in the terminal.');
    await ui.press(KEYS.enter);
    // Seed 0 draws the cordon question first.
    await ui.waitForText('Question 1 of 2 · single · beginner · sample, scheduler, nodes');
    expect(ui.frame()).toContain('What does `kubectl cordon node-1` change on the Node object?\n  1) It adds the label');
    expect(ui.frame()).toContain('Answer with one number (1-4).');
    // A line that is no answer is explained (the line mode's message), not graded.
    await ui.typeLine('seven');
    await ui.waitForText('expected one number from 1 to 4 (or skip)');
    expect(recorded).toEqual([]);
    await ui.press(KEYS.ctrlU, '2', KEYS.enter);
    await ui.waitForText('Right.');
    expect(ui.frame()).toContain('answer> 2');
    expect(ui.frame()).toContain('Cordoning only sets spec.unschedulable');
    expect(ui.frame()).toContain('Enter next question · Esc end the quiz');
    await ui.press(KEYS.enter);
    await ui.waitForText('Question 2 of 2 · single · beginner · sample, apiserver, authn');
    await ui.typeLine('2');
    await ui.waitForText('Wrong.');
    expect(ui.frame()).toContain('The answer: 1) 401 Unauthorized');
    expect(ui.frame()).toContain('authentication fails and the');
    expect(ui.frame()).toContain('Enter see the score');
    await ui.press(KEYS.enter);
    await ui.waitForText('Score: 1 of 2 right (50%).');
    expect(ui.frame()).not.toContain('not asked');
    expect(recorded).toEqual([
      {
        result: { questionId: 'sample-cordon-marks-node', bankId: 'sample', answeredAt: '2026-12-01T09:00:00.000Z', correct: true, earned: 1, possible: 1 },
        review: { questionId: 'sample-cordon-marks-node', box: 2, dueAt: new Date(T0 + 2 * DAY).toISOString(), reviewedAt: '2026-12-01T09:00:00.000Z' },
      },
      {
        result: { questionId: 'sample-unknown-ca-status', bankId: 'sample', answeredAt: '2026-12-01T09:00:00.000Z', correct: false, earned: 0, possible: 1 },
        review: { questionId: 'sample-unknown-ca-status', box: 1, dueAt: new Date(T0 + DAY).toISOString(), reviewedAt: '2026-12-01T09:00:00.000Z' },
      },
    ]);
    expect(done()).toBe(0);
    await ui.press(KEYS.enter);
    expect(done()).toBe(1);
  });

  it('asks only the chosen topic; skip records a wrong answer and says so', async () => {
    const { ui, recorded } = setup('quiz');
    await ui.waitForText('❯ All topics');
    await ui.press(KEYS.down, KEYS.down);
    await ui.waitForText('❯ authn');
    await ui.press(KEYS.enter);
    await ui.waitForText('Question 1 of 1 · single');
    await ui.typeLine('skip');
    await ui.waitForText('Skipped.');
    expect(ui.frame()).toContain('The answer: 1) 401 Unauthorized');
    expect(recorded.map((r) => [r.result.questionId, r.result.correct])).toEqual([['sample-unknown-ca-status', false]]);
  });

  it('reviews what is due at once; Esc ends it early with the score so far', async () => {
    const cards: LeitnerCard[] = [
      { questionId: 'sample-unknown-ca-status', box: 2, dueAt: T0 - DAY, reviewedAt: T0 - 3 * DAY },
      { questionId: 'sample-cordon-marks-node', box: 3, dueAt: T0 + DAY, reviewedAt: T0 - 3 * DAY },
      { questionId: 'sample-find-notready-node', box: 1, dueAt: T0 - DAY, reviewedAt: T0 - 2 * DAY },
    ];
    const { ui, done } = setup('review', cards);
    // Only the due single-choice question: the cordon one is not due, the hands-on one is left to the CLI.
    await ui.waitForText('Question 1 of 1 · single · beginner · sample, apiserver, authn');
    await ui.press(KEYS.escape);
    await ui.waitForText('Score: 0 of 0 right (0%).');
    expect(ui.frame()).toContain('1 question not asked: the quiz was ended early.');
    await ui.press(KEYS.escape);
    expect(done()).toBe(1);
  });

  it('says when nothing is due, and when the next question falls due', async () => {
    const { ui } = setup('review', [{ questionId: 'sample-cordon-marks-node', box: 3, dueAt: T0 + DAY, reviewedAt: T0 - 3 * DAY }]);
    await ui.waitForText('Nothing is due for review. The next question falls due at 2026-12-02T09:00:00.000Z.');
    cleanup();
    const fresh = setup('review');
    await fresh.ui.waitForText('Nothing to review yet: answer some questions first (q on the home screen).');
  });

  it('says so when the banks cannot be loaded', async () => {
    let done = 0;
    const ui = renderInk(<QuizScreen mode="quiz" loadDeck={async () => Promise.reject(new Error('no banks here'))} now={() => T0} onDone={() => done++} />);
    await ui.waitForText('could not load the questions: no banks here');
    await ui.press(KEYS.enter);
    expect(done).toBe(1);
  });
});

describe('the same quiz as the line mode', () => {
  it('draws the same questions with the same shuffles for the same seed (kubedrill quiz --seed 5 sample)', async () => {
    const items = quizItems(loadQuizBanks([SAMPLE_BANK]).banks);
    const chosen = selectQuestions(items.filter((i) => i.question.type !== 'hands-on'), { topics: [], count: DEFAULT_QUIZ_COUNT, seed: 5 });
    const random = new Random(5);
    const expected = chosen.map((item) => questionText(presentQuestion(item, random)).trimEnd());
    const ui = renderInk(<QuizScreen mode="quiz" loadDeck={async () => ({ items, cards: [], seed: 5, warnings: [] })} now={() => T0} onDone={() => {}} />);
    await ui.waitForText('❯ All topics');
    await ui.press(KEYS.enter);
    for (const [i, text] of expected.entries()) {
      await ui.waitForText(`Question ${i + 1} of ${expected.length}`);
      expect(ui.frame()).toContain(text);
      await ui.typeLine('skip');
      await ui.waitForText('Skipped.');
      await ui.press(KEYS.enter);
    }
    await ui.waitForText(`Score: 0 of ${expected.length} right (0%).`);
  });
});

describe('the Quiz entry in the app', () => {
  it('q on the home screen opens the quiz screen (loaded on demand), Esc goes back home', async () => {
    let loads = 0;
    const ui = renderInk(
      <App
        scenarios={[fakeScenario()]}
        openSession={async () => new FakeSession()}
        progress={{ warning: undefined, bestScores: () => new Map(), recordAttempt: async () => {} }}
        now={() => T0}
        loadQuiz={async () => (loads++, deck())}
      />,
    );
    await ui.waitForText('q quiz · r review');
    expect(loads).toBe(0);
    await ui.press('q');
    await ui.waitForText('What should the questions be about?');
    expect(loads).toBe(1);
    await ui.press(KEYS.escape);
    await ui.waitForText('Enter play');
    await ui.press('r');
    await ui.waitForText('Nothing to review yet');
    await ui.press(KEYS.enter);
    await ui.waitForText('Enter play');
  });
});
