/**
 * Where warmed clusters are kept: one V8 startup snapshot per key
 * (`<key>.blob`) and a small manifest beside it (`<key>.json`) that says what
 * the blob is and how big it must be. Written to temporary names and renamed,
 * so a reader sees a whole entry or none; the least recently used entries go
 * when the folder grows past its limit. A blob is never written again once
 * committed: its use is marked on the manifest.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cacheRoot } from '../cache-root.js';

/** How much disk the warmed clusters may take together (a 300-node cluster's snapshot is ~100 MB). */
export const CACHE_LIMIT_BYTES = 1024 * 1024 * 1024;

/** What the manifest says of its blob. */
export interface Manifest {
  key: string;
  bytes: number;
  /** SHA-256 of the blob: a damaged snapshot must never be loaded (V8 checks only part of it). */
  sha256: string;
  /** The scenario file it was warmed up from, for whoever looks into the folder. */
  file: string;
  /**
   * The blob file whose digest was checked: device, inode, and modification
   * and change times in nanoseconds. Any write to the file, or another file
   * in its place, changes one of them (the change time cannot be set back),
   * so a blob that still has them holds the bytes that were checked, and is
   * not read again to be hashed (10 MB for 3 nodes: some 15 ms of every
   * cached `exec`), as git's index trusts an unchanged stat.
   */
  checked?: FileIdentity;
}

/** What a file's stat says of which file it is and when it last changed (bigints as text, for JSON). */
interface FileIdentity {
  dev: string;
  ino: string;
  mtimeNs: string;
  ctimeNs: string;
}

function identityOf(path: string): FileIdentity & { size: number } {
  const st = statSync(path, { bigint: true });
  return { dev: String(st.dev), ino: String(st.ino), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs), size: Number(st.size) };
}

const sameFile = (a: FileIdentity | undefined, b: FileIdentity): boolean =>
  a !== undefined && a.dev === b.dev && a.ino === b.ino && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

/** The folder of the warmed clusters: `warm-clusters/` in kubedrill's cache folder ({@link cacheRoot}). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(cacheRoot(env, home), 'warm-clusters');
}

/** The blob of a key. */
export function blobPath(dir: string, key: string): string {
  return join(dir, `${key}.blob`);
}

function manifestPath(dir: string, key: string): string {
  return join(dir, `${key}.json`);
}

/** The mark of a key asked for once ({@link seenBefore}). */
function markPath(dir: string, key: string): string {
  return join(dir, `${key}.seen`);
}

/** The claim of a key's build in the background ({@link claimBuild}). */
function claimPath(dir: string, key: string): string {
  return join(dir, `${key}.building`);
}

/**
 * How long a build's claim holds: a build that died (or failed: a scenario
 * that does not validate) is tried again after this; a 1,000-node cluster
 * builds in minutes.
 */
const CLAIM_MS = 3600_000;

/** Files left beside the entries, and how old each kind may grow: a build's blob in progress, a build's claim, a key asked for once. */
const AGING: readonly { suffix: string; maxAgeMs: number }[] = [
  { suffix: '.tmp', maxAgeMs: 3600_000 },
  { suffix: '.building', maxAgeMs: CLAIM_MS },
  { suffix: '.seen', maxAgeMs: 7 * 86_400_000 },
];

/**
 * Notes that `key` was asked for; whether it had been before. A snapshot is
 * built only for a key asked for a second time, so a one-off command pays
 * nothing for the cache. False when the folder cannot be written.
 */
export function seenBefore(dir: string, key: string): boolean {
  const marker = markPath(dir, key);
  if (existsSync(marker)) return true;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(marker, '', { mode: 0o600 });
  } catch {
    // no cache to be had: never seen, never built
  }
  return false;
}

/**
 * Claims the build of `key` for one process: true for the first caller,
 * false while another build of it is under way or failed less than
 * {@link CLAIM_MS} ago (a claim older than that is taken over). False too
 * when the folder cannot be written.
 */
