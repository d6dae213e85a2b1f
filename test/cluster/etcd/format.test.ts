import { describe, it, expect } from 'vitest';
import { humanizeBytes, zapLine, zapTime } from '../../../src/cluster/etcd/format.js';
import { durationString as goDurationNs } from '../../../src/cluster/clock/go-duration.js';

describe('etcd value formats', () => {
  it('humanizes bytes as go-humanize does (SI, one decimal below 10)', () => {
    expect([0, 9, 10, 999, 1000, 20_480, 684_032, 2_147_483_648, 268_435_456].map(humanizeBytes)).toEqual(['0 B', '9 B', '10 B', '999 B', '1.0 kB', '20 kB', '684 kB', '2.1 GB', '268 MB']);
  });

  it('prints durations as Go time.Duration.String()', () => {
    expect([0, 850, 2_430, 5_908_585, 100_000_000, 1_000_000_000, 7_292_533_359, 67_500_000_000].map(goDurationNs)).toEqual(['0s', '850ns', '2.43µs', '5.908585ms', '100ms', '1s', '7.292533359s', '1m7.5s']);
  });

  it('writes zap JSON lines with level, ts, caller, msg, then the fields in order', () => {
    const ts = zapTime(Date.UTC(2026, 10, 30, 9, 0, 15, 12), 345);
    expect(ts).toBe('2026-11-30T09:00:15.012345Z');
    expect(zapLine('warn', ts, 'wal/wal.go:805', 'slow fdatasync', [['took', '1.5s'], ['expected-duration', '1s']])).toBe(
      '{"level":"warn","ts":"2026-11-30T09:00:15.012345Z","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"1.5s","expected-duration":"1s"}',
    );
  });
});
