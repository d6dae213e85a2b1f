/**
 * `ls` over the host's filesystem, after GNU coreutils 8.32 ls.c: names in
 * byte order, `-l` with right-aligned link counts and sizes, `%b %e %H:%M`
 * for times within six months and `%b %e  %Y` otherwise, a `total` line in
 * 1K blocks; columns (`-C`, an 80-column terminal) by default, `-1`, `-a`,
 * `-A`, `-d`, `-h`, `-R`, `-r`, `-t`, `-S`. Missing operands give
 * `cannot access` and exit 2.
 */
import type { VirtualFs } from '../../cluster/host/vfs.js';
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { readHostFile } from '../text/lib/file-access.js';
import { homeOf, hostFsOf, hostNow, nodeOf, resolveHostPath } from './lib/host-context.js';
import { listNodes, modeString, statNode, type FsNode } from './lib/fs-view.js';
import { humanCeil } from './lib/human.js';
import { strftime } from './lib/strftime.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'long', short: 'l' },
  { key: 'all', short: 'a', long: 'all' },
  { key: 'almost-all', short: 'A', long: 'almost-all' },
  { key: 'human', short: 'h', long: 'human-readable' },
  { key: 'recursive', short: 'R', long: 'recursive' },
  { key: 'time', short: 't' },
  { key: 'size', short: 'S' },
  { key: 'reverse', short: 'r', long: 'reverse' },
  { key: 'one', short: '1' },
  { key: 'columns', short: 'C' },
  { key: 'directory', short: 'd', long: 'directory' },
  { key: 'noowner', short: 'g' },
  { key: 'numeric', short: 'n', long: 'numeric-uid-gid' },
  { key: 'color', long: 'color', arg: 'optional' },
  { key: 'full-time', long: 'full-time' },
  { key: 'inode', short: 'i', long: 'inode' },
  { key: 'classify', short: 'F', long: 'classify' },
];

interface Flags {
  long: boolean;
  all: boolean;
  almostAll: boolean;
  human: boolean;
  recursive: boolean;
  sort: 'name' | 'time' | 'size';
  reverse: boolean;
  one: boolean;
  directory: boolean;
  classify: boolean;
}

const SIX_MONTHS = (365.2425 / 2) * 86_400_000;

function sortNodes(nodes: FsNode[], f: Flags): FsNode[] {
  const byName = (a: FsNode, b: FsNode) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const sorted = [...nodes].sort((a, b) => (f.sort === 'time' ? b.mtime - a.mtime || byName(a, b) : f.sort === 'size' ? b.size - a.size || byName(a, b) : byName(a, b)));
  return f.reverse ? sorted.reverse() : sorted;
}

const display = (n: FsNode, f: Flags) => (f.classify && n.kind === 'dir' ? `${n.name}/` : f.classify && n.kind === 'link' ? `${n.name}@` : n.name);

