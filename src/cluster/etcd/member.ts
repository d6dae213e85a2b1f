/**
 * The etcd member under the store: identity (member and cluster id, name,
 * URLs), raft term and index, the bbolt database's size against
 * `--quota-backend-bytes`, the NOSPACE alarm, and the time a write takes to
 * commit on the disk its data dir lives on. It decides whether a write the
 * API server sends commits and logs what etcd logs about it; it never
 * changes objects (the store does).
 *
 * What it models of etcd v3.5 (server/etcdserver, server/mvcc/backend,
 * server/wal): a put costs `kvOverhead + len(key) + len(value)` against the
 * quota (quota.go costPut); a write that would take the backend past the
 * quota raises NOSPACE and fails with ErrGRPCNoSpace, and while the alarm
 * is active every put fails (applierV3Capped) until `alarm disarm`. The
 * file only grows: superseded revisions become free pages at compaction
 * (the API server compacts every 5 minutes, --etcd-compaction-interval) and
 * the file shrinks only on defragmentation.
 */
import type { EventQueue } from '../clock/event-queue.js';
import { durationString } from '../clock/go-duration.js';
import { Random } from '../clock/random.js';
import type { StoreBackend } from '../store/store.js';
import type { EtcdRaftGroup } from './raft-group.js';
import { storedValue } from './value.js';
import { humanizeBytes, zapLine, zapTime, type ZapValue } from './format.js';

/** The etcd version kubeadm v1.32 deploys (cmd/kubeadm/app/constants: DefaultEtcdVersion 3.5.16-0). */
export const ETCD_VERSION = '3.5.16';

/** --quota-backend-bytes when not set: 2 GiB (server/etcdserver/quota.go DefaultQuotaBytes). */
export const DEFAULT_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;

/** quota.go kvOverhead: what a put costs beyond its key and value. */
const KV_OVERHEAD = 256;

/** --experimental-warning-apply-duration default (embed/config.go DefaultWarningApplyDuration). */
const WARN_APPLY_NS = 100_000_000;

/** wal.go warnSyncDuration: an fdatasync slower than this is logged. */
const WARN_SYNC_NS = 1_000_000_000;

/**
 * ServerConfig.ReqTimeout: 5s + 2 × election timeout (kubeadm leaves etcd's
 * 1000 ms): a proposal not applied by then answers ErrTimeout.
 */
export const REQUEST_TIMEOUT_NS = 7_000_000_000;

/** How long history stays before the API server's compactor removes it (--etcd-compaction-interval). */
const COMPACTION_INTERVAL_MS = 5 * 60_000;

/** bbolt page size: the file grows and defragments in pages. */
const PAGE = 4096;

/** An empty bbolt file with etcd's buckets (what a fresh data dir's db weighs). */
const EMPTY_DB_BYTES = 20 * PAGE;

/** B+tree pages hold more than their values (branch pages, page headers, partly filled leaves). */
const TREE_OVERHEAD = 1.3;

/** The upstream texts of the errors a write can meet (api/v3rpc/rpctypes/error.go, as the client unwraps them). */
export const ETCD_ERRORS = {
  noSpace: 'etcdserver: mvcc: database space exceeded',
  timeout: 'etcdserver: request timed out',
  compacted: 'etcdserver: mvcc: required revision has been compacted',
  futureRev: 'etcdserver: mvcc: required revision is a future revision',
} as const;

/** gRPC codes of those errors (for `rpctypes.EtcdError{code:0x..}` in the API server's log). */
export const ETCD_ERROR_CODES: Readonly<Record<string, number>> = {
  [ETCD_ERRORS.noSpace]: 8,
  [ETCD_ERRORS.timeout]: 14,
};

/** An alarm a member can raise. */
export type EtcdAlarm = 'NOSPACE';

/** What the member needs from the machine it runs on. */
export interface EtcdMemberOptions {
  /** --name (the node name under kubeadm). */
  name: string;
  /** The node's address (client and peer URLs). */
  ip: string;
  queue: EventQueue;
  /** Seed of the member's own random stream (ids, latencies), apart from the cluster's so nothing else shifts. */
  seed: number;
  /** The store's current revision (etcd's mvcc revision is the resourceVersion). */
  revision: () => number;
  /**
   * The typical fdatasync time of the disk under the data dir right now
   * (ms): a fast SSD's 1–3 ms, more when other processes saturate it.
   */
  fsyncMs: () => number;
  /** The objects under their etcd keys (the store's), for reads. */
  entries: () => Iterable<readonly [string, { apiVersion?: unknown; kind?: unknown; [field: string]: unknown }]>;
  /** The cluster id of the cluster it joins (a member added by `kubeadm join`); default: its own, new cluster's. */
  clusterId?: bigint;
}

