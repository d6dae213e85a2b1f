import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressCommand } from '../../src/cli/progress.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { openProgress } from '../../src/progress/store.js';
import { reviewRecord } from '../../src/quiz/records.js';
import { withProgressHome } from '../helpers/progress-home.js';
import { sink } from '../helpers/sink.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const SAMPLE_BANK = join(shippedScenariosDir(), 'quizzes', 'sample.yaml');

describe('kubedrill progress with quiz answers', () => {
  it('counts answers and what is due for review, and exports both with --json', async () => {
    await withProgressHome([], async (home) => {
      const store = await openProgress({ env: { KUBEDRILL_HOME: home } });
      const answer = (questionId: string, correct: boolean) =>
        store.recordQuizAnswer({ questionId, bankId: 'sample', answeredAt: new Date(T0).toISOString(), correct, earned: correct ? 1 : 0, possible: 1 }, reviewRecord(questionId, correct, T0));
      await answer('sample-kubelet-port', true);
      await answer('sample-registry-prefix', false);
      const out = sink();
      expect(await progressCommand({}, { out, err: sink(), now: () => T0 + DAY, bankFiles: [SAMPLE_BANK] })).toBe(0);
      expect(out.text()).toContain('Quiz: 2 answers, 1 right\nReview: 1 question due now (kubedrill quiz --review); next due 2026-12-03 09:00 UTC\n');
      const json = sink();
      await progressCommand({ json: true }, { out: json, err: sink(), now: () => T0 + 2 * DAY, bankFiles: [SAMPLE_BANK] });
      const data = JSON.parse(json.text()) as { quiz: unknown; review: { due: { questionId: string; box: number }[]; nextDueAt: string | null } };
      expect(data.quiz).toEqual({ answers: 2, right: 1 });
      expect(data.review.due.map((b) => [b.questionId, b.box])).toEqual([['sample-registry-prefix', 1], ['sample-kubelet-port', 2]]);
      expect(data.review.nextDueAt).toBeNull();
    });
  });
});
