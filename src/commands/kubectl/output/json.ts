/**
 * `kubectl -o json`: Go encoding/json MarshalIndent(obj, "", "    ") of the unstructured object
 * (cli-runtime pkg/printers/json.go): 4-space indent, map keys in byte order, HTML-safe escaping.
 */
import { asList } from '../../../cluster/go-yaml/yaml.js';

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Go's string escaping: JSON.stringify plus `<`, `>`, `&`, U+2028, U+2029 as \u escapes. */
export function goJsonString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** How an object's keys are ordered: unstructured objects (`get -o json`) sort them; a typed one keeps its struct's order. */
export type KeyOrder = (o: Record<string, unknown>) => string[];

export const sortedKeys: KeyOrder = (o) =>
  Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort(byteOrder);

function encode(v: unknown, indent: string, out: string[], order: KeyOrder = sortedKeys): void {
  if (v === null || v === undefined) {
    out.push('null');
  } else if (typeof v === 'string') {
    out.push(goJsonString(v));
  } else if (typeof v === 'number' || typeof v === 'boolean') {
    out.push(JSON.stringify(v));
  } else if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push('[]');
      return;
    }
    const inner = indent + '    ';
    out.push('[\n');
    v.forEach((item, i) => {
      out.push(inner);
      encode(item, inner, out, order);
      out.push(i < v.length - 1 ? ',\n' : '\n');
    });
    out.push(`${indent}]`);
  } else if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = order(o);
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    const inner = indent + '    ';
    out.push('{\n');
    keys.forEach((k, i) => {
      out.push(`${inner}${goJsonString(k)}: `);
      encode(o[k], inner, out, order);
      out.push(i < keys.length - 1 ? ',\n' : '\n');
    });
    out.push(`${indent}}`);
  } else {
    out.push(JSON.stringify(String(v)));
  }
}

/** Go's json.Marshal of decoded JSON: compact, map keys in byte order, HTML-safe escaping, no newline. */
export function toCompactJson(v: unknown, order: KeyOrder = sortedKeys): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((item) => toCompactJson(item, order)).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${order(o).map((k) => `${goJsonString(k)}:${toCompactJson(o[k], order)}`).join(',')}}`;
  }
  return JSON.stringify(String(v));
}

/**
 * Serializes a value as `kubectl -o json` does; ends with a newline. An
 * object kubectl built itself (a client dry run) is a typed one: its keys
 * come in `order` (typed-order.ts), as Go's json.MarshalIndent gives them.
 */
export function toJson(obj: unknown, order: KeyOrder = sortedKeys): string {
  const out: string[] = [];
  encode(obj, '', out, order);
  return out.join('') + '\n';
}

/** `-o json` of one object, or of a List when given several. */
export function printJson(objects: unknown | readonly unknown[]): string {
  return toJson(Array.isArray(objects) ? asList(objects) : objects);
}

