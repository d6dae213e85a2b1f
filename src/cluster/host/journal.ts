/**
 * A node's systemd journal: what its services logged, with the time of the
 * node's own clock. journalctl renders it; components only append.
 */

/** One journal entry. */
export interface JournalEntry {
  /** ms since the epoch, by the node's clock */
  time: number;
  /** SYSLOG_IDENTIFIER, e.g. `kubelet`, `containerd`, `systemd` */
  identifier: string;
  /** systemd unit, e.g. `kubelet.service` */
  unit: string;
  pid: number;
  /** syslog priority: 3 err, 4 warning, 6 info */
  priority: number;
  message: string;
  /** MESSAGE_ID, for entries the journal catalog explains (systemd's unit messages; `journalctl -x`). */
  messageId?: string;
  /** Further journal fields the catalog text names (UNIT, JOB_ID, JOB_RESULT, EXIT_CODE ...). */
  fields?: Readonly<Record<string, string>>;
}

/** Entries older than this are dropped (a journal's size limit, in time). */
const RETENTION_MS = 7 * 24 * 3600 * 1000;

/** The journal of one host. */
export class Journal {
  private readonly entries: JournalEntry[] = [];

  /** Appends an entry. */
  append(entry: JournalEntry): void {
    this.entries.push(entry);
    if (this.entries.length > 50_000 && entry.time - this.entries[0].time > RETENTION_MS) {
      const cut = this.entries.findIndex((e) => entry.time - e.time <= RETENTION_MS);
      this.entries.splice(0, cut);
    }
  }

  /** All entries in time order. */
  all(): readonly JournalEntry[] {
    return this.entries;
  }
}

/** klog severities. */
export type KlogSeverity = 'I' | 'W' | 'E' | 'F';

/**
 * The microseconds below the millisecond the simulation counts in: a process
 * logs at some microsecond of its millisecond, the same for every line it
 * writes in that millisecond (so its lines stay in order), derived from the
 * time and the process so that the same run always prints the same times.
 */
export function subMillisecondMicros(time: number, pid: number): number {
  let h = (Math.floor(time) ^ Math.imul(pid, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) % 1000;
}

/**
 * Formats a klog line (`I1130 04:07:35.123456    1234 file.go:12] msg`), as
 * klog's FormatHeader does: PID right-aligned in 7 columns, microseconds.
 */
export function klogLine(severity: KlogSeverity, time: number, pid: number, source: string, message: string): string {
  const d = new Date(time);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const micros = String(d.getUTCMilliseconds() * 1000 + subMillisecondMicros(time, pid)).padStart(6, '0');
  return `${severity}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${micros} ${String(pid).padStart(7, ' ')} ${source}] ${message}`;
}

/** Renders klog structured key/values: strings quoted as strconv.Quote does, numbers bare. */
export function klogKV(message: string, kv: Record<string, string | number | boolean | string[]> = {}): string {
  const parts = [JSON.stringify(message)];
  for (const [k, v] of Object.entries(kv)) {
    parts.push(`${k}=${typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? JSON.stringify(v) : String(v)}`);
  }
  return parts.join(' ');
}
