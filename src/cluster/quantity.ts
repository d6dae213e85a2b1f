/**
 * Kubernetes resource quantities (`100m`, `0.5`, `128Mi`, `1G`, `1e3`): parsing
 * to exact integers and canonical formatting, after
 * `k8s.io/apimachinery/pkg/api/resource/quantity.go` (ParseQuantity,
 * CanonicalizeBytes) and `amount.go` (AsCanonicalBytes, AsCanonicalBase1024Bytes).
 *
 * Arithmetic is done on BigInt so `0.1` CPU is exactly 100 millicores, never
 * 100.00000000000001.
 */

/** How a quantity is written, as in apimachinery's `resource.Format`. */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A parsed quantity: value = mantissa × 10^exp10 × 2^exp2, exactly. */
export interface ParsedQuantity {
  /** Signed integer mantissa (the digits with the decimal point removed). */
  readonly mantissa: bigint;
  /** Power of ten the mantissa is scaled by (negative for fractions and milli/micro/nano). */
  readonly exp10: number;
  /** Power of two the mantissa is scaled by (Ki = 10, Mi = 20, ...). */
  readonly exp2: number;
  /** The format the suffix implies; String() keeps it. */
  readonly format: QuantityFormat;
}

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = {
  n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18,
};
const BINARY_SUFFIXES: Readonly<Record<string, number>> = {
  Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60,
};

// Same grammar as quantity.go parseQuantityString: sign, digits with at most
// one point, then a suffix (SI, binary, or a decimal exponent e/E<int>).
const QUANTITY_RE = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(.*)$/;

/**
 * Parses a quantity exactly; undefined when the text is not a valid quantity. Takes any value: what a
 * learner applies reaches the stored object as written (`cpu: [1]`), and is no quantity either.
 */
export function tryParseQuantityExact(input: unknown): ParsedQuantity | undefined {
  const text = typeof input === 'number' ? numberToText(input) : typeof input === 'string' ? input.trim() : undefined;
  if (text === undefined) return undefined;
  const m = QUANTITY_RE.exec(text);
  if (!m) return undefined;
  const [, sign, num, suffix] = m as unknown as [string, string, string, string];
  const [intPart, fracPart = ''] = num.split('.');
  const digits = `${intPart ?? ''}${fracPart}`.replace(/^0+(?=\d)/, '') || '0';
  let mantissa = BigInt(digits);
  if (sign === '-') mantissa = -mantissa;
  let exp10 = -fracPart.length;
  let exp2 = 0;
  let format: QuantityFormat;
  // Own keys only: a suffix such as `constructor` or `__proto__` must not find Object.prototype's.
  if (Object.hasOwn(DECIMAL_SUFFIXES, suffix)) {
    exp10 += DECIMAL_SUFFIXES[suffix] as number;
    format = 'DecimalSI';
  } else if (Object.hasOwn(BINARY_SUFFIXES, suffix)) {
    exp2 = BINARY_SUFFIXES[suffix] as number;
    format = 'BinarySI';
  } else if (/^[eE][+-]?\d+$/.test(suffix)) {
    exp10 += Number.parseInt(suffix.slice(1), 10);
    format = 'DecimalExponent';
  } else {
    return undefined;
  }
  return { mantissa, exp10, exp2, format };
}

function numberToText(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  // YAML gives `cpu: 2` or `cpu: 0.5` as numbers; their shortest decimal text is exact enough.
  return String(n).replace('e+', 'e');
}

/**
 * Quantity.Cmp: -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exactly (`1` = `1000m`,
 * `1Gi` > `1G`). Exponents far apart (`1e300` against `1m`) are compared as numbers, which is exact
 * enough there and keeps the integers small.
 */
