/**
 * The key order Go's encoding/json gives a typed object: each struct's fields
 * in declaration order (API_STRUCTS, generated from k8s.io/api), map keys
 * sorted. kubectl prints objects it built itself (a client dry run) typed,
 * and objects it read unstructured (sorted throughout).
 */
import { API_KINDS, API_STRUCTS } from '../../../cluster/apiserver/api-types.generated.js';
import { sortedKeys, type KeyOrder } from './json.js';

type Obj = Record<string, unknown>;

function present(o: Obj): string[] {
  return Object.keys(o).filter((k) => o[k] !== undefined);
}

/** The key order of every object inside `obj`, by its type; keys of a value with no known type are sorted. */
export function typedKeyOrder(obj: Obj): KeyOrder {
  const orders = new WeakMap<object, string[]>();
  const walk = (v: unknown, type: string | undefined): void => {
    if (v === null || typeof v !== 'object' || type === undefined) return;
    if (Array.isArray(v)) {
      if (type.startsWith('[]')) for (const item of v) walk(item, type.slice(2));
      return;
    }
    const o = v as Obj;
    if (type.startsWith('map[')) {
      const valueType = type.slice(type.indexOf(']') + 1);
      for (const k of present(o)) walk(o[k], valueType);
      return;
    }
    const fields = Object.hasOwn(API_STRUCTS, type) ? API_STRUCTS[type] : undefined;
    if (!fields) return;
    const keys = present(o);
    const known = Object.keys(fields).filter((k) => keys.includes(k));
    // Keys the struct lacks (none in what kubectl builds) follow, sorted as a map's.
    orders.set(o, [...known, ...keys.filter((k) => !Object.hasOwn(fields, k)).sort()]);
    for (const k of known) walk(o[k], fields[k]);
  };
  walk(obj, API_KINDS[`${String(obj.apiVersion)}/${String(obj.kind)}`]);
  return (o) => orders.get(o) ?? sortedKeys(o);
}
