/**
 * `kubedrill exec <scenario> [--seed N] -- <words>` goes past commander
 * (src/cli/exec-args.ts, main.ts) straight to the warmed-cluster cache.
 * The built CLI is run each way, the fast path and commander's
 * (KUBEDRILL_EXEC_FAST_PATH=off), for hits, misses, bad seeds, unknown
 * scenarios and the shapes the fast path leaves to commander: stdout, stderr
 * and the exit status are byte-identical, and the cache folder ends the same
 * (a miss notes the cluster once and builds it once, on the second run).
 */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { buildsDone, cacheEntries, useBuiltCli, type CliRun } from './built-cli.js';

const cli = useBuiltCli();

const ID = 'pending-insufficient-cpu';
const COMMANDER = { KUBEDRILL_EXEC_FAST_PATH: 'off' };

/** Runs `args` the fast way and commander's way (in that order); both must print the same and exit the same. */
function bothWays(args: string[], env: NodeJS.ProcessEnv, commanderEnv: NodeJS.ProcessEnv = env): CliRun {
  const fast = cli.run(args, env);
  expect(cli.run(args, { ...commanderEnv, ...COMMANDER })).toEqual(fast);
  return fast;
}

function cacheFolder(home: string): string {
  return join(home, 'cache', 'warm-clusters');
}

/** The names in a home's cache folder, the keys made alike (two homes hold the same keys). */
function cacheFiles(home: string): string[] {
  return readdirSync(cacheFolder(home)).sort();
}

describe('exec past commander, from the warmed-cluster cache', () => {
  it('is one module of the build, beside the CLI, that imports only Node\'s own', () => {
    const source = readFileSync(join(cli.dir, 'exec-fast.js'), 'utf8');
    const imports = [...source.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !i!.startsWith('node:'))).toEqual([]);
    expect(source).not.toMatch(/\bimport\(/);
    expect(readFileSync(join(cli.dir, 'kubedrill.js'), 'utf8')).toContain('import("./exec-fast.js")');
  });

  it('a hit prints what commander\'s path prints (and what the cache-off run prints), stdout, stderr and status', async () => {
    const home = join(cli.work, 'hit');
    const getPods = ['exec', ID, '--', 'kubectl', 'get', 'pods', '-o', 'wide'];
    const fresh = cli.run(getPods, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(getPods, { KUBEDRILL_HOME: home });
    cli.run(getPods, { KUBEDRILL_HOME: home });
    await buildsDone(home);
    const [key] = cacheEntries(home);
    expect(key).toBeDefined();
    // A lookup marks the entry used on its manifest.
    const manifest = join(cacheFolder(home), `${key}.json`);
    const used = (): boolean => statSync(manifest).mtimeMs > Date.UTC(2001, 0, 1);
    for (const args of [getPods, ['exec', ID, '--', 'kubectl', 'get', 'pod', 'no-such-pod'], ['exec', ID, '--', 'echo "a  b"; exit 3']]) {
      // Each way must take the entry: a lookup marks it used.
      utimesSync(manifest, new Date(Date.UTC(2000, 0, 1)), new Date(Date.UTC(2000, 0, 1)));
      const fast = cli.run(args, { KUBEDRILL_HOME: home });
      expect(used()).toBe(true);
      utimesSync(manifest, new Date(Date.UTC(2000, 0, 1)), new Date(Date.UTC(2000, 0, 1)));
      expect(cli.run(args, { KUBEDRILL_HOME: home, ...COMMANDER })).toEqual(fast);
      expect(used()).toBe(true);
      if (args === getPods) expect(fast).toEqual(fresh);
    }
    expect(cli.run(['exec', ID, '--', 'kubectl', 'get', 'pod', 'no-such-pod'], { KUBEDRILL_HOME: home })).toMatchObject({ status: 1, stdout: '', stderr: expect.stringContaining('NotFound') });
    expect(cli.run(['exec', ID, '--', 'echo "a  b"; exit 3'], { KUBEDRILL_HOME: home })).toEqual({ status: 3, stdout: 'a  b\n', stderr: '' });
  }, 180_000);

  it('interleaves stdout and stderr on one file as the line wrote them, from the cache as in process', async () => {
    const home = join(cli.work, 'merged');
    const args = ['exec', ID, '--', 'kubectl get pod nope; echo after; kubectl get pod nope2 -o name'];
    const expected = 'Error from server (NotFound): pods "nope" not found\nafter\nError from server (NotFound): pods "nope2" not found\n';
    expect(cli.runMerged(args, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' })).toBe(expected);
    cli.run(args, { KUBEDRILL_HOME: home });
    cli.run(args, { KUBEDRILL_HOME: home });
    await buildsDone(home);
    expect(cacheEntries(home)).toHaveLength(1);
    expect(cli.runMerged(args, { KUBEDRILL_HOME: home })).toBe(expected);
    expect(cli.runMerged(args, { KUBEDRILL_HOME: home, ...COMMANDER })).toBe(expected);
  }, 180_000);

  it('a miss notes the cluster once, the second run starts one build, the third is a hit: each run as commander\'s path runs it', async () => {
    const fastHome = join(cli.work, 'miss-fast');
    const commanderHome = join(cli.work, 'miss-commander');
    const args = ['exec', '--seed', '4', ID, '--', 'kubectl', 'get', 'events'];
    const first = bothWays(args, { KUBEDRILL_HOME: fastHome }, { KUBEDRILL_HOME: commanderHome });
    expect(first.status).toBe(0);
    await Promise.all([buildsDone(fastHome), buildsDone(commanderHome)]);
    // Asked for once: a mark, no build started.
    expect(cacheFiles(fastHome)).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.seen$/)]);
    expect(cacheFiles(fastHome)).toEqual(cacheFiles(commanderHome));
    expect(bothWays(args, { KUBEDRILL_HOME: fastHome }, { KUBEDRILL_HOME: commanderHome })).toEqual(first);
    await Promise.all([buildsDone(fastHome), buildsDone(commanderHome)]);
    expect(cacheEntries(fastHome)).toHaveLength(1);
    expect(cacheFiles(fastHome)).toEqual(cacheFiles(commanderHome));
    expect(bothWays(args, { KUBEDRILL_HOME: fastHome }, { KUBEDRILL_HOME: commanderHome })).toEqual(first);
  }, 240_000);
});

