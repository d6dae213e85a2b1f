import { describe, it, expect } from 'vitest';
import { formatBytes, formatTimespan, formatTimestamp, formatTimestampRelative } from '../../../../src/commands/host/lib/systemd-format.js';
import { humanCeil, humanFree } from '../../../../src/commands/host/lib/human.js';
import { parseTimestamp } from '../../../../src/commands/host/lib/parse-timestamp.js';

const NOW = Date.parse('2026-11-30T09:12:04Z');
const ago = (ms: number) => formatTimestampRelative(NOW - ms, NOW);

describe('systemd time formats (time-util.c)', () => {
  it('format_timestamp', () => {
    expect(formatTimestamp(NOW)).toBe('Mon 2026-11-30 09:12:04 UTC');
  });

  it('format_timestamp_relative picks the units systemd picks', () => {
    expect(ago(0)).toBe('now');
    expect(ago(450)).toBe('450ms ago');
    expect(ago(6_000)).toBe('6s ago');
    expect(ago(125_000)).toBe('2min 5s ago');
    expect(ago(5 * 60_000 + 59_000)).toBe('5min ago');
    expect(ago(2 * 3_600_000 + 3 * 60_000)).toBe('2h 3min ago');
    expect(ago(7 * 3_600_000 + 3 * 60_000)).toBe('7h ago');
    expect(ago(26 * 3_600_000)).toBe('1 day 2h ago');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
    expect(ago(8 * 86_400_000)).toBe('1 week 1 day ago');
    expect(ago(45 * 86_400_000)).toBe('1 month 14 days ago');
    expect(ago(400 * 86_400_000)).toBe('1 year 1 month ago');
    expect(formatTimestampRelative(NOW + 90_000, NOW)).toBe('1min 30s left');
  });

  it('format_timespan with millisecond accuracy', () => {
    expect(formatTimespan(95_000)).toBe('95ms');
    expect(formatTimespan(8_407_000)).toBe('8.407s');
    expect(formatTimespan(8_000_000)).toBe('8s');
    expect(formatTimespan(65_500_000)).toBe('1min 5.500s');
    expect(formatTimespan((12 * 3600 + 57 * 60 + 37.445) * 1e6)).toBe('12h 57min 37.445s');
  });

  it('format_bytes', () => {
    expect(formatBytes(45.2 * 1024 * 1024)).toBe('45.2M');
    expect(formatBytes(512)).toBe('512B');
    expect(formatBytes(1024 ** 3)).toBe('1.0G');
  });
});

describe('human sizes', () => {
  it('GNU -h rounds up, one decimal below 10', () => {
    expect(humanCeil(0)).toBe('0');
    expect(humanCeil(4096)).toBe('4.0K');
    expect(humanCeil(5650)).toBe('5.6K');
    expect(humanCeil(1.6 * 1024 * 1024)).toBe('1.6M');
    expect(humanCeil(50 * 1024 ** 3)).toBe('50G');
    expect(humanCeil(1023)).toBe('1023');
  });

  it('free -h fits four characters', () => {
    expect(humanFree(0)).toBe('0B');
    expect(humanFree(7.8 * 1024 ** 3)).toBe('7.8Gi');
    expect(humanFree(475 * 1024 ** 2)).toBe('475Mi');
    expect(humanFree(15.2 * 1024 ** 3)).toBe('15Gi');
  });
});

describe('journalctl timestamps (parse_timestamp)', () => {
  it('absolute, relative and named days', () => {
    expect(parseTimestamp('2026-11-30 08:00:00', NOW)).toBe(Date.parse('2026-11-30T08:00:00Z'));
    expect(parseTimestamp('2026-11-30', NOW)).toBe(Date.parse('2026-11-30T00:00:00Z'));
    expect(parseTimestamp('08:30', NOW)).toBe(Date.parse('2026-11-30T08:30:00Z'));
    expect(parseTimestamp('10 minutes ago', NOW)).toBe(NOW - 600_000);
    expect(parseTimestamp('1 hour ago', NOW)).toBe(NOW - 3_600_000);
    expect(parseTimestamp('-1h 30min', NOW)).toBe(NOW - 5_400_000);
    expect(parseTimestamp('today', NOW)).toBe(Date.parse('2026-11-30T00:00:00Z'));
    expect(parseTimestamp('yesterday', NOW)).toBe(Date.parse('2026-11-29T00:00:00Z'));
    expect(parseTimestamp('@1796029924', NOW)).toBe(NOW);
    expect(parseTimestamp('soon', NOW)).toBeUndefined();
    expect(parseTimestamp('2026-13-01', NOW)).toBeUndefined();
  });
});
