/**
 * The shipped scenarios as the list and the home screen show them, read
 * from each file's `metadata:` block only (scenario/metadata.ts). A file
 * whose metadata cannot be read that way is loaded and validated in full,
 * so it is either listed from its checked metadata or reported with its
 * `file:line:col` errors; the validator is imported only then.
 */
import { basename, extname } from 'node:path';
import { scenarioFilesIn, shippedScenariosDir } from '../scenario/catalog.js';
import { readCatalogueEntry, summaryOf } from '../scenario/metadata.js';
import type { ScenarioSummary } from '../scenario/practice-types.js';

/** One scenario file of the catalogue: its entry, or the formatted errors that keep it from loading. */
export type CatalogueItem = { ok: true; entry: ScenarioSummary } | { ok: false; file: string; errors: string[] };

/** Catalogue items of `files` (by default the shipped scenarios), in order. */
export async function readCatalogue(files: readonly string[] = scenarioFilesIn(shippedScenariosDir())): Promise<CatalogueItem[]> {
  const items: CatalogueItem[] = [];
  for (const file of files) {
    const entry = await readCatalogueEntry(file);
    if (entry) {
      items.push({ ok: true, entry });
      continue;
    }
    const { loadValidScenarioFile, formatError } = await import('../scenario/validate.js');
    const loaded = loadValidScenarioFile(file);
    items.push(loaded.ok ? { ok: true, entry: summaryOf(loaded.scenario.metadata, file) } : { ok: false, file, errors: loaded.errors.map(formatError) });
  }
  return items;
}

/** The entries of the shipped scenarios, and the errors of those that do not load. */
export async function listShippedEntries(): Promise<{ entries: ScenarioSummary[]; errors: string[] }> {
  const items = await readCatalogue();
  return {
    entries: items.flatMap((i) => (i.ok ? [i.entry] : [])),
    errors: items.flatMap((i) => (i.ok ? [] : i.errors)),
  };
}

/**
 * The home screen's rows: every shipped scenario, a broken one under its
 * file name (opening it shows its errors, as playing it would).
 */
export async function listShipped(): Promise<ScenarioSummary[]> {
  return (await readCatalogue()).map((i) => {
    if (i.ok) return i.entry;
    const id = basename(i.file, extname(i.file));
    return { id, title: id, difficulty: 'beginner', topics: [], estimatedMinutes: 10, file: i.file };
  });
}
