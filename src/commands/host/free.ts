/**
 * `free` on a node: procps-ng 3.3.17 free.c layout (a 7-column label, then
 * ` %11s` per value) in KiB by default, `-b`, `-k`, `-m`, `-g`, `-h`. Swap is
 * off, as kubeadm requires.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';
import { humanFree } from './lib/human.js';
import { memoryTotal, memoryUsed } from './lib/machine.js';

/** Runs free on the current node. */
export function runFree(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  if (!node) return { stdout: '', stderr: 'free: cannot read the machine state\n', exitCode: 1 };
  let unit: number | 'h' = 1024;
  for (const a of args) {
    const flags: Record<string, number | 'h'> = { '-b': 1, '--bytes': 1, '-k': 1024, '--kibi': 1024, '-m': 1024 ** 2, '--mebi': 1024 ** 2, '-g': 1024 ** 3, '--gibi': 1024 ** 3, '-h': 'h', '--human': 'h' };
    if (a === '-w' || a === '--wide' || a === '-t' || a === '--total') continue;
    if (!(a in flags)) return { stdout: '', stderr: `free: invalid option -- '${a.replace(/^-+/, '')[0] ?? ''}'\n\nUsage:\n free [options]\n`, exitCode: 1 };
    unit = flags[a];
  }
  // The kernel keeps some memory for itself: MemTotal is below the installed size.
  const total = Math.floor(memoryTotal(node) * 0.97);
  const used = memoryUsed(node);
  const cache = Math.floor(total * 0.22);
  const shared = 2 * 1024 * 1024 + 356 * 1024;
  const free = Math.max(0, total - used - cache);
  const available = Math.min(total, free + Math.floor(cache * 0.85));
  const fmt = (b: number): string => (unit === 'h' ? humanFree(b) : String(Math.floor(b / unit)));
  const row = (label: string, values: number[]) => `${label.padEnd(7)}${values.map((v) => ` ${fmt(v).padStart(11)}`).join('')}\n`;
  const header = '              total        used        free      shared  buff/cache   available\n';
  return { stdout: header + row('Mem:', [total, used, free, shared, cache, available]) + row('Swap:', [0, 0, 0]), stderr: '', exitCode: 0 };
}

/** The free command. */
export const freeCommand: Command = { name: 'free', execute: runFree };
