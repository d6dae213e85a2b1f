import { jsonEqual } from '../json.js';
import { shapedObject } from '../shaped-object.js';

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

/**
 * `posted` with every field's value taken from `stored`, a stored status that
 * holds each posted field JSON-equal (the API server's copy of it): the
 * kubelet then keeps the stored, immutable values instead of a second copy of
 * them. `posted` itself when it already holds the stored values.
 */
export function sharedFields(posted: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(posted);
  let shared = true;
  for (const key of keys) {
    if (posted[key] !== undefined && posted[key] !== stored[key]) {
      shared = false;
      break;
    }
  }
  if (shared) return posted;
  const out = shapedObject(keys.length);
  for (const key of keys) out[key] = Object.hasOwn(stored, key) ? stored[key] : posted[key];
  return out;
}