export function claimBuild(dir: string, key: string, now: number = Date.now()): boolean {
  const claim = claimPath(dir, key);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (existsSync(claim) && now - statSync(claim).mtimeMs > CLAIM_MS) rmSync(claim, { force: true });
    // 'wx' fails if the file exists: of two processes asking at once, one gets it.
    writeFileSync(claim, '', { flag: 'wx', mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/** Names the process that builds `key` under the claim (tests wait for it to end). */
export function nameClaimHolder(dir: string, key: string, pid: number): void {
  writeFileSync(claimPath(dir, key), `${pid}\n`, { mode: 0o600 });
}

/** The process that holds the claim of `key`'s build, if any. */
export function claimHolder(dir: string, key: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(claimPath(dir, key), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Gives up the claim of `key`'s build: its entry is written, or the build never started. */
export function releaseBuild(dir: string, key: string): void {
  rmSync(claimPath(dir, key), { force: true });
}

/** A temporary path in the folder for a blob being written (the folder is created). */
export function temporaryBlobPath(dir: string, key: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${key}.${process.pid}.${Date.now()}.tmp`);
}

/**
 * The blob of `key` if its entry is whole: the manifest names this key and
 * the blob has the size and hash the manifest recorded (a cut-off or damaged
 * snapshot could crash the process that loads it, or worse, not); the hash
 * is taken again only when the blob is not the very file it was checked as
 * ({@link Manifest.checked}). Marks the entry used. An entry that fails the
 * checks is removed, and its key noted as asked for (it had an entry, so it
 * was), to be built again.
 */
export function lookup(dir: string, key: string): string | undefined {
  const blob = blobPath(dir, key);
  let text: string;
  try {
    text = readFileSync(manifestPath(dir, key), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const manifest = JSON.parse(text) as Partial<Manifest>;
    const file = identityOf(blob);
    if (manifest.key === key && file.size === manifest.bytes && (sameFile(manifest.checked, file) || digestOf(blob) === manifest.sha256)) {
      const now = new Date();
      utimesSync(manifestPath(dir, key), now, now);
      return blob;
    }
  } catch {
    // a manifest that is not JSON, a blob gone: as damaged
  }
  discard(dir, key);
  seenBefore(dir, key);
  return undefined;
}

/** Makes a finished temporary blob the entry of `key`: blob first, then the manifest that vouches for it. */
export function commit(dir: string, key: string, temporary: string, file: string): string {
  const blob = blobPath(dir, key);
  renameSync(temporary, blob);
  // The identity is read before the hash: a write while hashing leaves a manifest that no longer matches, and is hashed again.
  const { size, ...checked } = identityOf(blob);
  const manifest: Manifest = { key, bytes: size, sha256: digestOf(blob), file, checked };
  const tmp = `${manifestPath(dir, key)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(manifest)}\n`, { mode: 0o600 });
  renameSync(tmp, manifestPath(dir, key));
  rmSync(markPath(dir, key), { force: true });
  return blob;
}

/** SHA-256 of a file, read through one small buffer (a 100 MB snapshot is not held twice). */
function digestOf(path: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(path, 'r');
  try {
    let n: number;
    while ((n = readSync(fd, buffer, 0, buffer.length, null)) > 0) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Removes an entry: one that failed its checks or did not load, or the least recently used. */
export function discard(dir: string, key: string): void {
  rmSync(manifestPath(dir, key), { force: true });
  rmSync(blobPath(dir, key), { force: true });
}

/**
 * Removes the least recently used entries until the folder's blobs fit in
 * `limit` bytes, never `keep` (the entry just written or used), temporary
 * files left by a process that died more than an hour ago, and marks of
 * keys asked for once more than a week ago.
 */
export function evict(dir: string, keep: string, limit: number = CACHE_LIMIT_BYTES): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const entries: { key: string; bytes: number; used: number }[] = [];
  const used = new Map<string, number>();
  let total = 0;
  for (const name of names) {
    const path = join(dir, name);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    const aging = AGING.find((a) => name.endsWith(a.suffix));
    if (aging) {
      if (Date.now() - stat.mtimeMs > aging.maxAgeMs) rmSync(path, { force: true });
      continue;
    }
    if (name.endsWith('.json')) used.set(name.slice(0, -'.json'.length), stat.mtimeMs);
    if (!name.endsWith('.blob')) continue;
    total += stat.size;
    const key = name.slice(0, -'.blob'.length);
    if (key !== keep) entries.push({ key, bytes: stat.size, used: stat.mtimeMs });
  }
  // A lookup marks its entry used on the manifest (the blob is never touched once committed).
  for (const e of entries) e.used = used.get(e.key) ?? e.used;
  entries.sort((a, b) => a.used - b.used || (a.key < b.key ? -1 : 1));
  for (const e of entries) {
    if (total <= limit) break;
    discard(dir, e.key);
    total -= e.bytes;
  }
}
