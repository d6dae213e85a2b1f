/**
 * `journalctl` on a node: reads the host's journal (what its services and
 * systemd logged, stamped by the host's own clock) and prints it in journald's
 * formats (k8s-output-formats.md §6.2). Option handling follows
 * systemd/systemd src/journal/journalctl.c (parse_argv); the header journalctl
 * 249 prints (`-- Journal begins at ...`) is left out, as journalctl ≥250 does
 * and as the reference samples show. `-f` prints the last lines and returns:
 * following a live journal belongs to the interactive terminal.
 */
import type { JournalEntry } from '../../cluster/host/journal.js';
import type { Command, CommandContext, ExecResult, FollowCursor } from '../types.js';
import { getopt, type OptionSpec } from '../text/lib/getopt.js';
import { nodeOf } from './lib/host-context.js';
import { formatJournalEntry, JOURNAL_OUTPUTS, type JournalOutput } from './lib/journal-format.js';
import { parseTimestamp } from './lib/parse-timestamp.js';
import { compileWildcard } from '../text/lib/fnmatch.js';
import { JOURNALCTL_HELP } from './lib/systemd-help.js';
import { catalogLines } from './lib/journal-catalog.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'unit', short: 'u', long: 'unit', arg: 'required' },
  { key: 'identifier', short: 't', long: 'identifier', arg: 'required' },
  { key: 'lines', short: 'n', long: 'lines', arg: 'required' },
  { key: 'follow', short: 'f', long: 'follow' },
  { key: 'reverse', short: 'r', long: 'reverse' },
  { key: 'end', short: 'e', long: 'pager-end' },
  { key: 'since', short: 'S', long: 'since', arg: 'required' },
  { key: 'until', short: 'U', long: 'until', arg: 'required' },
  { key: 'priority', short: 'p', long: 'priority', arg: 'required' },
  { key: 'output', short: 'o', long: 'output', arg: 'required' },
  { key: 'boot', short: 'b', long: 'boot', arg: 'required' },
  { key: 'dmesg', short: 'k', long: 'dmesg' },
  { key: 'catalog', short: 'x', long: 'catalog' },
  { key: 'all', short: 'a', long: 'all' },
  { key: 'full', short: 'l', long: 'full' },
  { key: 'quiet', short: 'q', long: 'quiet' },
  { key: 'merge', short: 'm', long: 'merge' },
  { key: 'no-pager', long: 'no-pager' },
  { key: 'no-full', long: 'no-full' },
  { key: 'no-tail', long: 'no-tail' },
  { key: 'no-hostname', long: 'no-hostname' },
  { key: 'utc', long: 'utc' },
  { key: 'system', long: 'system' },
  { key: 'help', short: 'h', long: 'help' },
];

/** syslog priority names (src/basic/syslog-util.c log_level_from_string). */
const PRIORITIES = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'];

function parsePriority(text: string): { min: number; max: number } | undefined {
  const level = (t: string): number | undefined => {
    if (/^[0-7]$/.test(t)) return Number(t);
    const i = PRIORITIES.indexOf(t);
    if (i >= 0) return i;
    if (t === 'error') return 3;
    if (t === 'warn') return 4;
    if (t === 'panic') return 0;
    return undefined;
  };
  const range = text.split('..');
  if (range.length === 2) {
    const a = level(range[0]);
    const b = level(range[1]);
    return a === undefined || b === undefined ? undefined : { min: Math.min(a, b), max: Math.max(a, b) };
  }
  const l = level(text);
  return l === undefined ? undefined : { min: 0, max: l };
}

