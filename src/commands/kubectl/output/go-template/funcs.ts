/**
 * The functions a kubectl go-template can call: text/template's builtins
 * (src/text/template/funcs.go, Go 1.23) and the two kubectl adds
 * (cli-runtime pkg/printers/template.go: `exists`, `base64decode`). Each
 * declares its parameter types so the executor converts and checks
 * arguments as reflect does; errors carry upstream's wording.
 */
import { formatV, goTypeName, isMap, lit, numeric, sprint, sprintf, sprintln, type GoValue } from './go-fmt.js';

/** reflect's invalid Value: a missing map key (prints `<no value>`). */
export const NO_VALUE: unique symbol = Symbol('no value');

/** A value the executor passes around. */
export type Val = GoValue | typeof NO_VALUE;

/** How an argument is converted: reflect.Value (anything), interface{} (no value → nil), or string. */
export type ParamType = 'value' | 'any' | 'string';

/** An error a function returned (`error calling <name>: <message>`). */
export class FuncError extends Error {}

/** A callable function. */
export interface GoFunc {
  readonly fixed: readonly ParamType[];
  readonly variadic?: ParamType;
  call(args: Val[]): Val;
}

/** indirectInterface: a nil interface becomes the invalid value. */
const indirect = (v: Val): Val => (v === null ? NO_VALUE : v);

/** isTrue for a value that is not a reflect.Value-wrapped interface. */
export function truth(v: Val): boolean {
  if (v === NO_VALUE || v === null || v === undefined) return false;
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return Object.keys(v).length > 0;
  if (typeof v === 'boolean') return v;
  const n = numeric(v);
  return n ? n.value !== 0 : true;
}

type BasicKind = 'bool' | 'int' | 'float' | 'string' | 'invalid' | 'other';

function basicKind(v: Val): BasicKind {
  if (v === NO_VALUE) return 'invalid';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  const n = numeric(v);
  if (n) return n.kind;
  return 'other';
}

const BAD_COMPARISON = 'incompatible types for comparison';
const BAD_COMPARISON_TYPE = 'invalid type for comparison';

function eq(args: Val[]): boolean {
  const a1 = indirect(args[0]);
  if (args.length < 2) throw new FuncError('missing argument for comparison');
  const k1 = basicKind(a1);
  for (const raw of args.slice(1)) {
    const a = indirect(raw);
    const k2 = basicKind(a);
    let t = false;
    if (k1 !== k2) {
      if (a1 !== NO_VALUE && a !== NO_VALUE) throw new FuncError(BAD_COMPARISON);
    } else if (k1 === 'int' || k1 === 'float') t = numeric(a1)!.value === numeric(a)!.value;
    else if (k1 === 'bool' || k1 === 'string') t = a1 === a;
    else if (k1 === 'invalid') t = true;
    else throw new FuncError(`non-comparable types ${formatV(a1)}: ${goTypeName(a1)}, ${goTypeName(a)}: ${formatV(a)}`);
    if (t) return true;
  }
  return false;
}

function lt(a: Val, b: Val): boolean {
  const a1 = indirect(a);
  const a2 = indirect(b);
  const k1 = basicKind(a1);
  const k2 = basicKind(a2);
  if (k1 === 'invalid' || k1 === 'other' || k2 === 'invalid' || k2 === 'other') throw new FuncError(BAD_COMPARISON_TYPE);
  if (k1 !== k2) throw new FuncError(BAD_COMPARISON);
  if (k1 === 'bool') throw new FuncError(BAD_COMPARISON_TYPE);
  if (k1 === 'string') return Buffer.compare(Buffer.from(a1 as string), Buffer.from(a2 as string)) < 0;
  return numeric(a1)!.value < numeric(a2)!.value;
}

function indexArg(i: Val, len: number, slice = false): number {
  const n = numeric(i);
  if (i === NO_VALUE || i === null) throw new FuncError('cannot index slice/array with nil');
  if (!n || n.kind !== 'int') throw new FuncError(`cannot index slice/array with type ${goTypeName(i)}`);
  if (n.value < 0 || (slice ? n.value > len : n.value >= len)) throw new FuncError(`index out of range: ${n.value}`);
  return n.value;
}

