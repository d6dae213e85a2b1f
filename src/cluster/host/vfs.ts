/**
 * A host's virtual filesystem: the files an operator reads on a node
 * (`/var/lib/kubelet/config.yaml`, `/etc/kubernetes/*.conf`, certificates,
 * CNI config, pod logs). Components read their configuration from it, so
 * editing a file and restarting a service has the real effect.
 */

import { flatten } from '../flat-string.js';

/** One file. Content may be computed on read (pod logs, /proc-like files). */
export interface VfsFile {
  content: string | (() => string);
  /** Unix permission bits, e.g. 0o644. */
  mode: number;
  /** Last modification (ms since the epoch, host clock). */
  mtime: number;
  owner?: string;
  /** Apparent size for files whose content is not materialized (big logs, disk fillers). */
  sizeBytes?: number;
  /** Size of a computed file without rendering it (disk usage is polled often). */
  size?: () => number;
  /** Set on a symbolic link: the path it points to, as written (reads follow it; `ls -l` shows it). */
  target?: string;
}

/** A directory entry as `ls` needs it. */
export interface VfsEntry {
  name: string;
  path: string;
  kind: 'file' | 'dir';
  file?: VfsFile;
}

/** Normalizes a path: absolute, no `.`/`..`/duplicate slashes. */
export function normalizePath(path: string, cwd = '/'): string {
  // Components pass paths that are already normal (`/var/lib/kubelet/config.yaml`): return those as they are.
  if (isNormal(path)) return path;
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}

/** Is `path` absolute with no empty, `.` or `..` segment and no trailing slash (what normalizePath returns)? */
function isNormal(path: string): boolean {
  if (path.charCodeAt(0) !== 47) return false;
  if (path.length === 1) return true;
  let segmentStart = 1;
  for (let i = 1; i <= path.length; i++) {
    if (i < path.length && path.charCodeAt(i) !== 47) continue;
    const length = i - segmentStart;
    if (length === 0) return false;
    if (path.charCodeAt(segmentStart) === 46 && (length === 1 || (length === 2 && path.charCodeAt(segmentStart + 1) === 46))) return false;
    segmentStart = i + 1;
  }
  return true;
}

/** An in-memory filesystem with implied directories. */
export class VirtualFs {
  private readonly files = new Map<string, VfsFile>();
  /** Every directory, with the names directly inside it: listing a directory must not scan the whole machine (kubelets list /etc/cni/net.d every few seconds). */
  private readonly children = new Map<string, Set<string>>([['/', new Set()]]);
  /** Sizes kept up to date for the whole-disk usage the eviction manager polls: fixed-size files summed, computed ones asked. */
  private fixedBytes = 0;
  private changes = 0;

  /** Grows with every change (write, removal, new directory): readers cache what they parsed against it. */
  get version(): number {
    return this.changes;
  }

  /** Per directory, the {@link version} at which an entry directly in it (or the directory itself) last came, went or was rewritten. */
  private readonly dirStamps = new Map<string, number>();

  /**
   * What a reader of one directory's listing and files caches against: it
   * changes when an entry directly inside `path` is written, created or
   * removed, or the directory itself comes or goes, and not when files
   * elsewhere change (containerd re-reads /etc/cni/net.d while pod logs are
   * written all the time).
   */
  dirVersion(path: string): number {
    // Keys are normal paths, so a key equal to `path` means `path` was normal already (components ask with the
    // same few normal paths before every request: /etc/kubernetes/pki, the manifests, /etc/cni/net.d).
    return this.dirStamps.get(path) ?? this.dirStamps.get(normalizePath(path)) ?? 0;
  }

  /** Marks a directory's entries changed at the current version. */
  private touch(dir: string): void {
    this.dirStamps.set(dir, this.changes);
  }
  private readonly computed = new Set<VfsFile>();

  constructor(private readonly now: () => number) {}

