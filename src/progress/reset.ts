/**
 * Forgetting all progress without losing it: the file is renamed to
 * `<file>.reset-<time>` beside itself, under the same lock as a save, so an
 * attempt another kubedrill records meanwhile lands either in the kept file or
 * in the fresh one, never nowhere. The command history is not progress and stays.
 */
import { rename } from 'node:fs/promises';
import { errorCode } from '../error-text.js';
import { asideName, exists } from './aside.js';
import { withProgressLock } from './lock.js';

/** What a reset did: where the old file was kept, or that there was none. */
export type ResetOutcome = { kind: 'kept'; backup: string } | { kind: 'nothing' };

/** Moves the progress file aside; `now` (wall-clock ms) names the kept file. Rejects when it cannot be moved. */
export async function resetProgress(file: string, now: number): Promise<ResetOutcome> {
  if (!(await exists(file))) return { kind: 'nothing' };
  return withProgressLock(file, async () => {
    const backup = await asideName(file, 'reset', now);
    try {
      await rename(file, backup);
    } catch (e) {
      // Gone since we looked: another reset got there first.
      if (errorCode(e) === 'ENOENT') return { kind: 'nothing' };
      throw e;
    }
    return { kind: 'kept', backup };
  });
}
