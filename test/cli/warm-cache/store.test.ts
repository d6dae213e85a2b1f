/** The warmed-cluster cache's folder: where it is, whole entries only, least recently used out first. */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobPath, cacheDir, claimBuild, claimHolder, commit, evict, lookup, nameClaimHolder, releaseBuild, seenBefore, temporaryBlobPath } from '../../../src/cli/warm-cache/store.js';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'kubedrill-store-')), 'warm');
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

/** Writes an entry of `bytes` bytes, last used `ageS` seconds ago. */
function entry(key: string, bytes: number, ageS = 0): void {
  const tmp = temporaryBlobPath(dir, key);
  writeFileSync(tmp, Buffer.alloc(bytes, key.charCodeAt(0)));
  commit(dir, key, tmp, 'scenario.yaml');
  const t = new Date(Date.now() - ageS * 1000);
  utimesSync(join(dir, `${key}.json`), t, t);
}

describe('cacheDir', () => {
  it('is under KUBEDRILL_HOME when set, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(cacheDir({ KUBEDRILL_HOME: '/k', XDG_CACHE_HOME: '/x' }, '/home/u')).toBe('/k/cache/warm-clusters');
    expect(cacheDir({ XDG_CACHE_HOME: '/x' }, '/home/u')).toBe('/x/kubedrill/warm-clusters');
    expect(cacheDir({}, '/home/u')).toBe('/home/u/.cache/kubedrill/warm-clusters');
  });

  it('ignores a relative XDG_CACHE_HOME, as the XDG spec says', () => {
    expect(cacheDir({ XDG_CACHE_HOME: 'rel' }, '/home/u')).toBe('/home/u/.cache/kubedrill/warm-clusters');
  });
});

describe('lookup', () => {
  it('finds a committed entry and leaves no temporary file behind', () => {
    entry('a', 100);
    expect(lookup(dir, 'a')).toBe(blobPath(dir, 'a'));
    expect(readdirSync(dir).sort()).toEqual(['a.blob', 'a.json']);
  });

  it('misses a key never written', () => {
    expect(lookup(dir, 'nothing')).toBeUndefined();
  });

  it('rejects a blob cut short, or changed at the same size', () => {
    entry('a', 100);
    writeFileSync(blobPath(dir, 'a'), Buffer.alloc(50, 1));
    expect(lookup(dir, 'a')).toBeUndefined();
    writeFileSync(blobPath(dir, 'a'), Buffer.alloc(100, 1));
    expect(lookup(dir, 'a')).toBeUndefined();
  });

  it('removes a damaged entry and counts its key as asked for, so the next miss builds it again', () => {
    entry('a', 100);
    writeFileSync(blobPath(dir, 'a'), Buffer.alloc(100, 1));
    expect(lookup(dir, 'a')).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['a.seen']);
    expect(seenBefore(dir, 'a')).toBe(true);
  });

  it('hashes the blob again only when it is no longer the file that was checked', () => {
    entry('a', 100);
    // A manifest whose digest no longer matches: while the blob is the file checked, it is not read to be hashed.
    const manifest = join(dir, 'a.json');
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, text.replace(/"sha256":"[0-9a-f]+"/, `"sha256":"${'0'.repeat(64)}"`));
    expect(lookup(dir, 'a')).toBe(blobPath(dir, 'a'));
    // Touched (its change time moves, whatever times are set), it is hashed, and the digest decides.
    const t = new Date(Date.now() - 60_000);
    utimesSync(blobPath(dir, 'a'), t, t);
    expect(lookup(dir, 'a')).toBeUndefined();
    expect(existsSync(blobPath(dir, 'a'))).toBe(false);
  });

  it('rejects a manifest that names another key, or is not JSON', () => {
    entry('a', 10);
    entry('b', 10);
    writeFileSync(blobPath(dir, 'b'), Buffer.alloc(10, 'a'.charCodeAt(0)));
    // a's manifest over b's: the sizes and hashes agree (same bytes), the key does not.
    copyFileSync(join(dir, 'a.json'), join(dir, 'b.json'));
    expect(lookup(dir, 'b')).toBeUndefined();
    writeFileSync(join(dir, 'a.json'), '{not json');
    expect(lookup(dir, 'a')).toBeUndefined();
  });

  it('marks the entry used, so eviction keeps it', () => {
    entry('old', 100, 3600);
    entry('new', 100, 60);
    lookup(dir, 'old');
    evict(dir, 'none', 150);
    expect(existsSync(blobPath(dir, 'old'))).toBe(true);
    expect(existsSync(blobPath(dir, 'new'))).toBe(false);
  });
});

