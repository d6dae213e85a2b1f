/**
 * kubectl's JSONPath templates (k8s.io/client-go/util/jsonpath: parser.go,
 * jsonpath.go), as `-o jsonpath=`, `custom-columns` and `--sort-by` use them:
 * `{.items[*].metadata.name}`, `{range .items[*]}{.metadata.name}{"\n"}{end}`,
 * `[?(@.type=="Ready")]`, `..name`, `[0]`, `[1:3]`, `['key.with.dots']`.
 * Missing keys yield nothing (kubectl's --allow-missing-template-keys=true).
 */

type Segment = { kind: 'text'; text: string } | { kind: 'action'; expr: string };

/** Splits a template into literal text and `{...}` actions (braces inside quotes don't count). */
function segments(template: string): Segment[] | string {
  const out: Segment[] = [];
  let i = 0;
  let text = '';
  while (i < template.length) {
    const c = template[i];
    if (c !== '{') {
      text += c;
      i++;
      continue;
    }
    if (text) out.push({ kind: 'text', text });
    text = '';
    let j = i + 1;
    let depth = 1;
    let quote: string | undefined;
    for (; j < template.length; j++) {
      const d = template[j];
      if (quote) {
        if (d === '\\') j++;
        else if (d === quote) quote = undefined;
      } else if (d === '"' || d === "'") quote = d;
      else if (d === '{') depth++;
      else if (d === '}' && --depth === 0) break;
    }
    if (j >= template.length) return `unclosed action`;
    out.push({ kind: 'action', expr: template.slice(i + 1, j).trim() });
    i = j + 1;
  }
  if (text) out.push({ kind: 'text', text });
  return out;
}

/** Unquotes a JSONPath string literal (`"\n"`, `'x'`). */
function unquote(s: string): string {
  const body = s.slice(1, -1);
  return body.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}

type Step =
  | { kind: 'field'; name: string }
  | { kind: 'recursive'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'index'; indexes: (number | string)[] }
  | { kind: 'slice'; start?: number; end?: number; step?: number }
  | { kind: 'filter'; left: Step[]; op?: string; right?: unknown };

