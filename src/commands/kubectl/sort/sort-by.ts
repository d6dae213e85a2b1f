/**
 * kubectl's `--sort-by` (kubectl pkg/cmd/get/sorter.go): the field is read
 * with JSONPath from each object as decoded from JSON (unstructured: integers
 * are int64, other numbers float64, timestamps plain strings), compared by
 * `isLess`, and the objects are ordered by Go's unstable `sort.Sort`
 * (go-sort.ts). An object without the field is "less" than anything — even
 * than another object without it — exactly as `RuntimeSort.Less` and
 * `TableSorter.Less` say, which is why those objects come first in an order
 * only the real algorithm reproduces.
 */
import { goSort } from './go-sort.js';
import { compareQuantities, parseGoQuantity, type QuantityValue } from './go-quantity.js';
import { JsonPathError, jsonPathValues } from '../output/jsonpath.js';
import { isPlainObject } from '../../../cluster/go-yaml/yaml.js';

/** A field value that kubectl cannot order (isLess's error); the sorter exits through klog. */
export class UnsortableError extends Error {
  constructor(
    /** isLess's error text, e.g. `unsortable type: bool`. */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A `--sort-by` that cannot sort: the error kubectl returns (printed as `error: <message>`). */
export class SortByError extends Error {}

// customcolumn.go jsonRegexp.
const JSON_REGEXP = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** customcolumn.go RelaxedJSONPathExpression: `a.b`, `.a.b`, `{a.b}` → `{.a.b}`. */
export function relaxedJsonPath(expression: string): string {
  if (expression.length === 0) return expression;
  const m = JSON_REGEXP.exec(expression);
  if (!m) throw new SortByError("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  return `{.${m[1] ?? m[2]}}`;
}

/** The Go type name of a JSON value, as `%T` prints it. */
function goType(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (isPlainObject(v)) return 'map[string]interface {}';
  return typeof v;
}

/** A JSON number decodes to int64 when its text is an integer, else float64. */
const isInt64 = (n: number): boolean => Number.isInteger(n) && !String(n).includes('e');

/** Go compares strings bytewise on UTF-8; JS compares UTF-16 code units (they differ past U+FFFF). */
function stringLess(a: string, b: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(a) && /^[\x00-\x7f]*$/.test(b)) return a < b;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0;
}

/** sorter.go isLess for two unstructured values (reflect kind Interface); `quantity` may memoize ParseQuantity. */
export function isLess(i: unknown, j: unknown, quantity: (s: string) => QuantityValue | undefined = parseGoQuantity): boolean {
  if (i === null && j === null) return false;
  if (i === null) return true;
  if (j === null) return false;
  if (typeof i === 'number') {
    if (typeof j === 'number' && isInt64(i) === isInt64(j)) return i < j;
    throw new UnsortableError('unsortable interface: interface');
  }
  if (typeof i === 'string') {
    if (typeof j !== 'string') throw new UnsortableError('unsortable interface: interface');
    const qi = quantity(i);
    const qj = qi && quantity(j);
    if (qi && qj) return compareQuantities(qi, qj) < 0;
    return stringLess(i, j);
  }
  throw new UnsortableError(`unsortable type: ${goType(i)}`);
}

/** The first value the path selects in `obj`, or undefined when it selects nothing. */
function firstValue(field: string, obj: unknown): { value: unknown } | undefined {
  const values = jsonPathValues(field, obj);
  return values.length > 0 ? { value: values[0] } : undefined;
}

/**
 * Orders `objects` by `field` (already relaxed to `{.a.b}`) as RuntimeSort /
 * TableSorter do: values read once, then Go's sort.Sort with their Less.
 * Throws UnsortableError when two compared values cannot be ordered.
 */
export function sortByField<T>(objects: readonly T[], field: string, read: (o: T) => unknown = (o) => o): T[] {
  const rows = objects.map((o) => ({ o, v: firstValue(field, read(o)) }));
  // Each comparison of two strings tries them as quantities: parse each string once.
  const parsed = new Map<string, QuantityValue | undefined>();
  const quantity = (s: string): QuantityValue | undefined => {
    if (!parsed.has(s)) parsed.set(s, parseGoQuantity(s));
    return parsed.get(s);
  };
  goSort({
    length: rows.length,
    less: (a, b) => {
      const x = rows[a].v;
      const y = rows[b].v;
      if (x === undefined) return true;
      if (y === undefined) return false;
      return isLess(x.value, y.value, quantity);
    },
    swap: (a, b) => {
      const t = rows[a];
      rows[a] = rows[b];
      rows[b] = t;
    },
  });
  return rows.map((r) => r.o);
}

/** True when the path selects a value in at least one object (the "fieldFoundOnce" check). */
export function fieldFoundOnce(objects: readonly unknown[], field: string): boolean {
  return objects.some((o) => firstValue(field, o) !== undefined);
}

/**
 * SortObjects (the `-o yaml|json|name|jsonpath|…` path): relax the path,
 * parse it, require it in at least one object, then sort. Errors are
 * SortByError with kubectl's message.
 */
export function sortObjectsLikeKubectl<T>(objects: readonly T[], sortBy: string): T[] {
  const field = relaxedJsonPath(sortBy);
  try {
    if (!fieldFoundOnce(objects, field)) throw new SortByError(`couldn't find any field with path "${field}" in the list of objects`);
  } catch (e) {
    if (e instanceof JsonPathError) throw new SortByError(e.message);
    throw e;
  }
  return sortByField(objects, field);
}