/** `kubelet` → `kubelet.service`, as unit_name_mangle does for names without a type suffix. */
export function mangleUnitName(name: string): string {
  return /\.(service|socket|target|timer|mount|scope|slice|path|device|swap|automount)$/.test(name) || /[*?[]/.test(name) ? name : `${name}.service`;
}

/**
 * `-n` and `--lines` take an optional number in journalctl (it peeks at the
 * next word), and so does `-b`; rewrite them so getopt sees a value.
 */
function normalizeArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  const isLines = (s: string | undefined) => s !== undefined && /^(\+?\d+|all)$/.test(s);
  const isBoot = (s: string | undefined) => s !== undefined && /^(-?\d+|[0-9a-f]{32}([+-]\d+)?|all)$/.test(s);
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    // A cluster of flags ending in n or b (`-fn`, `-xeb`): split the last letter off.
    const cluster = /^-([frexaqlmk]+)([nb])$/.exec(a);
    if (cluster) {
      out.push(`-${cluster[1]}`);
      a = `-${cluster[2]}`;
    }
    if (a === '-n' || a === '--lines') {
      if (isLines(args[i + 1])) out.push('--lines', args[++i]);
      else out.push('--lines=10');
    } else if (a === '-b' || a === '--boot') {
      if (isBoot(args[i + 1])) out.push('--boot', args[++i]);
      else out.push('--boot=0');
    } else out.push(a);
  }
  return out;
}

/** The parsed request. */
interface Query {
  units: string[];
  identifiers: string[];
  lines?: { count: number; fromStart: boolean } | 'all';
  reverse: boolean;
  follow: boolean;
  since?: number;
  until?: number;
  priority?: { min: number; max: number };
  output: JournalOutput;
  hostname: boolean;
  kernel: boolean;
  /** -x: explain entries from the message catalog. */
  catalog: boolean;
}

function parse(args: readonly string[], now: number): { ok: true; query: Query } | { ok: false; result: ExecResult } {
  const bad = (message: string): { ok: false; result: ExecResult } => ({ ok: false, result: { stdout: '', stderr: `${message}\n`, exitCode: 1 } });
  const parsed = getopt('journalctl', normalizeArgs(args), SPECS);
  if (!parsed.ok) return bad(parsed.message);
  const q: Query = { units: [], identifiers: [], reverse: false, follow: false, output: 'short', hostname: true, kernel: false, catalog: false };
  let end = false;
  for (const o of parsed.options) {
    const v = o.value ?? '';
    switch (o.key) {
      // parse_argv prints the help as soon as it meets -h, and exits 0.
      case 'help':
        return { ok: false, result: { stdout: JOURNALCTL_HELP, stderr: '', exitCode: 0 } };
      case 'unit':
        q.units.push(mangleUnitName(v));
        break;
      case 'identifier':
        q.identifiers.push(v);
        break;
      case 'lines': {
        if (v === 'all') q.lines = 'all';
        else if (/^\+?\d+$/.test(v)) q.lines = { count: Number(v.replace('+', '')), fromStart: v.startsWith('+') };
        else return bad(`Failed to parse lines '${v}'`);
        break;
      }
      case 'follow':
        q.follow = true;
        break;
      case 'reverse':
        q.reverse = true;
        break;
      case 'end':
        end = true;
        break;
      case 'since':
      case 'until': {
        const t = parseTimestamp(v, now);
        if (t === undefined) return bad(`Failed to parse timestamp: ${v}`);
        if (o.key === 'since') q.since = t;
        else q.until = t;
        break;
      }
      case 'priority': {
        const p = parsePriority(v);
        if (!p) return bad(`Unknown log level ${v}`);
        q.priority = p;
        break;
      }
      case 'output': {
        if (!(JOURNAL_OUTPUTS as readonly string[]).includes(v)) return bad(`Unknown output format '${v}'.`);
        q.output = v as JournalOutput;
        break;
      }
      case 'boot':
        if (/^-\d+$/.test(v) && v !== '-0') return bad(`Data from the specified boot (${v}) is not available: No such boot ID in journal`);
        break;
      case 'dmesg':
        q.kernel = true;
        break;
      case 'no-hostname':
        q.hostname = false;
        break;
      case 'catalog':
        q.catalog = true;
        break;
      default:
        break;
    }
  }
  if (parsed.operands.length > 0) {
    // journalctl takes FIELD=VALUE matches and executable paths; the simulation knows `_SYSTEMD_UNIT=`, `SYSLOG_IDENTIFIER=`, `_PID=`.
    for (const m of parsed.operands) {
      const eq = /^([A-Z_]+)=(.*)$/.exec(m);
      if (!eq) return bad(`Failed to add match '${m}': Invalid argument`);
      if (eq[1] === '_SYSTEMD_UNIT' || eq[1] === 'UNIT') q.units.push(eq[2]);
      else if (eq[1] === 'SYSLOG_IDENTIFIER') q.identifiers.push(eq[2]);
    }
  }
  if (q.since !== undefined && q.until !== undefined && q.since > q.until) return bad('--since= must be before --until=.');
  if (end && q.lines === undefined) q.lines = { count: 1000, fromStart: false };
  if (q.follow && q.lines === undefined) q.lines = { count: 10, fromStart: false };
  return { ok: true, query: q };
}

