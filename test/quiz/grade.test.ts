import { describe, expect, it } from 'vitest';
import { acceptsText, gradeAnswer } from '../../src/quiz/grade.js';
import type { QuizQuestion } from '../../src/quiz/schema.js';

const common = { difficulty: 'beginner' as const, prompt: 'Q?', explanation: 'Because.' };
const single: QuizQuestion = { ...common, id: 's', type: 'single', choices: ['a', 'b', 'c'], answer: 1 };
const multiple: QuizQuestion = { ...common, id: 'm', type: 'multiple', choices: ['a', 'b', 'c', 'd'], answers: [0, 2] };
const ordering: QuizQuestion = { ...common, id: 'o', type: 'ordering', steps: ['one', 'two', 'three', 'four'] };
const matching: QuizQuestion = {
  ...common,
  id: 'x',
  type: 'matching',
  pairs: [{ left: 'l0', right: 'r0' }, { left: 'l1', right: 'r1' }, { left: 'l2', right: 'r2' }],
};
const short: QuizQuestion = { ...common, id: 'p', type: 'short', accept: ['10250', '/^(port )?10250(/tcp)?$/'] };
const handsAccept: QuizQuestion = { ...common, id: 'h', type: 'hands-on', scenario: 'x', accept: ['node-2'] };
const handsGoal: QuizQuestion = { ...common, id: 'g', type: 'hands-on', scenario: 'x', goal: [{ nodeSchedulable: 'node-1' }, { nodeSchedulable: 'node-2' }] };

describe('grading single choice', () => {
  it('is right only for the answer index', () => {
    expect(gradeAnswer(single, { type: 'single', choice: 1 })).toEqual({ correct: true, earned: 1, possible: 1 });
    expect(gradeAnswer(single, { type: 'single', choice: 0 })).toEqual({ correct: false, earned: 0, possible: 1 });
  });
  it('treats an answer of another type as wrong', () => {
    expect(gradeAnswer(single, { type: 'short', text: 'b' }).correct).toBe(false);
  });
});

describe('grading multiple choice', () => {
  it('needs all and only the right choices', () => {
    expect(gradeAnswer(multiple, { type: 'multiple', choices: [2, 0] })).toEqual({ correct: true, earned: 4, possible: 4 });
  });
  it('shows partial credit for a subset, but counts it wrong', () => {
    expect(gradeAnswer(multiple, { type: 'multiple', choices: [0] })).toEqual({ correct: false, earned: 3, possible: 4 });
  });
  it('counts a wrong extra pick against it', () => {
    expect(gradeAnswer(multiple, { type: 'multiple', choices: [0, 1, 2] })).toEqual({ correct: false, earned: 3, possible: 4 });
    expect(gradeAnswer(multiple, { type: 'multiple', choices: [0, 1, 2, 3] })).toEqual({ correct: false, earned: 2, possible: 4 });
  });
  it('is wrong when a picked index is no choice at all', () => {
    expect(gradeAnswer(multiple, { type: 'multiple', choices: [0, 2, 7] }).correct).toBe(false);
  });
});

describe('grading ordering', () => {
  it('is right for the bank order', () => {
    expect(gradeAnswer(ordering, { type: 'ordering', order: [0, 1, 2, 3] })).toEqual({ correct: true, earned: 4, possible: 4 });
  });
  it('gives a point per step in its place', () => {
    expect(gradeAnswer(ordering, { type: 'ordering', order: [0, 2, 1, 3] })).toEqual({ correct: false, earned: 2, possible: 4 });
    expect(gradeAnswer(ordering, { type: 'ordering', order: [3, 2, 1, 0] })).toEqual({ correct: false, earned: 0, possible: 4 });
  });
  it('is wrong when steps are missing', () => {
    expect(gradeAnswer(ordering, { type: 'ordering', order: [0, 1, 2] }).correct).toBe(false);
  });
});

describe('grading matching', () => {
  it('is right when every left gets its own right', () => {
    const pairs = new Map([[0, 0], [1, 1], [2, 2]]);
    expect(gradeAnswer(matching, { type: 'matching', pairs })).toEqual({ correct: true, earned: 3, possible: 3 });
  });
  it('gives a point per right pair', () => {
    expect(gradeAnswer(matching, { type: 'matching', pairs: new Map([[0, 0], [1, 2], [2, 1]]) })).toEqual({ correct: false, earned: 1, possible: 3 });
    expect(gradeAnswer(matching, { type: 'matching', pairs: new Map([[0, 0], [1, 1]]) })).toEqual({ correct: false, earned: 2, possible: 3 });
  });
});

describe('grading short answers', () => {
  it('compares trimmed, whitespace-collapsed, case-folded text', () => {
    expect(acceptsText(['Kube Proxy'], '  kube   PROXY ')).toBe(true);
    expect(acceptsText(['kube-proxy'], 'kube proxy')).toBe(false);
  });
  it('matches /regex/ entries case-insensitively against the normalised answer', () => {
    expect(gradeAnswer(short, { type: 'short', text: 'Port 10250/TCP' }).correct).toBe(true);
    expect(gradeAnswer(short, { type: 'short', text: '10250' }).correct).toBe(true);
    expect(gradeAnswer(short, { type: 'short', text: '10255' }).correct).toBe(false);
    expect(gradeAnswer(short, { type: 'short', text: 'port 102500' }).correct).toBe(false);
  });
  it('finds an unanchored regex anywhere in the answer', () => {
    expect(acceptsText(['/pleg/'], 'the PLEG is not healthy')).toBe(true);
  });
  it('never accepts an empty answer, even against a regex that matches the empty string', () => {
    expect(acceptsText(['/.*/'], '   ')).toBe(false);
  });
  it('is linear-time: a pathological pattern on a long answer returns at once (re2js, no backtracking)', () => {
    const started = performance.now();
    expect(acceptsText(['/^(a+)+$/'], `${'a'.repeat(5000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('grading hands-on questions', () => {
  it('grades a typed finding like a short answer', () => {
    expect(gradeAnswer(handsAccept, { type: 'hands-on', text: 'NODE-2' }).correct).toBe(true);
    expect(gradeAnswer(handsAccept, { type: 'hands-on', text: 'node-1' }).correct).toBe(false);
  });
  it('grades a goal by the predicates evaluated after the learner\'s commands', () => {
    const holds = (h: boolean, d: string) => ({ holds: h, description: d });
    expect(gradeAnswer(handsGoal, { type: 'hands-on-goal', results: [holds(true, 'a'), holds(true, 'b')] })).toEqual({ correct: true, earned: 2, possible: 2 });
    expect(gradeAnswer(handsGoal, { type: 'hands-on-goal', results: [holds(true, 'a'), holds(false, 'b')] })).toEqual({ correct: false, earned: 1, possible: 2 });
  });
  it('does not take a typed answer for a goal question', () => {
    expect(gradeAnswer(handsGoal, { type: 'hands-on', text: 'done' }).correct).toBe(false);
  });
});
