/** Loading scenarios for CLI commands, with errors printed as `file:line:col: message`. */
import { loadValidScenarioFile } from '../scenario/validate.js';
import { formatError } from '../scenario/load.js';
import { resolveScenarioArg, scenarioFilesIn, shippedScenariosDir } from '../scenario/catalog.js';
import type { Scenario } from '../scenario/schema.js';
import type { ScenarioSummary } from '../scenario/practice-types.js';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import yaml from 'js-yaml';

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

/**
 * Catalogue entries of the shipped scenarios, read cheaply (YAML only, no
 * schema validation) for the first frame of the home screen; a scenario is
 * fully validated when it is opened.
 */
export function listShipped(): ScenarioSummary[] {
  const out: ScenarioSummary[] = [];
  for (const file of scenarioFilesIn(shippedScenariosDir())) {
    try {
      const doc = yaml.load(readFileSync(file, 'utf8')) as { metadata?: Record<string, unknown> } | undefined;
      const m = doc?.metadata ?? {};
      out.push({
        id: String(m.id ?? basename(file).replace(/\.ya?ml$/, '')),
        title: String(m.title ?? m.id ?? file),
        difficulty: (['beginner', 'intermediate', 'advanced'].includes(String(m.difficulty)) ? m.difficulty : 'beginner') as ScenarioSummary['difficulty'],
        topics: Array.isArray(m.topics) ? m.topics.map(String) : [],
        estimatedMinutes: typeof m.estimatedMinutes === 'number' ? m.estimatedMinutes : 10,
        file,
      });
    } catch {
      // A broken file still gets listed; opening it reports file:line:col errors.
      const id = basename(file).replace(/\.ya?ml$/, '');
      out.push({ id, title: id, difficulty: 'beginner', topics: [], estimatedMinutes: 10, file });
    }
  }
  return out;
}
