/**
 * Names for a progress file kept aside beside itself (a corrupt one, or the
 * one a reset forgot): `<file>.<label>-<UTC time>`, with `-1`, `-2`… added so
 * an earlier kept file is never overwritten.
 */
import { stat } from 'node:fs/promises';

/** A free name beside `file` for keeping it aside at `now` (wall-clock ms). */
export async function asideName(file: string, label: string, now: number): Promise<string> {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let aside = `${file}.${label}-${stamp}`;
  for (let n = 1; await exists(aside); n++) aside = `${file}.${label}-${stamp}-${n}`;
  return aside;
}

/** Whether anything is at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
