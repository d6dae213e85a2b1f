/**
 * Parts of a request body the API server may keep instead of copying. Decoding a
 * request makes the server its own copy (copyJson); a frozen plain object whose
 * values are all strings is already what that copy would be and can never change,
 * so the stored object may share it (an event's involvedObject and source, made
 * frozen by the event recorder and shared by the events of one object).
 */

/** Whether `value` is a frozen plain object of strings only (immutable, and its own JSON copy). */
export function isFrozenStrings(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return false;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || typeof (value as Record<string, unknown>)[key] !== 'string') return false;
  }
  return true;
}

/**
 * One key of request bodies whose value the server keeps (as copyJson's base: a value
 * identical to its base is not copied) when it is an own value of the body and a frozen
 * object of strings ({@link isFrozenStrings}), remembering the last value found to be
 * one. A frozen object cannot change (its keys, values and prototype are fixed), so
 * that answer holds for as long as it is held; nothing else is remembered.
 * Consecutive events often carry the same parts (a kubelet's `source`; Pulled, Created
 * and Started share the pod's involvedObject): at 100 nodes about half the
 * involvedObjects and 70% of the sources are the last one seen. One slot, not a
 * WeakSet: most involvedObjects are seen once or twice, and adding each to a weak
 * table cost more than walking its keys.
 */
export class FrozenPart {
  private last: unknown = undefined;

  constructor(readonly key: string) {}

  /** `body[key]` if it is a frozen object of strings, else undefined. */
  of(body: object): unknown {
    if (!Object.hasOwn(body, this.key)) return undefined;
    const value = (body as Record<string, unknown>)[this.key];
    if (value === undefined) return undefined;
    if (value === this.last) return value;
    if (!isFrozenStrings(value)) return undefined;
    this.last = value;
    return value;
  }
}
