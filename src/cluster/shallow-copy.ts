/**
 * `{ ...base, ...extra }` for plain JSON objects, built so that copies share
 * their hidden class. V8 (Node 20) gives every result of an object spread at
 * a call site that has seen many shapes (a megamorphic CloneObjectIC) a hidden
 * class of its own: some 300-500 bytes of map and descriptors per object, and
 * a megamorphic miss on every read of it. Adding the keys one by one to `{}`
 * walks the shared transition tree instead, into an object sized for the
 * keys it gets (shaped-object.ts).
 */

import { shapedObject } from './shaped-object.js';

/** A shallow copy of `base` with `extra`'s keys set, in the key order a spread gives. */
export function spreadWith<T extends object = Record<string, unknown>>(base: object, extra: object): T {
  const baseKeys = Object.keys(base);
  const extraKeys = Object.keys(extra);
  let added = 0;
  for (const key of extraKeys) if (!Object.hasOwn(base, key)) added++;
  const out = shapedObject(baseKeys.length + added);
  copyInto(out, base, baseKeys);
  copyInto(out, extra, extraKeys);
  return out as T;
}

/**
 * A shallow copy of `base` sized for `keys` as well (keys about to be set on
 * it that it may lack), so that setting them needs no property array.
 */
export function copyWithRoomFor<T extends object = Record<string, unknown>>(base: object, keys: readonly string[]): T {
  const baseKeys = Object.keys(base);
  let added = 0;
  for (const key of keys) if (!Object.hasOwn(base, key)) added++;
  const out = shapedObject(baseKeys.length + added);
  copyInto(out, base, baseKeys);
  return out as T;
}

function copyInto(out: Record<string, unknown>, from: object, keys: readonly string[]): void {
  for (const key of keys) {
    const value = (from as Record<string, unknown>)[key];
    // A spread defines `__proto__` as an own key; assigning it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    else out[key] = value;
  }
}
