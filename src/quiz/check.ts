/**
 * Meaning checks on a schema-valid quiz bank, each problem a `file:line:col`
 * error at the node to change: the id matches the file name, indices are in
 * range, nothing is written twice, hands-on questions name a shipped scenario,
 * and no text holds a control character.
 */
import { basename, extname } from 'node:path';
import { quote } from '../shell/sanitize.js';
import type { DocPath, PositionMap, ScenarioError } from '../scenario/load.js';
import type { QuizBank } from './schema.js';
import { normalizeAnswer } from './normalize.js';
import { checkPlainText } from '../scenario/validate-limits.js';

/** What the checks need from outside the bank. */
export interface CheckOptions {
  /** Ids of the scenarios a hands-on question may name; omit to skip that check. */
  readonly scenarioIds?: ReadonlySet<string>;
}

/** Checks one bank; returns its errors sorted by position (empty when valid). */
export function checkQuizBank(bank: QuizBank, positions: PositionMap, file: string, options: CheckOptions = {}): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const at = (path: DocPath, message: string) => errors.push({ file, ...positions.valueAt(path), message });
  const line = (path: DocPath) => positions.valueAt(path).line;

  const expectedId = basename(file, extname(file));
  if (bank.metadata.id !== expectedId) at(['metadata', 'id'], `metadata.id ${quote(bank.metadata.id)} must equal the file name ${quote(expectedId)}`);

  /** Reports each text that normalises like an earlier one in the same list. */
  const unique = (items: readonly string[], path: (k: number) => DocPath, name: string, what: string) => {
    const seen = new Map<string, number>();
    items.forEach((item, k) => {
      const key = normalizeAnswer(item);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, k);
      else at(path(k), `${name}[${k}]: duplicate ${what} ${quote(item)} (same as ${name}[${first}], line ${line(path(first))})`);
    });
  };
  const inRange = (value: number, count: number, path: DocPath, name: string, of: string) => {
    if (value >= count) at(path, `${name}: index ${value} is out of range: there ${count === 1 ? 'is 1' : `are ${count}`} ${of} (0 to ${count - 1})`);
  };

  const ids = new Map<string, number>();
  bank.questions.forEach((q, i) => {
    const base: DocPath = ['questions', i];
    const name = `questions[${i}]`;
    const first = ids.get(q.id);
    if (first === undefined) ids.set(q.id, i);
    else at([...base, 'id'], `${name}.id: duplicate question id ${quote(q.id)} (first at questions[${first}], line ${line(['questions', first, 'id'])})`);
    switch (q.type) {
      case 'single':
        unique(q.choices, (k) => [...base, 'choices', k], `${name}.choices`, 'choice');
        inRange(q.answer, q.choices.length, [...base, 'answer'], `${name}.answer`, 'choices');
        break;
      case 'multiple': {
        unique(q.choices, (k) => [...base, 'choices', k], `${name}.choices`, 'choice');
        const seen = new Set<number>();
        q.answers.forEach((a, k) => {
          const path: DocPath = [...base, 'answers', k];
          if (seen.has(a)) at(path, `${name}.answers[${k}]: index ${a} is listed twice`);
          seen.add(a);
          inRange(a, q.choices.length, path, `${name}.answers[${k}]`, 'choices');
        });
        break;
      }
      case 'ordering':
        unique(q.steps, (k) => [...base, 'steps', k], `${name}.steps`, 'step');
        break;
      case 'matching':
        unique(q.pairs.map((p) => p.left), (k) => [...base, 'pairs', k, 'left'], `${name}.pairs`, 'left');
        unique(q.pairs.map((p) => p.right), (k) => [...base, 'pairs', k, 'right'], `${name}.pairs`, 'right');
        break;
      case 'hands-on':
        if (options.scenarioIds && !options.scenarioIds.has(q.scenario)) {
          at([...base, 'scenario'], `${name}.scenario: no shipped scenario ${quote(q.scenario)} (try \`kubedrill list\`)`);
        }
        break;
      case 'short':
        break;
    }
  });
  // Bank text is printed in the learner's terminal: no escape sequences, as for scenarios.
  checkPlainText(bank, [], (path, message, where = 'value') => errors.push({ file, ...(where === 'key' ? positions.keyAt(path) : positions.valueAt(path)), message }), 'quiz bank');
  return errors.sort((a, b) => a.line - b.line || a.col - b.col);
}
