/**
 * `uptime` on a node: procps-ng 3.3.17 (Ubuntu 22.04) sprint_uptime layout,
 * ` 09:12:04 up 45 days,  3:12,  1 user,  load average: 0.15, 0.10, 0.08`,
 * with `-p` (pretty) and `-s` (since). The time is the host clock; the
 * uptime is the machine's own (monotonic).
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';
import { loadAverages, uptimeSeconds } from './lib/load.js';
import { strftime } from './lib/strftime.js';

/** Runs uptime on the current node. */
export function runUptime(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  if (!node) return { stdout: '', stderr: 'uptime: cannot read the machine state\n', exitCode: 1 };
  const now = node.host.now();
  const up = uptimeSeconds(node, ctx.cluster.now());
  const days = Math.floor(up / 86_400);
  const hours = Math.floor((up % 86_400) / 3600);
  const minutes = Math.floor((up % 3600) / 60);
  const bad = args.find((a) => !['-p', '--pretty', '-s', '--since'].includes(a));
  if (bad) return { stdout: '', stderr: `uptime: invalid option -- '${bad.replace(/^-+/, '')[0] ?? ''}'\n\nUsage:\n uptime [options]\n`, exitCode: 1 };
  if (args.includes('-s') || args.includes('--since')) return { stdout: `${strftime('%Y-%m-%d %H:%M:%S', now - up * 1000)}\n`, stderr: '', exitCode: 0 };
  if (args.includes('-p') || args.includes('--pretty')) {
    const weeks = Math.floor(days / 7);
    const parts: string[] = [];
    const add = (n: number, unit: string) => n > 0 && parts.push(`${n} ${unit}${n === 1 ? '' : 's'}`);
    add(weeks, 'week');
    add(days % 7, 'day');
    add(hours, 'hour');
    add(minutes, 'minute');
    return { stdout: `up ${parts.join(', ') || '0 minutes'}\n`, stderr: '', exitCode: 0 };
  }
  let text = ` ${strftime('%H:%M:%S', now)} up `;
  if (days) text += `${days} day${days !== 1 ? 's' : ''}, `;
  text += hours ? `${String(hours).padStart(2)}:${String(minutes).padStart(2, '0')}, ` : `${minutes} min, `;
  const [a, b, c] = loadAverages(node);
  text += `${String(1).padStart(2)} user,  load average: ${a.toFixed(2)}, ${b.toFixed(2)}, ${c.toFixed(2)}`;
  return { stdout: `${text}\n`, stderr: '', exitCode: 0 };
}

/** The uptime command. */
export const uptimeCommand: Command = { name: 'uptime', execute: runUptime };
