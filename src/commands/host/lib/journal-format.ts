/**
 * journalctl's output modes for one entry, after systemd/systemd
 * src/shared/logs-show.c (output_short): `short` is `Mmm dd hh:mm:ss host
 * ident[pid]: message` with a zero-padded day, in the host's zone (UTC).
 * Reference: k8s-output-formats.md §6.2.
 */
import { subMillisecondMicros, type JournalEntry } from '../../../cluster/host/journal.js';
import { MONTHS } from './systemd-format.js';

/** Output modes journalctl -o accepts here. */
export type JournalOutput = 'short' | 'short-iso' | 'short-precise' | 'short-full' | 'cat';

/** Every mode name, for `-o` validation. */
export const JOURNAL_OUTPUTS: readonly JournalOutput[] = ['short', 'short-iso', 'short-precise', 'short-full', 'cat'];

const p2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Microseconds within the second: the entry's millisecond and the process's
 * microsecond below it (subMillisecondMicros), the same its klog lines print.
 */
function micros(time: number, pid: number): string {
  const ms = Math.floor(time);
  return String((((ms % 1000) + 1000) % 1000) * 1000 + subMillisecondMicros(ms, pid)).padStart(6, '0');
}

/** The timestamp part of a line in the given mode. */
export function journalTimestamp(time: number, output: JournalOutput, pid = 0): string {
  const d = new Date(time);
  const hms = `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
  switch (output) {
    case 'short-iso':
      return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${hms}+0000`;
    case 'short-precise':
      return `${MONTHS[d.getUTCMonth()]} ${p2(d.getUTCDate())} ${hms}.${micros(time, pid)}`;
    case 'short-full':
      return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]} ${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${hms} UTC`;
    default:
      return `${MONTHS[d.getUTCMonth()]} ${p2(d.getUTCDate())} ${hms}`;
  }
}

/** Options of one rendered line. */
export interface JournalLineOptions {
  readonly output: JournalOutput;
  /** Host name printed after the time (omitted with --no-hostname). */
  readonly hostname?: string;
}

/** One entry as journalctl prints it (no trailing newline). */
export function formatJournalEntry(e: JournalEntry, o: JournalLineOptions): string {
  if (o.output === 'cat') return e.message;
  const host = o.hostname === undefined ? '' : ` ${o.hostname}`;
  return `${journalTimestamp(e.time, o.output, e.pid)}${host} ${e.identifier}[${e.pid}]: ${e.message}`;
}
