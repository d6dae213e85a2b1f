/**
 * Go's fmt as kubectl's templates print values (src/fmt/print.go,
 * format.go): `%v` of decoded JSON (maps as `map[k:v]` with sorted keys,
 * slices as `[a b]`, nil as `<nil>`, float64 as `%g` with the shortest
 * digits), Sprint/Sprintln spacing, and the Sprintf verbs templates use.
 *
 * Values: JSON data (integral numbers are int64, others float64, as
 * apimachinery's util/json decodes them) and template literals (NumberLit).
 */
import type { NumberLit } from './parse.js';
import { isPlainObject } from '../../../../cluster/go-yaml/yaml.js';
import { formatFloatV, goValueText, numberType } from '../../../../cluster/go-value-text.js';

/** A value inside the template engine: decoded JSON, or a typed template literal. */
export type GoValue = unknown;

/** True for a template literal number. */
export function isLit(v: unknown): v is NumberLit {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === LIT_PROTO;
}
const LIT_PROTO = Object.freeze({});

/** A decoded JSON object (Go map[string]interface{}), not a template literal. */
export function isMap(v: unknown): v is Record<string, unknown> {
  return isPlainObject(v) && !isLit(v);
}

/** A typed number literal value. */
export function lit(type: NumberLit['type'], value: number): NumberLit {
  return Object.assign(Object.create(LIT_PROTO) as object, { type, value }) as NumberLit;
}

/** The dynamic Go type name of a value (`%T`). */
export function goTypeName(v: GoValue): string {
  if (isLit(v)) return v.type;
  if (typeof v === 'number') return numberType(v);
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (isMap(v)) return 'map[string]interface {}';
  return '<nil>';
}

/** Numeric kind and value, or undefined for non-numbers. */
export function numeric(v: GoValue): { kind: 'int' | 'float'; value: number } | undefined {
  if (isLit(v)) return { kind: v.type === 'float64' ? 'float' : 'int', value: v.value };
  if (typeof v === 'number') return { kind: numberType(v) === 'int64' ? 'int' : 'float', value: v };
  return undefined;
}

/** strconv.FormatFloat(f, 'x', -1, 64): `0x1.cp+01`. */
function hexFloat(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0x0p+00' : '0x0p+00';
  if (!Number.isFinite(f)) return formatFloatV(f);
  let m = Math.abs(f);
  let e = Math.floor(Math.log2(m));
  m /= 2 ** e;
  if (m >= 2) {
    m /= 2;
    e++;
  } else if (m < 1) {
    m *= 2;
    e--;
  }
  let frac = m - 1;
  let digits = '';
  while (frac > 0 && digits.length < 13) {
    frac *= 16;
    const d = Math.floor(frac);
    digits += d.toString(16);
    frac -= d;
  }
  const exp = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return `${f < 0 ? '-' : ''}0x1${digits ? '.' + digits : ''}p${exp}`;
}

/** `%v` of a value, as fmt prints an operand (template literals by their type). */
export function formatV(v: GoValue): string {
  return goValueText(v, literalText);
}

function literalText(v: unknown): string | undefined {
  return isLit(v) ? (v.type === 'float64' ? formatFloatV(v.value) : String(v.value)) : undefined;
}

/** fmt.Sprint: operands formatted with %v, a space between two operands when neither is a string. */
export function sprint(args: readonly GoValue[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += formatV(a);
  });
  return out;
}

/** fmt.Sprintln: spaces between all operands, then a newline. */
export function sprintln(args: readonly GoValue[]): string {
  return args.map(formatV).join(' ') + '\n';
}

/** `%!d(string=x)`: a verb that does not fit the operand. */
const badVerb = (verb: string, v: GoValue): string => (v === null || v === undefined ? `%!${verb}(<nil>)` : `%!${verb}(${goTypeName(v)}=${formatV(v)})`);

function pad(s: string, width: number | undefined, minus: boolean, zero: boolean): string {
  if (width === undefined || [...s].length >= width) return s;
  const fill = width - [...s].length;
  if (minus) return s + ' '.repeat(fill);
  if (zero) {
    const sign = /^[+-]/.test(s) ? s[0] : '';
    return sign + '0'.repeat(fill) + s.slice(sign.length);
  }
  return ' '.repeat(fill) + s;
}

/** fmt.Sprintf for the verbs templates use: v s q d f e g t x X o c %, with flags `-+0 ` and width/precision. */
export function sprintf(format: string, args: readonly GoValue[]): string {
  let out = '';
  let argi = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const m = /^([-+# 0]*)(\d+)?(?:\.(\d*))?([a-zA-Z%])?/.exec(format.slice(i + 1))!;
    i += m[0].length;
    const flags = m[1];
    const width = m[2] !== undefined ? Number(m[2]) : undefined;
    const prec = m[3] !== undefined ? Number(m[3] || '0') : undefined;
    const verb = m[4];
    if (verb === undefined) {
      out += '%!(NOVERB)';
      continue;
    }
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const a = args[argi++];
    const minus = flags.includes('-');
    const zero = flags.includes('0') && !minus;
    const plus = flags.includes('+');
    const num = numeric(a);
    let s: string;
    switch (verb) {
      case 'v':
        s = num?.kind === 'float' && prec !== undefined ? Number(num.value).toPrecision(Math.max(prec, 1)) : formatV(a);
        break;
      case 's':
        s = typeof a === 'string' ? a : Array.isArray(a) || isMap(a) ? formatV(a) : badVerb(verb, a);
        if (typeof a === 'string' && prec !== undefined) s = [...s].slice(0, prec).join('');
        break;
      case 'q':
        s = typeof a === 'string' ? JSON.stringify(a) : num?.kind === 'int' ? `'${String.fromCodePoint(num.value)}'` : badVerb(verb, a);
        break;
      case 'd':
        s = num?.kind === 'int' ? (plus && num.value >= 0 ? '+' : '') + String(num.value) : badVerb(verb, a);
        break;
      case 'x':
      case 'X':
      case 'o':
      case 'b': {
        const base = verb === 'o' ? 8 : verb === 'b' ? 2 : 16;
        if (num?.kind === 'int') s = num.value.toString(base);
        else if (num?.kind === 'float' && base === 16) s = hexFloat(num.value);
        else if (typeof a === 'string' && base === 16) s = Buffer.from(a, 'utf8').toString('hex');
        else s = badVerb(verb, a);
        if (verb === 'X') s = s.toUpperCase();
        break;
      }
      case 'c':
        s = num?.kind === 'int' ? String.fromCodePoint(num.value) : badVerb(verb, a);
        break;
      case 't':
        s = typeof a === 'boolean' ? String(a) : badVerb(verb, a);
        break;
      case 'f':
      case 'F':
      case 'e':
      case 'g':
        if (num?.kind !== 'float') {
          s = badVerb(verb, a);
          break;
        }
        if (verb === 'g') s = prec === undefined ? formatFloatV(num.value) : Number(num.value.toPrecision(Math.max(prec, 1))).toString();
        else if (verb === 'e') s = num.value.toExponential(prec ?? 6).replace(/e([+-])(\d)$/, 'e$10$2');
        else s = num.value.toFixed(prec ?? 6);
        if (plus && num.value >= 0) s = '+' + s;
        break;
      default:
        s = badVerb(verb, a);
    }
    out += pad(s, width, minus, zero && verb !== 's');
  }
  if (argi < args.length) out += `%!(EXTRA ${args.slice(argi).map((a) => (a === null ? '<nil>' : `${goTypeName(a)}=${formatV(a)}`)).join(', ')})`;
  return out;
}
