/**
 * The warmed-cluster cache falls back silently: whatever is wrong with an
 * entry (damaged, meant for another key, unwritable folder, a scenario that
 * does not validate), the command prints exactly what the in-process
 * warm-up prints, and a bad entry is removed so the next run rebuilds it.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, type BuiltCli } from './built-cli.js';

let cli: BuiltCli;
let work: string;

beforeAll(() => {
  cli = buildCli();
  work = mkdtempSync(join(tmpdir(), 'kubedrill-fallback-'));
}, 120_000);

afterAll(() => {
  cli?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

const CPU = 'scenarios/scheduling/pending-insufficient-cpu.yaml';
const TAINT = 'scenarios/scheduling/pending-untolerated-taint.yaml';
const GET_PODS = ['--', 'kubectl', 'get', 'pods', '-o', 'wide'];

/** The cache entries (keys) in a home. */
function entries(home: string): string[] {
  const dir = join(home, 'cache', 'warm-clusters');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.blob')).map((f) => f.slice(0, -5)) : [];
}

function freshHome(name: string): string {
  return join(work, name);
}

describe('the warmed-cluster cache falls back silently', () => {
  it('a snapshot damaged inside (same size) is caught by its hash before it runs, and built again', () => {
    const home = freshHome('damaged');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    const [key] = entries(home);
    const blob = join(home, 'cache', 'warm-clusters', `${key}.blob`);
    const size = statSync(blob).size;
    const fd = openSync(blob, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(size / 2));
    closeSync(fd);
    expect(statSync(blob).size).toBe(size);
    const damaged = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    expect(damaged).toEqual(fresh);
    expect(readFileSync(blob).subarray(Math.floor(size / 2), Math.floor(size / 2) + 4096).every((b) => b === 0xa5)).toBe(false);
    expect(entries(home)).toEqual([key]);
  }, 120_000);

  it('a snapshot filed under another key says it is stale and is not used', () => {
    const home = freshHome('stale');
    const dir = join(home, 'cache', 'warm-clusters');
    const fresh = cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home });
    const keys = entries(home);
    expect(keys).toHaveLength(2);
    // Put each blob under the other's key, with a manifest that vouches for it: only the key check inside can tell.
    const [a, b] = keys;
    const manifest = (k: string) => JSON.parse(readFileSync(join(dir, `${k}.json`), 'utf8')) as Record<string, unknown>;
    const ma = manifest(a);
    const mb = manifest(b);
    copyFileSync(join(dir, `${a}.blob`), join(dir, 'swap'));
    copyFileSync(join(dir, `${b}.blob`), join(dir, `${a}.blob`));
    copyFileSync(join(dir, 'swap'), join(dir, `${b}.blob`));
    rmSync(join(dir, 'swap'));
    writeFileSync(join(dir, `${a}.json`), JSON.stringify({ ...mb, key: a }));
    writeFileSync(join(dir, `${b}.json`), JSON.stringify({ ...ma, key: b }));
    expect(cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    // The swapped entry of the taint scenario was dropped; the other one is still there, wrong as it is, until used.
    expect(entries(home)).toHaveLength(1);
  }, 120_000);

  it('a cache folder that cannot be created: the command runs in process', () => {
    const blocked = join(work, 'blocked');
    writeFileSync(blocked, 'a file where the home folder should be');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: freshHome('other'), KUBEDRILL_CACHE: 'off' });
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: blocked })).toEqual(fresh);
  }, 120_000);

  it('a scenario that does not validate prints its errors as without the cache, and nothing is cached', () => {
    const home = freshHome('invalid');
    const bad = 'test/fixtures/scenarios/bad/misspelled-field.yaml';
    const fresh = cli.run(['exec', bad, '--', 'true'], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(fresh.status).toBe(1);
    expect(fresh.stderr).toMatch(/misspelled-field\.yaml:3:5: metadata: unknown field "idd"/);
    expect(cli.run(['exec', bad, '--', 'true'], { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(entries(home)).toEqual([]);
  }, 120_000);

  it('another seed is another cluster: its own entry, and its own output', () => {
    const home = freshHome('seeds');
    const seeded = ['exec', CPU, '--seed', '7', ...GET_PODS];
    const fresh = cli.run(seeded, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    expect(cli.run(seeded, { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(cli.run(seeded, { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(entries(home)).toHaveLength(2);
  }, 120_000);
});
