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
import type { ScenarioSummary } from '../practice/types.js';
import { duplicateIdMessage, duplicateScenarioIds } from '../scenario/scenario-ids.js';
// Not load.js's formatError: the list must start without the YAML parser and zod (lean-start test).
import { escapeControlCharacters } from '../shell/sanitize.js';

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

/**
 * Leaves out every entry whose id an earlier entry has (`play <id>` could
 * open only one of them), as an error naming both files (scenario-ids.ts).
 */
function withoutDuplicateIds(items: readonly CatalogueItem[]): CatalogueItem[] {
  const listed = items.flatMap((i) => (i.ok ? [i.entry] : []));
  const duplicates = duplicateScenarioIds(listed.map((e) => e.file), (file) => listed.find((e) => e.file === file)!.id);
  return items.map((i) => {
    const first = i.ok ? duplicates.get(i.entry.file) : undefined;
    if (!i.ok || first === undefined) return i;
    return { ok: false, file: i.entry.file, errors: [escapeControlCharacters(`${i.entry.file}: ${duplicateIdMessage(i.entry.id, first)}`)] };
  });
}

/** The entries of the shipped scenarios (or of `files`), and the errors of those that do not load or repeat an id. */
export async function listShippedEntries(files?: readonly string[]): Promise<{ entries: ScenarioSummary[]; errors: string[] }> {
  const items = withoutDuplicateIds(await readCatalogue(files));
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
