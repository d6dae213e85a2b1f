/**
 * The three patch types kubectl sends: JSON merge patch (RFC 7386), JSON
 * patch (RFC 6902), and strategic merge patch (strategic-patch.ts).
 */

import { copyJson, jsonEqual, TOO_DEEP } from '../json.js';
import { strategicMergePatch } from './strategic-patch.js';
import type { PatchType } from './types.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Result of applying a patch. */
export type PatchResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * How deep a request body may nest. Go's encoding/json stops at 10000; the
 * simulation's recursive helpers (patching, validation, printers) need a lower
 * bound to answer instead of overflowing the stack.
 */
export const MAX_BODY_DEPTH = 1000;

/** Whether `value` nests objects/arrays deeper than `max` (iterative: never overflows itself). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** The value of an own property: `__proto__`, `constructor`... are ordinary keys that may be absent. */
function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Sets an own data property, even for `__proto__` (plain assignment would change the prototype). */
function setOwn(obj: Record<string, unknown> | Json[], key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** RFC 7386: objects merge recursively, null deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return clone(patch as Json);
  const out: Record<string, unknown> = isObject(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, mergePatch(own(out, k), v));
  }
  return out;
}

/**
 * `patch` of `type` applied to `target` on the client, as kubectl's
 * getPatchedJSON does for a client dry run and cmdutil.Overrider for
 * `run --overrides`; a patch that does not apply gives its error text.
 */
export function patchOfType(target: unknown, type: PatchType, patch: unknown): PatchResult {
  if (type === 'json') return jsonPatch(target, patch);
  try {
    return { ok: true, value: (type === 'merge' ? mergePatch(target, patch) : strategicMergePatch(target, patch)) as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** One RFC 6902 operation. */
interface Operation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** RFC 6902 JSON patch. */
export function jsonPatch(target: unknown, operations: unknown): PatchResult {
  // jsonpatch.DecodePatch: null decodes to an empty patch; anything but an array of objects does not decode.
  if (operations === null) return { ok: true, value: clone(target as Json) as Record<string, unknown> };
  if (!Array.isArray(operations)) return { ok: false, error: `json: cannot unmarshal ${goJsonType(operations)} into Go value of type jsonpatch.Patch` };
  const bad = operations.find((o) => o !== null && !isObject(o));
  if (bad !== undefined) return { ok: false, error: `json: cannot unmarshal ${goJsonType(bad)} into Go value of type jsonpatch.Operation` };
  let doc = clone(target as Json) as Json;
  for (const item of operations as (Record<string, unknown> | null)[]) {
    const raw: Operation = { op: typeof own(item ?? {}, 'op') === 'string' ? (own(item!, 'op') as string) : 'unknown', path: own(item ?? {}, 'path') as string, value: own(item ?? {}, 'value'), from: own(item ?? {}, 'from') as string };
    const path = parsePointer(raw.path);
    if (!path) return { ok: false, error: `invalid JSON pointer "${raw.path}"` };
    switch (raw.op) {
      case 'add':
      case 'replace': {
        const r = setAt(doc, path, clone(raw.value as Json), raw.op === 'add');
        if (!r.ok) return r;
        doc = r.value as Json;
        break;
      }
      case 'remove': {
        const r = removeAt(doc, path);
        if (!r.ok) return r;
        break;
      }
      case 'test': {
        if (!jsonEqual(getAt(doc, path), raw.value)) return { ok: false, error: `testing value ${raw.path} failed` };
        break;
      }
      case 'move':
      case 'copy': {
        // RFC 6902 4.4/4.5: the value at `from` is added at `path` (and, for move, removed from `from`).
        const from = parsePointer(raw.from);
        if (!from) return { ok: false, error: `invalid JSON pointer "${raw.from}"` };
        const value = getAt(doc, from);
        if (value === undefined) return { ok: false, error: `${raw.op} operation does not apply: doc is missing from path: ${raw.from}: missing value` };
        const copied = clone(value);
        if (raw.op === 'move') {
          const r = removeAt(doc, from);
          if (!r.ok) return r;
        }
        const r = setAt(doc, path, copied, true);
        if (!r.ok) return r;
        doc = r.value as Json;
        break;
      }
      default:
        return { ok: false, error: `Unexpected kind: ${raw.op}` };
    }
  }
  return { ok: true, value: doc as Record<string, unknown> };
}

function parsePointer(p: string | undefined): string[] | undefined {
  if (typeof p !== 'string' || (p !== '' && !p.startsWith('/'))) return undefined;
  return p === '' ? [] : p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(doc: Json, path: string[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? (/^(0|[1-9][0-9]*)$/.test(key) ? cur[Number(key)] : undefined) : (own(cur, key) as Json | undefined);
  }
  return cur;
}

function setAt(doc: Json, path: string[], value: Json, insert: boolean): PatchResult {
  if (path.length === 0) return { ok: true, value: value as Record<string, unknown> };
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) {
    const idx = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(idx) || idx < 0 || idx > parent.length) return { ok: false, error: `add operation does not apply: doc is missing path: "/${path.join('/')}": missing value` };
    if (insert) parent.splice(idx, 0, value);
    else parent[idx] = value;
  } else if (parent && typeof parent === 'object') {
    if (!insert && !Object.hasOwn(parent, last)) return { ok: false, error: `replace operation does not apply: doc is missing key: /${path.join('/')}: missing value` };
    setOwn(parent, last, value);
  } else {
    return { ok: false, error: `add operation does not apply: doc is missing path: "/${path.join('/')}": missing value` };
  }
  return { ok: true, value: doc as Record<string, unknown> };
}

function removeAt(doc: Json, path: string[]): PatchResult {
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent) && Number(last) < parent.length) parent.splice(Number(last), 1);
  else if (parent && typeof parent === 'object' && !Array.isArray(parent) && Object.hasOwn(parent, last)) delete parent[last];
  else return { ok: false, error: `remove operation does not apply: doc is missing path: "/${path.join('/')}": missing value` };
  return { ok: true, value: doc as Record<string, unknown> };
}

/** The JSON type name Go's decoder reports in `cannot unmarshal X into ...`. */
export function goJsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null || typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A JSON copy (the patch functions never change their inputs: the target may be a stored object). */
function clone<T extends Json>(v: T): T {
  const copy = copyJson(v);
  if (copy === TOO_DEEP) throw new RangeError('exceeded max depth');
  return copy;
}
