import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { DEFAULT_QUOTA_BYTES, ETCD_ERRORS, EtcdMember } from '../../../src/cluster/etcd/member.js';
import { storedValue, terminalText, hexText } from '../../../src/cluster/etcd/value.js';

/** A member over a fake store whose revision moves with every put, on a disk with the given sync time. */
function member(fsyncMs = 2) {
  const queue = new EventQueue(Date.UTC(2026, 10, 30, 9, 0, 0));
  let revision = 1000;
  const disk = { fsyncMs };
  const lines: string[] = [];
  const m = new EtcdMember({ name: 'cp-1', ip: '10.0.0.10', queue, seed: 7, revision: () => revision, fsyncMs: () => disk.fsyncMs, entries: () => [] });
  m.log = (line) => lines.push(line);
  const put = (key: string, bytes: number | (() => number), sameSize = false) => {
    const error = m.put(key, bytes, sameSize);
    if (!error) revision++;
    return error;
  };
  return { m, queue, disk, lines, put, revision: () => revision };
}

describe('etcd member: database size', () => {
  it('grows with writes; superseded values stay until compaction; only defrag shrinks the file', () => {
    const { m, queue, put } = member();
    const empty = m.dbSize();
    for (let i = 0; i < 200; i++) expect(put(`/registry/configmaps/ci/report-${i}`, 60_000)).toBeUndefined();
    const grown = m.dbSize();
    expect(grown).toBeGreaterThan(empty + 200 * 60_000);
    for (let i = 0; i < 200; i++) m.deleted(`/registry/configmaps/ci/report-${i}`);
    // Deleted values are history: the file keeps its size, and so does the part in use until compaction.
    expect(m.dbSize()).toBe(grown);
    expect(m.dbSizeInUse()).toBeGreaterThan(200 * 60_000);
    queue.runUntil(queue.now() + 6 * 60_000);
    // The API server's compactor (every 5 minutes) freed the pages; the file did not shrink.
    expect(m.dbSizeInUse()).toBeLessThan(100_000);
    expect(m.dbSize()).toBe(grown);
    m.defragment();
    expect(m.dbSize()).toBeLessThan(100_000);
    expect(m.dbSize() % 4096).toBe(0);
  });
});

describe('etcd member: updates', () => {
  const unmeasured = () => {
    throw new Error('a same-size update of a held key was measured');
  };

  it('keep the superseded value as history until compaction, whether or not the update was measured', () => {
    const { m, put, revision } = member();
    const key = '/registry/leases/kube-node-lease/node-1';
    expect(put(key, 300)).toBeUndefined();
    const alone = m.dbSizeInUse();
    // A renewal: the key keeps its size (not measured again); the old value stays until compaction.
    expect(put(key, unmeasured, true)).toBeUndefined();
    expect(m.heldValueBytes(key)).toBe(300);
    expect(m.keyCount()).toBe(1);
    expect(m.dbSizeInUse() - alone).toBeGreaterThanOrEqual(Math.floor((key.length + 300) * 1.3));
    expect(m.dbSizeInUse() - alone).toBeLessThanOrEqual(Math.ceil((key.length + 300) * 1.3) + 1);
    expect(m.compact(revision())).toBeUndefined();
    expect(m.dbSizeInUse()).toBe(alone);
    // A resized update (a ConfigMap's data) is measured and replaces what the key holds.
    expect(put(key, 5000)).toBeUndefined();
    expect(m.heldValueBytes(key)).toBe(5000);
    expect(m.compact(revision())).toBeUndefined();
    const fresh = member();
    expect(fresh.put(key, 5000)).toBeUndefined();
    expect(m.dbSizeInUse()).toBe(fresh.m.dbSizeInUse());
    // A key it does not hold is measured even when the write says it keeps its size.
    expect(put('/registry/pods/default/new', () => 777, true)).toBeUndefined();
    expect(m.heldValueBytes('/registry/pods/default/new')).toBe(777);
  });

  it('account a same-size update as a put of the size the key holds', () => {
    // Twins on the same seed: one is told the size of every write, the other only that an update keeps it.
    const told = member();
    const kept = member();
    const figures = (m: typeof told.m) => ({ ...m.status(), keys: m.keyCount(), compacted: m.compactedRevision() });
    const keys = ['/registry/leases/kube-node-lease/node-1', '/registry/pods/default/web-1', '/registry/nodes/node-1'];
    for (const [i, key] of keys.entries()) {
      expect(told.put(key, 300 + i * 1000)).toBeUndefined();
      expect(kept.put(key, 300 + i * 1000)).toBeUndefined();
    }
    for (let round = 0; round < 200; round++) {
      const key = keys[round % keys.length]!;
      expect(told.put(key, told.m.heldValueBytes(key)!)).toBeUndefined();
      expect(kept.put(key, unmeasured, true)).toBeUndefined();
      // Time passes, so the compactor frees what the updates superseded.
      told.queue.runUntil(told.queue.now() + 7_000);
      kept.queue.runUntil(kept.queue.now() + 7_000);
      expect(figures(kept.m)).toEqual(figures(told.m));
    }
  });
});

