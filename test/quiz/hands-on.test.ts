import { describe, expect, it } from 'vitest';
import { loadScenarioArg } from '../../src/cli/load.js';
import { openHandsOn } from '../../src/quiz/hands-on.js';
import { loadShippedQuizBanks, quizItems } from '../../src/quiz/load.js';
import type { QuestionOf } from '../../src/quiz/schema.js';

const goalQuestions = quizItems(loadShippedQuizBanks().banks)
  .map((i) => i.question)
  .filter((q): q is QuestionOf<'hands-on'> => q.type === 'hands-on' && q.goal !== undefined);

function cluster(scenarioId: string) {
  const loaded = loadScenarioArg(scenarioId);
  if (!loaded.ok) throw new Error(loaded.message);
  return openHandsOn(loaded.scenario);
}

describe('hands-on clusters', () => {
  it('judge a goal on the live cluster, after the learner\'s commands took effect', async () => {
    const c = cluster('pending-all-nodes-cordoned');
    const goal = [{ nodeSchedulable: 'node-1' }, { deploymentAvailable: { namespace: 'default', name: 'catalog', minReplicas: 2 } }];
    expect(c.checkGoal(goal).map((r) => r.holds)).toEqual([false, false]);
    const r = await c.exec('kubectl uncordon node-1');
    expect(r).toEqual({ output: 'node/node-1 uncordoned\n', exitCode: 0 });
    // The pods still have to be scheduled and started: the check lets the simulation get there.
    expect(c.checkGoal(goal).map((x) => x.holds)).toEqual([true, true]);
  }, 60_000);

  // A goal that already holds would grade a learner right for doing nothing.
  for (const q of goalQuestions) {
    it(`${q.id}: the goal does not hold before the learner acts`, () => {
      expect(cluster(q.scenario).checkGoal(q.goal!).every((g) => g.holds)).toBe(false);
    }, 60_000);
  }
});