/** Selects the entries a query asks for, in output order. */
export function selectEntries(entries: readonly JournalEntry[], q: Pick<Query, 'units' | 'identifiers' | 'since' | 'until' | 'priority' | 'lines' | 'reverse' | 'kernel'>): JournalEntry[] {
  // Unit name patterns as journalctl matches them (fnmatch: `[` without `]` is literal, never an error).
  const unitRes = q.units.map((glob) => compileWildcard(glob));
  let out = entries.filter(
    (e) =>
      (!q.kernel || e.identifier === 'kernel') &&
      (unitRes.length === 0 || unitRes.some((re) => re.test(e.unit))) &&
      (q.identifiers.length === 0 || q.identifiers.includes(e.identifier)) &&
      (q.since === undefined || e.time >= q.since) &&
      (q.until === undefined || e.time <= q.until) &&
      (q.priority === undefined || (e.priority >= q.priority.min && e.priority <= q.priority.max)),
  );
  if (q.lines !== undefined && q.lines !== 'all') {
    out = q.lines.fromStart ? out.slice(0, q.lines.count) : q.lines.count === 0 ? [] : out.slice(-q.lines.count);
  }
  return q.reverse ? out.reverse() : out;
}

/** Runs journalctl against the current node's journal. */
export function runJournalctl(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  const now = node?.host.now() ?? ctx.cluster.now();
  const parsed = parse(args, now);
  if (!parsed.ok) return parsed.result;
  const q = parsed.query;
  const all = node?.host.journal.all() ?? [];
  const entries = selectEntries(all, q);
  const hostname = q.hostname ? ctx.host : undefined;
  // The catalog follows an entry in the short modes (logs-show.c output_short), not in cat.
  const explain = q.catalog && q.output !== 'cat';
  const render = (list: readonly JournalEntry[]): string => list.map((e) => `${formatJournalEntry(e, { output: q.output, hostname })}\n${explain ? catalogLines(e) : ''}`).join('');
  if (q.follow && ctx.canFollow && node) {
    // journalctl-show.c: a following journalctl goes straight into its event
    // loop, so it never prints `-- No entries --`.
    return { stdout: render(entries), stderr: '', exitCode: 0, follow: journalFollowCursor(all, (e) => matchesQuery(e, q), render) };
  }
  if (entries.length === 0) return { stdout: '-- No entries --\n', stderr: '', exitCode: 0 };
  return { stdout: render(entries), stderr: '', exitCode: 0 };
}

/** Whether an entry passes a query's filters (not its line count): what `-f` shows of new entries. */
function matchesQuery(e: JournalEntry, q: Query): boolean {
  return selectEntries([e], { ...q, lines: 'all', reverse: false }).length === 1;
}

/**
 * A cursor over the entries appended to a journal after the ones it holds now.
 * It keeps the last entry seen (by identity, as sd-journal keeps a cursor), so
 * entries the journal drops from its head while following do not shift it.
 */
export function journalFollowCursor(
  entries: readonly JournalEntry[],
  matches: (e: JournalEntry) => boolean,
  render: (entries: readonly JournalEntry[]) => string,
): FollowCursor {
  let last: JournalEntry | undefined = entries[entries.length - 1];
  let seen = entries.length;
  return {
    next() {
      let start: number;
      if (last === undefined) start = 0;
      else if (entries[seen - 1] === last) start = seen;
      else {
        const at = entries.lastIndexOf(last);
        // Dropped by retention: everything left is newer than what was shown.
        start = at >= 0 ? at + 1 : 0;
      }
      const fresh = entries.slice(start);
      if (fresh.length === 0) return '';
      last = fresh[fresh.length - 1];
      seen = entries.length;
      return render(fresh.filter(matches));
    },
  };
}

/** The journalctl command. */
export const journalctlCommand: Command = { name: 'journalctl', execute: runJournalctl };
