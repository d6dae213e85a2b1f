/** Loading scenarios for CLI commands, with errors printed as `file:line:col: message`. */
import { loadValidScenarioFile } from '../scenario/validate.js';
import { formatError } from '../scenario/load.js';
import { resolveScenarioArg, scenarioFilesIn, shippedScenariosDir } from '../scenario/catalog.js';
import type { Scenario } from '../scenario/schema.js';

/** A scenario loaded for a command, or the message to print. */
export type Loaded = { ok: true; scenario: Scenario; file: string } | { ok: false; message: string };

/** Loads a scenario named by id or path. */
export function loadScenarioArg(arg: string): Loaded {
  const file = resolveScenarioArg(arg);
  if (!file) return { ok: false, message: `kubedrill: no scenario "${arg}" (try \`kubedrill list\`)` };
  const r = loadValidScenarioFile(file);
  if (!r.ok) return { ok: false, message: r.errors.map(formatError).join('\n') };
  return { ok: true, scenario: r.scenario, file };
}

/** Every shipped scenario that loads, plus the errors of those that don't. */
export function loadShipped(): { scenarios: { scenario: Scenario; file: string }[]; errors: string[] } {
  const scenarios: { scenario: Scenario; file: string }[] = [];
  const errors: string[] = [];
  for (const file of scenarioFilesIn(shippedScenariosDir())) {
    const r = loadValidScenarioFile(file);
    if (r.ok) scenarios.push({ scenario: r.scenario, file });
    else errors.push(...r.errors.map(formatError));
  }
  return { scenarios, errors };
}
