import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isoMicro, isoMicroAt, isoNano, isoSeconds } from '../../../src/cluster/clock/time-text.js';
import { rfc3339 } from '../../../src/cluster/kubelet/go-text.js';

// The formatters as they were written before they were cached (regular expressions on toISOString).
const oldSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const oldMicro = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
// isoMicroAt as it was written before it was assembled from cached parts.
const oldMicroAt = (ms: number, sub: number) => (sub === 0 ? oldMicro(ms) : `${new Date(ms).toISOString().slice(0, -1)}${String(sub).padStart(3, '0')}Z`);
const oldNano = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');

/** Any time a Date can hold (years 0 to 275760 and before 1970 too), in whole milliseconds. */
const anyTime = fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 });
/** Times near each other, as a simulation writes them: the cache's slots collide and are reused. */
const nearTimes = fc.array(fc.integer({ min: 1_795_000_000_000, max: 1_795_000_000_000 + 5_000_000 }), { minLength: 1, maxLength: 200 });

describe('time text (metav1.Time, MicroTime, RFC3339Nano)', () => {
  it('formats every time exactly as toISOString with the fraction rewritten', () => {
    fc.assert(
      fc.property(anyTime, (ms) => {
        expect(isoSeconds(ms)).toBe(oldSeconds(ms));
        expect(rfc3339(ms)).toBe(oldSeconds(ms));
        expect(isoMicro(ms)).toBe(oldMicro(ms));
        expect(isoNano(ms)).toBe(oldNano(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('formats a MicroTime with sub-millisecond digits as toISOString does, fractional and early times included', () => {
    const sub = fc.integer({ min: 1, max: 999 });
    const fractional = fc.double({ min: -8_640_000_000_000, max: 8_640_000_000_000, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(anyTime, fractional), sub, (ms, micros) => {
        expect(isoMicroAt(ms, micros)).toBe(oldMicroAt(ms, micros));
      }),
      { numRuns: 2000 },
    );
    expect(isoMicroAt(Date.UTC(2026, 10, 29, 12, 0, 5, 7), 42)).toBe('2026-11-29T12:00:05.007042Z');
    expect(isoMicroAt(-1, 5)).toBe('1969-12-31T23:59:59.999005Z');
    expect(isoMicroAt(-0.5, 5)).toBe('1970-01-01T00:00:00.000005Z');
    expect(isoMicroAt(1000, 0)).toBe('1970-01-01T00:00:01.000000Z');
  });

  it('answers repeated and colliding times from its cache with the right text', () => {
    fc.assert(
      fc.property(nearTimes, (times) => {
        // Twice over: the second pass reads what the first stored (and slots 1024 seconds apart evict each other).
        for (const ms of [...times, ...times, ...times.map((t) => t + 1024 * 1000)]) {
          expect(isoSeconds(ms)).toBe(oldSeconds(ms));
          expect(isoMicro(ms)).toBe(oldMicro(ms));
        }
      }),
    );
  });

  it('formats a MicroTime with its sub-millisecond microseconds as a Date would, fractional milliseconds too', () => {
    const fractional = fc.double({ min: -8_640_000_000_000, max: 8_640_000_000_000_000, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(anyTime, fractional, fc.constantFrom(-1.5, -0.5, 0.5, 999.999, -1000.25)), fc.integer({ min: 0, max: 999 }), (ms, sub) => {
        expect(isoMicroAt(ms, sub)).toBe(oldMicroAt(ms, sub));
        // Again: the second's head now comes from the cache.
        expect(isoMicroAt(ms, sub)).toBe(oldMicroAt(ms, sub));
      }),
      { numRuns: 3000 },
    );
    expect(isoMicroAt(Date.UTC(2026, 10, 29, 12, 0, 5, 7), 42)).toBe('2026-11-29T12:00:05.007042Z');
  });

  it('keeps the examples the API shows', () => {
    const t = Date.UTC(2026, 10, 29, 12, 0, 5, 123);
    expect(isoSeconds(t)).toBe('2026-11-29T12:00:05Z');
    expect(isoMicro(t)).toBe('2026-11-29T12:00:05.123000Z');
    expect(isoNano(t)).toBe('2026-11-29T12:00:05.123000000Z');
    expect(isoSeconds(Date.UTC(1969, 11, 31, 23, 59, 59, 999))).toBe('1969-12-31T23:59:59Z');
  });

  it('rejects an invalid time as toISOString does, and still formats afterwards', () => {
    expect(() => isoSeconds(Number.NaN)).toThrow(RangeError);
    expect(() => isoMicro(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(isoSeconds(0)).toBe('1970-01-01T00:00:00Z');
  });

  it('agrees with toISOString at the ends of what a Date holds (±8.64e15 ms), where it throws and where it does not', () => {
    const edge = 8.64e15;
    for (const ms of [edge, -edge, edge + 0.5, -edge - 0.5, edge - 1, -edge + 1, edge + 999, -edge - 0]) {
      const tries: [(t: number) => string, (t: number) => string][] = [[isoSeconds, oldSeconds], [isoMicro, oldMicro], [isoNano, oldNano]];
      for (const [f, old] of tries) {
        let expected: string | undefined;
        try {
          expected = old(ms);
        } catch {
          expected = undefined;
        }
        if (expected === undefined) expect(() => f(ms)).toThrow(RangeError);
        else expect(f(ms)).toBe(expected);
      }
    }
    expect(() => isoMicro(edge + 1)).toThrow(RangeError);
    expect(() => isoNano(-edge - 1)).toThrow(RangeError);
    expect(isoSeconds(edge + 999)).toBe('+275760-09-13T00:00:00Z');
    expect(isoMicro(-1)).toBe('1969-12-31T23:59:59.999000Z');
  });

  it('formats consecutive days and years (the day head is remembered) exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -200_000_000_000, max: 300_000_000_000 }), { minLength: 1, maxLength: 50 }), (secs) => {
        for (const s of secs) for (const ms of [s * 1000, s * 1000 + 86_399_999, s * 1000 - 1]) {
          expect(isoSeconds(ms)).toBe(oldSeconds(ms));
          expect(isoNano(ms)).toBe(oldNano(ms));
          expect(isoMicroAt(ms, 7)).toBe(oldMicroAt(ms, 7));
        }
      }),
      { numRuns: 300 },
    );
  });
});
