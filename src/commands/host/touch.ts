/** `touch`: creates empty files or updates their time to the host clock (GNU coreutils touch.c messages). */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { writeHostFile } from '../text/lib/file-access.js';
import { hostFsOf, hostNow, resolveHostPath } from './lib/host-context.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'no-create', short: 'c', long: 'no-create' },
  { key: 'access', short: 'a' },
  { key: 'modify', short: 'm' },
];

/** Runs touch on the current host. */
export function runTouch(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('touch', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('touch')}\n`, exitCode: 1 };
  if (parsed.operands.length === 0) return { stdout: '', stderr: `touch: missing file operand\n${tryHelp('touch')}\n`, exitCode: 1 };
  const noCreate = parsed.options.some((o) => o.key === 'no-create');
  const fs = hostFsOf(ctx);
  let stderr = '';
  for (const operand of parsed.operands) {
    const path = resolveHostPath(ctx, operand);
    if (!fs) {
      if (!noCreate) writeHostFile(ctx, operand, '', true);
      continue;
    }
    const kind = fs.exists(path);
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    if (kind === 'file') {
      const f = fs.stat(path)!;
      f.mtime = hostNow(ctx);
    } else if (kind === 'dir' || noCreate) continue;
    else if (fs.exists(parent) !== 'dir') stderr += `touch: cannot touch '${operand}': No such file or directory\n`;
    else fs.write(path, '');
  }
  return { stdout: '', stderr, exitCode: stderr ? 1 : 0 };
}

/** The touch command. */
export const touchCommand: Command = { name: 'touch', execute: runTouch };
