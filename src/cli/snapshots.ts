/**
 * Golden transcripts in `snapshots/`: `kubedrill snapshots [--update]`
 * checks (or, on purpose, rewrites) one transcript per shipped scenario.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShipped } from './load.js';
import { renderTranscript, snapshotCommands } from '../scenario/transcript.js';

/** Path of a scenario's golden transcript. */
export function snapshotPath(dir: string, id: string): string {
  return join(dir, `${id}.transcript`);
}

/** Checks or updates the transcripts; returns the exit code. */
export async function snapshotsCommand(options: { update?: boolean; dir?: string }, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const dir = options.dir ?? 'snapshots';
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
