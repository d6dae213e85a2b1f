/**
 * What the learner reads after answering: right or wrong, the partial points
 * of a wrong multi-part answer, the right answer in the numbers shown, and the
 * bank's explanation.
 */
import type { QuizGrade } from './grade.js';
import { LETTERS, type PresentedQuestion } from './present.js';
import { REGEX_ENTRY } from './schema.js';

/**
 * The feedback text for a graded answer; `goal` lists each goal predicate of a
 * hands-on question and whether it held, `skipped` says the learner gave up.
 */
export function feedbackText(
  p: PresentedQuestion,
  grade: QuizGrade,
  options: { readonly goal?: readonly { holds: boolean; description: string }[]; readonly skipped?: boolean } = {},
): string {
  const q = p.item.question;
  const goal = options.goal;
  const lines: string[] = [];
  const partial = grade.possible > 1 && !grade.correct ? ` (${grade.earned} of ${grade.possible} ${partsNoun(q.type)})` : '';
  lines.push(grade.correct ? 'Right.' : options.skipped ? 'Skipped.' : `Wrong${partial}.`);
  if (!grade.correct) lines.push(...rightAnswer(p));
  if (goal) for (const g of goal) lines.push(`  [${g.holds ? 'x' : ' '}] ${g.description}`);
  lines.push(q.explanation.replace(/\n+$/, ''));
  return `${lines.join('\n')}\n`;
}

function partsNoun(type: string): string {
  if (type === 'multiple') return 'choices judged right';
  if (type === 'ordering') return 'steps in place';
  if (type === 'matching') return 'pairs right';
  return 'conditions met';
}

/** The right answer, in the numbers and letters the learner saw. */
function rightAnswer(p: PresentedQuestion): string[] {
  const q = p.item.question;
  switch (q.type) {
    case 'single':
      return [`The answer: ${q.answer + 1}) ${q.choices[q.answer]}`];
    case 'multiple':
      return ['The answers:', ...[...q.answers].sort((a, b) => a - b).map((i) => `  ${i + 1}) ${q.choices[i]}`)];
    case 'ordering': {
      const shownAt = (step: number) => p.steps.indexOf(step) + 1;
      return [`The order: ${q.steps.map((_, i) => shownAt(i)).join(' ')}`, ...q.steps.map((s, i) => `  ${shownAt(i)}) ${s}`)];
    }
    case 'matching': {
      const shownAt = (pair: number) => p.rights.indexOf(pair) + 1;
      return [`The pairs: ${q.pairs.map((_, i) => `${LETTERS[i]}${shownAt(i)}`).join(' ')}`, ...q.pairs.map((pair) => `  ${pair.left} -> ${pair.right}`)];
    }
    case 'short':
      return [`Accepted: ${acceptedText(q.accept)}`];
    case 'hands-on':
      return q.accept ? [`Accepted: ${acceptedText(q.accept)}`] : [];
  }
}

/** The plain accepted phrasings (regular expressions are for matching, not for reading). */
function acceptedText(accept: readonly string[]): string {
  const plain = accept.filter((a) => !REGEX_ENTRY.test(a));
  return (plain.length > 0 ? plain : accept).join(' | ');
}
