/**
 * `kubedrill validate <path…>`: schema and meaning checks of scenario files
 * and quiz banks (told apart by `kind: QuizBank`), errors as `file:line:col: message`.
 */
import { validateScenarioFile } from '../scenario/validate.js';
import { documentKind, formatError, readText, type ScenarioError } from '../scenario/load.js';
import { expandDocumentPaths, scenarioFilesIn, shippedScenariosDir } from '../scenario/catalog.js';
import { duplicateScenarioIds } from '../scenario/scenario-ids.js';
import { QUIZ_KIND } from '../quiz/schema.js';
import { resolve } from 'node:path';
import { loadQuizBanks, quizBankFilesIn, shippedQuizDir, shippedScenarioIds } from '../quiz/load.js';

/** Validates scenario files and quiz banks; returns the exit code. */
export function validateCommand(paths: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const files = expandDocumentPaths(paths);
  if (files.length === 0) {
    err.write('kubedrill validate: no scenario files found\n');
    return 1;
  }
  const banks = files.filter((f) => {
    const text = readText(f);
    return typeof text === 'string' && documentKind(text) === QUIZ_KIND;
  });
  const errorsOf = new Map<string, ScenarioError[]>();
  if (banks.length > 0) {
    // Banks are checked together, and after the shipped ones not named here: a question id may be used once
    // across all of them. Only the named files' errors are shown.
    const named = new Set(banks.map((f) => resolve(f)));
    const others = quizBankFilesIn(shippedQuizDir()).filter((f) => !named.has(resolve(f)));
    for (const e of loadQuizBanks([...others, ...banks], { scenarioIds: shippedScenarioIds() }).errors) {
      if (!named.has(resolve(e.file))) continue;
      errorsOf.set(e.file, [...(errorsOf.get(e.file) ?? []), e]);
    }
  }
  const bankSet = new Set(banks);
  // Ids are unique across the shipped scenarios and the files named here: shipped ones in their
  // order (whether named or not), then the others; each file after the first with an id is refused.
  const shipped = scenarioFilesIn(shippedScenariosDir());
  const shippedSet = new Set(shipped.map((f) => resolve(f)));
  const named = files.filter((f) => !bankSet.has(f));
  const duplicates = duplicateScenarioIds([...shipped, ...named.filter((f) => !shippedSet.has(resolve(f)))]);
  const usedBy = (file: string) => duplicates.get(file) ?? duplicates.get(shipped.find((f) => resolve(f) === resolve(file)) ?? '');
  let failed = 0;
  for (const file of files) {
    const errors = bankSet.has(file) ? (errorsOf.get(file) ?? []) : validateScenarioFile(file, { idUsedBy: usedBy(file) });
    if (errors.length === 0) out.write(`${file}: ok\n`);
    else {
      failed++;
      for (const e of errors) err.write(`${formatError(e)}\n`);
    }
  }
  return failed ? 1 : 0;
}
