/**
 * `resource.ParseQuantity` and `Quantity.Cmp` as kubectl's sorter uses them
 * on string fields (apimachinery pkg/api/resource/quantity.go
 * parseQuantityString, suffix.go interpret): a faithful port of the scanner,
 * which accepts more than the API's validation regex (`m` alone is zero
 * milli, `1.G` is one giga), because `--sort-by` compares any two strings
 * that both parse as quantities by value.
 */

/** An exact quantity value num / den (den > 0). */
export interface QuantityValue {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const SUFFIX_CHARS = 'eEinumkKMGTP';
const MAX_INT64 = (1n << 63n) - 1n;
const NANO = 10n ** 9n;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** parseQuantityString: sign, number, denominator and suffix, or undefined (ErrFormatWrong). */
function scan(str: string): { positive: boolean; num: string; denom: string; suffix: string } | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') pos++;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  if (i >= end) return { positive, num: num || '0', denom: '', suffix: '' };
  pos = i;
  if (num === '') num = '0';
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, num, denom, suffix: '' };
    pos = i;
  }
  const suffixStart = pos;
  i = pos;
  while (i < end && SUFFIX_CHARS.includes(str[i])) i++;
  if (i >= end) return { positive, num, denom, suffix: str.slice(suffixStart) };
  pos = i;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  for (i = pos; i < end; i++) if (!isDigit(str[i])) return undefined;
  return { positive, num, denom, suffix: str.slice(suffixStart) };
}

/** suffixHandler.interpret: base, exponent, and whether the format is BinarySI. */
function interpret(suffix: string): { base: 2 | 10; exponent: number } | undefined {
  if (Object.hasOwn(DECIMAL, suffix)) return { base: 10, exponent: DECIMAL[suffix] };
  if (Object.hasOwn(BINARY, suffix)) return { base: 2, exponent: BINARY[suffix] };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    // strconv.ParseInt(suffix[1:], 10, 64); the exponent is then taken as int32.
    if (!/^[+-]?\d+$/.test(suffix.slice(1))) return undefined;
    const e = BigInt(suffix.slice(1));
    if (e > MAX_INT64 || e < -MAX_INT64 - 1n) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, e)) };
  }
  return undefined;
}

/** ParseQuantity's value, exactly (rounded up to nano and capped as upstream does), or undefined when it fails. */
export function parseGoQuantity(str: string): QuantityValue | undefined {
  if (str.length === 0) return undefined;
  if (str === '0') return { num: 0n, den: 1n };
  const s = scan(str);
  if (!s) return undefined;
  const suffix = interpret(s.suffix);
  if (!suffix) return undefined;
  // Exponents beyond what a value can carry make no difference to ordering between ordinary keys; keep the work bounded.
  if (Math.abs(suffix.exponent) > 4096) return undefined;
  let num = BigInt(s.num + s.denom);
  let den = 10n ** BigInt(s.denom.length);
  if (suffix.base === 10) {
    if (suffix.exponent >= 0) num *= 10n ** BigInt(suffix.exponent);
    else den *= 10n ** BigInt(-suffix.exponent);
  } else num *= 1n << BigInt(suffix.exponent);
  // Non-zero values round up (away from zero) to a multiple of 1n.
  if (num !== 0n && (num * NANO) % den !== 0n) {
    num = (num * NANO) / den + 1n;
    den = NANO;
  }
  if (suffix.base === 2 && num > MAX_INT64 * den) {
    num = MAX_INT64;
    den = 1n;
  }
  return { num: s.positive ? num : -num, den };
}

/** Quantity.Cmp: -1, 0 or 1. */
export function compareQuantities(a: QuantityValue, b: QuantityValue): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}
