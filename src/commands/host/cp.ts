/**
 * `cp` and `mv` on the host's filesystem (GNU coreutils cp.c/mv.c messages):
 * files into files or directories, `-r` for trees; mv renames. Modes and
 * owners travel with the file (as `cp -p` / mv keep them; plain cp keeps the
 * mode here too).
 */
import type { VirtualFs } from '../../cluster/host/vfs.js';
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { readHostFile, writeHostFile } from '../text/lib/file-access.js';
import { hostFsOf, resolveHostPath } from './lib/host-context.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'recursive', short: 'r', long: 'recursive' },
  { key: 'recursive', short: 'R' },
  { key: 'recursive', short: 'a', long: 'archive' },
  { key: 'force', short: 'f', long: 'force' },
  { key: 'preserve', short: 'p' },
  { key: 'verbose', short: 'v', long: 'verbose' },
  { key: 'interactive', short: 'i', long: 'interactive' },
  { key: 'no-clobber', short: 'n', long: 'no-clobber' },
];

function copyTree(fs: VirtualFs, from: string, to: string): void {
  if (fs.exists(from) === 'file') {
    const f = fs.stat(from)!;
    fs.write(to, fs.read(from) ?? '', { mode: f.mode, owner: f.owner, sizeBytes: f.sizeBytes });
    return;
  }
  fs.mkdirs(to);
  for (const e of fs.list(from) ?? []) copyTree(fs, e.path, `${to}/${e.name}`);
}

function transfer(tool: 'cp' | 'mv', args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt(tool, args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp(tool)}\n`, exitCode: 1 };
  const keys = new Set(parsed.options.map((o) => o.key));
  const ops = parsed.operands;
  if (ops.length === 0) return { stdout: '', stderr: `${tool}: missing file operand\n${tryHelp(tool)}\n`, exitCode: 1 };
  if (ops.length === 1) return { stdout: '', stderr: `${tool}: missing destination file operand after '${ops[0]}'\n${tryHelp(tool)}\n`, exitCode: 1 };
  const fs = hostFsOf(ctx);
  const destOperand = ops[ops.length - 1];
  const sources = ops.slice(0, -1);
  if (!fs) {
    // The workstation without a whole filesystem: plain file to file.
    const text = readHostFile(ctx, sources[0]);
    if (text === undefined) return { stdout: '', stderr: `${tool}: cannot stat '${sources[0]}': No such file or directory\n`, exitCode: 1 };
    writeHostFile(ctx, destOperand, text, false);
    return { stdout: '', stderr: '', exitCode: 0 };
  }
  const dest = resolveHostPath(ctx, destOperand);
  const destIsDir = fs.exists(dest) === 'dir';
  if (sources.length > 1 && !destIsDir) return { stdout: '', stderr: `${tool}: target '${destOperand}' is not a directory\n`, exitCode: 1 };
  // A trailing slash names a directory: without one there, nothing is created (coreutils: ENOTDIR).
  if (destOperand.endsWith('/') && !destIsDir) {
    const why = tool === 'mv' ? `cannot move '${sources[0]}' to '${destOperand}'` : `cannot create regular file '${destOperand}'`;
    return { stdout: '', stderr: `${tool}: ${why}: Not a directory\n`, exitCode: 1 };
  }
  let stdout = '';
  let stderr = '';
  for (const operand of sources) {
    const from = resolveHostPath(ctx, operand);
    const kind = fs.exists(from);
    if (!kind) {
      stderr += `${tool}: cannot stat '${operand}': No such file or directory\n`;
      continue;
    }
    if (kind === 'dir' && tool === 'cp' && !keys.has('recursive')) {
      stderr += `cp: -r not specified; omitting directory '${operand}'\n`;
      continue;
    }
    const to = destIsDir ? `${dest === '/' ? '' : dest}/${from.slice(from.lastIndexOf('/') + 1)}` : dest;
    if (to === from || to.startsWith(`${from}/`)) {
      stderr += `${tool}: cannot ${tool === 'cp' ? 'copy' : 'move'} '${operand}' to a subdirectory of itself, '${destOperand}'\n`;
      continue;
    }
    if (keys.has('no-clobber') && fs.exists(to)) continue;
    copyTree(fs, from, to);
    if (tool === 'mv') fs.remove(from, true);
    if (keys.has('verbose')) stdout += tool === 'mv' ? `renamed '${operand}' -> '${destOperand}'\n` : `'${operand}' -> '${destOperand}'\n`;
  }
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
}

/** The cp command. */
export const cpCommand: Command = { name: 'cp', execute: (args, ctx) => transfer('cp', args, ctx) };
/** The mv command. */
export const mvCommand: Command = { name: 'mv', execute: (args, ctx) => transfer('mv', args, ctx) };
