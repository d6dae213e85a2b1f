/**
 * The API server's etcd lease manager (k8s.io/apiserver/pkg/storage/etcd3,
 * lease_manager.go): objects with a TTL (events) share leases rather than
 * each granting its own. A write reuses the previous lease while that lease
 * outlives the requested TTL by at most the reuse window (min(60 s, 5% of
 * the TTL)) and has fewer than 1,000 objects; otherwise it grants a new
 * lease of TTL + window. So an event expires between one TTL and one TTL
 * plus a minute after its last write, as on a real cluster.
 */
import type { KubeObject } from '../apiserver/types.js';

/** What the lease manager needs of the store and the clock. */
export interface LeaseStore {
  grantLease(ttlMs: number): number;
  attachToLease(resource: string, object: KubeObject, leaseId: number): void;
}

/** The manager's settings (upstream's defaults: LeaseManagerConfig, newDefaultLeaseManager). */
export interface LeaseManagerConfig {
  reuseDurationSeconds: number;
  reuseDurationPercent: number;
  maxObjectCount: number;
}

/** defaultLeaseReuseDurationSeconds, the 5% of newDefaultLeaseManager, defaultLeaseMaxObjectCount. */
export const DEFAULT_LEASE_MANAGER_CONFIG: LeaseManagerConfig = { reuseDurationSeconds: 60, reuseDurationPercent: 0.05, maxObjectCount: 1000 };

/** Hands out leases for objects with a TTL, reusing the previous one as upstream does. */
export class LeaseManager {
  private prevLeaseId = 0;
  private prevLeaseExpiration = Number.NEGATIVE_INFINITY;
  private attachedObjectCount = 0;

  constructor(
    private readonly store: LeaseStore,
    private readonly now: () => number,
    private readonly config: LeaseManagerConfig = DEFAULT_LEASE_MANAGER_CONFIG,
  ) {}

  /** Writes `object`'s key under a lease that keeps it at least `ttlSeconds` (GetLease + put with the lease). */
  attach(resource: string, object: KubeObject, ttlSeconds: number): void {
    // A lease handed out here outlives `ttlSeconds` from now (`valid`), so it cannot have expired.
    this.store.attachToLease(resource, object, this.getLease(ttlSeconds));
  }

  /** GetLease: the previous lease if it can be reused, else a new one. */
  getLease(ttlSeconds: number): number {
    const now = this.now();
    const reuse = this.reuseDurationSeconds(ttlSeconds);
    const valid = now + ttlSeconds * 1000 < this.prevLeaseExpiration;
    // Upstream's `After` is strict, but its clock has moved on by a few nanoseconds since the grant;
    // here many writes share a millisecond, and the one right after a grant must reuse it too.
    const sufficient = now + (ttlSeconds + reuse) * 1000 >= this.prevLeaseExpiration;
    // Upstream counts every call, attached or not.
    this.attachedObjectCount++;
    if (valid && sufficient && this.attachedObjectCount <= this.config.maxObjectCount) return this.prevLeaseId;
    return this.grant(ttlSeconds);
  }

  private grant(ttlSeconds: number): number {
    const ttl = ttlSeconds + this.reuseDurationSeconds(ttlSeconds);
    this.prevLeaseId = this.store.grantLease(ttl * 1000);
    this.prevLeaseExpiration = this.now() + ttl * 1000;
    this.attachedObjectCount = 1;
    return this.prevLeaseId;
  }

  /** getReuseDurationSecondsLocked: min(the configured seconds, the configured share of the TTL), whole seconds. */
  private reuseDurationSeconds(ttlSeconds: number): number {
    return Math.min(Math.trunc(this.config.reuseDurationPercent * ttlSeconds), this.config.reuseDurationSeconds);
  }
}
