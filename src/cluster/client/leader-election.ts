/**
 * Lease-based leader election as client-go tools/leaderelection does it for
 * kube-controller-manager: LeaseDuration 15s, RenewDeadline 10s,
 * RetryPeriod 2s. Expiry is judged by when *this* candidate last saw the
 * record change (its own clock), never by the times written in the Lease.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import type { EventQueue } from '../clock/event-queue.js';
import { type Obj } from '../controllers/util.js';
import { isoMicroAt } from '../clock/time-text.js';
import { subMillisecondMicros } from '../host/journal.js';
import { hash } from '../programs/fnv.js';
import { jsonEqual } from '../json.js';
import { leaseWith } from '../lease-copy.js';
import type { Component, ComponentContext } from '../component.js';

/** Timing of the election (kube-controller-manager defaults: --leader-elect-*). */
export interface LeaderElectionTiming {
  leaseDurationSeconds: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

/** The component defaults. */
export const DEFAULT_LEADER_ELECTION: LeaderElectionTiming = { leaseDurationSeconds: 15, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };

/** A klog line of the elector (severity, source file:line, message). */
export type ElectionLog = (severity: 'I' | 'W' | 'E', source: string, message: string) => void;

/** Callbacks of an elector. */
export interface LeaderCallbacks {
  onStartedLeading(): void;
  onStoppedLeading(): void;
  /** client-go's leaderelection log lines, for a component that has a log (its container's). */
  log?: ElectionLog;
}

/** Campaigns for and holds one Lease. */
export class LeaderElector {
  private stopTimer: (() => void) | undefined;
  private leading = false;
  private observedSpec: Obj | undefined;
  private observedAt = 0;
  private lastRenew = 0;
  /** The Lease as this elector last wrote it (client-go's LeaseLock keeps it for the next update). */
  private held: KubeObject | undefined;
  /** The identity's hash, which seeds the microseconds of every stamp (computed once, not per renewal). */
  private readonly identityHash: number;

  constructor(
    private readonly client: ApiClient,
    private readonly queue: EventQueue,
    private readonly namespace: string,
    private readonly name: string,
    private readonly identity: string,
    private readonly callbacks: LeaderCallbacks,
    private readonly timing: LeaderElectionTiming = DEFAULT_LEADER_ELECTION,
  ) {
    this.identityHash = hash(identity);
  }

  /** Tries at once, then every retry period. */
  run(): void {
    if (this.stopTimer) return;
    this.callbacks.log?.('I', 'leaderelection.go:257', `attempting to acquire leader lease ${this.namespace}/${this.name}...`);
    this.stopTimer = this.queue.every(this.timing.retryPeriodMs, () => this.tick(), this.timing.retryPeriodMs);
    this.tick();
  }

  /** Stops campaigning; a leader stops leading without releasing the Lease (it expires). */
  stop(): void {
    this.stopTimer?.();
    this.stopTimer = undefined;
    if (this.leading) {
      this.leading = false;
      this.callbacks.onStoppedLeading();
    }
  }

  /** Does this candidate hold the Lease? */
  isLeader(): boolean {
    return this.leading;
  }

  /** Shifts remembered local times by a warm-up clock jump. */
  shift(deltaMs: number): void {
    this.observedAt += deltaMs;
    this.lastRenew += deltaMs;
  }

  private tick(): void {
    const now = this.queue.now();
    const ok = this.tryAcquireOrRenew(now);
    if (ok) {
      this.lastRenew = now;
      if (!this.leading) {
        this.leading = true;
        this.callbacks.log?.('I', 'leaderelection.go:271', `successfully acquired lease ${this.namespace}/${this.name}`);
        this.callbacks.onStartedLeading();
      }
    } else {
      if (this.lastError !== undefined) this.callbacks.log?.('E', 'leaderelection.go:436', `error retrieving resource lock ${this.namespace}/${this.name}: ${this.lastError}`);
      if (this.leading && now - this.lastRenew >= this.timing.renewDeadlineMs) {
        // renew's PollUntilContextTimeout ran out; the component exits when told (onStoppedLeading).
        this.callbacks.log?.('I', 'leaderelection.go:297', `failed to renew lease ${this.namespace}/${this.name}: context deadline exceeded`);
        this.leading = false;
        this.callbacks.onStoppedLeading();
      }
    }
  }

  /** Why the last GET of the lock failed (not NotFound), if it did. */
  private lastError: string | undefined;

