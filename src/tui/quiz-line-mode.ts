/**
 * The quiz in line mode: one question at a time, the answer read from a line,
 * then right or wrong, the explanation, and at the end the score. Works with a
 * terminal (a prompt is shown) and without one (each answer line is echoed, so
 * a scripted run reads as a transcript), like play's line mode.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ProgressStore } from '../progress/store.js';
import { stripControlSequences } from '../shell/sanitize.js';
import { Random } from '../cluster/clock/random.js';
import { parseAnswer } from '../quiz/answer-input.js';
import { feedbackText } from '../quiz/feedback.js';
import { gradeAnswer, type QuizAnswer, type QuizGrade } from '../quiz/grade.js';
import type { HandsOnCluster } from '../quiz/hands-on.js';
import type { QuizItem } from '../quiz/load.js';
import { presentQuestion, questionText, type PresentedQuestion } from '../quiz/present.js';
import { quizResultRecord, reviewRecord } from '../quiz/records.js';
import type { QuestionOf } from '../quiz/schema.js';
import type { PredicateResult } from '../scenario/predicates.js';

/** Options of {@link runQuizLineMode}. */
export interface QuizLineModeOptions {
  /** The questions, in the order to ask them. */
  readonly items: readonly QuizItem[];
  /** Seeds the shuffles of ordering steps and matching items. */
  readonly seed: number;
  readonly input: Readable;
  readonly output: Writable;
  /** Where answers are recorded; omit to record nothing. */
  readonly progress?: Pick<ProgressStore, 'recordQuizAnswer'>;
  /** Wall clock for answer times and review dates (the UI edge); defaults to Date.now. */
  readonly now?: () => number;
  /** Opens the cluster of a hands-on question's scenario. */
  readonly openHandsOn: (scenarioId: string) => Promise<HandsOnCluster>;
  /** Lines to show first (a header, notices). */
  readonly intro?: readonly string[];
}

/** How a quiz went. */
export interface QuizSummary {
  /** Questions answered (or skipped), in order, with their grades. */
  readonly answered: readonly { readonly questionId: string; readonly grade: QuizGrade }[];
  /** Questions there were to ask. */
  readonly asked: number;
}

/** What the learner answered: the answer, a hands-on goal's results, whether they gave up. */
interface Outcome {
  readonly answer: QuizAnswer;
  readonly goal?: readonly PredicateResult[];
  readonly skipped?: boolean;
}

/** Runs the quiz; resolves when every question was answered or input ended. */
export async function runQuizLineMode(options: QuizLineModeOptions): Promise<QuizSummary> {
  const { items, output } = options;
  const now = options.now ?? Date.now;
  // Bank text and command output never reach the terminal raw.
  const write = (text: string) => void output.write(stripControlSequences(text));
  const interactive = !!(options.input as Readable & { isTTY?: boolean }).isTTY;
  // On a terminal readline edits the line (arrows, history, Ctrl+U) and echoes it; Ctrl+C ends the quiz with its score.
  const lines = interactive
    ? createInterface({ input: options.input, output, terminal: true, historySize: 100 })
    : createInterface({ input: options.input, terminal: false, crlfDelay: Infinity });
  if (interactive) lines.on('SIGINT', () => lines.close());
  const iterator = lines[Symbol.asyncIterator]();
  /** Shows `prompt`, reads a line; without a terminal the line is echoed after the prompt. */
  const ask = async (prompt: string): Promise<string | undefined> => {
    if (interactive) {
      lines.setPrompt(stripControlSequences(prompt));
      lines.prompt();
    } else write(prompt);
    const r = await iterator.next();
    if (r.done) {
      write('\n');
      return undefined;
    }
    if (!interactive) write(`${r.value}\n`);
    return r.value;
  };
  const random = new Random(options.seed);
  const answered: { questionId: string; grade: QuizGrade }[] = [];

  for (const line of options.intro ?? []) write(`${line}\n`);
  try {
    for (const [index, item] of items.entries()) {
      const q = item.question;
      const shown = presentQuestion(item, random);
      write(`\nQuestion ${index + 1} of ${items.length} · ${q.type} · ${q.difficulty} · ${item.topics.join(', ')}\n`);
      write(questionText(shown));
      const outcome = q.type === 'hands-on' ? await askHandsOn(shown, q, ask, write, options) : await askPlain(shown, ask, write);
      if (!outcome) break;
      const grade = gradeAnswer(q, outcome.answer);
      write(feedbackText(shown, grade, { goal: outcome.goal, skipped: outcome.skipped }));
      answered.push({ questionId: q.id, grade });
      if (options.progress) {
        const at = now();
        try {
          await options.progress.recordQuizAnswer(quizResultRecord(item, grade, at), reviewRecord(q.id, grade.correct, at));
        } catch (e) {
          write(`kubedrill: could not save progress: ${(e as Error).message}\n`);
        }
      }
    }
  } finally {
    lines.close();
  }
  write(`\n${scoreText(answered, items.length)}`);
  return { answered, asked: items.length };
}

