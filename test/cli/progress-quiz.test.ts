import { describe, expect, it } from 'vitest';
import { progressCommand } from '../../src/cli/progress.js';
import { openProgress } from '../../src/progress/store.js';
import { reviewRecord } from '../../src/quiz/records.js';
import { withProgressHome } from '../helpers/progress-home.js';
import { sink } from '../helpers/sink.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

describe('kubedrill progress with quiz answers', () => {
  it('counts answers and what is due for review, and exports both with --json', async () => {
    await withProgressHome([], async (home) => {
      const store = await openProgress({ env: { KUBEDRILL_HOME: home } });
      const answer = (questionId: string, correct: boolean) =>
        store.recordQuizAnswer({ questionId, bankId: 'sample', answeredAt: new Date(T0).toISOString(), correct, earned: correct ? 1 : 0, possible: 1 }, reviewRecord(questionId, correct, T0));
      await answer('q-right', true);
      await answer('q-wrong', false);
      const out = sink();
      expect(await progressCommand({}, out, sink(), () => T0 + DAY)).toBe(0);
      expect(out.text()).toBe(`Quiz: 2 answers, 1 right; 1 question due for review (kubedrill quiz --review)\n0 attempts recorded in ${home}/progress.json\n`);
      const json = sink();
      await progressCommand({ json: true }, json, sink(), () => T0 + 2 * DAY);
      const data = JSON.parse(json.text()) as { quiz: { questionId: string }[]; review: { due: number; boxes: { questionId: string; box: number }[] } };
      expect(data.quiz.map((q) => q.questionId)).toEqual(['q-right', 'q-wrong']);
      expect(data.review.due).toBe(2);
      expect(data.review.boxes.map((b) => [b.questionId, b.box])).toEqual([['q-right', 2], ['q-wrong', 1]]);
    });
  });
});
