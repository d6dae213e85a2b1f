import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQuizBankText, loadQuizBanks, loadShippedQuizBanks, quizItems } from '../../src/quiz/load.js';
import { formatError } from '../../src/scenario/load.js';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';

const SAMPLE = readFileSync(join(shippedScenariosDir(), 'quizzes', 'sample.yaml'), 'utf8');

/** The errors of the sample bank after one textual edit, as printed. */
function errorsAfter(from: string | RegExp, to: string): string[] {
  const text = SAMPLE.replace(from, to);
  expect(text).not.toBe(SAMPLE);
  const r = loadQuizBankText(text, 'sample.yaml', { scenarioIds: new Set(['node-notready-expired-cert', 'pending-all-nodes-cordoned']) });
  return r.ok ? [] : r.errors.map(formatError);
}

/** The 1-based line of the first line of SAMPLE matching `re`. */
const lineOf = (re: RegExp) => SAMPLE.split('\n').findIndex((l) => re.test(l)) + 1;

describe('loading a quiz bank', () => {
  it('loads every shipped bank, and the sample has every question type at least twice', () => {
    const { banks, errors } = loadShippedQuizBanks();
    expect(errors.map(formatError)).toEqual([]);
    const sample = banks.find((b) => b.bank.metadata.id === 'sample')!;
    const counts = new Map<string, number>();
    for (const q of sample.bank.questions) counts.set(q.type, (counts.get(q.type) ?? 0) + 1);
    expect([...counts.entries()].sort()).toEqual([
      ['hands-on', 2], ['matching', 2], ['multiple', 2], ['ordering', 2], ['short', 2], ['single', 2],
    ]);
  });

  it('rejects an answer index out of range at the index, file:line:col', () => {
    const line = lineOf(/^ {4}answer: 1$/);
    expect(errorsAfter(/^ {4}answer: 1$/m, '    answer: 4')).toEqual([
      `sample.yaml:${line}:13: questions[1].answer: index 4 is out of range: there are 4 choices (0 to 3)`,
    ]);
  });

  it('rejects a multiple-choice index out of range or listed twice', () => {
    const line = lineOf(/answers: \[0, 2\]/);
    expect(errorsAfter('answers: [0, 2]', 'answers: [0, 0, 9]')).toEqual([
      `sample.yaml:${line}:18: questions[3].answers[1]: index 0 is listed twice`,
      `sample.yaml:${line}:21: questions[3].answers[2]: index 9 is out of range: there are 4 choices (0 to 3)`,
    ]);
  });

  it('rejects duplicated steps and pairs, judged as answers are (case and spacing ignored)', () => {
    expect(errorsAfter('      - Schema validation', '      - AUTHORIZATION')).toEqual([
      `sample.yaml:${lineOf(/- Schema validation/)}:9: questions[4].steps[3]: duplicate step "AUTHORIZATION" (same as questions[4].steps[1], line ${lineOf(/- Authorization$/)})`,
    ]);
    const errors = errorsAfter('{left: kubelet, right: runs the pods bound to its node}', '{left: Kube-Scheduler, right: runs the pods bound to its node}');
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^sample.yaml:${lineOf(/left: kubelet,/)}:\\d+: questions\\[6\\]\\.pairs\\[1\\]: duplicate left "Kube-Scheduler" \\(same as questions\\[6\\]\\.pairs\\[0\\]`))]);
  });

  it('rejects a duplicated question id, a missing explanation, an unknown type and a bad regex', () => {
    const errors = errorsAfter('  - id: sample-kubelet-port', '  - id: sample-cordon-marks-node');
    expect(errors).toEqual([`sample.yaml:${lineOf(/id: sample-kubelet-port/)}:9: questions[8].id: duplicate question id "sample-cordon-marks-node" (first at questions[1], line ${lineOf(/id: sample-cordon-marks-node/)})`]);
    expect(errorsAfter(/type: ordering/, 'type: orderng')[0]).toMatch(/:11: questions\[4\]\.type: unknown type "orderng" \(did you mean "ordering"\?\); known: single, multiple, ordering, matching, short, hands-on$/);
    expect(errorsAfter('      - /^\\/registry\\/$/\n', '      - /registry(/\n')[0]).toMatch(/questions\[9\]\.accept\[1\]: invalid regular expression \/registry\(\/: /);
    const noExplanation = SAMPLE.replace(/( {4}explanation: \|\n(?: {6}.*\n)+)/, '');
    const r = loadQuizBankText(noExplanation, 'sample.yaml');
    expect(r.ok ? [] : r.errors.map(formatError)).toEqual([`sample.yaml:${lineOf(/id: sample-unknown-ca-status/)}:5: questions[0]: missing required field "explanation"`]);
  });

  it('requires a hands-on question to name a shipped scenario, and to have accept or goal but not both', () => {
    expect(errorsAfter('scenario: node-notready-expired-cert', 'scenario: node-notready-expired')).toEqual([
      `sample.yaml:${lineOf(/scenario: node-notready-expired-cert/)}:15: questions[10].scenario: no shipped scenario "node-notready-expired" (try \`kubedrill list\`)`,
    ]);
    expect(errorsAfter('    accept: [node-2]\n', '')).toEqual([`sample.yaml:${lineOf(/id: sample-find-notready-node/)}:5: questions[10]: a hands-on question needs "accept" or "goal"`]);
  });

  it('rejects control characters in bank text, which would reach the learner\'s terminal', () => {
    expect(errorsAfter('title: A sampler of every question type', 'title: "A sampler\\e]52;c;eA==\\a"')).toEqual([
      'sample.yaml:6:10: metadata.title: control character \\x1b in text "A sampler\\x1b]52;c;eA==\\x07": quiz bank text is shown in the learner\'s terminal; write plain text',
    ]);
  });

  it('rejects a bank whose id is not its file name', () => {
    expect(errorsAfter('  id: sample\n', '  id: sampler\n')).toEqual(['sample.yaml:5:7: metadata.id "sampler" must equal the file name "sample"']);
  });

  it('reports a question id used by an earlier bank at the later one, and keeps that bank\'s other questions', () => {
    const dir = 'test/fixtures/quizzes/dup';
    const { banks, errors } = loadQuizBanks([`${dir}/first.yaml`, `${dir}/second.yaml`]);
    expect(errors.map(formatError)).toEqual([`${dir}/second.yaml:11:9: questions[1].id: duplicate question id "shared-id" (first at ${dir}/first.yaml:5:9)`]);
    expect(quizItems(banks).map((i) => i.question.id)).toEqual(['shared-id', 'own-id']);
  });

  it('gives each question its bank\'s topics and its own, once each', () => {
    const { banks } = loadShippedQuizBanks();
    const item = quizItems(banks).find((i) => i.question.id === 'sample-unknown-ca-status')!;
    expect(item.topics).toEqual(['sample', 'apiserver', 'authn']);
    expect(item.bankId).toBe('sample');
  });

  it('quiz banks are not scenarios: the scenario catalogue does not list them', () => {
    expect(scenarioFilesIn(shippedScenariosDir()).filter((f) => f.includes('/quizzes/'))).toEqual([]);
  });
});
