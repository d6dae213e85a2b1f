/**
 * `du` over the host's filesystem (GNU coreutils du.c): disk usage in 4 KiB
 * blocks, every directory listed after its contents unless `-s`, `-h` in
 * human units rounded up, `-a` for files too, `-c` for a total line.
 */
import type { VirtualFs } from '../../cluster/host/vfs.js';
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { hostFsOf, resolveHostPath } from './lib/host-context.js';
import { diskUsage } from './lib/fs-view.js';
import { humanCeil } from './lib/human.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'summarize', short: 's', long: 'summarize' },
  { key: 'human', short: 'h', long: 'human-readable' },
  { key: 'all', short: 'a', long: 'all' },
  { key: 'total', short: 'c', long: 'total' },
  { key: 'kilo', short: 'k' },
  { key: 'max-depth', short: 'd', long: 'max-depth', arg: 'required' },
  { key: 'one-fs', short: 'x', long: 'one-file-system' },
];

/** Runs du on the current host. */
export function runDu(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('du', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('du')}\n`, exitCode: 1 };
  const keys = new Set(parsed.options.map((o) => o.key));
  const depthOpt = parsed.options.find((o) => o.key === 'max-depth')?.value;
  const maxDepth = keys.has('summarize') ? 0 : depthOpt !== undefined ? Number(depthOpt) : Infinity;
  const size = (b: number) => (keys.has('human') ? humanCeil(b) : String(Math.ceil(b / 1024)));
  const fs = hostFsOf(ctx);
  if (!fs) return { stdout: '', stderr: '', exitCode: 0 };
  let stdout = '';
  let stderr = '';
  let total = 0;
  const walk = (v: VirtualFs, path: string, label: string, depth: number): void => {
    if (v.exists(path) === 'dir') {
      for (const e of v.list(path) ?? []) {
        const childLabel = `${label.replace(/\/$/, '')}/${e.name}`;
        if (e.kind === 'dir') walk(v, e.path, childLabel, depth + 1);
        else if (keys.has('all') && depth + 1 <= maxDepth) stdout += `${size(diskUsage(v, e.path))}\t${childLabel}\n`;
      }
    }
    if (depth <= maxDepth) stdout += `${size(diskUsage(v, path))}\t${label}\n`;
  };
  for (const operand of parsed.operands.length ? parsed.operands : ['.']) {
    const path = resolveHostPath(ctx, operand);
    if (!fs.exists(path)) {
      stderr += `du: cannot access '${operand}': No such file or directory\n`;
      continue;
    }
    walk(fs, path, operand, 0);
    total += diskUsage(fs, path);
  }
  if (keys.has('total')) stdout += `${size(total)}\ttotal\n`;
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
}

/** The du command. */
export const duCommand: Command = { name: 'du', execute: runDu };