  private tryAcquireOrRenew(now: number): boolean {
    // A MicroTime: the elector's process stamps microseconds below the millisecond (stable per identity, as per pid for klog).
    const stamp = isoMicroAt(now, subMillisecondMicros(now, this.identityHash));
    // client-go leaderelection.go: "fast path for the leader to update optimistically assuming that the record
    // observed last time is the current version" — no GET while this elector holds a valid lease.
    const held = this.held;
    const observed = this.observedSpec;
    if (held && observed?.holderIdentity === this.identity && this.observedAt + (observed.leaseDurationSeconds ?? this.timing.leaseDurationSeconds) * 1000 > now) {
      const spec = (held.spec as Obj | undefined) ?? {};
      const next: Obj = { holderIdentity: this.identity, leaseDurationSeconds: this.timing.leaseDurationSeconds, acquireTime: spec.acquireTime, renewTime: stamp, leaseTransitions: spec.leaseTransitions ?? 0 };
      const updated = this.client.update('leases', this.namespace, leaseWith(held, held.metadata, next));
      if (updated.ok) {
        this.held = updated.value;
        this.observe(updated.value.spec as Obj, now);
        return true;
      }
      // client-go v1.32 leaderelection.go:429.
      this.callbacks.log?.('E', 'leaderelection.go:429', `Failed to update lock optimistically: ${updated.status.message}, falling back to slow path`);
      this.held = undefined;
    }
    const got = this.client.get('leases', this.namespace, this.name);
    this.lastError = undefined;
    if (!got.ok) {
      if (got.status.reason !== 'NotFound') {
        this.lastError = got.status.message;
        return false;
      }
      const lease: KubeObject = {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: this.name, namespace: this.namespace },
        spec: { holderIdentity: this.identity, leaseDurationSeconds: this.timing.leaseDurationSeconds, acquireTime: stamp, renewTime: stamp, leaseTransitions: 0 },
      };
      const created = this.client.create('leases', this.namespace, lease);
      if (created.ok) {
        this.held = created.value;
        this.observe(created.value.spec as Obj, now);
      }
      return created.ok;
    }
    const current = got.value;
    const spec = (current.spec as Obj | undefined) ?? {};
    if (!this.observedSpec || !jsonEqual(this.observedSpec, spec)) this.observe(spec, now);
    const holder = spec.holderIdentity ?? '';
    const duration = (spec.leaseDurationSeconds ?? this.timing.leaseDurationSeconds) * 1000;
    if (holder !== '' && holder !== this.identity && this.observedAt + duration > now) return false;
    const mine = holder === this.identity;
    const next: Obj = {
      holderIdentity: this.identity,
      leaseDurationSeconds: this.timing.leaseDurationSeconds,
      acquireTime: mine ? spec.acquireTime : stamp,
      renewTime: stamp,
      leaseTransitions: mine ? (spec.leaseTransitions ?? 0) : (spec.leaseTransitions ?? 0) + 1,
    };
    const updated = this.client.update('leases', this.namespace, { ...current, spec: next });
    if (updated.ok) {
      this.held = updated.value;
      this.observe(updated.value.spec as Obj, now);
    }
    return updated.ok;
  }

  private observe(spec: Obj, now: number): void {
    // The spec of a stored Lease (what get and update return), which is never mutated: kept as it is,
    // as client-go keeps the record it observed, rather than copied at every renewal.
    this.observedSpec = spec;
    this.observedAt = now;
  }
}

/** What a component running as a program adds to its election: its log, and what it does when it loses the lease. */
export interface ElectionHooks {
  log?: ElectionLog;
  onLost?: () => void;
}

/**
 * A control-plane process that runs only while it holds a leader Lease
 * (kube-scheduler, kube-controller-manager): start campaigns with a fresh
 * `<host>_<uuid>` identity, stop leaves the Lease to expire.
 */
export abstract class LeaderElectedProcess implements Component {
  abstract readonly name: string;
  private elector: LeaderElector | undefined;
  private isRunning = false;
  private identityValue = '';

  constructor(
    protected readonly ctx: ComponentContext,
    protected readonly client: ApiClient,
    private readonly lease: { namespace: string; name: string; hostName: string; timing?: LeaderElectionTiming; leaderElect?: boolean } & ElectionHooks,
  ) {
    ctx.onJump((delta) => this.elector?.shift(delta));
  }

  /** Work to start once this process leads. */
  protected abstract startLeading(): void;
  /** Work to stop when it loses the lease or stops. */
  protected abstract stopLeading(): void;

  /** Starts the process: it campaigns, and works once it leads. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    // Each process start has a fresh identity, as leaderelection uses hostname + "_" + uuid.
    this.identityValue = `${this.lease.hostName}_${this.ctx.random.uuid()}`;
    if (this.lease.leaderElect === false) {
      // --leader-elect=false: "No leader election, run directly" (controllermanager.go Run); no Lease is read or written.
      this.unelected = true;
      this.startLeading();
      return;
    }
    this.elector = new LeaderElector(this.client, this.ctx.queue, this.lease.namespace, this.lease.name, this.identityValue, {
      onStartedLeading: () => this.startLeading(),
      onStoppedLeading: () => {
        this.stopLeading();
        // Lost while still running (not stopped): the component's OnStoppedLeading.
        if (this.isRunning) this.lease.onLost?.();
      },
      ...(this.lease.log ? { log: this.lease.log } : {}),
    }, this.lease.timing ?? DEFAULT_LEADER_ELECTION);
    this.elector.run();
  }

  /** Stops the process; the Lease is left to expire. */
  stop(): void {
    if (!this.isRunning) return;
    this.isRunning = false;
    this.unelected = false;
    this.elector?.stop();
    this.elector = undefined;
    this.stopLeading();
  }

  /** Is the process running? */
  running(): boolean {
    return this.isRunning;
  }

  /** Does it hold the leader Lease (or run without election, as if it did)? */
  isLeader(): boolean {
    return this.unelected || (this.elector?.isLeader() ?? false);
  }

  /** Running with --leader-elect=false. */
  private unelected = false;

  /** The leader-election identity of the current process (`cp-1_<uuid>`). */
  identity(): string {
    return this.identityValue;
  }
}
