/**
 * `ps` on a node, BSD style (`ps aux`, `ps -ef`): the node's processes (see
 * lib/processes.ts) in procps-ng 3.3.17's columns. Like procps, a value wider
 * than its column pushes the line right and the next column's padding
 * absorbs it where it can (output.c show_one_proc).
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';
import { memoryTotal } from './lib/machine.js';
import { nodeProcesses, type HostProcess } from './lib/processes.js';
import { strftime } from './lib/strftime.js';

/** A column: header, width, alignment and cell. */
interface Column {
  header: string;
  width: number;
  left?: boolean;
  cell: (p: HostProcess) => string;
}

/** Lays out rows the way procps does: fixed widths, overflow absorbed by later padding. */
function layout(columns: Column[], procs: HostProcess[]): string {
  const line = (cells: string[]): string => {
    let out = '';
    let debt = 0;
    cells.forEach((cell, i) => {
      const col = columns[i];
      const last = i === cells.length - 1;
      if (i > 0) out += ' ';
      if (last && col.left) {
        out += cell;
        return;
      }
      const pad = Math.max(0, col.width - cell.length);
      const absorbed = Math.min(pad, debt);
      debt = debt - absorbed + Math.max(0, cell.length - col.width);
      const fill = ' '.repeat(pad - absorbed);
      out += col.left ? cell + fill : fill + cell;
    });
    return out.trimEnd();
  };
  return [line(columns.map((c) => c.header)), ...procs.map((p) => line(columns.map((c) => c.cell(p))))].join('\n') + '\n';
}

/** Runs ps on the current node. */
export function runPs(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  if (!node) return { stdout: '', stderr: 'ps: cannot read the process table\n', exitCode: 1 };
  const now = node.host.now();
  const self = `ps ${args.join(' ')}`.trim();
  const procs = nodeProcesses(node, ctx.cluster.now(), self);
  const mem = memoryTotal(node) / 1024;
  const elapsed = (p: HostProcess) => Math.max(1, (now - p.start) / 1000);
  const time = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
  const started = (p: HostProcess) => (now - p.start < 86_400_000 && strftime('%F', p.start) === strftime('%F', now) ? strftime('%H:%M', p.start) : now - p.start < 365 * 86_400_000 ? strftime('%b%d', p.start) : strftime('%Y', p.start));
  const style = args.join(' ').replace(/^-/, '');
  if (/^(-?e|-?ef|-?eF|-?A|-?Af)$/.test(args.join('')) || /^ef$|^e$/.test(style)) {
    const full = args.join('').includes('f');
    const hms = (sec: number) => `${String(Math.floor(sec / 3600)).padStart(2, '0')}:${String(Math.floor((sec % 3600) / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
    const cols: Column[] = full
      ? [
          { header: 'UID', width: 8, left: true, cell: (p) => p.user },
          { header: 'PID', width: 7, cell: (p) => String(p.pid) },
          { header: 'PPID', width: 7, cell: (p) => String(p.pid === 1 || p.pid === 2 ? 0 : p.command.startsWith('[') ? 2 : 1) },
          { header: 'C', width: 1, cell: (p) => String(Math.floor((p.cpuSeconds / elapsed(p)) * 100)) },
          { header: 'STIME', width: 5, left: true, cell: started },
          { header: 'TTY', width: 8, left: true, cell: (p) => p.tty },
          { header: 'TIME', width: 8, cell: (p) => hms(p.cpuSeconds) },
          { header: 'CMD', width: 0, left: true, cell: (p) => p.command },
        ]
      : [
          { header: 'PID', width: 7, cell: (p) => String(p.pid) },
          { header: 'TTY', width: 8, left: true, cell: (p) => p.tty },
          { header: 'TIME', width: 8, cell: (p) => hms(p.cpuSeconds) },
          { header: 'CMD', width: 0, left: true, cell: (p) => (p.command.startsWith('[') ? p.command.slice(1, -1) : p.command.split(' ')[0].split('/').pop() ?? '') },
        ];
    return { stdout: layout(cols, procs), stderr: '', exitCode: 0 };
  }
  if (args.length === 0) {
    const mine = procs.filter((p) => p.tty === 'pts/0');
    const cols: Column[] = [
      { header: 'PID', width: 7, cell: (p) => String(p.pid) },
      { header: 'TTY', width: 8, left: true, cell: (p) => p.tty },
      { header: 'TIME', width: 8, cell: () => '00:00:00' },
      { header: 'CMD', width: 0, left: true, cell: (p) => (p.command === '-bash' ? 'bash' : p.command.split(' ')[0]) },
    ];
    return { stdout: layout(cols, mine), stderr: '', exitCode: 0 };
  }
  const cols: Column[] = [
    { header: 'USER', width: 8, left: true, cell: (p) => p.user },
    { header: 'PID', width: 7, cell: (p) => String(p.pid) },
    { header: '%CPU', width: 4, cell: (p) => ((p.cpuSeconds / elapsed(p)) * 100).toFixed(1) },
    { header: '%MEM', width: 4, cell: (p) => ((p.rssKiB / mem) * 100).toFixed(1) },
    { header: 'VSZ', width: 6, cell: (p) => String(p.vszKiB) },
    { header: 'RSS', width: 5, cell: (p) => String(p.rssKiB) },
    { header: 'TTY', width: 8, left: true, cell: (p) => p.tty },
    { header: 'STAT', width: 4, left: true, cell: (p) => p.stat },
    { header: 'START', width: 5, cell: started },
    { header: 'TIME', width: 6, cell: (p) => time(p.cpuSeconds) },
    { header: 'COMMAND', width: 0, left: true, cell: (p) => p.command },
  ];
  return { stdout: layout(cols, procs), stderr: '', exitCode: 0 };
}

/** The ps command. */
export const psCommand: Command = { name: 'ps', execute: runPs };
