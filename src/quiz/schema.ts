/**
 * The quiz bank file format (`kind: QuizBank`, apiVersion `kubedrill/v1`),
 * defined once as zod schemas. `scenarios/quiz.schema.json` is generated from
 * here (scripts/generate-schema.ts); never edit it by hand.
 *
 * Built lazily inside `quizBankSchema()`, so importing this module does no work.
 * What the schema cannot say (indices in range, unique steps and pairs, ids
 * unique across banks) is checked with positions in check.ts.
 */
import { z } from 'zod';
import { quote } from '../shell/sanitize.js';
import { RE2JS } from 're2js';
import { KEBAB, SCENARIO_API_VERSION, goalPredicateSchema, type GoalPredicate } from '../scenario/schema.js';

/** The only `apiVersion` this build reads (the same as scenarios'). */
export const QUIZ_API_VERSION = SCENARIO_API_VERSION;

/** The `kind` of a quiz bank document. */
export const QUIZ_KIND = 'QuizBank';

/** The question types, in the order the format lists them. */
export const QUESTION_TYPES = ['single', 'multiple', 'ordering', 'matching', 'short', 'hands-on'] as const;

/** How hard a question is (the same scale as scenarios). */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

/** An accepted-answer entry written `/like this/` is a regular expression. */
export const REGEX_ENTRY = /^\/(.+)\/$/s;

function kebab(what: string, description: string) {
  return z
    .string()
    .regex(KEBAB, { error: (iss) => `invalid ${what} ${quote(iss.input)}: must be kebab-case` })
    .describe(description);
}

function text(description: string) {
  return z.string().min(1).describe(description);
}

/** The fields every question has. */
function commonFields() {
  return {
    id: kebab('id', 'Kebab-case id, unique across all banks (results and review boxes are keyed by it).'),
    difficulty: z.enum(DIFFICULTIES).describe('How hard the question is.'),
    topics: z
      .array(kebab('topic', 'A kebab-case topic.'))
      .optional()
      .describe("Topics added to the bank's topics for this question."),
    prompt: text('The question as shown to the learner.'),
    explanation: text('Shown after answering: why the answer is right and, where useful, why the tempting wrong one is wrong.'),
    source: text('Where the facts come from (seed article section, upstream documentation URL).').optional(),
  };
}

/** A list of accepted phrasings, each plain text or a `/regular expression/` (RE2 syntax, linear time). */
function acceptList() {
  return z
    .array(
      z
        .string()
        .min(1)
        .superRefine((entry, ctx) => {
          const m = REGEX_ENTRY.exec(entry);
          if (!m) return;
          try {
            RE2JS.compile(m[1] as string);
          } catch (e) {
            ctx.addIssue({ code: 'custom', message: `invalid regular expression ${entry}: ${(e as Error).message}` });
          }
        })
        .describe('An accepted answer (case-insensitive, whitespace collapsed), or /a regular expression/.'),
    )
    .min(1)
    .describe('Accepted phrasings; an entry /like this/ is a regular expression (re2 syntax), so a literal answer that starts and ends with / is written as a regex.');
}

function choices() {
  return z.array(text('A choice, shown as written.')).min(2).max(8).describe('2 to 8 choices, shown in this order.');
}

