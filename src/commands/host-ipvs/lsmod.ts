/**
 * `lsmod` on a node (kmod's lsmod.c): the loaded kernel modules from
 * /proc/modules, most recently loaded first, as `%-19s %8lu  %d` and the
 * modules using each, comma-separated.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { kernelModulesOf } from '../../cluster/host/kernel-modules.js';

/** Runs lsmod on the current node. */
export function runLsmod(_args: readonly string[], ctx: CommandContext): ExecResult {
  const node = ctx.cluster.node?.(ctx.host);
  if (!node) return { stdout: '', stderr: 'bash: lsmod: command not found\n', exitCode: 127 };
  const lines = ['Module                  Size  Used by'];
  for (const m of kernelModulesOf(node.host).loaded) {
    lines.push(`${m.name.padEnd(19)} ${String(m.size).padStart(8)}  ${m.holders.length}${m.holders.length ? ` ${m.holders.join(',')}` : ''}`);
  }
  return { stdout: lines.map((l) => `${l}\n`).join(''), stderr: '', exitCode: 0 };
}

/** The lsmod command. */
export const lsmodCommand: Command = { name: 'lsmod', execute: runLsmod };
