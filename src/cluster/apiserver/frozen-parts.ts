/**
 * Parts of a request body the API server may keep instead of copying. Decoding a
 * request makes the server its own copy (copyJson); a frozen plain object whose
 * values are all strings is already what that copy would be and can never change,
 * so the stored object may share it (an event's involvedObject and source, made
 * frozen by the event recorder and shared by the events of one object).
 */

/**
 * The objects {@link isFrozenStrings} has said yes to. A frozen object cannot change (its
 * keys, values and prototype are fixed), so a yes holds for as long as it lives; a no is
 * never remembered (an object may be frozen later). Many events share one involvedObject
 * and one source, so most checks are a lookup here instead of a walk of the keys.
 */
const confirmed = new WeakSet<object>();

/** Whether `value` is a frozen plain object of strings only (immutable, and its own JSON copy). */
export function isFrozenStrings(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (confirmed.has(value)) return true;
  if (!Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || typeof (value as Record<string, unknown>)[key] !== 'string') return false;
  }
  confirmed.add(value);
  return true;
}

/**
 * A copyJson base holding the values of `keys` in `body` that are frozen objects of
 * strings (copyJson keeps a value identical to its base), or undefined if there are none.
 */
export function frozenStringParts(body: object, keys: readonly string[]): Record<string, unknown> | undefined {
  let base: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (!Object.hasOwn(body, key)) continue;
    const value = (body as Record<string, unknown>)[key];
    if (isFrozenStrings(value)) (base ??= {})[key] = value;
  }
  return base;
}