describe('exec arguments the fast path reads or leaves to commander: the same output either way', () => {
  const shapes: string[][] = [
    ['exec', 'no-such-scenario', '--', 'kubectl', 'get', 'pods'],
    ['exec', ID, '--seed', '-1', '--', 'kubectl', 'get', 'pods'],
    ['exec', ID, '--seed', 'abc', '--', 'kubectl', 'get', 'pods'],
    ['exec', ID, '--seed=1.5', '--', 'kubectl', 'get', 'pods'],
    ['exec', ID, '--seed', '1', '--seed', 'x', '--', 'true'],
    ['exec', ID, '--seed', '--', 'true'],
    ['exec', ID, '--bogus', '--', 'true'],
    ['exec', ID, '--json', '--', 'true'],
    ['exec', ID, '--script', 'no-such-file', '--', 'true'],
    ['exec', ID, '--'],
    ['exec', ID],
    ['exec'],
    ['exec', '--help'],
    ['exec', ID, '-V', '--', 'true'],
    ['exec', '--', 'kubectl', 'get', 'pods'],
    // These warm the cluster up in process (the cache is off here).
    ['exec', ID, 'kubectl', 'get', 'pods'],
    ['exec', ID, '--seed=', '--', 'kubectl', 'get', 'pods'],
    ['exec', `scenarios/scheduling/${ID}.yaml`, '--', 'kubectl', '--help'],
    ['exec', ID, '--', 'echo', 'a  b', "it's", '$HOME'],
  ];
  it.each(shapes.map((args) => [args.join(' '), args]))('`%s`', (_, args) => {
    const run = bothWays(args, { KUBEDRILL_HOME: join(cli.work, 'shapes'), KUBEDRILL_CACHE: 'off' });
    expect(run.stdout + run.stderr).not.toBe('');
  }, 60_000);
});
