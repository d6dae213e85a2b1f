/**
 * `JSON.stringify(value).length` without building the string. etcd's quota
 * charges a value by its size, and the API server sizes every object it
 * creates; the text itself was made only to be measured and thrown away.
 *
 * It follows JSON.stringify's SerializeJSONProperty (ECMA-262 25.5.2.2) step
 * by step: toJSON called with the key the value is held under, boxed
 * primitives as what they hold, undefined / functions / symbols left out of
 * objects and written `null` in arrays, non-finite numbers `null`, -0 `0`,
 * strings quoted as well-formed JSON.stringify quotes them (ES2019: a lone
 * surrogate is a `\uXXXX` escape), a BigInt a TypeError. Cycles are not
 * detected (stored objects have none): they overflow the stack where JSON
 * throws a TypeError.
 */

/** The length of `JSON.stringify(value)`, or undefined where JSON.stringify returns undefined. */
export function jsonLength(value: unknown): number | undefined {
  const n = propertyLength(value, '');
  return n < 0 ? undefined : n;
}

/**
 * SerializeJSONProperty's length for `value` held under `key` (an array
 * index is passed as a number and made a string only for a toJSON call);
 * -1 for a value JSON leaves out. Plain records, arrays and strings, nearly
 * all of a stored object, are measured here without a second dispatch.
 */
function propertyLength(value: unknown, key: string | number): number {
  if (typeof value === 'string') return quotedLength(value);
  if (typeof value !== 'object' && typeof value !== 'bigint') return serializedLength(value);
  if (value === null) return 4;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return serializedLength(toJSON.call(value, String(key)));
  if (typeof value === 'bigint') return serializedLength(value);
  if (Array.isArray(value)) return arrayLength(value);
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? recordLength(value) : otherObjectLength(value);
}

/** The length of a value after its toJSON step (or with none). */
function serializedLength(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return quotedLength(value);
    case 'number':
      return numberLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      if (value === null) return 4;
      return Array.isArray(value) ? arrayLength(value) : otherObjectLength(value);
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return -1;
  }
}

/**
 * An object's own enumerable string-keyed properties, in their order (what
 * JSON's EnumerableOwnProperties lists). for-in walks the same keys in the
 * same order, plus any inherited enumerable ones, which the own check drops;
 * V8 reads the values through the map's enum cache, where Object.keys would
 * allocate an array per object.
 */
function recordLength(value: object): number {
  let n = 1;
  let members = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = propertyLength((value as Record<string, unknown>)[key], key);
    if (v < 0) continue;
    n += quotedLength(key) + 1 + v;
    members++;
  }
  return n + (members === 0 ? 1 : members);
}

function arrayLength(list: readonly unknown[]): number {
  const length = list.length;
  if (length === 0) return 2;
  let n = 1 + length;
  for (let i = 0; i < length; i++) {
    const v = propertyLength(list[i], i);
    n += v < 0 ? 4 : v;
  }
  return n;
}

/** An object with another prototype (a class instance, a boxed primitive): a boxed primitive is written as what it holds. */
function otherObjectLength(value: object): number {
  // JSON converts an object with [[NumberData]] by ToNumber, [[StringData]] by ToString, and reads [[BooleanData]].
  if (holds(value, Number.prototype.valueOf)) return numberLength(Number(value));
  if (holds(value, String.prototype.valueOf)) return quotedLength(String(value));
  if (holds(value, Boolean.prototype.valueOf)) return Boolean.prototype.valueOf.call(value) ? 4 : 5;
  if (holds(value, BigInt.prototype.valueOf)) throw new TypeError('Do not know how to serialize a BigInt');
  return recordLength(value);
}

/** Whether `value` has the internal slot `valueOf` reads (a boxed primitive of that type). */
function holds(value: object, valueOf: () => unknown): boolean {
  try {
    valueOf.call(value);
    return true;
  } catch {
    return false;
  }
}

/** A number as JSON writes it: Number::toString, `null` when not finite (-0 is `0`). */
function numberLength(v: number): number {
  if ((v | 0) === v) {
    // An int32 (-0 included: written `0`): its digits counted, no text made.
    let n = v < 0 ? 2 : 1;
    let a = v < 0 ? -v : v;
    while (a >= 10) {
      a = (a / 10) | 0;
      n++;
    }
    return n;
  }
  return Number.isFinite(v) ? String(v).length : 4;
}

/**
 * A string quoted as JSON.stringify quotes it: `"`, `\` and the short
 * escapes (\b \t \n \f \r) take two characters, other control characters
 * and lone surrogates six (`\u001f`, `\udc00`), a surrogate pair stays two.
 */
export function quotedLength(s: string): number {
  const length = s.length;
  let n = length + 2;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) continue;
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) n += 1;
    else if (c < 0x20) n += 5;
    else if (c <= 0xdbff && i + 1 < length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) i++;
    else n += 5;
  }
  return n;
}
