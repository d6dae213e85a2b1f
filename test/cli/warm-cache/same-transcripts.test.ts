/**
 * Issue 7's promise for the warmed-cluster cache: it never changes what a
 * command prints. For shipped scenarios a script (the golden
 * transcript's commands, the solution, a look afterwards and `submit`) runs
 * through the built CLI three times with the cache: the first run notes the
 * cluster and warms up in process (as with the cache off), the second builds
 * its snapshot and runs from it, the third runs from the cache. All print the
 * same bytes and exit alike.
 *
 * Which scenarios: the smallest set that between them hold every fault type,
 * cluster topology and CNI the shipped scenarios use, plus one with no fault
 * at all (what a snapshot must carry over depends on the simulated state, and
 * that state comes from those), instead of all of them: run through the built
 * CLI three times each, all of them took a third of the suite's time.
 * KUBEDRILL_TEST_EVERY_SCENARIO=1 runs every one.
 */
import { describe, it, expect } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShipped } from '../../../src/cli/load.js';
import { snapshotCommands } from '../../../src/practice/transcript.js';
import { clusterNodeCount, type Scenario } from '../../../src/scenario/schema.js';
import { cacheEntries, useBuiltCli } from './built-cli.js';

const cli = useBuiltCli();

const { scenarios: shipped } = loadShipped();

/** What decides the simulated state a snapshot must carry: the fault types, the topology and the CNI. */
function features(scenario: Scenario): string[] {
  const { cluster } = scenario;
  return [...scenario.faults.map((f) => `fault:${f.type}`), cluster.controlPlaneEndpoint ? 'ha' : 'single', `cni:${cluster.cni ?? 'default'}`, scenario.faults.length === 0 ? 'no-fault' : 'faults'];
}

/** A greedy cover of every feature, taking small clusters first (ties: file order). */
function covering(all: typeof shipped): typeof shipped {
  const left = new Set(all.flatMap(({ scenario }) => features(scenario)));
  const bySize = [...all].sort((a, b) => clusterNodeCount(a.scenario.cluster) - clusterNodeCount(b.scenario.cluster));
  const chosen: typeof shipped = [];
  while (left.size > 0) {
    let best = bySize[0]!;
    let gain = 0;
    for (const s of bySize) {
      const g = features(s.scenario).filter((f) => left.has(f)).length;
      if (g > gain) [best, gain] = [s, g];
    }
    chosen.push(best);
    for (const f of features(best.scenario)) left.delete(f);
  }
  return chosen;
}

const scenarios = process.env.KUBEDRILL_TEST_EVERY_SCENARIO === '1' ? shipped : covering(shipped);

describe('a cached warm cluster prints what a fresh warm-up prints', () => {
  it('compares scenarios that between them hold every fault type, topology and CNI shipped', () => {
    expect(shipped.length).toBeGreaterThan(10);
    const covered = new Set(scenarios.flatMap(({ scenario }) => features(scenario)));
    expect(shipped.flatMap(({ scenario }) => features(scenario)).filter((f) => !covered.has(f))).toEqual([]);
    expect(covered.has('ha') && covered.has('cni:calico') && covered.has('no-fault')).toBe(true);
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
