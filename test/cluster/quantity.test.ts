import { describe, it, expect } from 'vitest';
import {
  canonicalQuantity,
  compareQuantity,
  formatBytes,
  formatCpuMilli,
  formatQuantity,
  parseBytes,
  parseCpuMilli,
  parseQuantity,
  tryParseQuantityExact,
} from '../../src/cluster/quantity.js';

describe('parseCpuMilli', () => {
  it.each([
    ['100m', 100],
    ['0.5', 500],
    ['2', 2000],
    ['0.1', 100],
    ['1.5', 1500],
    ['250m', 250],
    ['1e3', 1_000_000],
    ['1k', 1_000_000],
    [2, 2000],
    [0.25, 250],
    ['0.0001', 1], // MilliValue rounds up
    ['500u', 1],
  ])('%s → %d', (input, want) => {
    expect(parseCpuMilli(input)).toBe(want);
  });
});

describe('parseBytes', () => {
  it.each([
    ['128Mi', 134_217_728],
    ['1G', 1_000_000_000],
    ['1Gi', 1_073_741_824],
    ['500Ki', 512_000],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1E', 1e18],
    ['8Gi', 8 * 1024 ** 3],
    ['1.5Gi', 1_610_612_736],
    ['100M', 100_000_000],
    ['129e6', 129_000_000],
    ['123', 123],
    ['0.5', 1], // Value() rounds up
  ])('%s → %d', (input, want) => {
    expect(parseBytes(input)).toBe(want);
  });
});

describe('parseQuantity', () => {
  it('returns the plain value', () => {
    expect(parseQuantity('100m')).toBe(0.1);
    expect(parseQuantity('128Mi')).toBe(134_217_728);
    expect(parseQuantity('-2')).toBe(-2);
  });

  it('rejects what the API server rejects', () => {
    // Suffixes named like Object.prototype's members are no suffixes either.
    for (const bad of ['', 'abc', '1Mb', '1.2.3', '--1', 'm', '1 Gi', '1Z', '1constructor', '1toString', '2__proto__', '1hasOwnProperty']) {
      expect(tryParseQuantityExact(bad)).toBeUndefined();
    }
    // Values of other JSON types, as a learner may apply them, are no quantities.
    for (const bad of [[1], { a: 1 }, true, null, undefined]) expect(tryParseQuantityExact(bad)).toBeUndefined();
    expect(() => parseQuantity('1Mb')).toThrow(/quantities must match the regular expression/);
  });

  it('keeps the format implied by the suffix', () => {
    expect(tryParseQuantityExact('1Gi')?.format).toBe('BinarySI');
    expect(tryParseQuantityExact('1G')?.format).toBe('DecimalSI');
    expect(tryParseQuantityExact('1e9')?.format).toBe('DecimalExponent');
  });
});

describe('formatCpuMilli', () => {
  it.each([
    [850, '850m'],
    [2000, '2'],
    [1500, '1500m'],
    [100, '100m'],
    [0, '0'],
    [10_000, '10'],
    [1_000_000, '1k'],
  ])('%d → %s', (milli, want) => {
    expect(formatCpuMilli(milli)).toBe(want);
  });
});

describe('formatBytes', () => {
  it.each([
    [134_217_728, '128Mi'],
    [1_610_612_736, '1536Mi'],
    [8 * 1024 ** 3, '8Gi'],
    [1536, '1536'],
    [512, '512'],
    [1000, '1k'], // below 1024 BinarySI falls back to DecimalSI, as apimachinery does
    [0, '0'],
    [1_000_000_001, '1000000001'],
  ])('%d → %s', (bytes, want) => {
    expect(formatBytes(bytes)).toBe(want);
  });

  it('prints DecimalSI when asked', () => {
    expect(formatBytes(1_000_000_000, 'DecimalSI')).toBe('1G');
    expect(formatBytes(1_500_000_000, 'DecimalSI')).toBe('1500M');
    expect(formatQuantity(129_000_000, 'DecimalExponent')).toBe('129e6');
  });
});

describe('canonicalQuantity', () => {
  it.each([
    ['0.5', '500m'],
    ['1000m', '1'],
    ['2', '2'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1000', '1k'],
    ['1e3', '1e3'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['100M', '100M'],
  ])('%s → %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
  });
});

describe('compareQuantity', () => {
  const cmp = (a: string, b: string) => compareQuantity(tryParseQuantityExact(a)!, tryParseQuantityExact(b)!);
  it('compares values exactly across suffixes and formats', () => {
    expect(cmp('1', '1000m')).toBe(0);
    expect(cmp('0.5', '500m')).toBe(0);
    expect(cmp('1Gi', '1G')).toBe(1);
    expect(cmp('1024Mi', '1Gi')).toBe(0);
    expect(cmp('1e3', '1k')).toBe(0);
    expect(cmp('999m', '1')).toBe(-1);
    expect(cmp('1n', '0')).toBe(1);
    expect(cmp('-1', '0')).toBe(-1);
  });
  it('compares exponents far apart without building huge integers', () => {
    expect(cmp('1e300', '1m')).toBe(1);
    expect(cmp('1m', '1e300')).toBe(-1);
  });
});
