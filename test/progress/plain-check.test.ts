/**
 * Opening the progress store checks a well-formed file by hand, without zod
 * (document.ts); that check must never accept what the zod schema rejects,
 * and must read what it accepts exactly as the schema does.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { plainProgress } from '../../src/progress/document.js';
import { progressDataSchema } from '../../src/progress/schema.js';

const often = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) => fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: bad, weight: 1 });
const junk = fc.constantFrom(null, '1', -1, 1.5, [], {}, true);
const part = fc.record(
  { name: often(fc.string(), junk), points: often(fc.integer({ min: -50, max: 50 }), junk), max: often(fc.nat(100), junk), note: fc.string() },
  { requiredKeys: ['name', 'points', 'max'] },
);
const attempt = fc.record(
  {
    scenarioId: often(fc.string(), junk),
    startedAt: often(fc.string(), junk),
    finishedAt: often(fc.string(), junk),
    score: often(fc.integer(), junk),
    maxScore: often(fc.nat(), junk),
    hintsUsed: often(fc.nat(5), fc.constantFrom(-1, 0.5, '2', Number.MAX_SAFE_INTEGER + 2)),
    simulatedSeconds: often(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(-1, '60', null, Infinity)),
    parts: often(fc.array(part, { maxLength: 3 }), junk),
    extra: fc.anything(),
  },
  { requiredKeys: ['scenarioId', 'startedAt', 'finishedAt', 'score', 'maxScore', 'hintsUsed', 'parts'] },
);
const quizResult = fc.record(
  {
    questionId: often(fc.string(), junk),
    bankId: often(fc.string(), junk),
    answeredAt: often(fc.string(), junk),
    correct: often(fc.boolean(), junk),
    earned: often(fc.integer({ min: 0, max: 8 }), junk),
    possible: often(fc.integer({ min: 1, max: 8 }), junk),
    extra: fc.anything(),
  },
  { requiredKeys: ['questionId', 'bankId', 'answeredAt', 'correct', 'earned', 'possible'] },
);
const leitnerRecord = fc.record(
  {
    questionId: often(fc.string(), junk),
    box: often(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, 6, 2.5, '3')),
    dueAt: often(fc.string(), junk),
    reviewedAt: often(fc.string(), junk),
    extra: fc.anything(),
  },
  { requiredKeys: ['questionId', 'box', 'dueAt', 'reviewedAt'] },
);
const documentArb = fc.record(
  {
    version: often(fc.constant(2), fc.constantFrom(1, 3, '2', 0)),
    attempts: often(fc.array(attempt, { maxLength: 4 }), junk),
    quiz: often(fc.array(quizResult, { maxLength: 3 }), junk),
    leitner: often(fc.array(leitnerRecord, { maxLength: 3 }), junk),
    future: fc.jsonValue(),
  },
  { requiredKeys: ['version', 'attempts', 'quiz', 'leitner'] },
);

describe('the plain progress check', () => {
  it('accepts only documents the schema accepts, with the same data', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(fc.oneof(documentArb, junk), (raw) => {
        const plain = plainProgress(raw);
        const full = progressDataSchema.safeParse(raw);
        if (plain === undefined) {
          rejected++;
          return;
        }
        accepted++;
        expect(full.success).toBe(true);
        expect(plain).toStrictEqual(full.data);
      }),
      { seed: 3, numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
  });
});