/** One key-value pair of a range read. */
export interface EtcdKeyValue {
  key: string;
  value: Uint8Array;
}

/** One superseded or deleted value waiting for compaction. */
interface Garbage {
  at: number;
  revision: number;
  bytes: number;
}

/** The status an `etcdctl endpoint status` reads (etcdserverpb.StatusResponse). */
export interface EtcdStatus {
  memberId: bigint;
  clusterId: bigint;
  leader: bigint;
  version: string;
  dbSize: number;
  dbSizeInUse: number;
  raftTerm: number;
  raftIndex: number;
  raftAppliedIndex: number;
  revision: number;
  errors: string[];
  isLearner: boolean;
}

/** What a commit through raft gave: how long it took, and the error when it did not commit. */
export interface CommitOutcome {
  tookNs: number;
  error?: string;
}

/** The member. */
export class EtcdMember implements StoreBackend {
  readonly id: bigint;
  readonly clusterId: bigint;
  readonly name: string;
  readonly clientURL: string;
  readonly peerURL: string;
  raftTerm = 2;
  raftIndex: number;
  quotaBytes = DEFAULT_QUOTA_BYTES;
  /** Active alarms, in the order they were raised. */
  readonly alarms: EtcdAlarm[] = [];
  /** Where the member's JSON log lines go (its container's stderr); set while its container runs. */
  log: ((line: string) => void) | undefined;
  /** How many times its process has started (the first start initializes the data dir). */
  starts = 0;
  /** Whether the etcd process serves (its container runs); requests to a stopped member fail to connect. */
  serving = true;
  /** The cluster it is a member of, when it has peers (an HA control plane); undefined: a cluster of one. */
  group: EtcdRaftGroup | undefined;
  private readonly random: Random;
  /** Bytes of each live key's newest value (key + value), by key. */
  private readonly live = new Map<string, number>();
  private liveBytes = 0;
  /** Superseded values in revision order, from `garbageStart` on; compaction frees them. */
  private garbage: Garbage[] = [];
  private garbageStart = 0;
  private garbageBytes = 0;
  /** Free pages the file holds (freed by compaction, reused before the file grows). */
  private freeBytes = 0;
  /** The bbolt file's size: grows to the high-water mark, shrinks only on defrag. */
  private fileBytes = EMPTY_DB_BYTES;
  private compactRevision = 0;

  constructor(private readonly options: EtcdMemberOptions) {
    this.random = new Random(options.seed);
    this.id = nonZeroId(this.random);
    const ownCluster = nonZeroId(this.random);
    this.clusterId = options.clusterId ?? ownCluster;
    this.name = options.name;
    this.clientURL = `https://${options.ip}:2379`;
    this.peerURL = `https://${options.ip}:2380`;
    this.raftIndex = options.revision() + 3;
    // idutil.Generator: the member id's low bits, then a counter that grows by one per request.
    this.requestId = ((this.id & 0xffffn) << 48n) | BigInt(this.random.int(2 ** 31));
  }

  /** The id of the next raft request (what "header:<ID:...>" shows). */
  private requestId: bigint;

  /** The member id as etcd prints it (`%x`, types.ID.String()). */
  idHex(): string {
    return this.id.toString(16);
  }

  /** Bytes the database file takes on disk. */
  dbSize(): number {
    return this.fileBytes;
  }

  /** Bytes of the file that hold data (the rest is free pages). */
  dbSizeInUse(): number {
    this.autoCompact();
    return this.inUse();
  }

  /** The newest revision compacted away. */
  compactedRevision(): number {
    return this.compactRevision;
  }

  /** Number of live keys. */
  keyCount(): number {
    return this.live.size;
  }

