/**
 * `kubedrill verify` on warmed clusters prints what it prints warmed up in
 * process: one file has its snapshot built in the background and then uses
 * it; a run over many files uses what is cached and builds nothing.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { buildsDone, cacheEntries, useBuiltCli } from './built-cli.js';

const cli = useBuiltCli();

const UNSOLVED = 'test/fixtures/scenarios/verify/unsolved-insufficient-cpu.yaml';
const PLEG = 'scenarios/nodes/node-notready-pleg.yaml';


describe('verify with the warmed-cluster cache', () => {
  it('one file: the second run has the snapshot built, every run prints what the in-process verify prints', async () => {
    const home = join(cli.work, 'one');
    for (const file of [PLEG, UNSOLVED]) {
      const fresh = cli.run(['verify', file], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
      const before = cacheEntries(home).length;
      expect(cli.run(['verify', file], { KUBEDRILL_HOME: home })).toEqual(fresh);
      await buildsDone(home);
      expect(cacheEntries(home).length).toBe(before);
      expect(cli.run(['verify', file], { KUBEDRILL_HOME: home })).toEqual(fresh);
      await buildsDone(home);
      expect(cacheEntries(home).length).toBe(before + 1);
      expect(cli.run(['verify', file], { KUBEDRILL_HOME: home })).toEqual(fresh);
      expect(cacheEntries(home).length).toBe(before + 1);
    }
    // The failing fixture's problems crossed from the snapshot process intact.
    const failing = cli.run(['verify', UNSOLVED], { KUBEDRILL_HOME: home });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('after the solution the goal does not hold: deployment default/checkout is available with 1 replicas (0 now)');
  }, 300_000);

  it('many files: uses the snapshot it finds, builds none for the others, prints the same', async () => {
    const home = join(cli.work, 'many');
    cli.run(['verify', PLEG], { KUBEDRILL_HOME: home });
    cli.run(['verify', PLEG], { KUBEDRILL_HOME: home });
    await buildsDone(home);
    expect(cacheEntries(home).length).toBe(1);
    const dir = join(home, 'cache', 'warm-clusters');
    const manifest = join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))!);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(manifest, longAgo, longAgo);
    const args = ['verify', PLEG, UNSOLVED, 'scenarios/scheduling/pending-untolerated-taint.yaml'];
    const fresh = cli.run(args, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(cli.run(args, { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    expect(cacheEntries(home).length).toBe(1);
    // The cache marks an entry used (on its manifest) when it loads it: the PLEG scenario was verified from its snapshot.
    expect(statSync(manifest).mtimeMs).toBeGreaterThan(longAgo.getTime());
  }, 300_000);
});
