/**
 * `vi`, `vim` and `nano` on a host: edit a file of the host's virtual
 * filesystem with the learner's own editor, through the mechanism `kubectl
 * edit` uses (ctx.openEditor): the file's text goes into a temporary file on
 * the learner's machine, their configured editor opens it, and what they save
 * is written back to the simulated file (so editing a static pod manifest or
 * the kubelet's config has its real effect). Neither the file's name nor its
 * text ever reaches a real shell. Options (`+N`, `-R`, nano's `-l` ...) only
 * change how the editor shows the file; the read-only ones (`vi -R`,
 * `nano -v`, `view`) never write back.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { readHostFile, writeHostFile } from '../text/lib/file-access.js';
import { homeOf, hostFsOf, resolveHostPath } from './lib/host-context.js';

/** Options that take the next word as their value (vim's -c/-S/-T/-u/..., nano's -T/-Y/-o/...). */
const WITH_VALUE: Readonly<Record<string, ReadonlySet<string>>> = {
  vi: new Set(['-c', '-S', '-T', '-u', '-U', '-i', '-w', '-W', '-s', '-t', '-q', '--cmd']),
  nano: new Set(['-T', '-Y', '-o', '-r', '-s', '-J', '-X', '-Q', '--tabsize', '--syntax', '--operatingdir', '--fill', '--speller', '--guidestripe', '--wordchars', '--quotestr']),
};

/** Runs an editor named `name` (vi, vim, nano) on the current host. */
export async function runEditor(name: string, args: readonly string[], ctx: CommandContext): Promise<ExecResult> {
  const family = name === 'nano' ? 'nano' : 'vi';
  const operands: string[] = [];
  let readOnly = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('+') || (a.startsWith('-') && a.length > 1)) {
      if (WITH_VALUE[family].has(a)) i++;
      if ((family === 'vi' && (a === '-R' || a === '-M')) || (family === 'nano' && (a === '-v' || a === '--view'))) readOnly = true;
      continue;
    }
    operands.push(a);
  }
  const fail = (message: string): ExecResult => ({ stdout: '', stderr: `kubedrill: ${name}: ${message}\n`, exitCode: 1 });
  if (operands.length === 0) return fail(`name the file to edit (${name} FILE): an unnamed buffer cannot be saved back to this host`);
  const open = ctx.openEditor;
  if (!open) return fail('no editor can be started in this session (no terminal): change files with a redirection instead');
  const fs = hostFsOf(ctx);
  for (const operand of operands) {
    const path = resolveHostPath(ctx, operand);
    if (fs?.exists(path) === 'dir') return fail(`${operand}: is a directory (browsing directories is not simulated)`);
    const original = readHostFile(ctx, operand);
    const slash = path.lastIndexOf('/');
    const dot = path.lastIndexOf('.');
    const saved = await open(original ?? '', dot > slash + 1 ? { extension: path.slice(dot + 1) } : {});
    if (saved === undefined) return fail(`the editor did not start or did not save (without a terminal, set $EDITOR); ${operand} is unchanged`);
    // Quitting without a change (`:q`, nano's ^X) writes nothing, as the editors do.
    if (readOnly || saved === (original ?? '') || (original === undefined && saved === '')) continue;
    // The home directory is there even when the simulation has put no file in it yet.
    const parent = path.slice(0, slash) || '/';
    if ((fs && parent !== homeOf(ctx) && fs.exists(parent) !== 'dir') || !writeHostFile(ctx, operand, saved, false)) return fail(`cannot write ${operand}: No such file or directory`);
  }
  return { stdout: '', stderr: '', exitCode: 0 };
}

/** An editor command named `name`. */
function editorCommand(name: string): Command {
  return { name, execute: (args, ctx) => runEditor(name, args, ctx) };
}

/** `vi` (Ubuntu's vim). */
export const viCommand = editorCommand('vi');
/** `vim`. */
export const vimCommand = editorCommand('vim');
/** `nano`. */
export const nanoCommand = editorCommand('nano');
