/**
 * `readlink` (GNU coreutils 8.32): the target of a symbolic link as stored,
 * or with `-f`/`-e`/`-m` the path with every link followed. Not a link (without
 * `-f`) or a missing file: no output, status 1, as coreutils does without `-v`.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { normalizePath } from '../../cluster/host/vfs.js';
import { hostFsOf, resolveHostPath } from './lib/host-context.js';

const TRY = "Try 'readlink --help' for more information.\n";

/** Runs readlink on the current host. */
export function runReadlink(args: readonly string[], ctx: CommandContext): ExecResult {
  let canonical = false;
  let newline = true;
  const operands: string[] = [];
  for (const a of args) {
    if (a === '-f' || a === '-e' || a === '-m' || a === '--canonicalize' || a === '--canonicalize-existing' || a === '--canonicalize-missing') canonical = true;
    else if (a === '-n' || a === '--no-newline') newline = false;
    else if (a === '-q' || a === '-s' || a === '--quiet' || a === '--silent' || a === '-v' || a === '--verbose') continue;
    else if (a.startsWith('--') && a.length > 2) return { stdout: '', stderr: `readlink: unrecognized option '${a}'\n${TRY}`, exitCode: 1 };
    else if (a.startsWith('-') && a.length > 1) return { stdout: '', stderr: `readlink: invalid option -- '${a[1]}'\n${TRY}`, exitCode: 1 };
    else operands.push(a);
  }
  if (operands.length === 0) return { stdout: '', stderr: `readlink: missing operand\n${TRY}`, exitCode: 1 };
  const fs = hostFsOf(ctx);
  let stdout = '';
  let status = 0;
  for (const operand of operands) {
    const path = resolveHostPath(ctx, operand);
    if (canonical) {
      let p = path;
      for (let hops = 0; hops < 40; hops++) {
        const target = fs?.readlink(p);
        if (target === undefined) break;
        p = normalizePath(target, p.slice(0, p.lastIndexOf('/')) || '/');
      }
      stdout += `${p}${newline ? '\n' : ''}`;
      continue;
    }
    const target = fs?.readlink(path);
    if (target === undefined) status = 1;
    else stdout += `${target}${newline ? '\n' : ''}`;
  }
  return { stdout, stderr: '', exitCode: status };
}

/** The readlink command. */
export const readlinkCommand: Command = { name: 'readlink', execute: runReadlink };