/** ls -C: as many columns as fit in 80, filled top to bottom (ls.c calculate_columns). */
function columns(names: string[]): string {
  if (names.length === 0) return '';
  let best = 1;
  for (let cols = names.length; cols >= 1; cols--) {
    const rows = Math.ceil(names.length / cols);
    if (Math.ceil(names.length / rows) !== cols) continue;
    const widths: number[] = [];
    names.forEach((n, i) => {
      const c = Math.floor(i / rows);
      widths[c] = Math.max(widths[c] ?? 0, n.length + (c === cols - 1 ? 0 : 2));
    });
    if (widths.reduce((a, b) => a + b, 0) < 80) {
      best = cols;
      break;
    }
  }
  const rows = Math.ceil(names.length / best);
  const widths: number[] = [];
  names.forEach((n, i) => {
    const c = Math.floor(i / rows);
    widths[c] = Math.max(widths[c] ?? 0, n.length + 2);
  });
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < best; c++) {
      const i = c * rows + r;
      if (i >= names.length) break;
      const last = c === best - 1 || (c + 1) * rows + r >= names.length;
      line += last ? names[i] : names[i].padEnd(widths[c]);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

function longListing(nodes: FsNode[], f: Flags, now: number): string {
  const size = (n: FsNode) => (f.human ? humanCeil(n.size) : String(n.size));
  const when = (t: number) => (t > now - SIX_MONTHS && t <= now + 60_000 ? strftime('%b %e %H:%M', t) : strftime('%b %e  %Y', t));
  const linkW = Math.max(0, ...nodes.map((n) => String(n.nlink).length));
  const ownerW = Math.max(0, ...nodes.map((n) => n.owner.length));
  const sizeW = Math.max(0, ...nodes.map((n) => size(n).length));
  return nodes.map((n) => `${modeString(n.kind, n.mode)} ${String(n.nlink).padStart(linkW)} ${n.owner.padEnd(ownerW)} ${n.owner.padEnd(ownerW)} ${size(n).padStart(sizeW)} ${when(n.mtime)} ${n.kind === 'link' ? `${n.name} -> ${n.target}` : display(n, f)}\n`).join('');
}

function render(nodes: FsNode[], f: Flags, now: number): string {
  if (f.long) return longListing(nodes, f, now);
  const names = nodes.map((n) => display(n, f));
  return f.one ? names.map((n) => `${n}\n`).join('') : columns(names);
}

function totalLine(nodes: FsNode[], f: Flags): string {
  // ext4 keeps a symbolic link's target under 60 bytes in the inode itself (a fast symlink): no block.
  const blocks = nodes.reduce((sum, n) => sum + (n.kind === 'link' && n.size < 60 ? 0 : Math.ceil(n.size / 4096) * 4), 0);
  return `total ${f.human ? humanCeil(blocks * 1024) : blocks}\n`;
}

function directoryListing(fs: VirtualFs, path: string, f: Flags, now: number, boot: number): FsNode[] {
  let nodes = listNodes(fs, path, boot) ?? [];
  if (!f.all && !f.almostAll) nodes = nodes.filter((n) => !n.name.startsWith('.'));
  nodes = sortNodes(nodes, f);
  if (f.all) {
    const self = statNode(fs, path, boot)!;
    const parent = statNode(fs, path === '/' ? '/' : path.slice(0, path.lastIndexOf('/')) || '/', boot)!;
    nodes = [{ ...self, name: '.' }, { ...parent, name: '..' }, ...nodes];
  }
  return nodes;
}

/** Runs ls on the current host. */
export function runLs(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('ls', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('ls')}\n`, exitCode: 2 };
  const f: Flags = { long: false, all: false, almostAll: false, human: false, recursive: false, sort: 'name', reverse: false, one: false, directory: false, classify: false };
  for (const o of parsed.options) {
    if (o.key === 'long' || o.key === 'noowner' || o.key === 'numeric' || o.key === 'full-time') f.long = true;
    else if (o.key === 'all') f.all = true;
    else if (o.key === 'almost-all') f.almostAll = true;
    else if (o.key === 'human') f.human = true;
    else if (o.key === 'recursive') f.recursive = true;
    else if (o.key === 'time') f.sort = 'time';
    else if (o.key === 'size') f.sort = 'size';
    else if (o.key === 'reverse') f.reverse = true;
    else if (o.key === 'one') f.one = true;
    else if (o.key === 'columns') f.one = false;
    else if (o.key === 'directory') f.directory = true;
    else if (o.key === 'classify') f.classify = true;
  }
  const now = hostNow(ctx);
  const fs = hostFsOf(ctx);
  const operands = parsed.operands.length ? parsed.operands : ['.'];
  if (!fs) return seamListing(operands, ctx);
  const node = nodeOf(ctx);
  const boot = node ? node.host.bootTime + node.host.clockOffsetMs : now;
  let stderr = '';
  let exitCode = 0;
  const files: FsNode[] = [];
  const dirs: { label: string; path: string }[] = [];
  for (const operand of operands) {
    const path = operand === '.' ? homeOf(ctx) : resolveHostPath(ctx, operand);
    const node = statNode(fs, path, boot);
    if (!node) {
      stderr += `ls: cannot access '${operand}': No such file or directory\n`;
      exitCode = 2;
    } else if (node.kind === 'dir' && !f.directory) dirs.push({ label: operand, path });
    else files.push({ ...node, name: operand });
  }
  const parts: string[] = [];
  if (files.length) parts.push(render(sortNodes(files, f), f, now));
  const showHeaders = f.recursive || dirs.length + files.length + (exitCode ? 1 : 0) > 1;
  const queue = [...dirs].sort((a, b) => (f.reverse ? (a.label < b.label ? 1 : -1) : a.label < b.label ? -1 : 1));
  while (queue.length) {
    const { label, path } = queue.shift()!;
    const nodes = directoryListing(fs, path, f, now, boot);
    parts.push(`${showHeaders ? `${label}:\n` : ''}${f.long ? totalLine(nodes, f) : ''}${render(nodes, f, now)}`);
    if (f.recursive) {
      const subs = nodes.filter((n) => n.kind === 'dir' && n.name !== '.' && n.name !== '..').map((n) => ({ label: `${label === '/' ? '' : label}/${n.name}`, path: n.path }));
      queue.unshift(...subs);
    }
  }
  return { stdout: parts.join('\n'), stderr, exitCode };
}

/** Without a whole filesystem (the workstation), ls can only confirm files it can read. */
function seamListing(operands: readonly string[], ctx: CommandContext): ExecResult {
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  for (const operand of operands) {
    if (operand === '.' || operand === '~' || operand === homeOf(ctx)) continue;
    if (readHostFile(ctx, operand) !== undefined) stdout += `${operand}\n`;
    else {
      stderr += `ls: cannot access '${operand}': No such file or directory\n`;
      exitCode = 2;
    }
  }
  return { stdout, stderr, exitCode };
}

/** The ls command. */
export const lsCommand: Command = { name: 'ls', execute: runLs };
