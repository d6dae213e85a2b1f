import { describe, it, expect } from 'vitest';
import { humanDuration, shortHumanDuration, translateTimestampSince } from '../../../../src/commands/kubectl/output/duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (apimachinery duration.go)', () => {
  it.each([
    [-2 * s, '<invalid>'],
    [-1500, '0s'],
    [-1 * s, '0s'],
    [0, '0s'],
    [5 * s, '5s'],
    [119 * s + 999, '119s'],
    [2 * m, '2m'],
    [3 * m + 12 * s, '3m12s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m, '10m'],
    [95 * m, '95m'],
    [179 * m + 59 * s, '179m'],
    [3 * h, '3h'],
    [3 * h + 25 * m, '3h25m'],
    [7 * h + 59 * m, '7h59m'],
    [8 * h, '8h'],
    [9 * h + 59 * m, '9h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [2 * d + 3 * h, '2d3h'],
    [7 * d + 23 * h, '7d23h'],
    [8 * d, '8d'],
    [729 * d, '729d'],
    [730 * d, '2y'],
    [3 * 365 * d + 120 * d, '3y120d'],
    [9 * 365 * d, '9y'],
  ])('%d ms -> %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('shortHumanDuration', () => {
  it.each([
    [-2 * s, '<invalid>'],
    [-1 * s, '0s'],
    [59 * s, '59s'],
    [60 * s, '1m'],
    [59 * m, '59m'],
    [23 * h + 59 * m, '23h'],
    [364 * d, '364d'],
    [365 * d, '1y'],
    [800 * d, '2y'],
  ])('%d ms -> %s', (ms, want) => {
    expect(shortHumanDuration(ms)).toBe(want);
  });
});

describe('translateTimestampSince', () => {
  const now = Date.UTC(2026, 10, 30, 4, 23, 47);
  it('prints <unknown> for missing or zero timestamps', () => {
    expect(translateTimestampSince(undefined, now)).toBe('<unknown>');
    expect(translateTimestampSince('0001-01-01T00:00:00Z', now)).toBe('<unknown>');
  });
  it('handles RFC 3339 and MicroTime', () => {
    expect(translateTimestampSince('2026-11-30T03:47:47Z', now)).toBe('36m');
    expect(translateTimestampSince('2026-11-30T04:23:00.123456Z', now)).toBe('46s');
    expect(translateTimestampSince('2026-11-30T04:30:00Z', now)).toBe('<invalid>');
  });
});
