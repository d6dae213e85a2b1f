/**
 * Grading one answer to one question. Pure: the learner's answer comes in
 * parsed (answer-input.ts), a hands-on goal comes in already evaluated
 * against the simulated cluster (hands-on.ts).
 *
 * A question is right only when all of it is right. Multiple choice, ordering
 * and matching also earn partial points (choices judged right, steps in their
 * place, pairs matched), shown to the learner, but they still count as wrong
 * for the score and for spaced repetition.
 */
import { RE2JS } from 're2js';
import type { PredicateResult } from '../scenario/predicates.js';
import { normalizeAnswer } from './normalize.js';
import { REGEX_ENTRY, type QuestionOf, type QuizQuestion } from './schema.js';

/** A learner's answer, in the bank's own indices (not the shuffled ones shown). */
export type QuizAnswer =
  | { readonly type: 'single'; readonly choice: number }
  | { readonly type: 'multiple'; readonly choices: readonly number[] }
  /** Step indices (as in the bank) in the order the learner put them. */
  | { readonly type: 'ordering'; readonly order: readonly number[] }
  /** For each left index (as in the bank), the right index chosen; unmatched lefts are absent. */
  | { readonly type: 'matching'; readonly pairs: ReadonlyMap<number, number> }
  | { readonly type: 'short'; readonly text: string }
  /** A hands-on question graded by `accept`: what the learner found. */
  | { readonly type: 'hands-on'; readonly text: string }
  /** A hands-on question graded by `goal`: each predicate as evaluated after the learner's commands. */
  | { readonly type: 'hands-on-goal'; readonly results: readonly PredicateResult[] };

/** The grade of one answer. */
export interface QuizGrade {
  /** All of it right: the only thing that counts for the score and for review. */
  readonly correct: boolean;
  /** Parts right (choices judged right, steps in place, pairs matched, predicates holding). */
  readonly earned: number;
  /** Parts there are. */
  readonly possible: number;
}

/** Grades an answer; an answer of another type than the question is wrong. */
export function gradeAnswer(question: QuizQuestion, answer: QuizAnswer): QuizGrade {
  switch (question.type) {
    case 'single':
      return answer.type === 'single' ? whole(answer.choice === question.answer) : wrong(1);
    case 'multiple':
      return answer.type === 'multiple' ? gradeMultiple(question, answer.choices) : wrong(question.choices.length);
    case 'ordering':
      return answer.type === 'ordering' ? gradeOrdering(question, answer.order) : wrong(question.steps.length);
    case 'matching':
      return answer.type === 'matching' ? gradeMatching(question, answer.pairs) : wrong(question.pairs.length);
    case 'short':
      return answer.type === 'short' ? whole(acceptsText(question.accept, answer.text)) : wrong(1);
    case 'hands-on':
      if (question.accept && answer.type === 'hands-on') return whole(acceptsText(question.accept, answer.text));
      if (question.goal && answer.type === 'hands-on-goal') return gradeGoal(question.goal.length, answer.results);
      return wrong(question.goal?.length ?? 1);
  }
}

const whole = (right: boolean): QuizGrade => ({ correct: right, earned: right ? 1 : 0, possible: 1 });
const wrong = (possible: number): QuizGrade => ({ correct: false, earned: 0, possible });

/** Each choice is judged: picked and right, or left out and wrong. All must be judged right. */
function gradeMultiple(q: QuestionOf<'multiple'>, picked: readonly number[]): QuizGrade {
  const right = new Set(q.answers);
  const chosen = new Set(picked);
  let earned = 0;
  q.choices.forEach((_, i) => {
    if (right.has(i) === chosen.has(i)) earned++;
  });
  // A picked index that is no choice at all is a wrong pick too.
  const strays = [...chosen].filter((i) => !(i >= 0 && i < q.choices.length)).length;
  return { correct: earned === q.choices.length && strays === 0, earned, possible: q.choices.length };
}

/** Steps in their right place; the whole order must be right. */
function gradeOrdering(q: QuestionOf<'ordering'>, order: readonly number[]): QuizGrade {
  let earned = 0;
  q.steps.forEach((_, i) => {
    if (order[i] === i) earned++;
  });
  return { correct: earned === q.steps.length && order.length === q.steps.length, earned, possible: q.steps.length };
}

/** Pairs matched right; every left must be matched with its own right. */
function gradeMatching(q: QuestionOf<'matching'>, pairs: ReadonlyMap<number, number>): QuizGrade {
  let earned = 0;
  q.pairs.forEach((_, i) => {
    if (pairs.get(i) === i) earned++;
  });
  return { correct: earned === q.pairs.length, earned, possible: q.pairs.length };
}

function gradeGoal(possible: number, results: readonly PredicateResult[]): QuizGrade {
  const earned = results.filter((r) => r.holds).length;
  return { correct: results.length === possible && earned === possible, earned, possible };
}

/**
 * Whether typed text is accepted: after trimming, collapsing whitespace and
 * folding case it equals a plain entry, or an entry `/like this/` finds a match
 * in it (RE2 syntax, linear time, case-insensitive; anchor with ^ and $ for a
 * whole-answer match).
 */
export function acceptsText(accept: readonly string[], text: string): boolean {
  const answer = normalizeAnswer(text);
  if (answer === '') return false;
  return accept.some((entry) => {
    const m = REGEX_ENTRY.exec(entry);
    if (!m) return normalizeAnswer(entry) === answer;
    return RE2JS.compile(m[1] as string, RE2JS.CASE_INSENSITIVE).matcher(answer).find();
  });
}
