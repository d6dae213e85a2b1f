/**
 * Loading a CommonJS bundle with V8's code cache. A one-shot command spends
 * a good part of its CPU compiling: the bundle's top level when it loads,
 * then each function the first time it runs (V8 compiles lazily), and a
 * warm-up runs a great deal of different functions once or a few times.
 * V8 can write the bytecode of every function a run compiled as a code
 * cache, and the next process that compiles the same source with it skips
 * that work (Node 22's `module.enableCompileCache` does this for modules;
 * Node 20 has only `vm.Script`'s `cachedData`).
 *
 * The cache file is this build's and Node's alone (its name says which),
 * and is written once, by the first process that had none it could use,
 * after its work, so that it holds what that work compiled. It begins with
 * two SHA-256 digests: of the source it was made from, because V8 checks
 * only the source's length (a cache of other source of the same length
 * would run the old code), and of the cache itself, because V8 does not
 * checksum a code cache in release builds and a damaged one must never be
 * loaded. V8 refuses a cache made by another V8 or with other flags; the
 * bundle is then compiled as usual and the cache written again.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** A loaded bundle: its exports, and how to leave the code cache for the next process. */
export interface LoadedBundle<T> {
  exports: T;
  /** Whether V8 took the cache (the bundle's functions came compiled). */
  readonly cacheUsed: boolean;
  /** Writes the code cache if this process had none it could use; call once the work is done. Never throws. */
  save(): void;
}

/** Bytes of a SHA-256 digest; a cache file begins with two (the source's, the cache's). */
const DIGEST_BYTES = 32;
/** Cache files of other builds not written for this long are removed when a new one is written. */
const STALE_MS = 30 * 86_400_000;

/** Runs the CommonJS bundle at `path`, compiled with the code cache in `cacheFile` when there is a good one. */
export function loadBundle<T>(path: string, cacheFile: string | undefined): LoadedBundle<T> {
  const bytes = readFileSync(path);
  const sourceDigest = sha256(bytes);
  // The build writes ASCII: Latin-1 is then a copy into a one-byte string, where UTF-8 decoding took ~35 ms.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile, sourceDigest);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: path,
    cachedData,
    // The build turns the bundle's import() into require(); one left would go through Node's own loader
    // (which prints an ExperimentalWarning) rather than fail.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (e: T, r: NodeJS.Require, m: { exports: T }, f: string, d: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  let saved = cacheUsed;
  return {
    exports: module.exports,
    cacheUsed,
    save() {
      if (saved || cacheFile === undefined) return;
      saved = true;
      try {
        writeCache(cacheFile, sourceDigest, script.createCachedData());
      } catch {
        // no cache folder to be had: the next process compiles as this one did
      }
    },
  };
}

function sha256(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/** The cache in `file` if it is whole and was made from the source of `sourceDigest`; any other is removed. */
function readCache(file: string, sourceDigest: Buffer): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(2 * DIGEST_BYTES);
  const whole = bytes.length > 2 * DIGEST_BYTES && sha256(data).equals(bytes.subarray(DIGEST_BYTES, 2 * DIGEST_BYTES));
  if (whole && sourceDigest.equals(bytes.subarray(0, DIGEST_BYTES))) return data;
  rmSync(file, { force: true });
  return undefined;
}

/** Writes `data` with its digests to `file` (a temporary name renamed: a reader sees all of it or nothing), and sweeps stale caches beside it. */
function writeCache(file: string, sourceDigest: Buffer, data: Buffer): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([sourceDigest, sha256(data), data]), { mode: 0o600 });
  renameSync(tmp, file);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === file) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}
