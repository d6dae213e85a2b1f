/**
 * Quantity helpers for describe output (Quantity.String, Add, MilliValue, Value), built on the
 * shared src/cluster/quantity.ts.
 */
import { canonicalQuantity, formatQuantityExact, tryParseQuantityExact, type QuantityFormat } from '../../../cluster/quantity.js';

/** Quantity.String() of a stored value; the text itself if it does not parse. */
export function quantityString(v: string | number | undefined): string {
  if (v === undefined) return '0';
  try {
    return canonicalQuantity(v);
  } catch {
    return String(v);
  }
}

/** A running sum of quantities that keeps the first operand's format, like Quantity.Add. */
export class QuantitySum {
  /** Sum in nano-units (exact). */
  private nano = 0n;
  private format: QuantityFormat | undefined;

  /** Adds a stored quantity (ignored if invalid). */
  add(v: string | number | undefined): this {
    if (v === undefined) return this;
    const q = tryParseQuantityExact(v);
    if (!q) return this;
    this.format ??= q.format;
    let n = q.mantissa * (1n << BigInt(q.exp2));
    const e = q.exp10 + 9;
    if (e >= 0) n *= 10n ** BigInt(e);
    else n = n / 10n ** BigInt(-e);
    this.nano += n;
    return this;
  }

  /** Adds another sum (its format applies only if this one is still empty). */
  plus(other: QuantitySum): this {
    if (other.format === undefined) return this;
    this.format ??= other.format;
    this.nano += other.nano;
    return this;
  }

  /** Keeps the larger of this and `other` (value and format), as resourcehelper's max does. */
  maxWith(other: QuantitySum): this {
    if (other.format !== undefined && (this.format === undefined || other.nano > this.nano)) {
      this.nano = other.nano;
      this.format = other.format;
    }
    return this;
  }

  /** Quantity.String() of the sum (`0` when nothing was added). */
  toString(): string {
    if (this.nano === 0n) return '0';
    if (this.format === 'BinarySI' && this.nano % 1_000_000_000n === 0n) return formatQuantityExact(this.nano / 1_000_000_000n, 0, 'BinarySI');
    return formatQuantityExact(this.nano, -9, this.format === 'BinarySI' ? 'DecimalSI' : (this.format ?? 'DecimalSI'));
  }

  /** MilliValue(), rounded up. */
  milli(): number {
    return Number((this.nano + 999_999n) / 1_000_000n);
  }

  /** Value(), rounded up. */
  value(): number {
    return Number((this.nano + 999_999_999n) / 1_000_000_000n);
  }
}

/** The sum of one resource across resource lists. */
export const sumOf = (values: readonly (string | number | undefined)[]): QuantitySum => {
  const s = new QuantitySum();
  for (const v of values) s.add(v);
  return s;
};
