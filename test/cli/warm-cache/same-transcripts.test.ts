/**
 * A cached warm cluster prints what a fresh warm-up prints (issue 7): the
 * scenarios that between them hold every fault type, topology and CNI
 * shipped. The other scenarios are in the two `same-transcripts-rest`
 * files; the helper module says how they are shared out.
 */
import { describe, it, expect } from 'vitest';
import { loadShipped } from '../../../src/cli/load.js';
import { useBuiltCli } from './built-cli.js';
import { compareCachedAndFresh, covering, features, restParts } from './same-transcripts.js';

const cli = useBuiltCli();

const { scenarios: shipped } = loadShipped();
const cover = covering(shipped);

describe('a cached warm cluster prints what a fresh warm-up prints', () => {
  it('compares every shipped scenario once, in one of three files, and here those that hold every fault type, topology and CNI', () => {
    expect(shipped.length).toBeGreaterThan(10);
    const covered = new Set(cover.flatMap(({ scenario }) => features(scenario)));
    expect(shipped.flatMap(({ scenario }) => features(scenario)).filter((f) => !covered.has(f))).toEqual([]);
    expect(covered.has('ha') && covered.has('cni:calico') && covered.has('no-fault')).toBe(true);
    const ids = (list: typeof shipped) => list.map(({ scenario }) => scenario.metadata.id);
    const [a, b] = restParts(shipped);
    expect([...ids(cover), ...ids(a), ...ids(b)].sort()).toEqual(ids(shipped).sort());
  });

  for (const s of cover) it(s.scenario.metadata.id, () => compareCachedAndFresh(cli, s), 300_000);
});
