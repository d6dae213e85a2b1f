import { jsonEqual } from '../json.js';

/**
 * Whether two lists of inputs hold the very same values, item by item (===).
 * The kubelet rebuilds a status only when what it is built from changed;
 * stored objects and container states are replaced, never edited, so
 * identity is enough to tell.
 */
export function sameInputs(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Would `{ ...current, ...fields }` equal `current` (jsonEqual)? Only the
 * fields given can differ, so only they are compared, and nothing is merged
 * to find out (the kubelet's status manager drops a status post that changes nothing).
 */
export function sameFields(current: Record<string, unknown> | undefined, fields: Record<string, unknown>): boolean {
  if (!current || typeof current !== 'object') return false;
  for (const key in fields) {
    if (Object.hasOwn(fields, key) && !jsonEqual(current[key], fields[key])) return false;
  }
  return true;
}
