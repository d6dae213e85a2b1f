/**
 * kubectl's JSONPath subset (k8s.io/client-go util/jsonpath): `{.a.b}`, `{.items[*].x}`,
 * `[n]`, `[a:b]`, `['key']`, `..x`, `*`, filters `[?(@.type=="Ready")]`, `{range ...}{end}`,
 * string literals like `{"\n"}`, and plain text. kubectl get allows missing keys (prints nothing).
 * Several results of one expression print space-separated.
 */
import { isPlainObject } from '../../../cluster/go-yaml/yaml.js';

type Segment =
  | { kind: 'field'; name: string; recursive: boolean }
  | { kind: 'wildcard'; recursive: boolean }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start?: number; end?: number }
  | { kind: 'filter'; left: Segment[]; op?: string; right?: string | number | boolean };

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'path'; path: Segment[] }
  | { kind: 'range'; path: Segment[]; body: Node[] };

/** A template that failed to parse, with kubectl's wording where known. */
export class JsonPathError extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/**
 * A quoted string literal as client-go's UnquoteExtend reads it (Go's
 * strconv.UnquoteChar for each character, in "..." or '...'): `\x1b`, `\033`,
 * `\u00e9` give those characters; anything else after a backslash is
 * `invalid syntax`, reported as `unquote string <s> error invalid syntax`.
 */
function unquote(s: string): string {
  const fail = (): never => {
    throw new JsonPathError(`unquote string ${s} error invalid syntax`);
  };
  const quote = s[0];
  if (s.length < 2 || (quote !== '"' && quote !== "'") || s[s.length - 1] !== quote) fail();
  const body = s.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === quote) fail();
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    if (e === undefined) fail();
    if (e in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[e];
    else if (e === quote) out += e;
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + n);
      if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(hex)) fail();
      const code = parseInt(hex, 16);
      // Go: surrogate halves and code points past U+10FFFF are not valid runes.
      if (e !== 'x' && (code > 0x10ffff || (code >= 0xd800 && code < 0xe000))) fail();
      out += String.fromCodePoint(code);
      i += n;
    } else if (e >= '0' && e <= '7') {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) fail();
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else fail();
  }
  return out;
}

function parsePath(src: string): Segment[] {
  const segs: Segment[] = [];
  let i = 0;
  const s = src.trim();
  if (s === '' || s === '@' || s === '$') return segs;
  if (s[0] === '$' || s[0] === '@') i = 1;
  while (i < s.length) {
    if (s[i] === '.') {
      const recursive = s[i + 1] === '.';
      i += recursive ? 2 : 1;
      if (s[i] === '*') {
        segs.push({ kind: 'wildcard', recursive });
        i++;
        continue;
      }
      const m = /^[^.[\]\s]*/.exec(s.slice(i))!;
      if (m[0] !== '') segs.push({ kind: 'field', name: m[0], recursive });
      else if (recursive && s[i] === '[') segs.push({ kind: 'wildcard', recursive: true });
      i += m[0].length;
    } else if (s[i] === '[') {
      let depth = 0;
      let j = i;
      let quote = '';
      for (; j < s.length; j++) {
        const c = s[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '[') depth++;
        else if (c === ']' && --depth === 0) break;
      }
      // client-go parser.go parseArray: the input ended before `]`.
      if (j >= s.length) throw new JsonPathError('unterminated array');
      const inner = s.slice(i + 1, j).trim();
      i = j + 1;
      if (inner === '*') segs.push({ kind: 'wildcard', recursive: false });
      else if (/^-?\d+$/.test(inner)) segs.push({ kind: 'index', index: Number(inner) });
      else if (/^-?\d*:-?\d*(:\d*)?$/.test(inner)) {
        const [a, b] = inner.split(':');
        segs.push({ kind: 'slice', start: a === '' ? undefined : Number(a), end: b === '' ? undefined : Number(b) });
      } else if (/^['"].*['"]$/.test(inner)) segs.push({ kind: 'field', name: unquote(inner), recursive: false });
      else if (inner.startsWith('?(') && inner.endsWith(')')) {
        const expr = inner.slice(2, -1).trim();
        const m = /^(@[^=!<>\s]*)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
        if (!m) segs.push({ kind: 'filter', left: parsePath(expr) });
        else {
          const raw = m[3].trim();
          const right = /^['"]/.test(raw) ? unquote(raw) : raw === 'true' || raw === 'false' ? raw === 'true' : Number(raw);
          segs.push({ kind: 'filter', left: parsePath(m[1]), op: m[2], right });
        }
      } else throw new JsonPathError(`unrecognized identifier ${inner}`);
    } else {
      const m = /^[^.[\]\s]+/.exec(s.slice(i));
      if (!m) throw new JsonPathError(`unrecognized character in action: ${s[i]}`);
      segs.push({ kind: 'field', name: m[0], recursive: false });
      i += m[0].length;
    }
  }
  return segs;
}

/** Parses a kubectl JSONPath template. */
export function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      stack.at(-1)!.push({ kind: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) stack.at(-1)!.push({ kind: 'text', text: template.slice(i, open) });
    let j = open + 1;
    let quote = '';
    for (; j < template.length; j++) {
      const c = template[j];
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '}') break;
    }
    if (j >= template.length) throw new JsonPathError('unclosed action');
    const action = template.slice(open + 1, j).trim();
    i = j + 1;
    if (action.startsWith('range ')) {
      const node: Node = { kind: 'range', path: parsePath(action.slice(6)), body: [] };
      stack.at(-1)!.push(node);
      stack.push(node.body);
    } else if (action === 'end') {
      if (stack.length === 1) throw new JsonPathError('not in range, nothing to end');
      stack.pop();
    } else if (/^(".*"|'.*')$/s.test(action)) {
      stack.at(-1)!.push({ kind: 'text', text: unquote(action) });
    } else {
      stack.at(-1)!.push({ kind: 'path', path: parsePath(action) });
    }
  }
  return root;
}

function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v)) return Object.keys(v).sort().map((k) => v[k]);
  return [];
}