  /** Creates or replaces a file (parent directories are created). */
  write(path: string, content: string | (() => string), options: Partial<Omit<VfsFile, 'content'>> = {}): void {
    let p = normalizePath(path);
    let previous = this.files.get(p);
    // Writing to a symbolic link writes the file it points to (open follows links).
    for (let hops = 0; hops < 40 && previous?.target !== undefined; hops++) {
      p = normalizePath(previous.target, parentOf(p));
      previous = this.files.get(p);
    }
    // The path and its parent are normal, each found once (a container's log file is written at every start).
    // Flat, as the directory keys are (see mkdirsNormal): a sliced one is compared with them off the fast path.
    const parent = flatten(parentOf(p));
    this.mkdirsNormal(parent);
    this.changes++;
    this.touch(parent);
    if (!previous) this.children.get(parent)!.add(p.slice(p.lastIndexOf('/') + 1));
    else this.forget(previous);
    const file: VfsFile = { content, mode: options.mode ?? previous?.mode ?? 0o644, mtime: options.mtime ?? this.now(), owner: options.owner ?? previous?.owner, sizeBytes: options.sizeBytes, size: options.size };
    this.files.set(p, file);
    if (isComputed(file)) this.computed.add(file);
    else this.fixedBytes += sizeOf(file);
  }

  /**
   * Creates (or replaces) a symbolic link at `path` to `target` (`ln -sf`): its own mode is 0777 and its
   * size the length of the target path, as lstat reports them; reading it reads the target.
   */
  symlink(target: string, path: string, options: { mtime?: number; owner?: string } = {}): void {
    // Replaces whatever was at `path` (a link is not followed here, as rename(2) over it does not).
    if (this.files.has(normalizePath(path))) this.remove(path);
    this.write(path, '', { mode: 0o777, mtime: options.mtime, owner: options.owner, sizeBytes: Buffer.byteLength(target) });
    this.files.get(normalizePath(path))!.target = target;
  }

  /** The target of the symbolic link at `path` (readlink), or undefined when it is not one. */
  readlink(path: string): string | undefined {
    return this.files.get(normalizePath(path))?.target;
  }

  /** Appends to a file, creating it if needed. */
  append(path: string, text: string): void {
    const existing = this.read(path);
    this.write(path, (existing ?? '') + text);
  }

  /** The file's content (through symbolic links, at most 40 of them as Linux's MAXSYMLINKS), or undefined when there is no such file. */
  read(path: string): string | undefined {
    let p = normalizePath(path);
    for (let hops = 0; hops <= 40; hops++) {
      const f = this.files.get(p);
      if (!f) return undefined;
      if (f.target === undefined) return typeof f.content === 'function' ? f.content() : f.content;
      p = normalizePath(f.target, parentOf(p));
    }
    return undefined;
  }

  /** The file record. */
  stat(path: string): VfsFile | undefined {
    return this.files.get(normalizePath(path));
  }

  /** Is there a file or directory at `path`? */
  exists(path: string): 'file' | 'dir' | undefined {
    const p = normalizePath(path);
    if (this.files.has(p)) return 'file';
    return this.children.has(p) ? 'dir' : undefined;
  }

  /** Removes a file (or a directory tree with `recursive`); false when nothing was there. */
  remove(path: string, recursive = false): boolean {
    const p = normalizePath(path);
    const file = this.files.get(p);
    if (file) {
      this.changes++;
      this.touch(parentOf(p));
      this.files.delete(p);
      this.forget(file);
      this.unlink(p);
      return true;
    }
    if (!this.children.has(p) || p === '/') return false;
    const prefix = `${p}/`;
    const children = [...this.files.keys()].filter((k) => k.startsWith(prefix));
    const subdirs = [...this.children.keys()].filter((d) => d.startsWith(prefix));
    if (!recursive && (children.length || subdirs.length)) return false;
    this.changes++;
    for (const k of children) {
      this.forget(this.files.get(k)!);
      this.files.delete(k);
    }
    for (const d of subdirs) (this.children.delete(d), this.touch(d));
    this.children.delete(p);
    this.touch(p);
    this.touch(parentOf(p));
    this.unlink(p);
    return true;
  }

