/**
 * The kubelet's node lease controller (k8s.io/component-helpers
 * apimachinery/lease/controller.go): renews kube-node-lease/<node> every
 * 10 s with the kubelet's own clock. An update is tried 5 times ("Failed to
 * update lease"); then it falls back to ensuring the lease exists, backing
 * off 200ms, 400ms, ... up to 7s between tries ("Failed to ensure lease
 * exists, will retry" ... interval="7s") until the API server answers.
 */
import type { ApiClient, ApiResult, KubeObject } from '../apiserver/types.js';
import type { TimerId } from '../clock/event-queue.js';
import { isoMicroAt } from '../clock/time-text.js';
import { klogKV, subMillisecondMicros } from '../host/journal.js';
import { goDuration } from './backoff.js';
import { leaseSpec, leaseWith } from '../lease-copy.js';

type Obj = Record<string, any>;

/** controller.go maxUpdateRetries */
const MAX_UPDATE_RETRIES = 5;
/** controller.go maxBackoff */
const MAX_BACKOFF_MS = 7_000;

/** What the lease controller needs from its kubelet. */
export interface LeaseControllerHost {
  /** The heartbeat client (requests carry `?timeout=10s`). */
  client: ApiClient;
  nodeName: string;
  leaseDurationSeconds: number;
  renewIntervalMs: number;
  /** The kubelet's clock (renewTime is written with it). */
  hostNow(): number;
  /** The kubelet's process id: the microseconds below its clock's millisecond follow it, as its klog lines' do. */
  pid(): number;
  /** How long the last failed request took (a dropped connection waits for its timeout). */
  lastRequestMs(): number;
  after(ms: number, fn: () => void): TimerId;
  cancel(id: TimerId): void;
  log(severity: 'I' | 'E', source: string, message: string): void;
}

/** Renews the node's Lease. */
export class NodeLeaseController {
  private latest?: KubeObject;
  private timer?: TimerId;
  private run = 0;

  constructor(private readonly h: LeaseControllerHost) {}

  /** Switches to another client (the kubelet's credential changed). */
  setClient(client: ApiClient): void {
    this.h.client = client;
  }

  /** Starts renewing at once. */
  start(): void {
    this.run++;
    this.sync(this.run);
  }

  /** Stops (the kubelet process ended). */
  stop(): void {
    this.run++;
    if (this.timer !== undefined) this.h.cancel(this.timer);
    this.timer = undefined;
    this.latest = undefined;
  }

  private later(run: number, ms: number, fn: () => void): void {
    this.timer = this.h.after(ms, () => run === this.run && fn());
  }

  private sync(run: number): void {
    const done = () => this.later(run, this.h.renewIntervalMs, () => this.sync(run));
    const ensureThenUpdate = () =>
      this.backoffEnsure(run, 100, (lease, created) => {
        if (created) return done();
        this.retryUpdate(run, lease, 0, (ok) => {
          if (!ok) this.h.log('E', 'controller.go:133', `${klogKV('Will retry updating lease', {})} err="failed ${MAX_UPDATE_RETRIES} attempts to update lease" interval=${JSON.stringify(goDuration(this.h.renewIntervalMs))}`);
          done();
        });
      });
    if (!this.latest) return ensureThenUpdate();
    this.retryUpdate(run, this.latest, 0, (ok) => {
      if (ok) return done();
      this.h.log('I', 'controller.go:120', `${klogKV('failed to update lease using latest lease, fallback to ensure lease', {})} err="failed ${MAX_UPDATE_RETRIES} attempts to update lease"`);
      ensureThenUpdate();
    });
  }

  private backoffEnsure(run: number, sleep: number, then: (lease: KubeObject, created: boolean) => void): void {
    const r = this.ensure();
    if (r.ok) return then(r.lease, r.created);
    const next = Math.min(2 * sleep, MAX_BACKOFF_MS);
    this.later(run, this.h.lastRequestMs(), () => {
      this.h.log('E', 'controller.go:145', `${klogKV('Failed to ensure lease exists, will retry', {})} err=${JSON.stringify(r.error)} interval=${JSON.stringify(goDuration(next))}`);
      this.later(run, next, () => this.backoffEnsure(run, next, then));
    });
  }

  private ensure(): { ok: true; lease: KubeObject; created: boolean } | { ok: false; error: string } {
    const got = this.h.client.get('leases', 'kube-node-lease', this.h.nodeName);
    if (got.ok) return { ok: true, lease: got.value, created: false };
    if (got.status.reason !== 'NotFound') return { ok: false, error: got.status.message };
    const node = this.h.client.get('nodes', undefined, this.h.nodeName);
    const owner = node.ok ? [{ apiVersion: 'v1', kind: 'Node', name: this.h.nodeName, uid: node.value.metadata.uid! }] : undefined;
    const created = this.h.client.create('leases', 'kube-node-lease', {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: this.h.nodeName, namespace: 'kube-node-lease', ...(owner ? { ownerReferences: owner } : {}) },
      spec: { holderIdentity: this.h.nodeName, leaseDurationSeconds: this.h.leaseDurationSeconds, renewTime: this.renewTime() },
    });
    if (!created.ok) return { ok: false, error: created.status.message };
    this.latest = created.value;
    return { ok: true, lease: created.value, created: true };
  }

  private retryUpdate(run: number, base: KubeObject, attempt: number, then: (ok: boolean) => void): void {
    // One copy of the parts that change; the rest of the cached lease is shared, never edited.
    const lease = leaseWith(base, base.metadata, leaseSpec((base.spec as Obj | undefined) ?? {}, this.renewTime(), this.h.nodeName));
    const r: ApiResult<KubeObject> = this.h.client.update('leases', 'kube-node-lease', lease);
    if (r.ok) {
      this.latest = r.value;
      return then(true);
    }
    this.later(run, this.h.lastRequestMs(), () => {
      this.h.log('E', 'controller.go:128', `${klogKV('Failed to update lease', {})} err=${JSON.stringify(r.status.message)}`);
      if (r.status.reason === 'Conflict') {
        // An OptimisticLockError needs the newer version of the lease.
        this.latest = undefined;
        return this.backoffEnsure(run, 100, (fresh) => (attempt + 1 < MAX_UPDATE_RETRIES ? this.retryUpdate(run, fresh, attempt + 1, then) : then(false)));
      }
      if (attempt + 1 < MAX_UPDATE_RETRIES) this.retryUpdate(run, base, attempt + 1, then);
      else then(false);
    });
  }

  /** metav1.NewMicroTime(time.Now()): the kubelet's clock to the microsecond, the same sub-millisecond part its log lines carry. */
  private renewTime(): string {
    const now = this.h.hostNow();
    return isoMicroAt(now, subMillisecondMicros(now, this.h.pid()));
  }
}
