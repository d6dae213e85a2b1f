/**
 * Build step (scripts/build.mjs): validates every shipped scenario and
 * writes each one that passes as JSON under the name prevalidated.ts looks
 * for. A file that fails is left out: the CLI validates it at run time and
 * prints its errors there.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioFilesIn } from './catalog.js';
import { prevalidatedName } from './prevalidated.js';
import { loadValidScenarioText } from './validate.js';

/** Writes the validated scenarios of `scenariosDir` into `folder`; returns how many were written. */
export function writePrevalidated(scenariosDir: string, folder: string): number {
  mkdirSync(folder, { recursive: true });
  let written = 0;
  for (const file of scenarioFilesIn(scenariosDir)) {
    const text = readFileSync(file, 'utf8');
    const loaded = loadValidScenarioText(text, file);
    if (!loaded.ok) continue;
    writeFileSync(join(folder, prevalidatedName(text)), JSON.stringify(loaded.scenario));
    written++;
  }
  return written;
}
