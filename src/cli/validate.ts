/** `kubedrill validate <path…>`: schema and meaning checks, errors as `file:line:col: message`. */
import { validateScenarioFile } from '../scenario/validate.js';
import { formatError } from '../scenario/load.js';
import { expandScenarioPaths } from '../scenario/catalog.js';

/** Validates scenario files; returns the exit code. */
export function validateCommand(paths: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const files = expandScenarioPaths(paths);
  if (files.length === 0) {
    err.write('kubedrill validate: no scenario files found\n');
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    const errors = validateScenarioFile(file);
    if (errors.length === 0) out.write(`${file}: ok\n`);
    else {
      failed++;
      for (const e of errors) err.write(`${formatError(e)}\n`);
    }
  }
  return failed ? 1 : 0;
}