  /**
   * Sets the apparent size of the file at `path` whose content is the very
   * function `content` (a log its writer renders on read but measures as it
   * grows), so whole-disk usage follows without asking it; false when that
   * file is no longer there (removed or replaced).
   */
  resize(path: string, sizeBytes: number, content: () => string): boolean {
    const file = this.files.get(normalizePath(path));
    if (!file || file.content !== content) return false;
    this.forget(file);
    file.sizeBytes = sizeBytes;
    file.size = undefined;
    this.fixedBytes += sizeBytes;
    return true;
  }

  /** Takes a replaced or removed file out of the usage totals. */
  private forget(file: VfsFile): void {
    if (isComputed(file)) this.computed.delete(file);
    else this.fixedBytes -= sizeOf(file);
  }

  /** Drops a removed entry from its directory's names. */
  private unlink(p: string): void {
    this.children.get(parentOf(p))?.delete(p.slice(p.lastIndexOf('/') + 1));
  }

  /** Creates a directory and its parents. */
  mkdirs(path: string): void {
    this.mkdirsNormal(normalizePath(path));
  }

  /** mkdirs of a normal path. */
  private mkdirsNormal(path: string): void {
    if (this.children.has(path)) return;
    // Each directory's path string is made once and serves as its child's parent too: a Map hashes every new
    // string it is given, and a pod's log directories are made at every container's first start.
    const missing: string[] = [];
    let existing = path;
    for (; !this.children.has(existing); existing = parentOf(existing)) missing.push(existing);
    // Outermost first, so each one's parent is there to name it.
    for (let i = missing.length - 1; i >= 0; i--) {
      // Kept flat: parentOf() makes a sliced string, and V8 compares a sliced Map key with another string equal
      // to it off its fast path, at every dirVersion() of the components' constant paths (each kubelet request
      // asks for /etc/kubernetes/pki's, each Status for /etc/cni/net.d's): ~50 ns a call against ~15 ns flat.
      const p = (missing[i] = flatten(missing[i]));
      const parent = i === missing.length - 1 ? existing : missing[i + 1];
      this.changes++;
      this.children.set(p, new Set());
      this.children.get(parent)!.add(p.slice(parent.length === 1 ? 1 : parent.length + 1));
      this.touch(p);
      this.touch(parent);
    }
  }

  /** Entries directly inside a directory, sorted by name; undefined when it is not a directory. */
  list(path: string): VfsEntry[] | undefined {
    const p = normalizePath(path);
    if (!this.children.has(p)) return undefined;
    const prefix = p === '/' ? '/' : `${p}/`;
    const out: VfsEntry[] = [];
    for (const name of this.children.get(p) ?? []) {
      const full = prefix + name;
      const file = this.files.get(full);
      if (file) out.push({ name, path: full, kind: 'file', file });
      else if (this.children.has(full)) out.push({ name, path: full, kind: 'dir' });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Total apparent size of the files under `path` (bytes). */
  usage(path = '/'): number {
    const p = normalizePath(path);
    if (p === '/') {
      let total = this.fixedBytes;
      for (const f of this.computed) total += sizeOf(f);
      return total;
    }
    const prefix = `${p}/`;
    let total = 0;
    for (const [k, f] of this.files) if (k === p || k.startsWith(prefix)) total += sizeOf(f);
    return total;
  }
}

/** Is the file's size asked each time (content or size computed on read)? */
function isComputed(f: VfsFile): boolean {
  return f.sizeBytes === undefined && (f.size !== undefined || typeof f.content === 'function');
}

// A file record's text never changes (write replaces the record): its byte length is measured once.
const byteLengths = new WeakMap<VfsFile, number>();

/** Apparent size of a file. */
export function sizeOf(f: VfsFile): number {
  if (f.sizeBytes !== undefined) return f.sizeBytes;
  if (f.size) return f.size();
  if (typeof f.content === 'function') return Buffer.byteLength(f.content());
  let n = byteLengths.get(f);
  if (n === undefined) byteLengths.set(f, (n = Buffer.byteLength(f.content)));
  return n;
}

function parentOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}