/** Parses `.a.b[0]['c'][?(@.x=="y")]` into steps. */
export function parsePath(path: string): Step[] | string {
  const steps: Step[] = [];
  let i = 0;
  if (path[i] === '$' || path[i] === '@') i++;
  while (i < path.length) {
    if (path.startsWith('..', i)) {
      i += 2;
      const m = /^[^.[\s]+/.exec(path.slice(i));
      if (!m) return `invalid recursive descent`;
      steps.push({ kind: 'recursive', name: m[0] });
      i += m[0].length;
    } else if (path[i] === '.') {
      i++;
      // `\.` escapes a dot inside a key (`.metadata.annotations.kubectl\.kubernetes\.io/x`).
      const m = /^(?:\\.|[^.[\s\\])*/.exec(path.slice(i))!;
      if (m[0] === '*') steps.push({ kind: 'wildcard' });
      else if (m[0] !== '') steps.push({ kind: 'field', name: m[0].replace(/\\(.)/g, '$1') });
      i += m[0].length;
    } else if (path[i] === '[') {
      let j = i + 1;
      let quote: string | undefined;
      let depth = 1;
      for (; j < path.length; j++) {
        const d = path[j];
        if (quote) {
          if (d === quote) quote = undefined;
        } else if (d === '"' || d === "'") quote = d;
        else if (d === '[') depth++;
        else if (d === ']' && --depth === 0) break;
      }
      if (j >= path.length) return `unterminated array`;
      const inner = path.slice(i + 1, j).trim();
      i = j + 1;
      const step = parseBracket(inner);
      if (typeof step === 'string') return step;
      steps.push(step);
    } else if (/\s/.test(path[i])) {
      i++;
    } else {
      const m = /^[^.[\s]+/.exec(path.slice(i))!;
      steps.push({ kind: 'field', name: m[0] });
      i += m[0].length;
    }
  }
  return steps;
}

function parseBracket(inner: string): Step | string {
  if (inner === '*') return { kind: 'wildcard' };
  if (inner.startsWith('?(') && inner.endsWith(')')) {
    const expr = inner.slice(2, -1).trim();
    const m = /^(@[^=!<>]*?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
    const leftText = m ? m[1] : expr;
    const left = parsePath(leftText.trim());
    if (typeof left === 'string') return left;
    if (!m) return { kind: 'filter', left };
    const raw = m[3].trim();
    let right: unknown;
    if (/^["'].*["']$/.test(raw)) right = unquote(raw);
    else if (raw === 'true' || raw === 'false') right = raw === 'true';
    else if (/^-?\d+(\.\d+)?$/.test(raw)) right = Number(raw);
    else {
      const path = parsePath(raw);
      if (typeof path === 'string') return path;
      right = { path };
    }
    return { kind: 'filter', left, op: m[2], right };
  }
  if (inner.includes(':') && !/^["']/.test(inner)) {
    const [a, b, c] = inner.split(':').map((s) => s.trim());
    const num = (s: string | undefined) => (s === undefined || s === '' ? undefined : Number(s));
    return { kind: 'slice', start: num(a), end: num(b), step: num(c) };
  }
  const indexes: (number | string)[] = [];
  for (const part of inner.split(',')) {
    const p = part.trim();
    if (/^["'].*["']$/.test(p)) indexes.push(unquote(p));
    else if (/^-?\d+$/.test(p)) indexes.push(Number(p));
    else return `invalid array index ${p}`;
  }
  return { kind: 'index', indexes };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function descendants(v: unknown, name: string, out: unknown[]): void {
  if (isObj(v)) {
    if (name === '*' ? false : name in v) out.push(v[name]);
    for (const child of Object.values(v)) descendants(child, name, out);
  } else if (Array.isArray(v)) for (const child of v) descendants(child, name, out);
}

/** Evaluates steps from `roots`, returning every value reached. */
export function evalSteps(roots: readonly unknown[], steps: readonly Step[]): unknown[] {
  let cur = [...roots];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of cur) {
      switch (step.kind) {
        case 'field':
          if (isObj(v) && v[step.name] !== undefined) next.push(v[step.name]);
          break;
        case 'recursive':
          descendants(v, step.name, next);
          break;
        case 'wildcard':
          if (Array.isArray(v)) next.push(...v);
          else if (isObj(v)) next.push(...Object.values(v));
          break;
        case 'index':
          for (const ix of step.indexes) {
            if (typeof ix === 'number' && Array.isArray(v)) {
              const at = ix < 0 ? v.length + ix : ix;
              if (at >= 0 && at < v.length) next.push(v[at]);
            } else if (typeof ix === 'string' && isObj(v) && v[ix] !== undefined) next.push(v[ix]);
          }
          break;
        case 'slice':
          if (Array.isArray(v)) {
            const len = v.length;
            const norm = (n: number) => (n < 0 ? Math.max(0, len + n) : Math.min(n, len));
            const start = norm(step.start ?? 0);
            const end = norm(step.end ?? len);
            for (let k = start; k < end; k += step.step ?? 1) next.push(v[k]);
          }
          break;
        case 'filter': {
          const items = Array.isArray(v) ? v : [v];
          for (const item of items) if (filterMatches(item, step)) next.push(item);
          break;
        }
      }
    }
    cur = next;
  }
  return cur;
}

function filterMatches(item: unknown, step: Extract<Step, { kind: 'filter' }>): boolean {
  const left = evalSteps([item], step.left);
  if (!step.op) return left.length > 0;
  const right = isObj(step.right) && 'path' in step.right ? evalSteps([item], step.right.path as Step[])[0] : step.right;
  if (left.length === 0) return false;
  const l = left[0];
  switch (step.op) {
    case '==':
      return String(l) === String(right);
    case '!=':
      return String(l) !== String(right);
    default: {
      const a = Number(l);
      const b = Number(right);
      if (step.op === '<') return a < b;
      if (step.op === '>') return a > b;
      if (step.op === '<=') return a <= b;
      return a >= b;
    }
  }
}

/** Go's json.Marshal of an unstructured value: compact, map keys sorted. */
function compactJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(compactJson).join(',')}]`;
  if (isObj(v)) {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${compactJson(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** How one result prints: maps and lists as compact JSON, scalars as fmt.Fprint does. */
export function printValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') return compactJson(v);
  return String(v);
}

/** Result of running a template. */
export type JsonPathResult = { ok: true; text: string } | { ok: false; error: string };

/** Runs a kubectl JSONPath template on `data`. */
export function runJsonPath(template: string, data: unknown): JsonPathResult {
  const parts = segments(template);
  if (typeof parts === 'string') return { ok: false, error: parts };
  let pos = 0;
  const run = (current: unknown, until: 'end' | 'eof'): string | { error: string } => {
    let out = '';
    while (pos < parts.length) {
      const seg = parts[pos++];
      if (seg.kind === 'text') {
        out += seg.text;
        continue;
      }
      const expr = seg.expr;
      if (expr === 'end') {
        if (until === 'end') return out;
        return { error: 'not in range, nothing to end' };
      }
      if (expr.startsWith('range ')) {
        const steps = parsePath(expr.slice(6).trim());
        if (typeof steps === 'string') return { error: steps };
        const start = pos;
        const values = evalSteps([current], steps).flatMap((v) => (Array.isArray(v) ? v : [v]));
        if (values.length === 0) {
          // Skip the body: run it on nothing to find its end.
          const skipped = run(undefined, 'end');
          if (typeof skipped !== 'string') return skipped;
          continue;
        }
        for (const v of values) {
          pos = start;
          const body = run(v, 'end');
          if (typeof body !== 'string') return body;
          out += body;
        }
        continue;
      }
      if (current === undefined && until === 'end') continue;
      if (/^["'].*["']$/s.test(expr)) {
        out += unquote(expr);
        continue;
      }
      const steps = parsePath(expr);
      if (typeof steps === 'string') return { error: steps };
      out += evalSteps([current], steps).map(printValue).join(' ');
    }
    if (until === 'end') return { error: 'unclosed range' };
    return out;
  };
  const text = run(data, 'eof');
  if (typeof text !== 'string') return { ok: false, error: text.error };
  return { ok: true, text };
}

/** Normalizes a field spec to a path: `{.a.b}` and `.a.b` and `a.b` all mean `.a.b` (kubectl RelaxedJSONPathExpression). */
export function relaxedPath(spec: string): string {
  let s = spec.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  if (s.startsWith('$')) s = s.slice(1);
  if (!s.startsWith('.') && !s.startsWith('[')) s = '.' + s;
  return s;
}
