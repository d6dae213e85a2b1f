/**
 * The kubelet's generic PLEG (pkg/kubelet/pleg/generic.go): a relist every
 * second asks the runtime for all pod sandboxes and containers. Relist stamps
 * its start time once GetPods has answered; Healthy() fails when that stamp is
 * older than the 3-minute threshold. A runtime that answers slowly makes the
 * relists long and the stamp old; a runtime that is down makes relists fail.
 *
 * The relists are computed, not scheduled: while the runtime is healthy the
 * last relist is simply the last whole relist period, so an idle node costs
 * no simulation events. Callers advance the model when they look at it, and
 * right before the runtime's state changes.
 */
import type { ContainerRuntime } from '../runtime/runtime.js';
import { durationString } from '../clock/go-duration.js';

/** relistPeriod: one relist a second. */
export const RELIST_PERIOD_MS = 1000;
/** relistThreshold: Healthy() fails past 3 minutes. */
export const RELIST_THRESHOLD_MS = 3 * 60_000;
/** --runtime-request-timeout (kubeadm leaves it 0s: the 2m default): a CRI call gives up after this. */
export const RUNTIME_REQUEST_TIMEOUT_MS = 2 * 60_000;
/** GetPods makes two CRI list calls (ListPodSandbox, ListContainers), one after the other. */
const CALLS_PER_RELIST = 2;

/** A relist that failed, for the kubelet's log. */
export interface RelistFailure {
  /** When GetPods returned its error (ms). */
  at: number;
  /** The CRI call that failed and its gRPC error text. */
  call: 'ListPodSandbox';
  error: string;
}

/** gRPC's text when containerd's socket refuses connections. */
export const CRI_UNAVAILABLE = 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"';
/** gRPC's text when a CRI call runs past its deadline. */
export const CRI_DEADLINE_EXCEEDED = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';

/**
 * The sub-millisecond part of an elapsed time the kubelet measures with the
 * monotonic clock (ns); derived from both instants so it is stable per reading.
 */
function monotonicNs(now: number, since: number): number {
  return Math.abs((now % 997_331) * 7919 + (since % 104_729) * 31) % 1_000_000;
}

/** The relist loop and its health. */
export class GenericPleg {
  private relistTime?: number;
  /** Start of the next relist, or of the one in flight. */
  private nextStart: number;

  constructor(private readonly runtime: ContainerRuntime, start: number) {
    this.nextStart = start;
  }

  /** Start of the last relist whose GetPods succeeded (undefined: none yet). */
  lastRelist(): number | undefined {
    return this.relistTime;
  }

  /**
   * Plays the relists that happened up to `now` under the runtime's current
   * state; returns the failed ones (at most the last few, for the log).
   */
  advance(now: number): RelistFailure[] {
    const failures: RelistFailure[] = [];
    while (this.nextStart <= now) {
      const start = this.nextStart;
      if (!this.runtime.up) {
        // GetPods fails at once; relists follow every period.
        const count = Math.floor((now - start) / RELIST_PERIOD_MS) + 1;
        for (let i = Math.max(0, count - 5); i < count; i++) failures.push({ at: start + i * RELIST_PERIOD_MS, call: 'ListPodSandbox', error: CRI_UNAVAILABLE });
        this.nextStart = start + count * RELIST_PERIOD_MS;
        break;
      }
      const latency = this.runtime.latencyMs;
      if (latency >= RUNTIME_REQUEST_TIMEOUT_MS) {
        const end = start + RUNTIME_REQUEST_TIMEOUT_MS;
        if (end > now) break;
        failures.push({ at: end, call: 'ListPodSandbox', error: CRI_DEADLINE_EXCEEDED });
        this.nextStart = end + RELIST_PERIOD_MS;
        continue;
      }
      if (latency === 0) {
        // Instant answers: the last relist is the last whole period.
        const count = Math.floor((now - start) / RELIST_PERIOD_MS);
        this.relistTime = start + count * RELIST_PERIOD_MS;
        this.nextStart = this.relistTime + RELIST_PERIOD_MS;
        break;
      }
      const end = start + CALLS_PER_RELIST * latency;
      if (end > now) break;
      this.relistTime = start;
      this.nextStart = end + RELIST_PERIOD_MS;
    }
    return failures.slice(-5);
  }

  /**
   * The runtime's state is about to change at `now`: a call in flight is
   * cut off (containerd stopping resets its connections) and the next relist
   * starts at once under the new state.
   */
  interrupt(now: number): void {
    if (this.nextStart < now) this.nextStart = now;
  }

  /** When the next thing happens to the relist loop (a relist ends or starts), if the runtime is not healthy. */
  nextEvent(): number | undefined {
    if (!this.runtime.up) return this.nextStart;
    const latency = this.runtime.latencyMs;
    if (latency === 0) return undefined;
    return this.nextStart + (latency >= RUNTIME_REQUEST_TIMEOUT_MS ? RUNTIME_REQUEST_TIMEOUT_MS : CALLS_PER_RELIST * latency);
  }

  /**
   * Relisting at the pace of a runtime that answers at once: the next relist
   * starts one period after the last one. While the runtime keeps answering
   * at once, the loop stays in step and Healthy() holds.
   */
  inStep(): boolean {
    return this.relistTime !== undefined && this.nextStart === this.relistTime + RELIST_PERIOD_MS;
  }

  /** When Healthy() starts failing if nothing else changes (undefined: already failing or never). */
  unhealthyFrom(): number | undefined {
    if (this.relistTime === undefined) return undefined;
    return this.relistTime + RELIST_THRESHOLD_MS + 1;
  }

  /** Healthy(): undefined when healthy, else the error text. */
  healthError(now: number): string | undefined {
    if (this.relistTime === undefined) return 'pleg has yet to be successful';
    const elapsed = now - this.relistTime;
    if (elapsed <= RELIST_THRESHOLD_MS) return undefined;
    return `pleg was last seen active ${goDurationNs(elapsed, monotonicNs(now, this.relistTime))} ago; threshold is 3m0s`;
  }

  /** Warm-up skipped `delta` ms of idle time: keep the loop's phase. */
  shift(delta: number): void {
    this.nextStart += delta;
    if (this.relistTime !== undefined) this.relistTime += delta;
  }
}

/**
 * Go's time.Duration.String() of `ms` milliseconds plus `extraNs`
 * nanoseconds (`3m12.345678901s`, `3m0s`, `1h1m1s`, `1.5s`).
 */
export function goDurationNs(ms: number, extraNs = 0): string {
  return durationString(Math.floor(ms) * 1_000_000 + (extraNs % 1_000_000));
}