function buildQuestion() {
  const index = z.number().int().nonnegative();
  const single = z
    .object({
      type: z.literal('single'),
      ...commonFields(),
      choices: choices(),
      answer: index.describe('0-based index of the right choice.'),
    })
    .strict()
    .describe('One right choice.');
  const multiple = z
    .object({
      type: z.literal('multiple'),
      ...commonFields(),
      choices: choices(),
      answers: z.array(index).min(1).describe('0-based indices of all the right choices, no duplicates.'),
    })
    .strict()
    .describe('All and only the right choices.');
  const ordering = z
    .object({
      type: z.literal('ordering'),
      ...commonFields(),
      steps: z.array(text('A step.')).min(3).max(8).describe('3 to 8 steps in the CORRECT order; the quiz shuffles them.'),
    })
    .strict()
    .describe('Put the steps in order.');
  const matching = z
    .object({
      type: z.literal('matching'),
      ...commonFields(),
      pairs: z
        .array(
          z
            .object({ left: text('The item on the left.'), right: text('What it matches on the right.') })
            .strict(),
        )
        .min(3)
        .max(8)
        .describe('3 to 8 pairs; each left and each right unique.'),
    })
    .strict()
    .describe('Match each left item with its right item.');
  const short = z
    .object({
      type: z.literal('short'),
      ...commonFields(),
      accept: acceptList(),
      placeholder: text('A hint of the expected form, e.g. "a port number".').optional(),
    })
    .strict()
    .describe('A short typed answer.');
  const handsOn = z
    .object({
      type: z.literal('hands-on'),
      ...commonFields(),
      scenario: kebab('scenario id', "The id of a shipped scenario whose cluster the learner investigates."),
      accept: acceptList().optional(),
      placeholder: text('A hint of the expected form.').optional(),
      goal: z
        .array(goalPredicateSchema())
        .min(1)
        .optional()
        .describe('Instead of accept: goal predicates (as in scenarios) that must hold after the learner\'s commands.'),
    })
    .strict()
    .superRefine((q, ctx) => {
      const given = [q.accept && 'accept', q.goal && 'goal'].filter(Boolean);
      if (given.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message: given.length === 0 ? 'a hands-on question needs "accept" or "goal"' : 'give "accept" or "goal", not both',
        });
      }
    })
    .describe('Investigate a scenario\'s cluster, then type what was found (accept) or change it (goal).');
  return z.discriminatedUnion('type', [single, multiple, ordering, matching, short, handsOn]).meta({ id: 'QuizQuestion' });
}

function buildBank() {
  return z
    .object({
      apiVersion: z
        .literal(QUIZ_API_VERSION, {
          error: (iss) => (iss.input === undefined ? undefined : `unsupported apiVersion ${quote(iss.input)}; this build reads ${QUIZ_API_VERSION}`),
        })
        .describe(`Format version; must be ${QUIZ_API_VERSION}.`),
      kind: z
        .literal(QUIZ_KIND, { error: (iss) => (iss.input === undefined ? undefined : `expected kind "${QUIZ_KIND}"`) })
        .describe('Always QuizBank.'),
      metadata: z
        .object({
          id: kebab('id', 'Kebab-case id, unique among banks; must equal the file name without `.yaml`.'),
          title: text('One-line title of the bank.'),
          topics: z.array(kebab('topic', 'A kebab-case topic.')).min(1).describe('Topics every question of the bank has.'),
        })
        .strict()
        .describe('About the bank.'),
      questions: z.array(buildQuestion()).min(1).describe('The questions; at least one.'),
    })
    .strict()
    .describe('A kubedrill quiz bank.');
}

let cached: ReturnType<typeof buildBank> | undefined;

/** The zod schema of a whole quiz bank document (built on first use, then cached). */
export function quizBankSchema(): ReturnType<typeof buildBank> {
  cached ??= buildBank();
  return cached;
}

type RawBank = z.output<ReturnType<typeof buildBank>>;
type RawQuestion = RawBank['questions'][number];
type WithGoal<Q> = Q extends { type: 'hands-on' } ? Omit<Q, 'goal'> & { goal?: GoalPredicate[] } : Q;

/** One question as written in a bank. */
export type QuizQuestion = WithGoal<RawQuestion>;
/** A schema-valid quiz bank. */
export type QuizBank = Omit<RawBank, 'questions'> & { questions: QuizQuestion[] };
/** A question type. */
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** A difficulty. */
export type Difficulty = (typeof DIFFICULTIES)[number];
/** The question of one type. */
export type QuestionOf<T extends QuestionType> = Extract<QuizQuestion, { type: T }>;
