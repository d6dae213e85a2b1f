/**
 * The environment a process started from a snapshot gets: its run order,
 * NODE_EXTRA_CA_CERTS moved aside and glibc asked for huge pages, and what
 * it puts back for the processes it starts (an editor): exactly the CLI's.
 */
import { describe, it, expect } from 'vitest';
import { restoreEnv, snapshotRunEnv, RUN_ORDER_VAR } from '../../../src/cli/warm-cache/protocol.js';

/** The run order's variable gone, as serve() deletes it, then the rest put back. */
function roundTrip(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const child = snapshotRunEnv(env, '{}');
  delete child[RUN_ORDER_VAR];
  restoreEnv(child);
  return child;
}

describe('snapshotRunEnv', () => {
  it('asks glibc for huge pages and moves NODE_EXTRA_CA_CERTS aside', () => {
    const child = snapshotRunEnv({ PATH: '/bin', NODE_EXTRA_CA_CERTS: '/ca.pem' }, '{"key":"k"}');
    expect(child.GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=1');
    expect(child.NODE_EXTRA_CA_CERTS).toBeUndefined();
    expect(child[RUN_ORDER_VAR]).toBe('{"key":"k"}');
    expect(child.PATH).toBe('/bin');
  });

  it("adds huge pages to the user's tunables, and leaves a choice of the user's about them alone", () => {
    expect(snapshotRunEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, '{}').GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1');
    expect(snapshotRunEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, '{}').GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=0');
  });

  it('gives the processes it starts the environment the CLI had, set or not', () => {
    for (const env of [{ PATH: '/bin' }, { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/ca.pem', GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }]) {
      expect(roundTrip(env)).toEqual(env);
    }
  });
});