  /**
   * A put of `valueBytes` under `key` proposed through raft: undefined when
   * it committed (and is accounted), else etcd's error. Deletes go through
   * {@link deleted}: they cost no quota.
   */
  put(key: string, size: number | (() => number), sameSize = false): string | undefined {
    this.autoCompact();
    // While NOSPACE is active every put fails (the capped applier; the v3rpc quota check before it
    // could only raise the alarm already raised), whatever its size: the value is not measured.
    if (this.alarms.includes('NOSPACE')) return ETCD_ERRORS.noSpace;
    // One lookup per put: what the key holds decides a same-size update's size and is what account() replaces.
    const held = this.live.get(key);
    const valueBytes = sameSize && held !== undefined ? held - key.length : typeof size === 'number' ? size : size();
    const cost = KV_OVERHEAD + key.length + valueBytes;
    // v3rpc quota check.
    if (this.fileBytes + cost >= this.quotaBytes) {
      this.raise('NOSPACE');
      return ETCD_ERRORS.noSpace;
    }
    const commit = this.commit();
    if (commit.error) {
      // A proposal without quorum was never applied: nothing to warn of applying.
      if (!this.group || this.group.hasQuorum()) this.warnSlow(commit.tookNs, key, valueBytes, commit.error);
      return commit.error;
    }
    this.warnSlow(commit.tookNs, key, valueBytes);
    this.account(key, key.length + valueBytes, held);
    return undefined;
  }

  /** Bytes of the value `key` holds now (without the key), if it holds one. */
  heldValueBytes(key: string): number | undefined {
    const held = this.live.get(key);
    return held === undefined ? undefined : held - key.length;
  }

  /** A put the leader committed, applied by this follower (accounted, no quorum check of its own). */
  applyPut(key: string, valueBytes: number): void {
    this.autoCompact();
    this.raftIndex++;
    this.account(key, key.length + valueBytes, this.live.get(key));
  }

  /** A key was deleted (through the API server or by its lease expiring). */
  deleted(key: string): void {
    const bytes = this.live.get(key);
    if (bytes === undefined) return;
    this.live.delete(key);
    this.liveBytes -= bytes;
    this.retire(bytes + key.length);
  }

  /** A delete proposed through raft: it costs no quota but waits for the disk like any commit. */
  delete(key: string): string | undefined {
    const commit = this.commit();
    this.warnSlow(commit.tookNs, key, undefined, commit.error);
    return commit.error;
  }

  /**
   * A commit through raft: the WAL's fdatasync, then the backend's batch
   * commit, each taking what the disk takes now. Slow syncs are logged as
   * wal.go logs them; past ReqTimeout the request answers ErrTimeout.
   */
  commit(): CommitOutcome {
    this.requestId++;
    // Without quorum the proposal is never committed: the request waits out ReqTimeout.
    if (this.group && !this.group.hasQuorum()) return { tookNs: REQUEST_TIMEOUT_NS + 1, error: ETCD_ERRORS.timeout };
    let took = 0;
    // The disk's typical sync time, read once: nothing between the two syncs changes it.
    const typical = this.options.fsyncMs() * 1_000_000;
    for (let i = 0; i < 2; i++) {
      const sync = this.syncNs(typical);
      if (i === 0 && sync > WARN_SYNC_NS) this.emit('warn', 'wal/wal.go:805', 'slow fdatasync', [['took', durationString(sync)], ['expected-duration', '1s']]);
      took += sync;
    }
    took += 20_000 + this.random.int(180_000);
    if (took > REQUEST_TIMEOUT_NS) return { tookNs: took, error: ETCD_ERRORS.timeout };
    this.raftIndex++;
    return { tookNs: took };
  }

  /** `etcdctl endpoint status`. */
  status(): EtcdStatus {
    this.autoCompact();
    return {
      memberId: this.id,
      clusterId: this.clusterId,
      leader: this.group ? (this.group.leader()?.id ?? 0n) : this.id,
      version: ETCD_VERSION,
      dbSize: this.fileBytes,
      dbSizeInUse: this.inUse(),
      raftTerm: this.raftTerm,
      raftIndex: this.raftIndex,
      raftAppliedIndex: this.raftIndex,
      revision: this.options.revision(),
      errors: this.alarms.map((a) => `memberID:${this.id} alarm:${a} `),
      isLearner: false,
    };
  }

  /**
   * A range read (etcdctl get): the key, every key from it below
   * `rangeEnd` (`--prefix` gives the prefix's successor; '\0' means all
   * keys from `key` on), in byte order.
   */
  range(key: string, rangeEnd?: string, limit = 0): EtcdKeyValue[] {
    const found: [string, { apiVersion?: unknown; kind?: unknown; [field: string]: unknown }][] = [];
    for (const [k, object] of this.options.entries()) {
      if (rangeEnd === undefined ? k === key : k >= key && (rangeEnd === '\0' || k < rangeEnd)) found.push([k, object]);
    }
    found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const limited = limit > 0 ? found.slice(0, limit) : found;
    return limited.map(([k, object]) => ({ key: k, value: storedValue(object) }));
  }