export function compareQuantity(a: ParsedQuantity, b: ParsedQuantity): -1 | 0 | 1 {
  if (Math.abs(a.exp10 - b.exp10) > 64 || Math.abs(a.exp2 - b.exp2) > 256) {
    const x = Number(a.mantissa) * 10 ** a.exp10 * 2 ** a.exp2;
    const y = Number(b.mantissa) * 10 ** b.exp10 * 2 ** b.exp2;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const e10 = Math.min(a.exp10, b.exp10);
  const e2 = Math.min(a.exp2, b.exp2);
  const scaled = (q: ParsedQuantity): bigint => q.mantissa * 10n ** BigInt(q.exp10 - e10) * (1n << BigInt(q.exp2 - e2));
  const x = scaled(a);
  const y = scaled(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** resource.ErrFormatWrong: what ParseQuantity answers for text that is not a quantity. */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Parses a quantity; throws on invalid input (the API server rejects such objects). */
export function parseQuantityExact(input: string | number): ParsedQuantity {
  const q = tryParseQuantityExact(input);
  if (!q) throw new Error(QUANTITY_FORMAT_ERROR);
  return q;
}

/** value × 10^scale, rounded up (away from zero), as apimachinery's ScaledValue does. */
function scaledCeil(q: ParsedQuantity, scale: number): bigint {
  let num = q.mantissa * (1n << BigInt(q.exp2));
  let den = 1n;
  const e = q.exp10 - scale;
  if (e >= 0) num *= 10n ** BigInt(e);
  else den = 10n ** BigInt(-e);
  const quotient = num / den;
  const remainder = num % den;
  if (remainder === 0n) return quotient;
  return num > 0n ? quotient + 1n : quotient - 1n;
}

/** The quantity as a plain number (`128Mi` → 134217728, `100m` → 0.1); throws on invalid input. */
export function parseQuantity(input: string | number): number {
  const q = parseQuantityExact(input);
  const nano = scaledCeil(q, -9);
  return Number(nano) / 1e9;
}

/** CPU in millicores, rounded up like Quantity.MilliValue (`0.5` → 500, `100m` → 100, `2` → 2000). */
export function parseCpuMilli(input: string | number): number {
  return memo(cpuCache, input, () => Number(scaledCeil(parseQuantityExact(input), -3)));
}

// Parsing is exact (bigint) and therefore slow; the same few strings recur thousands of times.
const cpuCache = new Map<string | number, number>();
const bytesCache = new Map<string | number, number>();
function memo(cache: Map<string | number, number>, key: string | number, compute: () => number): number {
  let v = cache.get(key);
  if (v === undefined) {
    v = compute();
    if (cache.size > 10_000) cache.clear();
    cache.set(key, v);
  }
  return v;
}

/** Bytes (or any integer resource), rounded up like Quantity.Value (`128Mi` → 134217728, `1G` → 1e9). */
export function parseBytes(input: string | number): number {
  return memo(bytesCache, input, () => Number(scaledCeil(parseQuantityExact(input), 0)));
}

const DECIMAL_SUFFIX_BY_EXP: Readonly<Record<number, string>> = {
  [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E',
};
const BINARY_SUFFIX_BY_EXP: Readonly<Record<number, string>> = {
  0: '', 10: 'Ki', 20: 'Mi', 30: 'Gi', 40: 'Ti', 50: 'Pi', 60: 'Ei',
};

/**
 * Canonical text of value × 10^exp10 (an exact decimal), as Quantity.String()
 * prints it in `format`: apimachinery's CanonicalizeBytes.
 */
export function formatQuantityExact(mantissa: bigint, exp10: number, format: QuantityFormat): string {
  if (mantissa === 0n) return '0';
  let m = mantissa;
  let e = exp10;
  // Values finer than nano round up to nano, as Quantity does (scale -9 is the floor).
  if (e < -9) {
    const den = 10n ** BigInt(-9 - e);
    const q = m / den;
    m = m % den === 0n ? q : m > 0n ? q + 1n : q - 1n;
    e = -9;
  }
  if (format === 'BinarySI' && e >= 0) {
    const abs = m < 0n ? -m : m;
    const whole = abs * 10n ** BigInt(e);
    if (whole >= 1024n) {
      // AsCanonicalBase1024Bytes: the largest power of 1024 that divides the value.
      let n = whole;
      let exp2 = 0;
      while (n % 1024n === 0n && exp2 < 60) {
        n /= 1024n;
        exp2 += 10;
      }
      return `${m < 0n ? '-' : ''}${n}${BINARY_SUFFIX_BY_EXP[exp2]}`;
    }
  }
  // AsCanonicalBytes: strip factors of ten, then make the exponent a multiple of 3.
  while (m % 10n === 0n) {
    m /= 10n;
    e += 1;
  }
  const mod = ((e % 3) + 3) % 3;
  if (mod !== 0) {
    m *= 10n ** BigInt(mod);
    e -= mod;
  }
  if (format === 'DecimalExponent') return e === 0 ? `${m}` : `${m}e${e}`;
  const suffix = DECIMAL_SUFFIX_BY_EXP[e];
  return suffix !== undefined ? `${m}${suffix}` : `${m}e${e}`;
}

/** Canonical text of an integer value in a format (`formatQuantity(1000, 'DecimalSI')` → `1k`). */
export function formatQuantity(value: number, format: QuantityFormat): string {
  return formatQuantityExact(BigInt(Math.round(value)), 0, format);
}

/** Canonical text of a parsed quantity, as `kubectl describe` prints a request (`0.5` → `500m`). */
export function canonicalQuantity(input: string | number): string {
  return quantityText(parseQuantityExact(input));
}

/** Canonical text of a quantity already parsed (Quantity.String()). */
export function quantityText(q: ParsedQuantity): string {
  if (q.exp2 === 0) return formatQuantityExact(q.mantissa, q.exp10, q.format);
  return formatQuantityExact(scaledCeil(q, 0), 0, q.format);
}

/** Millicores as Kubernetes prints CPU (`850` → `850m`, `2000` → `2`, `1500` → `1500m`). */
export function formatCpuMilli(milli: number): string {
  return formatQuantityExact(BigInt(Math.round(milli)), -3, 'DecimalSI');
}

/** Bytes in canonical form, BinarySI by default (`134217728` → `128Mi`, `1536` → `1536`, `1000` → `1k`). */
export function formatBytes(bytes: number, format: QuantityFormat = 'BinarySI'): string {
  return formatQuantityExact(BigInt(Math.round(bytes)), 0, format);
}