function index(args: Val[]): Val {
  let item = indirect(args[0]);
  if (item === NO_VALUE) throw new FuncError('index of untyped nil');
  for (const raw of args.slice(1)) {
    const ix = indirect(raw);
    if (item === null || item === NO_VALUE) throw new FuncError('index of nil pointer');
    if (Array.isArray(item)) item = item[indexArg(ix, item.length)];
    else if (typeof item === 'string') {
      const bytes = Buffer.from(item, 'utf8');
      item = lit('int', bytes[indexArg(ix, bytes.length)]);
    } else if (isMap(item)) {
      if (typeof ix !== 'string') throw new FuncError(ix === NO_VALUE ? 'value is nil; should be of type string' : `value has type ${goTypeName(ix)}; should be string`);
      item = Object.hasOwn(item, ix) ? item[ix] : null;
    } else throw new FuncError(`can't index item of type ${goTypeName(item)}`);
  }
  return item;
}

function slice(args: Val[]): Val {
  const item = indirect(args[0]);
  if (item === NO_VALUE) throw new FuncError('slice of untyped nil');
  if (args.length > 4) throw new FuncError(`too many slice indexes: ${args.length - 1}`);
  if (typeof item !== 'string' && !Array.isArray(item)) throw new FuncError(`can't slice item of type ${goTypeName(item)}`);
  const len = typeof item === 'string' ? Buffer.byteLength(item) : item.length;
  if (typeof item === 'string' && args.length === 4) throw new FuncError('cannot 3-index slice a string');
  const ix = [0, len];
  args.slice(1, 3).forEach((a, k) => (ix[k] = indexArg(indirect(a), len, true)));
  if (ix[0] > ix[1]) throw new FuncError(`invalid slice index: ${ix[0]} > ${ix[1]}`);
  if (typeof item === 'string') return Buffer.from(item, 'utf8').subarray(ix[0], ix[1]).toString('utf8');
  return item.slice(ix[0], ix[1]);
}

function length(v: Val): Val {
  if (v === NO_VALUE) throw new FuncError('reflect: call of reflect.Value.Type on zero Value');
  if (v === null) throw new FuncError('len of nil pointer');
  if (typeof v === 'string') return lit('int', Buffer.byteLength(v));
  if (Array.isArray(v)) return lit('int', v.length);
  if (isMap(v)) return lit('int', Object.keys(v).length);
  throw new FuncError(`len of type ${goTypeName(v)}`);
}

/** The arguments of html/js/urlquery as one string (evalArgs: a lone string as is, else fmt.Sprint). */
const argsText = (args: Val[]): string => (args.length === 1 && typeof args[0] === 'string' ? args[0] : sprint(args.map((a) => (a === NO_VALUE ? null : a))));

