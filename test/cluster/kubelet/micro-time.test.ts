import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { microTime } from '../../../src/cluster/kubelet/node-lease.js';

describe('microTime (a lease renewTime)', () => {
  it('is toISOString with the milliseconds padded to microseconds, whatever order the times come in', () => {
    const ms = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2099-12-31T23:59:59.999Z') });
    fc.assert(
      fc.property(fc.array(fc.oneof(ms, ms.map((t) => t - (t % 1000)), ms.map((t) => t + 0.75)), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) expect(microTime(t)).toBe(new Date(t).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'));
      }),
    );
    expect(microTime(Date.parse('2026-11-30T09:00:00.007Z'))).toBe('2026-11-30T09:00:00.007000Z');
    expect(microTime(Date.parse('2026-11-30T09:00:00.070Z'))).toBe('2026-11-30T09:00:00.070000Z');
  });
});