  /** Compacts history up to `revision` (etcdctl compaction): an error text for a revision compacted already or not yet written. */
  compact(revision: number): string | undefined {
    if (revision <= this.compactRevision) return ETCD_ERRORS.compacted;
    if (revision > this.options.revision()) return ETCD_ERRORS.futureRev;
    const commit = this.commit();
    if (commit.error) return commit.error;
    this.compactTo(revision);
    this.emit('info', 'mvcc/index.go:214', 'compact tree index', [['revision', revision]]);
    const size = this.fileBytes;
    const inUse = this.inUse();
    this.emit('info', 'mvcc/kvstore_compaction.go:72', 'finished scheduled compaction', [
      ['compact-revision', revision],
      ['took', durationString(300_000 + this.random.int(2_000_000))],
      ['hash', this.random.int(4_294_967_296)],
      ['current-db-size-bytes', size],
      ['current-db-size', humanizeBytes(size)],
      ['current-db-size-in-use-bytes', inUse],
      ['current-db-size-in-use', humanizeBytes(inUse)],
    ]);
    return undefined;
  }

  /** Defragments the backend: the file shrinks to the pages in use (backend.go defrag). */
  defragment(): void {
    this.autoCompact();
    const before = this.fileBytes;
    const inUseBefore = this.inUse();
    const path = '/var/lib/etcd/member/snap/db';
    this.emit('info', 'v3rpc/maintenance.go:92', 'starting defragment', []);
    this.emit('info', 'backend/backend.go:509', 'defragmenting', [
      ['path', path],
      ['current-db-size-bytes', before],
      ['current-db-size', humanizeBytes(before)],
      ['current-db-size-in-use-bytes', inUseBefore],
      ['current-db-size-in-use', humanizeBytes(inUseBefore)],
    ]);
    this.freeBytes = 0;
    this.fileBytes = pages(this.inUse());
    const after = this.fileBytes;
    const inUse = this.inUse();
    this.emit('info', 'backend/backend.go:561', 'finished defragmenting directory', [
      ['path', path],
      ['current-db-size-bytes-diff', after - before],
      ['current-db-size-bytes', after],
      ['current-db-size', humanizeBytes(after)],
      ['current-db-size-in-use-bytes-diff', inUse - inUseBefore],
      ['current-db-size-in-use-bytes', inUse],
      ['current-db-size-in-use', humanizeBytes(inUse)],
      ['took', durationString(Math.max(1, before / 1_000_000) * 4_000_000 + this.random.int(1_000_000))],
    ]);
    this.emit('info', 'v3rpc/maintenance.go:100', 'finished defragment', []);
  }

  /** Disarms every alarm (etcdctl alarm disarm); returns those it disarmed. */
  disarm(): EtcdAlarm[] {
    const was = this.alarms.splice(0);
    if (was.length) this.raftIndex++;
    for (const alarm of was) this.emit('warn', 'etcdserver/apply.go:775', 'alarm disarmed', [['alarm', alarm], ['from', this.idHex()]]);
    return was;
  }

  /**
   * Past writes, computed rather than replayed (principle 4): `count`
   * values of `valueBytes` under `prefix`, written and later deleted, that
   * left the file at its high-water mark and their revisions compacted.
   * The store's revision moved on by the same number of writes.
   */
  recordChurn(prefix: string, count: number, valueBytes: number): void {
    const each = KV_OVERHEAD + prefix.length + 12 + valueBytes;
    const peak = pages(this.inUse() + this.freeBytes + count * each * TREE_OVERHEAD);
    // The burst stopped growing the file where the quota refused its next put.
    this.fileBytes = Math.max(this.fileBytes, Math.min(peak, pages(this.quotaBytes - KV_OVERHEAD)));
    this.freeBytes = this.fileBytes - this.inUse();
    this.raftIndex += count * 2;
    // Its next put failed the v3rpc quota check, which raises the alarm (v3rpc/quota.go).
    if (peak >= this.quotaBytes) this.raise('NOSPACE');
  }

  /** The member's JSON log of an event at `ms` (for its container's start-up lines). */
  line(level: 'info' | 'warn', caller: string, msg: string, fields: readonly (readonly [string, ZapValue])[] = [], ms = this.options.queue.now()): string {
    // Lines of one millisecond keep their order: microseconds only grow within it.
    const us = ms === this.lastLineMs ? Math.min(999, this.lastLineUs + 1 + this.random.int(40)) : this.random.int(600);
    this.lastLineMs = ms;
    this.lastLineUs = us;
    return zapLine(level, zapTime(ms, us), caller, msg, fields);
  }

