/**
 * A read view over a host's files for ls, du and friends: entries with their
 * kind, mode, owner, size and time. Directories of the virtual filesystem
 * carry no metadata, so they are 0755 root, 4096 bytes, and their mtime is
 * that of their newest entry (adding or removing an entry touches a
 * directory), or the host's boot when empty.
 */
import { sizeOf, type VirtualFs } from '../../../cluster/host/vfs.js';

/** A file or directory with what `ls -l` shows. */
export interface FsNode {
  name: string;
  path: string;
  kind: 'file' | 'dir' | 'link';
  /** A symbolic link's target (`ls -l` shows `name -> target`). */
  target?: string;
  mode: number;
  owner: string;
  size: number;
  mtime: number;
  /** Link count: 1 for files, 2 + subdirectories for directories. */
  nlink: number;
}

/** Describes the entry at `path`, or undefined when absent. */
export function statNode(fs: VirtualFs, path: string, fallbackTime: number): FsNode | undefined {
  const kind = fs.exists(path);
  if (!kind) return undefined;
  const name = path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
  if (kind === 'file') {
    const f = fs.stat(path)!;
    // stat() gives the entry itself, as lstat: a symbolic link is shown as the link.
    if (f.target !== undefined) return { name, path, kind: 'link', target: f.target, mode: 0o777, owner: f.owner ?? 'root', size: sizeOf(f), mtime: f.mtime, nlink: 1 };
    return { name, path, kind, mode: f.mode, owner: f.owner ?? 'root', size: sizeOf(f), mtime: f.mtime, nlink: 1 };
  }
  const entries = fs.list(path) ?? [];
  const times = entries.map((e) => (e.kind === 'file' ? e.file!.mtime : (statNode(fs, e.path, fallbackTime)?.mtime ?? fallbackTime)));
  return { name, path, kind, mode: 0o755, owner: 'root', size: 4096, mtime: times.length ? Math.max(...times) : fallbackTime, nlink: 2 + entries.filter((e) => e.kind === 'dir').length };
}

/** The entries of a directory, described. */
export function listNodes(fs: VirtualFs, path: string, fallbackTime: number): FsNode[] | undefined {
  const entries = fs.list(path);
  if (!entries) return undefined;
  return entries.map((e) => statNode(fs, e.path, fallbackTime)!);
}

/** Disk usage of an entry in bytes as du counts it: 4 KiB blocks, directories included. */
export function diskUsage(fs: VirtualFs, path: string): number {
  const kind = fs.exists(path);
  if (kind === 'file') {
    const f = fs.stat(path)!;
    // du does not follow links; a fast symlink (target under 60 bytes) takes no block.
    if (f.target !== undefined && sizeOf(f) < 60) return 0;
    return Math.ceil(sizeOf(f) / 4096) * 4096;
  }
  if (kind !== 'dir') return 0;
  let total = 4096;
  for (const e of fs.list(path) ?? []) total += diskUsage(fs, e.path);
  return total;
}

/** `-rw-r--r--` for a mode and kind (`d` a directory, `l` a symbolic link). */
export function modeString(kind: FsNode['kind'], mode: number): string {
  const bits = 'rwxrwxrwx';
  let s = kind === 'dir' ? 'd' : kind === 'link' ? 'l' : '-';
  for (let i = 0; i < 9; i++) s += mode & (1 << (8 - i)) ? bits[i] : '-';
  return s;
}