/** Reads lines until one is a well-formed answer; undefined when input ended. */
async function askPlain(shown: PresentedQuestion, ask: (p: string) => Promise<string | undefined>, write: (t: string) => void): Promise<Outcome | undefined> {
  for (;;) {
    const line = await ask('answer> ');
    if (line === undefined) return undefined;
    if (line.trim().toLowerCase() === 'skip') return { answer: skipped(shown), skipped: true };
    const parsed = parseAnswer(shown, line);
    if (parsed.ok) return { answer: parsed.answer };
    write(`${parsed.message} (or skip)\n`);
  }
}

/** An answer that is wrong for any question: what `skip` records. */
function skipped(shown: PresentedQuestion): QuizAnswer {
  const q = shown.item.question;
  if (q.type === 'hands-on' && q.goal) return { type: 'hands-on-goal', results: [] };
  return { type: 'short', text: '' };
}

/**
 * A hands-on question: shell commands run in the scenario's cluster until
 * `answer <text>` (accept) or a `check` that finds the goal holding (goal);
 * `skip` gives up. Undefined when input ended.
 */
async function askHandsOn(
  shown: PresentedQuestion,
  q: QuestionOf<'hands-on'>,
  ask: (p: string) => Promise<string | undefined>,
  write: (t: string) => void,
  options: QuizLineModeOptions,
): Promise<Outcome | undefined> {
  write(`Starting the cluster of scenario ${q.scenario}...\n`);
  let cluster: HandsOnCluster;
  try {
    cluster = await options.openHandsOn(q.scenario);
  } catch (e) {
    write(`kubedrill: cannot start scenario ${q.scenario}: ${(e as Error).message}\n`);
    return { answer: skipped(shown), skipped: true };
  }
  for (;;) {
    const line = await ask(cluster.prompt());
    if (line === undefined) return undefined;
    const word = line.trim();
    if (word === 'skip') return { answer: skipped(shown), skipped: true };
    const answerMatch = /^answer(?:\s+(.*))?$/s.exec(word);
    if (q.accept && answerMatch) {
      if (!answerMatch[1]?.trim()) {
        write(`type: answer <what you found>${q.placeholder ? ` (${q.placeholder})` : ''}\n`);
        continue;
      }
      return { answer: { type: 'hands-on', text: answerMatch[1] } };
    }
    if (q.goal && word === 'check') {
      const results = cluster.checkGoal(q.goal);
      if (results.every((r) => r.holds)) return { answer: { type: 'hands-on-goal', results }, goal: results };
      write(`Not yet:\n${results.map((r) => `  [${r.holds ? 'x' : ' '}] ${r.description}`).join('\n')}\nKeep going, or type skip.\n`);
      continue;
    }
    if (word === '') continue;
    const r = await cluster.exec(line);
    write(r.output);
    if (r.output.length > 0 && !r.output.endsWith('\n')) write('\n');
  }
}

/** The closing score: questions right of those answered, and how many input never reached. */
export function scoreText(answered: readonly { grade: QuizGrade }[], asked: number): string {
  const right = answered.filter((a) => a.grade.correct).length;
  const pct = answered.length > 0 ? Math.round((right / answered.length) * 100) : 0;
  const lines = [`Score: ${right} of ${answered.length} right (${pct}%).`];
  if (answered.length < asked) lines.push(`${asked - answered.length} question${asked - answered.length === 1 ? '' : 's'} not answered: input ended.`);
  return `${lines.join('\n')}\n`;
}
