/**
 * awk values: numbers, strings, and "strnum" strings that came from input
 * (fields, split) and look numeric, which compare as numbers (POSIX awk
 * "Expressions in awk", comparison rules).
 */
import { formatGeneral } from '../lib/printf-format.js';

/** A string from input that may compare numerically. */
export class StrNum {
  constructor(
    /** The text. */
    readonly str: string,
    /** Whether it looks like a number. */
    readonly numeric: boolean,
  ) {}
}

/** An awk value. */
export type AwkValue = number | string | StrNum;

/** The value of an unset variable: "" and 0 at once. */
export const UNINIT = new StrNum('', true);

const NUMBER_PREFIX = /^[ \t\n\r\f\v]*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;
const LOOKS_NUMERIC = /^[ \t\n\r\f\v]*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[ \t\n\r\f\v]*$/;

/** Wraps input text as a strnum. */
export function fromInput(text: string): StrNum {
  return new StrNum(text, LOOKS_NUMERIC.test(text));
}

/** The numeric value (leading numeric prefix of a string, else 0). */
export function toNumber(v: AwkValue): number {
  if (typeof v === 'number') return v;
  const s = typeof v === 'string' ? v : v.str;
  const m = NUMBER_PREFIX.exec(s);
  return m ? Number(m[0]) : 0;
}

/** Formats a number the way awk converts it to a string (integers exactly, others with %.6g). */
export function numberToString(n: number): string {
  if (Number.isInteger(n)) return Object.is(n, -0) ? '-0' : String(n);
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  return formatGeneral(n, 6);
}

/** The string value. */
export function toStr(v: AwkValue): string {
  if (typeof v === 'number') return numberToString(v);
  return typeof v === 'string' ? v : v.str;
}

/** Truthiness: numbers and numeric strnums by value, strings by being non-empty. */
export function toBool(v: AwkValue): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  return v.numeric && v !== UNINIT ? toNumber(v) !== 0 : v.str !== '';
}

function isNumeric(v: AwkValue): boolean {
  return typeof v === 'number' || (v instanceof StrNum && v.numeric);
}

/** Compares two values: numerically when both are numeric, else as strings. */
export function compareValues(a: AwkValue, b: AwkValue): number {
  if (isNumeric(a) && isNumeric(b)) {
    const x = toNumber(a);
    const y = toNumber(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toStr(a);
  const y = toStr(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
