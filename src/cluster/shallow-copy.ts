/**
 * `{ ...base, ...extra }` for plain JSON objects, built so that copies share
 * their hidden class. V8 (Node 20) gives every result of an object spread at
 * a call site that has seen many shapes (a megamorphic CloneObjectIC) a hidden
 * class of its own: some 300-500 bytes of map and descriptors per object, and
 * a megamorphic miss on every read of it. Adding the keys one by one to `{}`
 * walks the shared transition tree instead.
 */

/** A shallow copy of `base` with `extra`'s keys set, in the key order a spread gives. */
export function spreadWith<T extends object = Record<string, unknown>>(base: object, extra: object): T {
  const out: Record<string, unknown> = {};
  copyInto(out, base);
  copyInto(out, extra);
  return out as T;
}

function copyInto(out: Record<string, unknown>, from: object): void {
  for (const key of Object.keys(from)) {
    const value = (from as Record<string, unknown>)[key];
    // A spread defines `__proto__` as an own key; assigning it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    else out[key] = value;
  }
}
