/**
 * Finds scenario files: the shipped `scenarios/` folder (next to the
 * package), or paths and ids the user names.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped scenarios folder: `<package>/scenarios`, found upward from this file (works bundled or not). */
export function shippedScenariosDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'scenarios');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve('scenarios');
}

/** The folder of quiz banks inside a scenarios folder (`scenarios/quizzes`): not scenarios. */
export const QUIZ_DIR_NAME = 'quizzes';

/** Every `*.yaml` scenario file under `dir`, sorted; the quiz bank folder is not walked. */
export function scenarioFilesIn(dir: string): string[] {
  return yamlFilesIn(dir, false);
}

/** Every `*.yaml` file under `dir`, sorted; quiz bank folders only when `withQuizzes`. */
function yamlFilesIn(dir: string, withQuizzes: boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) {
        if (withQuizzes || entry !== QUIZ_DIR_NAME) walk(p);
      } else if (/\.ya?ml$/.test(entry)) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Expands paths given on the command line: files stay, folders become their scenario files. */
export function expandScenarioPaths(paths: readonly string[]): string[] {
  return paths.flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? scenarioFilesIn(p) : [p]));
}

/** Expands paths for `validate`: files stay, folders become every YAML file under them, quiz banks included. */
export function expandDocumentPaths(paths: readonly string[]): string[] {
  return paths.flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? yamlFilesIn(p, true) : [p]));
}

/** Resolves a scenario argument: an existing path, or the id of a shipped scenario. */
export function resolveScenarioArg(arg: string): string | undefined {
  if (existsSync(arg) && statSync(arg).isFile()) return arg;
  return scenarioFilesIn(shippedScenariosDir()).find((f) => basename(f).replace(/\.ya?ml$/, '') === arg);
}
