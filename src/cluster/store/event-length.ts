/**
 * `JSON.stringify(event).length` for the Events the API server creates,
 * without making the text. etcd's quota charges a created value by its
 * size, and events are most of the objects created (10,482 of 13,019 in the
 * 100-node warm-up): the text, some 740 characters and twice that in the
 * string builder's parts, was made only to be measured and thrown away, a
 * quarter of all the memory recording an event allocated.
 *
 * Only what an event body is made of is measured here: plain objects (own
 * enumerable keys, Object.prototype, no toJSON) of strings, finite or other
 * numbers, booleans, null and undefined. Anything else (an array, a toJSON,
 * a BigInt, another prototype) answers undefined, and the caller measures
 * the text (a learner's event may carry anything). A frozen object of
 * primitives (the recorder's involvedObject and source, shared by the
 * events about one object) is measured once while it is the last seen under
 * its key: frozen, it cannot change.
 *
 * A JavaScript walk over every stored object was slower than the native
 * serializer (the many shapes of pods and the rest make it megamorphic; see
 * docs/performance.md, ninth round): this one sees events only.
 */

/** A character JSON.stringify writes as an escape: `"`, `\`, a control character, a surrogate (paired ones are checked again). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(s).length. */
function stringLength(s: string): number {
  return ESCAPED.test(s) ? JSON.stringify(s).length : s.length + 2;
}

/** How many key lengths are kept (event bodies use a few dozen keys). */
const MAX_KEYS = 512;

/** Measures events; one per store (it remembers the last frozen parts and the keys' lengths). */
export class EventLength {
  /** `"key":` lengths by key. */
  private readonly keys = new Map<string, number>();
  /** The frozen object of primitives measured last under `involvedObject`, and its length. */
  private involvedObject: object | undefined;
  private involvedObjectLength = 0;
  /** The same for any other key (an event's `source`). */
  private other: object | undefined;
  private otherLength = 0;

  /** JSON.stringify(event).length, or undefined for a value this does not measure (see above). */
  of(event: object): number | undefined {
    const n = this.objectLength(event, 0);
    return n < 0 ? undefined : n;
  }

  /** The JSON length of a plain object, -1 if it holds what is not measured here; `depth` bounds the walk. */
  private objectLength(o: object, depth: number): number {
    if (Object.getPrototypeOf(o) !== Object.prototype || typeof (o as { toJSON?: unknown }).toJSON === 'function' || depth > 64) return -1;
    // `{` and `}`, and per member its key, colon, value and a comma (one too many: the closing brace takes its place).
    let n = 1;
    let members = 0;
    for (const key in o) {
      if (!Object.hasOwn(o, key)) return -1;
      const v: unknown = (o as Record<string, unknown>)[key];
      let length: number;
      switch (typeof v) {
        case 'string':
          length = stringLength(v);
          break;
        case 'number':
          length = Number.isFinite(v) ? String(v).length : 4;
          break;
        case 'boolean':
          length = v ? 4 : 5;
          break;
        case 'undefined':
        case 'function':
        case 'symbol':
          continue;
        case 'object':
          if (v === null) length = 4;
          else if (Array.isArray(v)) return -1;
          else length = this.memberObjectLength(key, v, depth);
          if (length < 0) return -1;
          break;
        default:
          return -1;
      }
      n += this.keyLength(key) + length + 1;
      members++;
    }
    return members === 0 ? 2 : n;
  }

  /** An object member's length: a frozen object of primitives measured last under its key is not walked again. */
  private memberObjectLength(key: string, v: object, depth: number): number {
    const involved = key === 'involvedObject';
    if (v === (involved ? this.involvedObject : this.other)) return involved ? this.involvedObjectLength : this.otherLength;
    const length = this.objectLength(v, depth + 1);
    if (length >= 0 && Object.isFrozen(v) && primitivesOnly(v)) {
      if (involved) {
        this.involvedObject = v;
        this.involvedObjectLength = length;
      } else {
        this.other = v;
        this.otherLength = length;
      }
    }
    return length;
  }

  /** `"key":`'s length. */
  private keyLength(key: string): number {
    let n = this.keys.get(key);
    if (n === undefined) {
      if (this.keys.size >= MAX_KEYS) this.keys.clear();
      n = stringLength(key) + 1;
      this.keys.set(key, n);
    }
    return n;
  }
}

/** Whether every own value of `o` is a primitive (so a frozen `o` is frozen all through). */
function primitivesOnly(o: object): boolean {
  for (const key in o) {
    const v: unknown = (o as Record<string, unknown>)[key];
    if (v !== null && (typeof v === 'object' || typeof v === 'function')) return false;
  }
  return true;
}
