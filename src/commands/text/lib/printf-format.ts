/**
 * C printf formatting as awk's printf/sprintf and the shell's printf builtin
 * use it: flags `-+ 0#`, width, precision (also `*`), conversions
 * `d i o u x X c s e E f F g G %`.
 */
import type { CommandBudget } from '../../budget.js';

/** An argument as both views a conversion may need. */
export interface FormatArg {
  /** Its string value (for %s, %c of a string). */
  readonly str: string;
  /** Its numeric value (for numeric conversions). */
  readonly num: number;
  /** Whether it is a number (awk's %c prints the character with that code). */
  readonly isNumber: boolean;
}

/** C's spelling of infinities and NaN. */
function nonFinite(value: number): string {
  return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
}

/** JavaScript's toFixed/toExponential stop at 100 digits; C's printf goes on (glibc prints the exact binary value). */
const JS_MAX_DIGITS = 100;

/** The exact decimal value of a finite double: `digits` × 10^-`scale` (digits without sign). */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(value));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  if (biased !== 0) mantissa |= 1n << 52n;
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  // m × 2^e: an integer when e >= 0, else m × 5^-e / 10^-e.
  if (exponent >= 0) return { digits: mantissa << BigInt(exponent), scale: 0 };
  return { digits: mantissa * 5n ** BigInt(-exponent), scale: -exponent };
}

/** `n` / 10^`drop`, rounded half to even as glibc does for exact ties. */
function roundDigits(n: bigint, drop: number): bigint {
  if (drop <= 0) return n * 10n ** BigInt(-drop);
  const unit = 10n ** BigInt(drop);
  const q = n / unit;
  const r = n % unit;
  const twice = 2n * r;
  if (twice > unit || (twice === unit && q % 2n === 1n)) return q + 1n;
  return q;
}