  private lastLineMs = -1;
  private lastLineUs = 0;

  private inUse(): number {
    return EMPTY_DB_BYTES + Math.ceil((this.liveBytes + this.garbageBytes) * TREE_OVERHEAD);
  }

  /** A committed put of `bytes` (key and value) under `key`, which held `old` bytes until now (undefined: a new key). */
  private account(key: string, bytes: number, old: number | undefined): void {
    // A same-size update (a renewal, a status write) leaves the entry as it is: nothing to set.
    if (old !== bytes) this.live.set(key, bytes);
    this.liveBytes += bytes - (old ?? 0);
    if (old !== undefined) this.retire(old);
    const grow = Math.ceil(bytes * TREE_OVERHEAD);
    const reused = Math.min(this.freeBytes, grow);
    this.freeBytes -= reused;
    this.fileBytes = Math.max(this.fileBytes, pages(this.inUse() + this.freeBytes));
  }

  /** A superseded value stays in the file (as history) until compaction. */
  private retire(bytes: number): void {
    this.garbage.push({ at: this.options.queue.now(), revision: this.options.revision(), bytes });
    this.garbageBytes += bytes;
  }

  /** The API server's compactor (storage/etcd3/compact.go): every interval, history older than one interval goes. */
  private autoCompact(): void {
    const horizon = this.options.queue.now() - COMPACTION_INTERVAL_MS;
    let i = this.garbageStart;
    while (i < this.garbage.length && this.garbage[i]!.at <= horizon) i++;
    if (i > this.garbageStart) this.compactTo(this.garbage[i - 1]!.revision);
  }

  private compactTo(revision: number): void {
    let i = this.garbageStart;
    while (i < this.garbage.length && this.garbage[i]!.revision <= revision) {
      const freed = Math.ceil(this.garbage[i]!.bytes * TREE_OVERHEAD);
      this.garbageBytes -= this.garbage[i]!.bytes;
      this.freeBytes += freed;
      i++;
    }
    this.garbageStart = i;
    if (this.garbageStart > 4096 && this.garbageStart * 2 > this.garbage.length) {
      this.garbage = this.garbage.slice(this.garbageStart);
      this.garbageStart = 0;
    }
    this.compactRevision = Math.max(this.compactRevision, revision);
  }

  private raise(alarm: EtcdAlarm): void {
    if (this.alarms.includes(alarm)) return;
    this.alarms.push(alarm);
    this.raftIndex++;
    this.emit('warn', 'etcdserver/apply.go:752', 'alarm raised', [['alarm', alarm], ['from', this.idHex()]]);
  }

  /** One fdatasync on the data dir's disk (ns): the disk's `typical` time (ns), ±60%. */
  private syncNs(typical: number): number {
    return Math.round(typical * (0.4 + 1.2 * this.random.next()));
  }

  /**
   * util.go warnOfExpensiveRequest for the API server's txn: a put of
   * `valueBytes` (GuaranteedUpdate) or, with undefined, a delete.
   */
  private warnSlow(tookNs: number, key: string, valueBytes: number | undefined, error?: string): void {
    if (tookNs <= WARN_APPLY_NS) return;
    const k = JSON.stringify(key);
    const success = valueBytes === undefined ? `request_delete_range:<key:${k} > ` : `request_put:<key:${k} value_size:${valueBytes} >`;
    const request = `header:<ID:${this.requestId++} > txn:<compare:<target:MOD key:${k} mod_revision:${this.options.revision()} > success:<${success}> failure:<request_range:<key:${k} > >>`;
    this.emit('warn', 'etcdserver/util.go:170', 'apply request took too long', [
      ['took', durationString(tookNs)],
      ['expected-duration', '100ms'],
      ['prefix', ''],
      ['request', request],
      ['response', error ? '' : valueBytes === undefined ? 'size:18' : 'size:20'],
      ...(error ? [['error', error] as const] : []),
    ]);
  }

  private emit(level: 'info' | 'warn', caller: string, msg: string, fields: readonly (readonly [string, ZapValue])[]): void {
    if (this.log) this.log(this.line(level, caller, msg, fields));
  }
}

/** A 64-bit id with a non-zero top digit (etcd derives them from hashes; `%x` prints 16 digits). */
function nonZeroId(random: Random): bigint {
  return BigInt(`0x${(8 + random.int(8)).toString(16)}${random.hex(15)}`);
}

/** `bytes` rounded up to whole pages. */
function pages(bytes: number): number {
  return Math.ceil(bytes / PAGE) * PAGE;
}
