/**
 * Plain JSON values as the API server sees them after Go's encoding/json:
 * one copy of a request body, a structural comparison, and deep freezing of
 * stored objects in tests. A key whose value is `undefined` (or a function)
 * is the same as a missing key, as it would be after a JSON round trip.
 */

import { shapedObject } from './shaped-object.js';

/** What {@link copyJson} returns when the value nests deeper than allowed. */
export const TOO_DEEP: unique symbol = Symbol('too deep');

/**
 * Copies a value as `JSON.parse(JSON.stringify(value))` would (undefined and
 * functions dropped from objects and null in arrays, non-finite numbers null, -0 is 0,
 * `toJSON` honoured, `__proto__` kept as an ordinary key), in one pass.
 * Returns {@link TOO_DEEP} when objects/arrays nest at `maxDepth` or deeper
 * (the root is depth 0), as {@link nestsDeeperThan} in patch.ts counts.
 *
 * With `base` (a stored, immutable object), a subtree of `value` that is the
 * very object `base` holds at the same place is kept, not copied: the copy
 * shares it (structural sharing), and it is not walked again.
 */
export function copyJson<T>(value: T, maxDepth = 5_000, base?: unknown): T | typeof TOO_DEEP {
  try {
    return copy(value, 0, maxDepth, base) as T;
  } catch (e) {
    if (e === TOO_DEEP) return TOO_DEEP;
    throw e;
  }
}

function copy(value: unknown, depth: number, max: number, base: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? (Number.isFinite(value) ? value + 0 : null) : value;
  if (value === base) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return copy(toJSON.call(value), depth, max, undefined);
  if (depth >= max) throw TOO_DEEP;
  const baseIsObject = base !== null && typeof base === 'object';
  if (Array.isArray(value)) {
    const baseList = baseIsObject && Array.isArray(base) ? base : undefined;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = visible(v) ? copy(v, depth + 1, max, baseList?.[i]) : null;
    }
    return out;
  }
  const baseMap = baseIsObject && !Array.isArray(base) ? (base as Record<string, unknown>) : undefined;
  const keys = Object.keys(value);
  // Sized for its keys: most stored objects have more than `{}` holds in-object (shaped-object.ts).
  const out = shapedObject(keys.length);
  // The loop stays inline (not shared with copyJsonWithRoomFor): one stack frame per level of nesting.
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (!visible(v)) continue;
    const c = copy(v, depth + 1, max, baseMap && Object.hasOwn(baseMap, key) ? baseMap[key] : undefined);
    if (key === '__proto__') Object.defineProperty(out, key, { value: c, writable: true, enumerable: true, configurable: true });
    else out[key] = c;
  }
  return out;
}

/** Whether {@link copyJson} copies `value` key by key: an object, not an array, without `toJSON`. */
export function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * {@link copyJson} of a plain object ({@link isPlainJsonObject}) made with room for
 * `room` as well (keys about to be set on the copy that it may lack), as
 * `copyWithRoomFor(copyJson(value), room)` gives, in one copy instead of two.
 */
export function copyJsonWithRoomFor(value: Record<string, unknown>, room: readonly string[], maxDepth = 5_000): Record<string, unknown> | typeof TOO_DEEP {
  if (maxDepth <= 0) return TOO_DEEP;
  const keys = Object.keys(value);
  let added = 0;
  for (const key of room) if (!Object.hasOwn(value, key) || !visible(value[key])) added++;
  const out = shapedObject(keys.length + added);
  try {
    for (const key of keys) {
      const v = value[key];
      if (!visible(v)) continue;
      const c = copy(v, 1, maxDepth, undefined);
      if (key === '__proto__') Object.defineProperty(out, key, { value: c, writable: true, enumerable: true, configurable: true });
      else out[key] = c;
    }
    return out;
  } catch (e) {
    if (e === TOO_DEEP) return TOO_DEEP;
    throw e;
  }
}

/** Whether encoding/json would write this value (undefined, functions and symbols are skipped). */
function visible(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

/** A primitive as JSON writes it: non-finite numbers become null. */
function primitive(v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}

/**
 * Structural equality of two JSON values (what `apiequality.Semantic.DeepEqual`
 * decides for decoded objects): key order does not matter, a key holding
 * `undefined` equals a missing key, arrays compare item by item. Shared
 * subtrees (the same reference) are equal without being walked.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return primitive(a) === primitive(b) && a !== undefined && b !== undefined;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const u = visible(x[i]) ? x[i] : null;
      const v = visible(y[i]) ? y[i] : null;
      if (!jsonEqual(u, v)) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    const u = x[key];
    if (!visible(u)) continue;
    const v = Object.hasOwn(y, key) ? y[key] : undefined;
    if (!visible(v) || !jsonEqual(u, v)) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key) && visible(y[key])) count--;
  return count === 0;
}

/**
 * Freezes an object and everything it holds, so that code mutating a stored
 * object throws instead of silently changing what every reader sees.
 * Already-frozen subtrees (shared with an earlier revision) are skipped.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

let freezing: boolean | undefined;

/**
 * Whether the store deep-freezes what it stores: on under vitest (so a caller
 * that mutates a stored object fails loudly), off in production, where the
 * freeze would only cost time. Tests may force it either way.
 */
export function freezeStoredObjects(force?: boolean): boolean {
  if (force !== undefined) freezing = force;
  return (freezing ??= typeof process !== 'undefined' && process.env.VITEST !== undefined);
}
