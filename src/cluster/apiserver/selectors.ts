/**
 * Label and field selectors: the string forms kubectl sends (`-l`,
 * `--field-selector`) and the structured LabelSelector of workloads.
 */
import type { KubeObject } from './types.js';

/** A compiled selector: does it match this object? */
export type ObjectMatcher = (object: KubeObject) => boolean;

/** Result of parsing a selector string. */
export type SelectorParse = { ok: true; match: ObjectMatcher } | { ok: false; error: string };

type Requirement = (labels: Record<string, string>) => boolean;

/** Whether the label is set: an own key only (`constructor`, `__proto__` are ordinary label keys). */
function hasLabel(labels: Record<string, string>, key: string): boolean {
  return Object.hasOwn(labels, key);
}

/** A label's value, or undefined when it is not set. */
function labelValue(labels: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(labels, key) ? labels[key] : undefined;
}

/**
 * Parses a label selector string: `a=b`, `a==b`, `a!=b`, `a in (x,y)`,
 * `a notin (x)`, `a`, `!a`, comma-separated (AND).
 */
export function parseLabelSelector(text: string): SelectorParse {
  const reqs: Requirement[] = [];
  for (const part of splitTopLevel(text)) {
    const p = part.trim();
    if (p === '') continue;
    let m: RegExpMatchArray | null;
    if ((m = p.match(/^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/))) {
      const [, key, op, vals] = m;
      const set = new Set(vals.split(',').map((v) => v.trim()));
      reqs.push(op === 'in' ? (l) => hasLabel(l, key) && set.has(l[key]) : (l) => !hasLabel(l, key) || !set.has(l[key]));
    } else if ((m = p.match(/^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/))) {
      const [, key, op, value] = m;
      reqs.push(op === '!=' ? (l) => labelValue(l, key) !== value : (l) => labelValue(l, key) === value);
    } else if ((m = p.match(/^!([\w./-]+)$/))) {
      const key = m[1];
      reqs.push((l) => !hasLabel(l, key));
    } else if ((m = p.match(/^[\w./-]+$/))) {
      const key = p;
      reqs.push((l) => hasLabel(l, key));
    } else {
      return { ok: false, error: `unable to parse requirement: <nil>: Invalid value: "${p}": found '${p}', expected: identifier` };
    }
  }
  return { ok: true, match: (obj) => reqs.every((r) => r(obj.metadata.labels ?? {})) };
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

/** A structured metav1.LabelSelector. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** Does a structured LabelSelector match these labels? An empty selector matches everything. */
export function matchesLabelSelector(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labelValue(l, k) !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = hasLabel(l, e.key);
    const values = e.values ?? [];
    if (e.operator === 'In' && !(has && values.includes(l[e.key]))) return false;
    if (e.operator === 'NotIn' && has && values.includes(l[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** Does a plain map selector (Service.spec.selector) match? An empty map matches nothing. */
export function matchesMapSelector(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  const l = labels ?? {};
  return Object.entries(selector).every(([k, v]) => labelValue(l, k) === v);
}

/** Fields each resource supports in field selectors (beyond metadata.name/namespace). */
const FIELD_PATHS: Record<string, string[]> = {
  pods: ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'status.phase', 'status.podIP', 'status.nominatedNodeName'],
  events: ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type'],
  nodes: ['spec.unschedulable'],
  namespaces: ['status.phase'],
  secrets: ['type'],
  replicasets: ['status.replicas'],
};

/** Parses a field selector (`a=b`, `a==b`, `a!=b`, comma-separated) for a resource. */
export function parseFieldSelector(resource: string, text: string): SelectorParse {
  const allowed = new Set(['metadata.name', 'metadata.namespace', ...(FIELD_PATHS[resource] ?? [])]);
  const reqs: ObjectMatcher[] = [];
  for (const raw of text.split(',')) {
    const p = raw.trim();
    if (p === '') continue;
    const m = p.match(/^([\w.]+)\s*(==|=|!=)\s*(.*)$/);
    if (!m) return { ok: false, error: `invalid selector: '${text}'; can't understand '${p}'` };
    const [, path, op, value] = m;
    if (!allowed.has(path)) return { ok: false, error: `field label not supported: ${path}` };
    reqs.push((obj) => {
      const actual = fieldValue(obj, path);
      return op === '!=' ? actual !== value : actual === value;
    });
  }
  return { ok: true, match: (obj) => reqs.every((r) => r(obj)) };
}

/**
 * The value a field selector requires `path` to equal (fields.Selector
 * RequiresExactMatch: a `path=value` or `path==value` term), if it has one.
 */
export function exactFieldValue(text: string, path: string): string | undefined {
  for (const raw of text.split(',')) {
    const m = raw.trim().match(/^([\w.]+)\s*(==|=|!=)\s*(.*)$/);
    if (m && m[1] === path && m[2] !== '!=') return m[3];
  }
  return undefined;
}

/** The string a field selector compares for `path` ('' when the field is unset). */
export function fieldValue(obj: KubeObject, path: string): string {
  if (path === 'source') return String(((obj as Record<string, any>).source ?? {}).component ?? '');
  let cur: unknown = obj;
  for (const key of pathKeys(path)) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = Object.hasOwn(cur, key) ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return cur === undefined || cur === null ? '' : String(cur);
}

/** Field paths split once (watch filters and the pod index read `spec.nodeName` on every write). */
const splitPaths = new Map<string, string[]>();

function pathKeys(path: string): string[] {
  let keys = splitPaths.get(path);
  if (!keys) {
    keys = path.split('.');
    // Paths come from a fixed list per resource (parseFieldSelector refuses the rest): the map stays small.
    if (splitPaths.size < 256) splitPaths.set(path, keys);
  }
  return keys;
}
