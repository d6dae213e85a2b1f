import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { ETCD_ERRORS, EtcdMember } from '../../../src/cluster/etcd/member.js';
import { EtcdRaftGroup } from '../../../src/cluster/etcd/raft-group.js';

/** Three stacked members over a fake store whose revision moves with every committed put. */
function group() {
  const queue = new EventQueue(Date.UTC(2026, 10, 30, 9, 0, 0));
  let revision = 1000;
  const members = ['cp-1', 'cp-2', 'cp-3'].map((name, i) => new EtcdMember({ name, ip: `10.0.0.1${i}`, queue, seed: 7 + i, revision: () => revision, fsyncMs: () => 2, entries: () => [] }));
  const g = new EtcdRaftGroup(members);
  const put = (key: string, bytes: () => number) => {
    const error = g.put(key, bytes);
    if (!error) revision++;
    return error;
  };
  return { g, members, put };
}

describe('etcd raft group: puts', () => {
  it('measures a value once and applies it on every member', () => {
    const { members, put } = group();
    let measured = 0;
    expect(put('/registry/configmaps/default/a', () => (measured++, 5_000))).toBeUndefined();
    expect(measured).toBe(1);
    expect(members.map((m) => m.heldValueBytes('/registry/configmaps/default/a'))).toEqual([5_000, 5_000, 5_000]);
  });

  it('measures nothing for a put the leader refuses while NOSPACE is raised', () => {
    const { members, put } = group();
    const unmeasured = () => {
      throw new Error('a refused put was measured');
    };
    members[0]!.quotaBytes = 1024 * 1024;
    let error: string | undefined;
    for (let i = 0; i < 40 && !error; i++) error = put(`/registry/secrets/ci/dump-${i}`, () => 64 * 1024);
    expect(error).toBe(ETCD_ERRORS.noSpace);
    expect(put('/registry/configmaps/default/other', unmeasured)).toBe(ETCD_ERRORS.noSpace);
    expect(members.map((m) => m.heldValueBytes('/registry/configmaps/default/other'))).toEqual([undefined, undefined, undefined]);
  });
});
