/** A temporary KUBEDRILL_HOME holding a current-version progress file with these attempts, for the length of `run`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyProgress } from '../../src/progress/document.js';

export async function withProgressHome<T>(attempts: readonly object[], run: (home: string) => Promise<T>): Promise<T> {
  const home = mkdtempSync(join(tmpdir(), 'kubedrill-home-'));
  const previous = process.env.KUBEDRILL_HOME;
  process.env.KUBEDRILL_HOME = home;
  try {
    writeFileSync(join(home, 'progress.json'), JSON.stringify({ ...emptyProgress(), attempts }));
    return await run(home);
  } finally {
    if (previous === undefined) delete process.env.KUBEDRILL_HOME;
    else process.env.KUBEDRILL_HOME = previous;
    rmSync(home, { recursive: true, force: true });
  }
}
