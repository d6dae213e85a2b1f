/**
 * Issue 7's promise for the warmed-cluster cache: it never changes what a
 * command prints. For every shipped scenario a script (the golden
 * transcript's commands, the solution, a look afterwards and `submit`) runs
 * through the built CLI with the cache off, then with it on three times:
 * the first notes the cluster and warms up in process on the simulation
 * bundle, the second does too (with V8's code cache) while its snapshot is
 * built in the background, the third runs from the snapshot. All print the
 * same bytes and exit alike.
 *
 * The scenarios are shared out over three test files so that both workers
 * of a 2-core machine take a part: `same-transcripts.test.ts` takes the
 * smallest set that between them hold every fault type, cluster topology and
 * CNI shipped, plus one with no fault (what a snapshot must carry over
 * depends on the simulated state, and that state comes from those); the two
 * `same-transcripts-rest` files take the others, balanced by cluster size.
 */
import { expect } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShipped } from '../../../src/cli/load.js';
import { snapshotCommands } from '../../../src/practice/transcript.js';
import { clusterNodeCount, type Scenario } from '../../../src/scenario/schema.js';
import { buildsDone, cacheEntries, type TestCli } from './built-cli.js';

export type Shipped = ReturnType<typeof loadShipped>['scenarios'];

/** What decides the simulated state a snapshot must carry: the fault types, the topology and the CNI. */
export function features(scenario: Scenario): string[] {
  const { cluster } = scenario;
  return [...scenario.faults.map((f) => `fault:${f.type}`), cluster.controlPlaneEndpoint ? 'ha' : 'single', `cni:${cluster.cni ?? 'default'}`, scenario.faults.length === 0 ? 'no-fault' : 'faults'];
}

/** A greedy cover of every feature, taking small clusters first (ties: file order). */
export function covering(all: Shipped): Shipped {
  const left = new Set(all.flatMap(({ scenario }) => features(scenario)));
  const bySize = [...all].sort((a, b) => clusterNodeCount(a.scenario.cluster) - clusterNodeCount(b.scenario.cluster));
  const chosen: Shipped = [];
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

/** Rough cost of a scenario's runs: start-ups and a small cluster's warm-up, then about one unit per node. */
const cost = (s: Shipped[number]): number => 20 + clusterNodeCount(s.scenario.cluster);

/**
 * The scenarios outside the cover, in two parts of about equal cost
 * (largest first, each to the lighter part; ties in file order).
 */
export function restParts(all: Shipped): [Shipped, Shipped] {
  const cover = new Set(covering(all));
  const parts: [Shipped, Shipped] = [[], []];
  const totals = [0, 0];
  const rest = all.filter((s) => !cover.has(s)).sort((a, b) => cost(b) - cost(a));
  for (const s of rest) {
    const i = totals[0]! <= totals[1]! ? 0 : 1;
    parts[i]!.push(s);
    totals[i]! += cost(s);
  }
  return parts;
}

/**
 * Runs a scenario's script with the cache off (the simulation's own
 * modules, the reference), then with it on: first in process on the
 * simulation bundle, compiled (the run leaves V8's code cache), again while
 * the snapshot is built in the background (the bundle from the code cache),
 * and then from that snapshot. Each must print what the reference printed.
 */
export async function compareCachedAndFresh(cli: TestCli, { scenario, file }: Shipped[number]): Promise<void> {
  const id = scenario.metadata.id;
  const script = join(cli.work, `${id}.txt`);
  writeFileSync(script, [...snapshotCommands(scenario), ...scenario.solution, 'kubectl get pods -A', 'submit'].join('\n'));
  const home = join(cli.work, id);
  const args = ['exec', file, '--script', script, '--json'];
  const reference = cli.run(args, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
  expect(reference.stdout).toContain('"score"');
  // The first run with the cache only notes the cluster was asked for, and warms up in process.
  expect(cli.run(args, { KUBEDRILL_HOME: home })).toEqual(reference);
  expect(cacheEntries(home)).toEqual([]);
  // The second starts building the snapshot and warms up in process meanwhile.
  expect(cli.run(args, { KUBEDRILL_HOME: home })).toEqual(reference);
  await buildsDone(home);
  // The entry exists only if the snapshot was built and filed whole.
  expect(cacheEntries(home)).toHaveLength(1);
  const cached = cli.run(args, { KUBEDRILL_HOME: home });
  // Still there: the process started from it said it ran the request (otherwise the entry is dropped).
  expect(cacheEntries(home)).toHaveLength(1);
  expect(cached).toEqual(reference);
  rmSync(home, { recursive: true, force: true });
}
