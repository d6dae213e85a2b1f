/**
 * Golden transcripts in `snapshots/`: `kubedrill snapshots [--update]`
 * checks (or, on purpose, rewrites) one transcript per shipped scenario.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { shippedScenariosDir } from '../scenario/catalog.js';
import { loadShipped } from './load.js';
import { renderTranscript, snapshotCommands } from '../practice/transcript.js';

/** Path of a scenario's golden transcript. */
export function snapshotPath(dir: string, id: string): string {
  return join(dir, `${id}.transcript`);
}

/** Checks or updates the transcripts; returns the exit code. */
export async function snapshotsCommand(options: { update?: boolean; dir?: string }, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  // By default the transcripts shipped next to the scenarios, so an installed package checks its own.
  const dir = options.dir ?? join(dirname(shippedScenariosDir()), 'snapshots');
  // Checking needs the folder: without it every scenario would "differ" for no reason of its own.
  if (!options.update && !isDirectory(dir)) {
    err.write(`kubedrill snapshots: no snapshot folder ${resolve(dir)}: nothing to compare the scenarios' transcripts with (give --dir <folder>, or write them with --update)\n`);
    return 1;
  }
  const { scenarios, errors } = loadShipped();
  for (const e of errors) err.write(`${e}\n`);
  let stale = 0;
  if (options.update) mkdirSync(dir, { recursive: true });
  for (const { scenario } of scenarios) {
    const file = snapshotPath(dir, scenario.metadata.id);
    const text = await renderTranscript(scenario, snapshotCommands(scenario));
    if (options.update) {
      writeFileSync(file, text);
      out.write(`wrote ${file}\n`);
    } else if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      stale++;
      err.write(`${file}: differs from the current output (run \`npm run snapshots:update\` if the change is intended)\n`);
    }
  }
  return stale || errors.length ? 1 : 0;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
