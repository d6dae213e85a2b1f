/**
 * Go's fmt `%v` (and `%+v`, the same for maps and slices) of decoded JSON
 * (src/fmt/print.go, format.go): maps as `map[k:v]` with sorted keys, slices
 * as `[a b]`, nil as `<nil>`, integral numbers as int64 and others as
 * float64 in `%g` form with the shortest digits. The API server prints a
 * patch so in a strict decoding error, and kubectl's templates print values
 * so.
 */

/** A JSON number's Go type after apimachinery's util/json (or sigs.k8s.io/json with ints preserved) decoded it. */
export const numberType = (n: number): 'int64' | 'float64' => (Number.isInteger(n) && !String(n).includes('e') ? 'int64' : 'float64');

/** fmt's %v of a float64: strconv 'g' with the shortest digits, in %e form when the exponent is < -4 or >= 6 (1e+06, 1e-05). */
export function formatFloatV(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const [mant, expText] = f.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    return `${mant}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  // Plain decimal with the shortest digits.
  const neg = f < 0;
  const digits = mant.replace('-', '').replace('.', '');
  let s: string;
  if (exp >= 0) s = digits.length > exp + 1 ? `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}` : digits + '0'.repeat(exp + 1 - digits.length);
  else s = `0.${'0'.repeat(-exp - 1)}${digits}`;
  return (neg ? '-' : '') + s;
}

/**
 * `%v` of a decoded JSON value. `own` may print a value of its own kind
 * (kubectl's template literals) and returns undefined for the rest.
 */
export function goValueText(v: unknown, own?: (v: unknown) => string | undefined): string {
  const mine = own?.(v);
  if (mine !== undefined) return mine;
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return numberType(v) === 'int64' ? String(v) : formatFloatV(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => goValueText(x, own)).join(' ')}]`;
  if (typeof v === 'object') {
    const map = v as Record<string, unknown>;
    const keys = Object.keys(map)
      .filter((k) => map[k] !== undefined)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${goValueText(map[k], own)}`).join(' ')}]`;
  }
  return String(v);
}
