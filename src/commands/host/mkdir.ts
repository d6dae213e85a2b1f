/** `mkdir` on the host's filesystem (GNU coreutils mkdir.c messages; `-p` makes parents and accepts existing directories). */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { hostFsOf, resolveHostPath } from './lib/host-context.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'parents', short: 'p', long: 'parents' },
  { key: 'verbose', short: 'v', long: 'verbose' },
  { key: 'mode', short: 'm', long: 'mode', arg: 'required' },
];

/** Runs mkdir on the current host. */
export function runMkdir(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('mkdir', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('mkdir')}\n`, exitCode: 1 };
  if (parsed.operands.length === 0) return { stdout: '', stderr: `mkdir: missing operand\n${tryHelp('mkdir')}\n`, exitCode: 1 };
  const parents = parsed.options.some((o) => o.key === 'parents');
  const verbose = parsed.options.some((o) => o.key === 'verbose');
  const fs = hostFsOf(ctx);
  let stdout = '';
  let stderr = '';
  for (const operand of parsed.operands) {
    const path = resolveHostPath(ctx, operand);
    if (!fs) continue;
    const kind = fs.exists(path);
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    if (kind && !(parents && kind === 'dir')) stderr += `mkdir: cannot create directory '${operand}': File exists\n`;
    else if (!parents && fs.exists(parent) !== 'dir') stderr += `mkdir: cannot create directory '${operand}': No such file or directory\n`;
    else if (!kind) {
      fs.mkdirs(path);
      if (verbose) stdout += `mkdir: created directory '${operand}'\n`;
    }
  }
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
}

/** The mkdir command. */
export const mkdirCommand: Command = { name: 'mkdir', execute: runMkdir };
