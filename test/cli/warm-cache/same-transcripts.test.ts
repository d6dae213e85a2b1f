/**
 * Issue 7's promise for the warmed-cluster cache: it never changes what a
 * command prints. For every shipped scenario a script (the golden
 * transcript's commands, the solution, a look afterwards and `submit`) runs
 * through the built CLI three times with the cache: the first run notes the
 * cluster and warms up in process (as with the cache off), the second builds
 * its snapshot and runs from it, the third runs from the cache. All print the
 * same bytes and exit alike.
 */
import { describe, it, expect } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShipped } from '../../../src/cli/load.js';
import { snapshotCommands } from '../../../src/practice/transcript.js';
import { cacheEntries, useBuiltCli } from './built-cli.js';

const cli = useBuiltCli();

const { scenarios } = loadShipped();

describe('a cached warm cluster prints what a fresh warm-up prints', () => {
  it('ships scenarios to compare', () => {
    expect(scenarios.length).toBeGreaterThan(10);
  });

  for (const { scenario, file } of scenarios) {
    it(scenario.metadata.id, () => {
      const id = scenario.metadata.id;
      const script = join(cli.work, `${id}.txt`);
      writeFileSync(script, [...snapshotCommands(scenario), ...scenario.solution, 'kubectl get pods -A', 'submit'].join('\n'));
      const home = join(cli.work, id);
      const args = ['exec', file, '--script', script, '--json'];
      // The first run only notes the cluster was asked for and warms up in process, as a run with the
      // cache off does (fallback.test.ts compares the two): its output is the one to match.
      const fresh = cli.run(args, { KUBEDRILL_HOME: home });
      expect(cacheEntries(home)).toEqual([]);
      // The second builds its snapshot and runs from it; the third runs from the cache.
      const second = cli.run(args, { KUBEDRILL_HOME: home });
      // The entry exists only if the snapshot was built and the process started from it said it ran the request.
      expect(cacheEntries(home)).toHaveLength(1);
      const third = cli.run(args, { KUBEDRILL_HOME: home });
      expect(cacheEntries(home)).toHaveLength(1);
      expect(fresh.stdout).toContain('"score"');
      expect(second).toEqual(fresh);
      expect(third).toEqual(fresh);
      rmSync(home, { recursive: true, force: true });
    }, 300_000);
  }
});
