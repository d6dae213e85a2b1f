/**
 * Loads quiz banks: YAML → zod schema → meaning checks (check.ts), every
 * problem a `file:line:col: message` error, with the same machinery and words
 * as scenario files (src/scenario/load.ts). Loading several banks also checks
 * that no question id is used twice across them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { quote } from '../shell/sanitize.js';
import { basename, join } from 'node:path';
import { parseDocumentText, readText, type DocumentParseResult, type PositionMap, type ScenarioError } from '../scenario/load.js';
import { QUIZ_DIR_NAME, scenarioFilesIn, shippedScenariosDir } from '../scenario/catalog.js';
import { checkQuizBank, type CheckOptions } from './check.js';
import { QUIZ_API_VERSION, quizBankSchema, type QuizBank, type QuizQuestion } from './schema.js';


/** A question ready to ask: the question, its bank, and its topics (the bank's and its own). */
export interface QuizItem {
  readonly question: QuizQuestion;
  readonly bankId: string;
  readonly topics: readonly string[];
}

/** A bank that passed every check, and where its questions are. */
export interface LoadedBank {
  readonly bank: QuizBank;
  readonly file: string;
  readonly positions: PositionMap;
}

/** Parses and schema-checks quiz bank text; `fileName` names it in errors. */
export function parseQuizBankText(text: string, fileName: string): DocumentParseResult<QuizBank> {
  return parseDocumentText<QuizBank>(text, fileName, { noun: 'quiz bank', apiVersion: QUIZ_API_VERSION, schema: quizBankSchema });
}

/** Schema and meaning checks of one bank's text: the bank, or every error found. */
export function loadQuizBankText(text: string, fileName: string, options: CheckOptions = {}): { ok: true; bank: LoadedBank } | { ok: false; errors: ScenarioError[] } {
  const parsed = parseQuizBankText(text, fileName);
  if (!parsed.ok) return parsed;
  const errors = checkQuizBank(parsed.value, parsed.positions, fileName, options);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, bank: { bank: parsed.value, file: fileName, positions: parsed.positions } };
}

/** Reads and checks one bank file; an unreadable file is an error, never a throw. */
export function loadQuizBankFile(file: string, options: CheckOptions = {}): ReturnType<typeof loadQuizBankText> {
  const text = readText(file, 'quiz bank');
  if (typeof text !== 'string') return { ok: false, errors: [text] };
  return loadQuizBankText(text, file, options);
}

/**
 * Loads several bank files: those that pass, and the errors of the rest. A
 * question id already used by an earlier bank is an error at the later one
 * (and that bank's other questions still load).
 */
export function loadQuizBanks(files: readonly string[], options: CheckOptions = {}): { banks: LoadedBank[]; errors: ScenarioError[] } {
  const banks: LoadedBank[] = [];
  const errors: ScenarioError[] = [];
  const firstSeen = new Map<string, string>();
  const bankIds = new Map<string, string>();
  for (const file of files) {
    const r = loadQuizBankFile(file, options);
    if (!r.ok) {
      errors.push(...r.errors);
      continue;
    }
    const { bank, positions } = r.bank;
    const where = (path: (string | number)[]) => {
      const p = positions.valueAt(path);
      return { file, line: p.line, col: p.col };
    };
    const otherBank = bankIds.get(bank.metadata.id);
    if (otherBank !== undefined) {
      errors.push({ ...where(['metadata', 'id']), message: `metadata.id: duplicate bank id ${quote(bank.metadata.id)} (first in ${otherBank})` });
      continue;
    }
    bankIds.set(bank.metadata.id, file);
    const kept: QuizQuestion[] = [];
    bank.questions.forEach((q, i) => {
      const first = firstSeen.get(q.id);
      if (first !== undefined) {
        errors.push({ ...where(['questions', i, 'id']), message: `questions[${i}].id: duplicate question id ${quote(q.id)} (first at ${first})` });
        return;
      }
      const p = where(['questions', i, 'id']);
      firstSeen.set(q.id, `${p.file}:${p.line}:${p.col}`);
      kept.push(q);
    });
    banks.push({ ...r.bank, bank: { ...bank, questions: kept } });
  }
  return { banks, errors };
}

/** The questions of loaded banks, each with its bank's topics added to its own, in bank order. */
export function quizItems(banks: readonly LoadedBank[]): QuizItem[] {
  return banks.flatMap(({ bank }) =>
    bank.questions.map((question) => ({
      question,
      bankId: bank.metadata.id,
      topics: [...new Set([...bank.metadata.topics, ...(question.topics ?? [])])],
    })),
  );
}

/** The shipped quiz bank folder, `scenarios/quizzes`. */
export function shippedQuizDir(): string {
  return join(shippedScenariosDir(), QUIZ_DIR_NAME);
}

/** Every `*.yaml` bank in `dir` (not recursive), sorted. */
export function quizBankFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** The ids of the shipped scenarios, which hands-on questions may name. */
export function shippedScenarioIds(): Set<string> {
  return new Set(scenarioFilesIn(shippedScenariosDir()).map((f) => basename(f).replace(/\.ya?ml$/, '')));
}

/** Loads every shipped bank, checking hands-on questions against the shipped scenarios. */
export function loadShippedQuizBanks(): { banks: LoadedBank[]; errors: ScenarioError[] } {
  return loadQuizBanks(quizBankFilesIn(shippedQuizDir()), { scenarioIds: shippedScenarioIds() });
}