describe('etcd member: quota and the NOSPACE alarm', () => {
  it('defaults to 2 GiB', () => {
    expect(member().m.quotaBytes).toBe(DEFAULT_QUOTA_BYTES);
  });

  it('raises NOSPACE when a put would pass the quota, and refuses puts until the alarm is disarmed', () => {
    const { m, put, lines } = member();
    m.quotaBytes = 1024 * 1024;
    let error: string | undefined;
    for (let i = 0; i < 40 && !error; i++) error = put(`/registry/secrets/ci/dump-${i}`, 64 * 1024);
    expect(error).toBe('etcdserver: mvcc: database space exceeded');
    expect(m.alarms).toEqual(['NOSPACE']);
    expect(m.status().errors).toEqual([`memberID:${m.id} alarm:NOSPACE `]);
    expect(lines.at(-1)).toMatch(/^\{"level":"warn","ts":"[^"]+","caller":"etcdserver\/apply.go:752","msg":"alarm raised","alarm":"NOSPACE","from":"[0-9a-f]{16}"\}$/);
    // Deleting keys and defragmenting make room, but the armed alarm still refuses puts.
    for (let i = 0; i < 40; i++) m.deleted(`/registry/secrets/ci/dump-${i}`);
    m.compact(m.status().revision);
    m.defragment();
    expect(put('/registry/configmaps/default/small', 100)).toBe(ETCD_ERRORS.noSpace);
    // Refused whatever its size: the value is not measured while the alarm is active.
    const unmeasured = () => {
      throw new Error('a put was measured while NOSPACE was active');
    };
    expect(put('/registry/configmaps/default/other', unmeasured)).toBe(ETCD_ERRORS.noSpace);
    expect(m.disarm()).toEqual(['NOSPACE']);
    expect(put('/registry/configmaps/default/small', 100)).toBeUndefined();
  });

  it('computes a past burst of writes: the file stops at the quota and the alarm is raised', () => {
    const { m } = member();
    m.quotaBytes = 256 * 1024 * 1024;
    m.recordChurn('/registry/configmaps/ci/', 5000, 64 * 1024);
    expect(m.dbSize()).toBe(256 * 1024 * 1024);
    expect(m.alarms).toEqual(['NOSPACE']);
    m.defragment();
    expect(m.dbSize()).toBeLessThan(100_000);
  });

  it('refuses compaction of a revision already compacted or not yet written', () => {
    const { m, put, revision } = member();
    put('/registry/pods/default/a', 500);
    expect(m.compact(revision() + 5)).toBe('etcdserver: mvcc: required revision is a future revision');
    expect(m.compact(revision())).toBeUndefined();
    expect(m.compact(revision())).toBe('etcdserver: mvcc: required revision has been compacted');
  });
});

describe('etcd member: disk latency', () => {
  it('commits in milliseconds on an idle disk', () => {
    const { m, lines, put } = member(2);
    for (let i = 0; i < 20; i++) expect(put(`/registry/leases/kube-node-lease/node-${i}`, 300)).toBeUndefined();
    expect(m.commit().tookNs).toBeLessThan(10_000_000);
    expect(lines).toEqual([]);
  });

  it('logs slow fdatasync and slow applies, and times requests out past 7s, as etcd 3.5 does', () => {
    const { lines, put } = member(5000);
    const errors = new Set<string | undefined>();
    for (let i = 0; i < 30; i++) errors.add(put('/registry/leases/kube-node-lease/node-1', 300));
    expect(errors).toEqual(new Set([undefined, 'etcdserver: request timed out']));
    expect(lines.some((l) => /^\{"level":"warn","ts":"[^"]+","caller":"wal\/wal.go:805","msg":"slow fdatasync","took":"\d+\.\d+s","expected-duration":"1s"\}$/.test(l))).toBe(true);
    const slow = lines.find((l) => l.includes('"apply request took too long"') && !l.includes('"error"'))!;
    expect(slow).toMatch(
      /^\{"level":"warn","ts":"[^"]+","caller":"etcdserver\/util.go:170","msg":"apply request took too long","took":"\d+\.\d+s","expected-duration":"100ms","prefix":"","request":"header:<ID:\d+ > txn:<compare:<target:MOD key:\\"\/registry\/leases\/kube-node-lease\/node-1\\" mod_revision:\d+ > success:<request_put:<key:\\"\/registry\/leases\/kube-node-lease\/node-1\\" value_size:300 >> failure:<request_range:<key:\\"\/registry\/leases\/kube-node-lease\/node-1\\" > >>","response":"size:20"\}$/,
    );
    expect(lines.some((l) => l.endsWith('"response":"","error":"etcdserver: request timed out"}'))).toBe(true);
  });
});

describe('stored values', () => {
  it('carry the k8s protobuf envelope and print safely', () => {
    const bytes = storedValue({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: '\u001b[31mred' } });
    expect(hexText(bytes.slice(0, 8))).toBe('\\x6b\\x38\\x73\\x00\\x0a\\x0f\\x0a\\x02');
    const text = terminalText(bytes);
    expect(text.startsWith('k8s')).toBe(true);
    expect(text).toContain('ConfigMap');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});