function htmlEscape(s: string): string {
  return s.replace(/[\0"'&<>]/g, (c) => ({ '\0': '\uFFFD', '"': '&#34;', "'": '&#39;', '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

function jsEscape(s: string): string {
  let out = '';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (c === '\\') out += '\\\\';
    else if (c === "'") out += "\\'";
    else if (c === '"') out += '\\"';
    else if (c === '<') out += '\\u003C';
    else if (c === '>') out += '\\u003E';
    else if (c === '&') out += '\\u0026';
    else if (c === '=') out += '\\u003D';
    else if (cp < 0x20 || cp === 0x7f) out += '\\u' + cp.toString(16).toUpperCase().padStart(4, '0');
    else out += c;
  }
  return out;
}

/** url.QueryEscape. */
function queryEscape(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** encoding/base64 StdEncoding.DecodeString, with Go's error offsets. */
export function base64Decode(src: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bytes = Buffer.from(src, 'utf8');
  const corrupt = (at: number): never => {
    throw new FuncError(`base64 decode failed: illegal base64 data at input byte ${at}`);
  };
  const out: number[] = [];
  let si = 0;
  for (;;) {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    let done = false;
    for (let j = 0; j < 4; j++) {
      if (si === bytes.length) {
        if (j === 0) return Buffer.from(out).toString('utf8');
        corrupt(si - j);
      }
      const ch = bytes[si++];
      const d = alphabet.indexOf(String.fromCharCode(ch));
      if (d >= 0 && ch < 128) {
        dbuf[j] = d;
        continue;
      }
      if (ch === 10 || ch === 13) {
        j--;
        continue;
      }
      if (ch !== 61) corrupt(si - 1);
      if (j < 2) corrupt(si - 1);
      if (j === 2) {
        while (si < bytes.length && (bytes[si] === 10 || bytes[si] === 13)) si++;
        if (si === bytes.length) corrupt(bytes.length);
        if (bytes[si] !== 61) corrupt(si - 1);
        si++;
      }
      while (si < bytes.length && (bytes[si] === 10 || bytes[si] === 13)) si++;
      if (si < bytes.length) corrupt(si);
      dlen = j;
      done = true;
      break;
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3];
    const b = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...b.slice(0, dlen - 1));
    if (done) return Buffer.from(out).toString('utf8');
  }
}

/** kubectl's exists: whether index would find something non-nil along these keys. */
function exists(args: Val[]): boolean {
  let v: Val = args[0] === NO_VALUE ? null : args[0];
  for (const ix of args.slice(1)) {
    if (v === null || v === NO_VALUE) return false;
    if (Array.isArray(v) || typeof v === 'string') {
      const n = numeric(ix);
      if (!n || n.kind !== 'int') return false;
      const len = typeof v === 'string' ? Buffer.byteLength(v) : v.length;
      if (n.value < 0 || n.value >= len) return false;
      v = Array.isArray(v) ? v[n.value] : lit('int', Buffer.from(v as string)[n.value]);
    } else if (isMap(v)) {
      if (typeof ix !== 'string') return false;
      v = Object.hasOwn(v, ix) ? v[ix] : null;
    } else return false;
  }
  return v !== null && v !== NO_VALUE;
}

const anyArgs = (args: Val[]): GoValue[] => args.map((a) => (a === NO_VALUE ? null : a));

/** Every function a kubectl template may call (and/or are evaluated lazily by the executor). */
export const FUNCS: ReadonlyMap<string, GoFunc> = new Map<string, GoFunc>([
  ['not', { fixed: ['value'], call: ([a]) => !truth(indirect(a)) }],
  ['len', { fixed: ['value'], call: ([a]) => length(a) }],
  ['index', { fixed: ['value'], variadic: 'value', call: index }],
  ['slice', { fixed: ['value'], variadic: 'value', call: slice }],
  ['print', { fixed: [], variadic: 'any', call: (a) => sprint(anyArgs(a)) }],
  ['printf', { fixed: ['string'], variadic: 'any', call: ([f, ...a]) => sprintf(f as string, anyArgs(a)) }],
  ['println', { fixed: [], variadic: 'any', call: (a) => sprintln(anyArgs(a)) }],
  ['eq', { fixed: ['value'], variadic: 'value', call: eq }],
  ['ne', { fixed: ['value', 'value'], call: ([a, b]) => !eq([a, b]) }],
  ['lt', { fixed: ['value', 'value'], call: ([a, b]) => lt(a, b) }],
  ['le', { fixed: ['value', 'value'], call: ([a, b]) => lt(a, b) || eq([a, b]) }],
  ['gt', { fixed: ['value', 'value'], call: ([a, b]) => !(lt(a, b) || eq([a, b])) }],
  ['ge', { fixed: ['value', 'value'], call: ([a, b]) => !lt(a, b) }],
  ['html', { fixed: [], variadic: 'any', call: (a) => htmlEscape(argsText(a)) }],
  ['js', { fixed: [], variadic: 'any', call: (a) => jsEscape(argsText(a)) }],
  ['urlquery', { fixed: [], variadic: 'any', call: (a) => queryEscape(argsText(a)) }],
  ['exists', { fixed: ['any'], variadic: 'any', call: exists }],
  ['call', { fixed: ['value'], variadic: 'value', call: ([f]) => {
    // A template has no function values: call always fails, as with any non-function.
    const fn = indirect(f);
    throw new FuncError(fn === NO_VALUE ? 'call of nil' : `non-function of type ${goTypeName(fn)}`);
  } }],
  ['base64decode', { fixed: ['string'], call: ([s]) => base64Decode(s as string) }],
]);

/** The names kubectl registers on top of the builtins (for the parser's function check). */
export const KUBECTL_FUNCS: ReadonlySet<string> = new Set(['exists', 'base64decode']);

