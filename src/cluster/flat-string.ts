/**
 * Strings that are kept for the life of an object (uids, timestamps, keys,
 * event messages) built as one flat string. V8 represents `a + b` and a
 * template literal as a rope (a cons string: a 32-byte node per `+` plus its
 * pieces) once the result is 13 characters or longer, and a rope stays a rope
 * for as long as something holds it: a 36-character uid built from six pieces
 * costs ~400 bytes instead of ~56. `Array.prototype.join` of two or more
 * pieces copies them into one new sequential string.
 */

/** `parts.join('')` as one flat string (same value as concatenating them). */
export function flatConcat(...parts: string[]): string {
  return parts.join('');
}

/**
 * The same value as one flat string. A string that may be a rope (built by
 * `+` or a template literal elsewhere) is copied once; a short one is
 * returned as it is (V8 never makes ropes under 13 characters).
 */
export function flatten(s: string): string {
  return s.length < 13 ? s : [s.slice(0, 1), s.slice(1)].join('');
}

/**
 * Interns strings that many objects hold with the same value (an image name,
 * `spec.containers{web}`, `Started container web`): one shared flat copy per
 * value instead of one per object. Bounded: when full it starts over, which
 * only costs a few duplicates, never a different value.
 */
export class StringInterner {
  private readonly table = new Map<string, string>();

  constructor(private readonly capacity = 4096) {}

  /** The shared copy of `s` (equal to `s`). */
  intern(s: string): string {
    const known = this.table.get(s);
    if (known !== undefined) return known;
    if (this.table.size >= this.capacity) this.table.clear();
    const flat = flatten(s);
    this.table.set(flat, flat);
    return flat;
  }
}

/** The simulation's interner for values repeated across objects (image names and ids, event texts). */
const shared = new StringInterner(8192);

/** The shared flat copy of `s` (equal to `s`); see {@link StringInterner}. */
export function intern(s: string): string {
  return shared.intern(s);
}
