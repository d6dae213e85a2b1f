/**
 * Loading a scenario file for a command that runs it (`exec`, `verify`): the
 * build's validated copy when the bytes are a shipped file's
 * (prevalidated.ts), else the full validation, whose modules (YAML parser,
 * zod, the checks) are loaded only then.
 */
import type { LoadResult } from './load.js';
import { prevalidatedScenario } from './prevalidated.js';
import { readText } from './read-text.js';

/** The scenario in `file` if it passes the schema and the meaning checks, else the errors. */
export async function loadCheckedScenarioFile(file: string): Promise<LoadResult> {
  const text = readText(file);
  if (typeof text !== 'string') return { ok: false, errors: [text] };
  const known = prevalidatedScenario(text, file);
  if (known) return { ok: true, scenario: known };
  const { loadValidScenarioText } = await import('./validate.js');
  return loadValidScenarioText(text, file);
}
