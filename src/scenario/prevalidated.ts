/**
 * Shipped scenarios as the build validated them. `scripts/build.mjs` checks
 * every shipped file (schema and meaning, as `kubedrill validate` does) and
 * writes the loaded scenario as JSON to `dist/validated/<sha-256 of the
 * file's bytes>.json`. A command given a file with exactly those bytes starts
 * from that JSON: no YAML parser, no zod, no checks to run again (about a
 * tenth of a small `kubedrill exec`). Any other text, an edited shipped file
 * included, is validated in full. Running from the sources there is no build,
 * so everything is validated.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './schema.js';

/** The folder beside the bundle's chunks that holds the validated scenarios (dist/validated). */
export const PREVALIDATED_FOLDER = 'validated';

/** The name the build gives a validated scenario: the SHA-256 of the file's text. */
export function prevalidatedName(text: string): string {
  return `${createHash('sha256').update(text, 'utf8').digest('hex')}.json`;
}

/** dist/validated in the bundled CLI (its chunks live in dist/chunks); none from the sources. */
function builtFolder(): string | undefined {
  if (!process.env.KUBEDRILL_BUILD_ID) return undefined;
  return fileURLToPath(new URL(`../${PREVALIDATED_FOLDER}/`, import.meta.url));
}

/**
 * The scenario the build validated from exactly `text`, if it did. The one
 * check that depends on where the text was read from, that the id is the
 * file's name, is made again against `file`.
 */
export function prevalidatedScenario(text: string, file: string, folder = builtFolder()): Scenario | undefined {
  if (folder === undefined) return undefined;
  let json: string;
  try {
    json = readFileSync(join(folder, prevalidatedName(text)), 'utf8');
  } catch {
    return undefined;
  }
  const scenario = JSON.parse(json) as Scenario;
  return scenario.metadata?.id === basename(file, extname(file)) ? scenario : undefined;
}