describe('evict', () => {
  it('removes the least recently used entries until the blobs fit, never the one kept', () => {
    entry('a', 100, 400);
    entry('b', 100, 300);
    entry('c', 100, 200);
    entry('d', 100, 100);
    evict(dir, 'a', 250);
    expect(readdirSync(dir).sort()).toEqual(['a.blob', 'a.json', 'd.blob', 'd.json']);
  });

  it('does nothing while the blobs fit', () => {
    entry('a', 100);
    entry('b', 100);
    evict(dir, 'a', 200);
    expect(readdirSync(dir).filter((f) => f.endsWith('.blob')).sort()).toEqual(['a.blob', 'b.blob']);
  });

  it('removes temporary files more than an hour old (a build that died), not newer ones', () => {
    entry('a', 10);
    const stale = temporaryBlobPath(dir, 'x');
    writeFileSync(stale, 'x');
    const t = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, t, t);
    const building = temporaryBlobPath(dir, 'y');
    writeFileSync(building, 'y');
    evict(dir, 'a');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(building)).toBe(true);
  });

  it('is quiet about a folder that does not exist', () => {
    expect(() => evict(join(dir, 'missing'), 'a')).not.toThrow();
  });
});

describe('seenBefore', () => {
  it('is false the first time a key is asked for, true after, and forgotten once its entry is written', () => {
    expect(seenBefore(dir, 'k')).toBe(false);
    expect(seenBefore(dir, 'k')).toBe(true);
    entry('k', 10);
    expect(existsSync(join(dir, 'k.seen'))).toBe(false);
  });

  it('never says yes for a folder it cannot write', () => {
    writeFileSync(join(dir, '..', 'file'), 'x');
    const blocked = join(dir, '..', 'file', 'warm');
    expect(seenBefore(blocked, 'k')).toBe(false);
    expect(seenBefore(blocked, 'k')).toBe(false);
  });

  it('marks older than a week are swept by evict', () => {
    seenBefore(dir, 'old');
    seenBefore(dir, 'new');
    const t = new Date(Date.now() - 8 * 86_400_000);
    utimesSync(join(dir, 'old.seen'), t, t);
    evict(dir, 'none');
    expect(existsSync(join(dir, 'old.seen'))).toBe(false);
    expect(existsSync(join(dir, 'new.seen'))).toBe(true);
  });
});

describe('claimBuild', () => {
  it("gives a key's build to one process: again only once released", () => {
    expect(claimBuild(dir, 'k')).toBe(true);
    expect(claimBuild(dir, 'k')).toBe(false);
    expect(claimBuild(dir, 'other')).toBe(true);
    releaseBuild(dir, 'k');
    expect(claimBuild(dir, 'k')).toBe(true);
  });

  it('names the process that builds, for whoever waits for it', () => {
    expect(claimBuild(dir, 'k')).toBe(true);
    expect(claimHolder(dir, 'k')).toBeUndefined();
    nameClaimHolder(dir, 'k', 4242);
    expect(claimHolder(dir, 'k')).toBe(4242);
    releaseBuild(dir, 'k');
    expect(claimHolder(dir, 'k')).toBeUndefined();
  });

  it('takes over a claim more than an hour old (a build that died or failed), not a newer one', () => {
    expect(claimBuild(dir, 'k')).toBe(true);
    const claim = join(dir, 'k.building');
    utimesSync(claim, new Date(Date.now() - 59 * 60_000), new Date(Date.now() - 59 * 60_000));
    expect(claimBuild(dir, 'k')).toBe(false);
    utimesSync(claim, new Date(Date.now() - 61 * 60_000), new Date(Date.now() - 61 * 60_000));
    expect(claimBuild(dir, 'k')).toBe(true);
    expect(claimBuild(dir, 'k')).toBe(false);
  });

  it('claims are swept by evict after an hour', () => {
    claimBuild(dir, 'old');
    claimBuild(dir, 'new');
    const t = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(dir, 'old.building'), t, t);
    evict(dir, 'none');
    expect(existsSync(join(dir, 'old.building'))).toBe(false);
    expect(existsSync(join(dir, 'new.building'))).toBe(true);
  });

  it('never claims in a folder it cannot write', () => {
    writeFileSync(join(dir, '..', 'file'), 'x');
    expect(claimBuild(join(dir, '..', 'file', 'warm'), 'k')).toBe(false);
  });
});
