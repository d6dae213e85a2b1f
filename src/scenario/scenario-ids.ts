/**
 * Scenario ids are unique across a pack: `kubedrill play <id>`, progress and
 * quiz questions name a scenario by id alone. Two files may share one only in
 * different folders (a valid scenario's id is its file name, validate.ts), so
 * the check is over every file of the pack, in the order they are listed: the
 * first file keeps the id, each later one is the duplicate.
 */
import { basename, extname, resolve } from 'node:path';
import { quote } from '../shell/sanitize.js';

/** The id a scenario file must declare: its file name without the extension. */
export function idOfFileName(file: string): string {
  return basename(file, extname(file));
}

/**
 * Each file whose id an earlier file in `files` already has, mapped to that
 * earlier file. The same file listed twice (by any spelling) is one file.
 */
export function duplicateScenarioIds(files: readonly string[], idOf: (file: string) => string = idOfFileName): Map<string, string> {
  const firstOf = new Map<string, { file: string; resolved: string }>();
  const duplicates = new Map<string, string>();
  for (const file of files) {
    const id = idOf(file);
    const first = firstOf.get(id);
    if (first === undefined) firstOf.set(id, { file, resolved: resolve(file) });
    else if (first.resolved !== resolve(file)) duplicates.set(file, first.file);
  }
  return duplicates;
}

/** The message for a file that repeats the id `firstFile` has. */
export function duplicateIdMessage(id: string, firstFile: string): string {
  return `metadata.id: duplicate scenario id ${quote(id)} (already used by ${firstFile})`;
}
