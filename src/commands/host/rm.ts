/**
 * `rm` on the host's filesystem (GNU coreutils rm.c messages): `-f` ignores
 * missing files, `-r`/`-R` removes directories, a directory without `-r` is
 * refused.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { hostFsOf, resolveHostPath } from './lib/host-context.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'force', short: 'f', long: 'force' },
  { key: 'recursive', short: 'r', long: 'recursive' },
  { key: 'recursive', short: 'R' },
  { key: 'dir', short: 'd', long: 'dir' },
  { key: 'verbose', short: 'v', long: 'verbose' },
  { key: 'interactive', short: 'i' },
];

/** Runs rm on the current host. */
export function runRm(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('rm', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('rm')}\n`, exitCode: 1 };
  const keys = new Set(parsed.options.map((o) => o.key));
  if (parsed.operands.length === 0) return keys.has('force') ? { stdout: '', stderr: '', exitCode: 0 } : { stdout: '', stderr: `rm: missing operand\n${tryHelp('rm')}\n`, exitCode: 1 };
  const fs = hostFsOf(ctx);
  let stdout = '';
  let stderr = '';
  for (const operand of parsed.operands) {
    const path = resolveHostPath(ctx, operand);
    const kind = fs?.exists(path);
    if (!fs || !kind) {
      if (!keys.has('force')) stderr += `rm: cannot remove '${operand}': No such file or directory\n`;
      continue;
    }
    if (path === '/') {
      stderr += `rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n`;
      continue;
    }
    if (kind === 'dir' && !keys.has('recursive')) {
      if (keys.has('dir') && fs.remove(path, false)) continue;
      stderr += keys.has('dir') ? `rm: cannot remove '${operand}': Directory not empty\n` : `rm: cannot remove '${operand}': Is a directory\n`;
      continue;
    }
    fs.remove(path, true);
    if (keys.has('verbose')) stdout += kind === 'dir' ? `removed directory '${operand}'\n` : `removed '${operand}'\n`;
  }
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
}

/** The rm command. */
export const rmCommand: Command = { name: 'rm', execute: runRm };
