/**
 * How a question is shown: choices in the bank's order, ordering steps and
 * matching right-hand items shuffled by the quiz's seeded random source (never
 * left in the right order), and the text of the question for line mode.
 */
import { Random } from '../cluster/clock/random.js';
import type { QuizItem } from './load.js';

/** A question as put to the learner. */
export interface PresentedQuestion {
  readonly item: QuizItem;
  /** Ordering: the bank index of the step shown at each position (1-based on screen). */
  readonly steps: readonly number[];
  /** Matching: the bank index of the right-hand item shown at each position (1-based on screen). */
  readonly rights: readonly number[];
}

/** Letters that label choices (a = 1) and matching's left items. */
export const LETTERS = 'abcdefgh';

/** A shuffled 0..n-1 that is not 0..n-1 itself (for n ≥ 2), so the shown order never gives the answer away. */
export function shuffledIndices(n: number, random: Random): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  // Already in order: rotate by one, which keeps it a permutation and out of order.
  if (n >= 2 && out.every((v, i) => v === i)) out.push(out.shift() as number);
  return out;
}

/** Presents a question, drawing its shuffles from `random`. */
export function presentQuestion(item: QuizItem, random: Random): PresentedQuestion {
  const q = item.question;
  return {
    item,
    steps: q.type === 'ordering' ? shuffledIndices(q.steps.length, random) : [],
    rights: q.type === 'matching' ? shuffledIndices(q.pairs.length, random) : [],
  };
}

const numbered = (items: readonly string[]) => items.map((t, i) => `  ${i + 1}) ${t}`).join('\n');

/** The question's text with its choices and how to answer; bank text is shown as written (the caller sanitises). */
export function questionText(p: PresentedQuestion): string {
  const q = p.item.question;
  const lines = [q.prompt.replace(/\n+$/, '')];
  switch (q.type) {
    case 'single':
      lines.push(numbered(q.choices), `Answer with one number (1-${q.choices.length}).`);
      break;
    case 'multiple':
      lines.push(numbered(q.choices), 'Choose all that apply: numbers separated by commas, e.g. 1,3.');
      break;
    case 'ordering':
      lines.push(numbered(p.steps.map((i) => q.steps[i] as string)), `Answer with all ${q.steps.length} numbers in the right order, separated by spaces.`);
      break;
    case 'matching':
      lines.push(
        q.pairs.map((pair, i) => `  ${LETTERS[i]}) ${pair.left}`).join('\n'),
        numbered(p.rights.map((i) => q.pairs[i]!.right)),
        'Answer with a letter and a number for each letter, like a2 b1 and so on.',
      );
      break;
    case 'short':
      lines.push(`Type your answer${q.placeholder ? ` (${q.placeholder})` : ''}.`);
      break;
    case 'hands-on':
      lines.push(
        q.accept
          ? `Investigate with shell commands, then type: answer <what you found>${q.placeholder ? ` (${q.placeholder})` : ''}.`
          : 'Change the cluster with shell commands, then type: check.',
        'Type skip to give up on this question.',
      );
      break;
  }
  return `${lines.join('\n')}\n`;
}

