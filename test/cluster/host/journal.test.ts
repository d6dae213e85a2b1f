import { describe, it, expect } from 'vitest';
import { Journal, klogKV, klogLine, subMillisecondMicros } from '../../../src/cluster/host/journal.js';

describe('klogLine (reference §6.1)', () => {
  it('renders the header: severity, mmdd, time with microseconds, PID right-aligned in 7 columns, file:line]', () => {
    // The microseconds below the simulated millisecond are the process's own, stable for the same time and pid.
    const sub = (t: string, pid: number) => String(subMillisecondMicros(Date.parse(t), pid)).padStart(3, '0');
    expect(klogLine('E', Date.parse('2026-11-30T04:07:35.123Z'), 1234, 'kubelet_node_status.go:549', 'msg')).toBe(`E1130 04:07:35.123${sub('2026-11-30T04:07:35.123Z', 1234)}    1234 kubelet_node_status.go:549] msg`);
    expect(klogLine('E', Date.parse('2026-11-30T04:13:19.155Z'), 13142, 'memcache.go:265', 'x')).toBe(`E1130 04:13:19.155${sub('2026-11-30T04:13:19.155Z', 13142)}   13142 memcache.go:265] x`);
    expect(klogLine('I', Date.parse('2026-06-17T16:18:42.080Z'), 3814777, 'eviction_manager.go:381', 'y')).toBe(`I0617 16:18:42.080${sub('2026-06-17T16:18:42.080Z', 3814777)} 3814777 eviction_manager.go:381] y`);
    expect(klogLine('W', Date.parse('2026-01-02T03:04:05Z'), 7, 'a.go:1', 'z')).toMatch(/^W0102 03:04:05\.000\d{3}       7 a\.go:1\] z$/);
  });

  it('gives the sub-millisecond microseconds from the time and the process: the same inputs, the same digits; they vary', () => {
    const t0 = Date.parse('2026-11-30T04:07:35.123Z');
    expect(subMillisecondMicros(t0, 314)).toBe(subMillisecondMicros(t0, 314));
    const seen = new Set(Array.from({ length: 50 }, (_, i) => subMillisecondMicros(t0 + i * 1000, 314)));
    expect(seen.size).toBeGreaterThan(40);
    for (const v of seen) expect(v).toBeLessThan(1000);
  });

  it('renders structured key/values as InfoS does', () => {
    expect(klogKV('Attempting to register node', { node: 'node-2' })).toBe('"Attempting to register node" node="node-2"');
    expect(klogKV('Unhandled Error', { err: 'x509: certificate has expired or is not yet valid: current time 2026-11-30T04:07:35Z is after 2026-11-29T12:00:00Z' })).toBe(
      '"Unhandled Error" err="x509: certificate has expired or is not yet valid: current time 2026-11-30T04:07:35Z is after 2026-11-29T12:00:00Z"',
    );
    expect(klogKV('m', { count: 3, ok: true, pods: ['ns/a', 'ns/b'], quote: 'say "hi"' })).toBe('"m" count=3 ok=true pods=["ns/a","ns/b"] quote="say \\"hi\\""');
  });
});

describe('Journal', () => {
  it('keeps entries in append order', () => {
    const j = new Journal();
    j.append({ time: 1, identifier: 'kubelet', unit: 'kubelet.service', pid: 10, priority: 6, message: 'a' });
    j.append({ time: 2, identifier: 'containerd', unit: 'containerd.service', pid: 11, priority: 4, message: 'b' });
    expect(j.all().map((e) => e.message)).toEqual(['a', 'b']);
  });
});
