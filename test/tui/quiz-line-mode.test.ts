import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runQuizLineMode } from '../../src/tui/quiz-line-mode.js';
import { openHandsOn } from '../../src/quiz/hands-on.js';
import { loadShippedQuizBanks, quizItems, type QuizItem } from '../../src/quiz/load.js';
import { loadScenarioArg } from '../../src/cli/load.js';
import type { QuizQuestion } from '../../src/quiz/schema.js';
import { sink } from '../helpers/sink.js';
import { stripControlSequences } from '../../src/shell/sanitize.js';

const shipped = quizItems(loadShippedQuizBanks().banks);
const item = (id: string): QuizItem => shipped.find((i) => i.question.id === id)!;
const input = (lines: string[], tty = false) => Object.assign(Readable.from(lines.map((l) => `${l}\n`)), tty ? { isTTY: true } : {});
const realCluster = async (id: string) => {
  const loaded = loadScenarioArg(id);
  if (!loaded.ok) throw new Error(loaded.message);
  return openHandsOn(loaded.scenario);
};
const noCluster = async (): Promise<never> => {
  throw new Error('no cluster in this test');
};

describe('the quiz in line mode', () => {
  it('runs a hands-on question in the scenario\'s real simulated cluster and grades what the learner typed', async () => {
    const out = sink();
    const answers: { questionId: string; correct: boolean }[] = [];
    const summary = await runQuizLineMode({
      items: [item('sample-find-notready-node')],
      seed: 1,
      input: input(['answer', 'kubectl get nodes --no-headers | grep NotReady', 'answer  node-2 ']),
      output: out,
      openHandsOn: realCluster,
      progress: { recordQuizAnswer: async (r) => void answers.push({ questionId: r.questionId, correct: r.correct }) },
      now: () => 0,
    });
    expect(summary.answered.map((a) => a.grade.correct)).toEqual([true]);
    expect(answers).toEqual([{ questionId: 'sample-find-notready-node', correct: true }]);
    const text = out.text();
    expect(text).toContain('Starting the cluster of scenario node-notready-expired-cert...\n');
    expect(text).toContain('learner@workstation:~$ answer\ntype: answer <what you found> (a node name)\n');
    // The node's row comes from the simulation: the kubelet's expired certificate made it NotReady.
    expect(text).toMatch(/learner@workstation:~\$ kubectl get nodes --no-headers \| grep NotReady\nnode-2 +NotReady +<none> +\d+d +v[\d.]+\n/);
    expect(text).toContain('learner@workstation:~$ answer  node-2 \nRight.\n');
  }, 60_000);

  it('grades a hands-on goal only once it holds; skip gives up and counts as wrong', async () => {
    const out = sink();
    const summary = await runQuizLineMode({
      items: [item('sample-uncordon-nodes'), item('sample-uncordon-nodes')],
      seed: 1,
      input: input(['check', 'kubectl uncordon node-1', 'check', 'kubectl uncordon node-2', 'check', 'skip']),
      output: out,
      openHandsOn: realCluster,
    });
    expect(summary.answered.map((a) => a.grade)).toEqual([
      { correct: true, earned: 2, possible: 2 },
      { correct: false, earned: 0, possible: 2 },
    ]);
    expect(out.text()).toContain('$ check\nNot yet:\n  [ ] node node-1 is schedulable\n  [ ] node node-2 is schedulable\nKeep going, or type skip.\n');
    expect(out.text()).toContain('$ check\nNot yet:\n  [x] node node-1 is schedulable\n  [ ] node node-2 is schedulable\n');
    expect(out.text()).toContain('$ check\nRight.\n  [x] node node-1 is schedulable\n  [x] node node-2 is schedulable\n');
    expect(out.text()).toContain('$ skip\nSkipped.\n');
    expect(out.text().endsWith('Score: 1 of 2 right (50%).\n')).toBe(true);
  }, 60_000);

  it('strips control sequences from bank text before printing', async () => {
    const question: QuizQuestion = {
      id: 'evil', type: 'single', difficulty: 'beginner',
      prompt: 'Which?\x1b]52;c;ZXZpbA==\x07\x1b[2J', choices: ['one\x1b[31m', 'two'], answer: 0, explanation: 'Why\x1bc.',
    };
    const out = sink();
    await runQuizLineMode({ items: [{ question, bankId: 'b', topics: ['t'] }], seed: 1, input: input(['1']), output: out, openHandsOn: noCluster });
    expect(out.text()).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    expect(out.text()).toContain('Which?\n  1) one\n  2) two\n');
  });

  it('on a terminal, lets readline draw the prompt and echo the line being edited, once', async () => {
    const out = sink();
    await runQuizLineMode({ items: [item('sample-unknown-ca-status')], seed: 1, input: input(['1'], true), output: out, openHandsOn: noCluster });
    const shown = stripControlSequences(out.text());
    expect(shown).toContain('\nanswer> 1\nRight.\n');
    expect(shown.split('answer> 1')).toHaveLength(2);
  });
});
