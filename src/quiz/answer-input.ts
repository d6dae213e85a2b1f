/**
 * Reading a typed answer line into a {@link QuizAnswer} in the bank's own
 * indices, or saying what form was expected. Forms: single `2` or `b`;
 * multiple `1,3` (or `1 3`, `a,c`); ordering `3 1 2` (or `312` up to 9 steps);
 * matching `a2 b1 c3` (or `a-2, b=1`).
 */
import type { QuizAnswer } from './grade.js';
import { LETTERS, type PresentedQuestion } from './present.js';

/** A parsed answer, or why the line is not one. */
export type ParsedAnswer = { ok: true; answer: QuizAnswer } | { ok: false; message: string };

/** A choice number (`2`) or letter (`b`) as a 0-based index, or undefined. */
function choiceIndex(token: string, count: number): number | undefined {
  const t = token.toLowerCase();
  const n = /^\d+$/.test(t) ? Number(t) - 1 : t.length === 1 ? LETTERS.indexOf(t) : -1;
  return n >= 0 && n < count ? n : undefined;
}

const tokens = (line: string) => line.trim().split(/[\s,;]+/).filter(Boolean);

/** Parses an answer line for a single, multiple, ordering, matching or short question. */
export function parseAnswer(p: PresentedQuestion, line: string): ParsedAnswer {
  const q = p.item.question;
  switch (q.type) {
    case 'single': {
      const t = tokens(line);
      const i = t.length === 1 ? choiceIndex(t[0] as string, q.choices.length) : undefined;
      return i === undefined ? { ok: false, message: `expected one number from 1 to ${q.choices.length}` } : { ok: true, answer: { type: 'single', choice: i } };
    }
    case 'multiple': {
      const t = tokens(line);
      const picked = t.map((x) => choiceIndex(x, q.choices.length));
      if (t.length === 0 || picked.some((i) => i === undefined)) {
        return { ok: false, message: `expected numbers from 1 to ${q.choices.length} separated by commas, e.g. 1,3` };
      }
      return { ok: true, answer: { type: 'multiple', choices: [...new Set(picked as number[])] } };
    }
    case 'ordering': {
      const n = q.steps.length;
      let t = tokens(line);
      if (t.length === 1 && n <= 9 && new RegExp(`^\\d{${n}}$`).test(t[0] as string)) t = [...(t[0] as string)];
      const shown = t.map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
      if (shown.length !== n || new Set(shown).size !== n || shown.some((v) => !(v >= 1 && v <= n))) {
        return { ok: false, message: `expected each number from 1 to ${n} once, in the right order, separated by spaces` };
      }
      return { ok: true, answer: { type: 'ordering', order: shown.map((v) => p.steps[v - 1] as number) } };
    }
    case 'matching': {
      const n = q.pairs.length;
      const letters = LETTERS.slice(0, n);
      const pairs = new Map<number, number>();
      const usedRights = new Set<number>();
      const expected = `expected a letter-number pair for each of ${letters.split('').join(', ')}, each number once, like a2 b1`;
      const rest = line.toLowerCase().replace(/([a-h])\s*[-=:>]?\s*(\d+)/g, (_, letter: string, num: string) => {
        const left = letters.indexOf(letter);
        const shown = Number(num);
        if (left < 0 || pairs.has(left) || !(shown >= 1 && shown <= n) || usedRights.has(shown)) pairs.set(-1, -1);
        else {
          pairs.set(left, p.rights[shown - 1] as number);
          usedRights.add(shown);
        }
        return ' ';
      });
      if (rest.replace(/[\s,;]+/g, '') !== '' || pairs.has(-1) || pairs.size !== n) return { ok: false, message: expected };
      return { ok: true, answer: { type: 'matching', pairs } };
    }
    case 'short':
      return line.trim() === '' ? { ok: false, message: 'expected an answer' } : { ok: true, answer: { type: 'short', text: line } };
    case 'hands-on':
      return line.trim() === '' ? { ok: false, message: 'expected an answer' } : { ok: true, answer: { type: 'hands-on', text: line } };
  }
}