function descendants(v: unknown): unknown[] {
  const out: unknown[] = [v];
  for (const c of children(v)) out.push(...descendants(c));
  return out;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case '==':
      return a === b || (typeof b === 'number' && Number(a) === b);
    case '!=':
      return !(a === b || (typeof b === 'number' && Number(a) === b));
    case '<':
      return Number(a) < Number(b);
    case '>':
      return Number(a) > Number(b);
    case '<=':
      return Number(a) <= Number(b);
    default:
      return Number(a) >= Number(b);
  }
}

/** Evaluates a parsed path against `root`, returning every match. */
function evalPath(path: Segment[], root: unknown): unknown[] {
  let cur: unknown[] = [root];
  for (const seg of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      const pool = 'recursive' in seg && seg.recursive ? descendants(v) : [v];
      for (const p of pool) {
        switch (seg.kind) {
          case 'field':
            // Own keys only: `{.constructor}` names a field the object does not have.
            if (isPlainObject(p) && Object.hasOwn(p, seg.name) && p[seg.name] !== undefined) next.push(p[seg.name]);
            break;
          case 'wildcard':
            next.push(...children(p));
            break;
          case 'index':
            if (Array.isArray(p)) {
              const i = seg.index < 0 ? p.length + seg.index : seg.index;
              if (i >= 0 && i < p.length) next.push(p[i]);
            }
            break;
          case 'slice':
            if (Array.isArray(p)) next.push(...p.slice(seg.start, seg.end));
            break;
          case 'filter':
            for (const item of Array.isArray(p) ? p : [p]) {
              const left = evalPath(seg.left, item);
              if (seg.op === undefined ? left.length > 0 : left.some((l) => compare(l, seg.op!, seg.right))) next.push(item);
            }
            break;
        }
      }
    }
    cur = next;
  }
  return cur;
}

/** Go's text for one JSONPath result: strings raw, collections as compact JSON. */
function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') return JSON.stringify(sortDeep(v));
  return String(v);
}

const sortDeep = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortDeep) : isPlainObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep(v[k])])) : v;

function run(nodes: Node[], data: unknown): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'path') out += evalPath(n.path, data).map(valueText).join(' ');
    else for (const item of evalPath(n.path, data).flatMap((r) => (Array.isArray(r) ? r : [r]))) out += run(n.body, item);
  }
  return out;
}

/** Renders `template` against `data` as `kubectl get -o jsonpath=...` does (no trailing newline added). */
export function printJsonPath(template: string, data: unknown): string {
  return run(parseTemplate(template), data);
}

/** Every value the expression (e.g. `.spec.nodeName` or `{.spec.nodeName}`) selects in `data`. */
export function jsonPathValues(expression: string, data: unknown): unknown[] {
  let e = expression.trim();
  if (e.startsWith('{') && e.endsWith('}')) e = e.slice(1, -1);
  return evalPath(parsePath(e), data);
}