/** %.Nf for any N (toFixed only goes to 100). */
export function toFixed(value: number, precision: number): string {
  if (precision <= JS_MAX_DIGITS) return value.toFixed(precision);
  const { digits, scale } = exactDecimal(value);
  const text = roundDigits(digits, scale - precision).toString().padStart(precision + 1, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${text.slice(0, -precision)}.${text.slice(-precision)}`;
}

/** toExponential for any number of digits (JavaScript's stops at 100). */
function toExponential(value: number, precision: number): string {
  if (precision <= JS_MAX_DIGITS) return value.toExponential(precision);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (value === 0) return `${sign}0.${'0'.repeat(precision)}e+0`;
  const { digits, scale } = exactDecimal(value);
  let length = digits.toString().length;
  let kept = roundDigits(digits, length - (precision + 1));
  // Rounding up may add a digit (9.99... -> 10.0...).
  if (kept.toString().length > precision + 1) {
    kept /= 10n;
    length++;
  }
  const text = kept.toString();
  const exp = length - 1 - scale;
  return `${sign}${text[0]}.${text.slice(1)}e${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
}

/** Formats `value` like C's %e with `precision` digits (two-digit exponent at least). */
export function formatExponent(value: number, precision: number, upper = false): string {
  if (!Number.isFinite(value)) return nonFinite(value);
  const s = toExponential(value, precision).replace(/e([+-])(\d)$/, 'e$10$2');
  return upper ? s.toUpperCase() : s;
}

/** Formats `value` like C's %g. */
export function formatGeneral(value: number, precision: number, alt = false, upper = false): string {
  if (!Number.isFinite(value)) return nonFinite(value);
  const p = precision === 0 ? 1 : precision;
  if (value === 0) return alt ? `0.${'0'.repeat(p - 1)}` : '0';
  const exp = Number(formatExponent(value, p - 1).split('e')[1]);
  let s = exp >= -4 && exp < p ? toFixed(value, p - 1 - exp) : formatExponent(value, p - 1, upper);
  if (alt) return s;
  // %g drops trailing zeros of the fraction (and a bare decimal point).
  const [mantissa, exponent = ''] = s.split(/(?=[eE])/);
  const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
  return trimmed + exponent;
}

function pad(body: string, width: number, left: boolean, zero: boolean): string {
  if (body.length >= width) return body;
  if (left) return body.padEnd(width);
  if (zero) {
    const sign = /^[+\- ]/.test(body) ? body[0] : '';
    return sign + body.slice(sign.length).padStart(width - sign.length, '0');
  }
  return body.padStart(width);
}

/**
 * Formats one pass of `format` over `args`; returns the text and how many arguments it used.
 * A width or precision the output could not hold (real printf would write that many
 * characters) breaks the command's string budget instead.
 */
export function formatPrintf(format: string, args: readonly FormatArg[], budget: Pick<CommandBudget, 'checkString'>): { text: string; used: number } {
  let out = '';
  let k = 0;
  const next = (): FormatArg => args[k++] ?? { str: '', num: 0, isNumber: false };
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const m = /^%([-+ 0#]*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?([diouxXcseEfFgG%])/.exec(format.slice(i));
    if (!m) {
      out += c;
      continue;
    }
    i += m[0].length - 1;
    const flags = m[1];
    const conv = m[4];
    if (conv === '%') {
      out += '%';
      continue;
    }
    let width = Math.trunc(m[2] === '*' ? next().num : Number(m[2] ?? 0)) || 0;
    let left = flags.includes('-');
    if (width < 0) {
      left = true;
      width = -width;
    }
    let precision = m[3] === undefined ? undefined : Math.trunc(m[3] === '*' ? next().num : Number(m[3] || 0)) || 0;
    // C: a negative precision (from `*`) is taken as if it were omitted.
    if (precision !== undefined && precision < 0) precision = undefined;
    budget.checkString(width);
    if (precision !== undefined && conv !== 's') budget.checkString(precision);
    const zero = flags.includes('0') && !left;
    const sign = (n: number, s: string): string => (n < 0 || Object.is(n, -0) ? s : flags.includes('+') ? `+${s}` : flags.includes(' ') ? ` ${s}` : s);
    const arg = next();
    let body: string;
    switch (conv) {
      case 'd':
      case 'i': {
        const n = Math.trunc(arg.num);
        let digits = String(Math.abs(n));
        if (precision !== undefined) digits = digits.padStart(precision, '0');
        body = sign(n, n < 0 ? `-${digits}` : digits);
        out += pad(body, width, left, zero && precision === undefined);
        continue;
      }
      case 'o':
      case 'u':
      case 'x':
      case 'X': {
        const n = Math.trunc(Math.abs(arg.num));
        const radix = conv === 'o' ? 8 : conv === 'u' ? 10 : 16;
        body = n.toString(radix);
        if (conv === 'X') body = body.toUpperCase();
        if (precision !== undefined) body = body.padStart(precision, '0');
        if (flags.includes('#') && n !== 0 && conv !== 'u') body = (conv === 'o' ? '0' : conv === 'x' ? '0x' : '0X') + body;
        out += pad(body, width, left, zero && precision === undefined);
        continue;
      }
      case 'c':
        body = arg.isNumber ? String.fromCharCode(arg.num) : [...arg.str][0] ?? '';
        out += pad(body, width, left, false);
        continue;
      case 's':
        body = precision === undefined ? arg.str : arg.str.slice(0, precision);
        out += pad(body, width, left, false);
        continue;
      case 'e':
      case 'E':
        body = sign(arg.num, formatExponent(arg.num, precision ?? 6, conv === 'E'));
        break;
      case 'f':
      case 'F':
        body = sign(arg.num, Number.isFinite(arg.num) ? toFixed(arg.num, precision ?? 6) : nonFinite(arg.num));
        break;
      default:
        body = sign(arg.num, formatGeneral(arg.num, precision ?? 6, flags.includes('#'), conv === 'G'));
    }
    out += pad(body, width, left, zero);
  }
  return { text: out, used: k };
}
