/**
 * A CommonJS bundle loaded with V8's code cache: the first process compiles
 * and leaves the cache, the next ones take it; a damaged cache, or one made
 * from other source, is never used and is written anew.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundle } from '../../src/cli/code-cache.js';

let dir: string;
let bundle: string;
let cache: string;

/** A bundle with a few functions to compile; `version` changes its source. */
function writeBundle(version: number): void {
  writeFileSync(
    bundle,
    [
      "const path = require('node:path');",
      `function sum(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s + ${version}; }`,
      'function where() { return path.basename(__filename) + " in " + path.basename(__dirname); }',
      "async function spawnName() { const { spawnSync } = await import('node:child_process'); return typeof spawnSync; }",
      'module.exports = { sum, where, spawnName, self: this === module.exports };',
    ].join('\n'),
  );
}

interface Exports {
  sum(n: number): number;
  where(): string;
  spawnName(): Promise<string>;
  self: boolean;
}

/** Loads the bundle, runs its functions (so they are compiled), and saves the cache. */
function loadAndRun(): { used: boolean; sum: number } {
  const loaded = loadBundle<Exports>(bundle, cache);
  const sum = loaded.exports.sum(10);
  loaded.save();
  return { used: loaded.cacheUsed, sum };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kubedrill-code-cache-'));
  bundle = join(dir, 'bundle.cjs');
  cache = join(dir, 'cache', 'code', 'k.v8');
  writeBundle(0);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadBundle', () => {
  it('runs the bundle as CommonJS: its exports, require, __filename and __dirname, this, and import() of Node modules', async () => {
    const loaded = loadBundle<Exports>(bundle, undefined);
    expect(loaded.exports.sum(4)).toBe(6);
    expect(loaded.exports.where()).toBe(`bundle.cjs in ${join(dir).split('/').pop()}`);
    expect(loaded.exports.self).toBe(true);
    await expect(loaded.exports.spawnName()).resolves.toBe('function');
  });

  it('reads a bundle that is not ASCII as UTF-8 (the build writes ASCII, which it reads as Latin-1)', () => {
    writeFileSync(bundle, "module.exports = { text: 'µs → ok', re: /^(µs|ms)$/.test('µs') };\n");
    const loaded = loadBundle<{ text: string; re: boolean }>(bundle, cache);
    expect(loaded.exports).toEqual({ text: 'µs → ok', re: true });
    loaded.save();
    expect(loadBundle<{ text: string }>(bundle, cache)).toMatchObject({ cacheUsed: true, exports: { text: 'µs → ok' } });
  });

  it('writes the cache after the first load and uses it from the second, which writes nothing', () => {
    expect(loadAndRun()).toEqual({ used: false, sum: 45 });
    expect(existsSync(cache)).toBe(true);
    const bytes = readFileSync(cache);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(cache, longAgo, longAgo);
    const written = statSync(cache).mtimeMs;
    expect(loadAndRun()).toEqual({ used: true, sum: 45 });
    expect(readFileSync(cache)).toEqual(bytes);
    expect(statSync(cache).mtimeMs).toBe(written);
  });

  it('never uses a cache damaged inside: it is removed and written anew', () => {
    loadAndRun();
    const bytes = readFileSync(cache);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 10] ^= 0xff;
    writeFileSync(cache, damaged);
    const loaded = loadBundle<Exports>(bundle, cache);
    expect(loaded.cacheUsed).toBe(false);
    expect(existsSync(cache)).toBe(false);
    expect(loaded.exports.sum(3)).toBe(3);
    loaded.save();
    expect(loadAndRun().used).toBe(true);
  });

  it('a cache cut short is not used either', () => {
    loadAndRun();
    writeFileSync(cache, readFileSync(cache).subarray(0, 20));
    expect(loadAndRun().used).toBe(false);
    expect(loadAndRun().used).toBe(true);
  });

  it('a cache of other source of the same length (which V8 would take) is not used, and is replaced', () => {
    loadAndRun();
    writeBundle(1);
    expect(readFileSync(bundle, 'utf8').length).toBe(readFileSync(bundle, 'utf8').replace('+ 1', '+ 0').length);
    expect(loadAndRun()).toEqual({ used: false, sum: 46 });
    expect(loadAndRun()).toEqual({ used: true, sum: 46 });
  });

  it('a folder it cannot write: no cache, no error', () => {
    writeFileSync(join(dir, 'blocked'), 'a file where the folder should be');
    cache = join(dir, 'blocked', 'code', 'k.v8');
    expect(() => loadAndRun()).not.toThrow();
    expect(loadAndRun().used).toBe(false);
  });

  it('sweeps caches beside it not written for 30 days when it writes one', () => {
    const old = join(dir, 'cache', 'code', 'old.v8');
    const recent = join(dir, 'cache', 'code', 'recent.v8');
    loadAndRun();
    writeFileSync(old, 'x');
    writeFileSync(recent, 'y');
    const t = new Date(Date.now() - 31 * 86_400_000);
    utimesSync(old, t, t);
    rmSync(cache);
    loadAndRun();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(cache)).toBe(true);
  });
});
