import { describe, expect, it } from 'vitest';
import { Random } from '../../src/cluster/clock/random.js';
import { parseAnswer } from '../../src/quiz/answer-input.js';
import { gradeAnswer } from '../../src/quiz/grade.js';
import { presentQuestion, questionText, shuffledIndices, type PresentedQuestion } from '../../src/quiz/present.js';
import type { QuizQuestion } from '../../src/quiz/schema.js';

const common = { difficulty: 'beginner' as const, prompt: 'Q?', explanation: 'Because.' };
const item = (question: QuizQuestion) => ({ question, bankId: 'b', topics: ['t'] });
const shown = (question: QuizQuestion, steps: number[] = [], rights: number[] = []): PresentedQuestion => ({ item: item(question), steps, rights });

const single: QuizQuestion = { ...common, id: 's', type: 'single', choices: ['a', 'b', 'c'], answer: 1 };
const multiple: QuizQuestion = { ...common, id: 'm', type: 'multiple', choices: ['a', 'b', 'c', 'd'], answers: [0, 2] };
const ordering: QuizQuestion = { ...common, id: 'o', type: 'ordering', steps: ['one', 'two', 'three'] };
const matching: QuizQuestion = { ...common, id: 'x', type: 'matching', pairs: [{ left: 'l0', right: 'r0' }, { left: 'l1', right: 'r1' }, { left: 'l2', right: 'r2' }] };

describe('reading answers', () => {
  it('single: a number or a letter', () => {
    expect(parseAnswer(shown(single), ' 2 ')).toEqual({ ok: true, answer: { type: 'single', choice: 1 } });
    expect(parseAnswer(shown(single), 'B')).toEqual({ ok: true, answer: { type: 'single', choice: 1 } });
    expect(parseAnswer(shown(single), '4')).toEqual({ ok: false, message: 'expected one number from 1 to 3' });
    expect(parseAnswer(shown(single), '1 2').ok).toBe(false);
  });

  it('multiple: numbers or letters separated by commas or spaces', () => {
    expect(parseAnswer(shown(multiple), '1,3')).toEqual({ ok: true, answer: { type: 'multiple', choices: [0, 2] } });
    expect(parseAnswer(shown(multiple), 'a c c')).toEqual({ ok: true, answer: { type: 'multiple', choices: [0, 2] } });
    expect(parseAnswer(shown(multiple), '1,9').ok).toBe(false);
    expect(parseAnswer(shown(multiple), '').ok).toBe(false);
  });

  it('ordering: the shown numbers in order, mapped back to the bank order', () => {
    // Shown: 1) three 2) one 3) two → the right order is 2 3 1.
    const p = shown(ordering, [2, 0, 1]);
    const r = parseAnswer(p, '2 3 1');
    expect(r).toEqual({ ok: true, answer: { type: 'ordering', order: [0, 1, 2] } });
    expect(r.ok && gradeAnswer(ordering, r.answer).correct).toBe(true);
    expect(parseAnswer(p, '231')).toEqual(r);
    expect(parseAnswer(p, '1 2')).toEqual({ ok: false, message: 'expected each number from 1 to 3 once, in the right order, separated by spaces' });
    expect(parseAnswer(p, '1 1 2').ok).toBe(false);
  });

  it('matching: letter-number pairs, mapped back to the bank pairs', () => {
    // Shown rights: 1) r2 2) r0 3) r1 → a2 b3 c1 is right.
    const p = shown(matching, [], [2, 0, 1]);
    const r = parseAnswer(p, 'a2 b3 c1');
    expect(r.ok && [...(r.answer as unknown as { pairs: Map<number, number> }).pairs]).toEqual([[0, 0], [1, 1], [2, 2]]);
    expect(r.ok && gradeAnswer(matching, r.answer).correct).toBe(true);
    expect(parseAnswer(p, 'A-2, b=3; c:1')).toEqual(r);
    expect(parseAnswer(p, 'a2 b3').ok).toBe(false);
    expect(parseAnswer(p, 'a2 b2 c1').ok).toBe(false);
    expect(parseAnswer(p, 'a2 b3 c1 d4').ok).toBe(false);
    expect(parseAnswer(p, 'a2 b3 c1 please').ok).toBe(false);
  });
});

describe('presenting questions', () => {
  it('never shows ordering steps or matching rights in the right order, and is the same for the same seed', () => {
    for (let seed = 1; seed < 200; seed++) {
      const a = shuffledIndices(3, new Random(seed));
      expect(a).not.toEqual([0, 1, 2]);
      expect([...a].sort()).toEqual([0, 1, 2]);
      expect(shuffledIndices(3, new Random(seed))).toEqual(a);
    }
  });

  it('shows choices in the bank order and says how to answer', () => {
    const p = presentQuestion(item(single), new Random(1));
    expect(questionText(p)).toBe('Q?\n  1) a\n  2) b\n  3) c\nAnswer with one number (1-3).\n');
  });

  it('shows matching lefts lettered and rights numbered in the shuffled order', () => {
    const p = shown(matching, [], [2, 0, 1]);
    expect(questionText(p)).toBe('Q?\n  a) l0\n  b) l1\n  c) l2\n  1) r2\n  2) r0\n  3) r1\nAnswer with a letter and a number for each letter, like a2 b1 and so on.\n');
  });
});
