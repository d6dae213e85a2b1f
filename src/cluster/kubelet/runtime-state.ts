/**
 * The kubelet's view of its container runtime (pkg/kubelet/runtime.go
 * runtimeState, kubelet.go updateRuntimeUp and syncLoop): whether the last
 * successful runtime Status is recent, whether the network is ready, PLEG
 * health, and the errors that block pod synchronization and make the node
 * NotReady. While something is wrong it also keeps the log lines the real
 * loops write; while all is well it schedules nothing.
 */
import type { ContainerRuntime } from '../runtime/runtime.js';
import type { TimerId } from '../clock/event-queue.js';
import { klogKV } from '../host/journal.js';
import { CRI_DEADLINE_EXCEEDED, CRI_UNAVAILABLE, GenericPleg, RUNTIME_REQUEST_TIMEOUT_MS } from './pleg.js';

/** maxWaitForContainerRuntime: no successful Status for this long means the runtime is down. */
export const RUNTIME_SYNC_THRESHOLD_MS = 30_000;
/** updateRuntimeUp runs every 5 s. */
const RUNTIME_UP_PERIOD_MS = 5_000;
/** syncLoop back-off between "Skipping pod synchronization" lines: 100ms doubling to 5s. */
const SKIP_BASE_MS = 100;
const SKIP_MAX_MS = 5_000;

/** What the monitor needs from its kubelet. */
export interface RuntimeStateHost {
  readonly runtime: ContainerRuntime;
  now(): number;
  after(ms: number, fn: () => void): TimerId;
  cancel(id: TimerId): void;
  /** Writes a klog line to the kubelet's journal at the current time. */
  log(severity: 'I' | 'W' | 'E', source: string, message: string): void;
}

/** The kubelet's runtime state, PLEG and the loops that log their failures. */
export class RuntimeState {
  private pleg: GenericPleg;
  /** When Status last failed to answer (runtime down or hung past the request timeout), if it is failing now. */
  private statusFailingSince?: number;
  private networkError?: string;
  private timers = new Map<'relist' | 'status' | 'skip', TimerId>();
  private skipDelay = SKIP_BASE_MS;
  private stopped = false;

  constructor(private readonly host: RuntimeStateHost) {
    const now = host.now();
    this.pleg = new GenericPleg(host.runtime, now);
    if (this.statusFails()) this.statusFailingSince = now;
    host.runtime.onStateChange(() => this.beforeRuntimeChange());
  }

  /** The kubelet stopped: its loops end with it. */
  stop(): void {
    this.stopped = true;
    for (const id of this.timers.values()) this.host.cancel(id);
    this.timers.clear();
  }

  /** Warm-up skipped idle time: remembered times move with the clock. */
  shift(delta: number): void {
    if (this.stopped) return;
    this.pleg.shift(delta);
    if (this.statusFailingSince !== undefined) this.statusFailingSince += delta;
  }

  /** runtimeState.runtimeErrors(): what makes syncLoop skip pod synchronization. */
  runtimeErrors(): string[] {
    const now = this.host.now();
    this.advance(now);
    const errors: string[] = [];
    if (this.runtimeDown(now)) errors.push('container runtime is down');
    const pleg = this.pleg.healthError(now);
    if (pleg) errors.push(`PLEG is not healthy: ${pleg}`);
    return errors;
  }

  /** runtimeState.networkErrors(): the runtime's NetworkReady condition, as of the last successful Status. */
  networkErrors(): string | undefined {
    this.refreshNetwork();
    return this.networkError;
  }

  /** The parts of the Ready=False message (setters.go ReadyCondition: runtime errors, then network). */
  readyErrors(): string[] {
    const errors = this.runtimeErrors();
    const network = this.networkErrors();
    if (network) errors.push(network);
    this.ensureLoops();
    return errors;
  }

  /** Is pod synchronization skipped right now? (Whether runtimeErrors() has any, without making them: every pod sync asks.) */
  syncBlocked(): boolean {
    const now = this.host.now();
    this.advance(now);
    return this.runtimeDown(now) || !!this.pleg.healthError(now);
  }

  /** Has the runtime's Status failed for longer than the sync threshold? */
  private runtimeDown(now: number): boolean {
    return this.statusFailingSince !== undefined && now - this.statusFailingSince >= RUNTIME_SYNC_THRESHOLD_MS;
  }

  /**
   * Is the runtime side of the Ready condition settled: containerd up and
   * answering at once, PLEG relisting in step, no failure being timed and no
   * loop to start or pending? Then readyErrors() is the network's error
   * alone and asking it logs and schedules nothing, until the runtime's
   * state (`up`, latency) or its CNI files change.
   */
  settled(): boolean {
    const runtime = this.host.runtime;
    if (this.stopped || !runtime.up || runtime.latencyMs !== 0 || this.statusFailingSince !== undefined) return false;
    if (!this.pleg.inStep() || this.timers.has('relist') || this.timers.has('skip')) return false;
    // While the network is not ready its Status loop runs; readyErrors() would start it if it did not.
    return this.networkError === undefined || this.timers.has('status');
  }

  private statusFails(): boolean {
    return !this.host.runtime.up || this.host.runtime.latencyMs >= RUNTIME_REQUEST_TIMEOUT_MS;
  }

  /** Plays PLEG up to `now`; failed relists are logged whoever looks first (they happened at their own times). */
  private advance(now: number): void {
    if (this.stopped) return;
    for (const f of this.pleg.advance(now)) {
      // cri-client logs the failed call (log.go:32), the runtime manager and PLEG their own lines.
      this.host.log('E', 'log.go:32', klogKV(`${f.call} with filter from runtime service failed`, { err: f.error, filter: 'nil' }));
      this.host.log('E', 'kuberuntime_sandbox.go:305', klogKV('Failed to list pod sandboxes', { err: f.error }));
      this.host.log('E', 'generic.go:256', klogKV('GenericPLEG: Unable to retrieve pods', { err: f.error }));
    }
  }

  private refreshNetwork(): void {
    const status = this.host.runtime.status();
    if (!status) return; // Status failed: the last known network state stands.
    const network = status.find((c) => c.type === 'NetworkReady');
    this.networkError = network && !network.status ? `container runtime network not ready: ${conditionText(network)}` : undefined;
  }

  private beforeRuntimeChange(): void {
    if (this.stopped) return;
    const now = this.host.now();
    this.advance(now);
    this.pleg.interrupt(now);
    // After the change is applied (same instant): record the new Status state and (re)start the loops.
    this.host.after(0, () => {
      if (this.stopped) return;
      const fails = this.statusFails();
      if (fails && this.statusFailingSince === undefined) this.statusFailingSince = this.host.now();
      if (!fails) this.statusFailingSince = undefined;
      this.ensureLoops();
    });
  }

  /** Starts whichever loop has something to log. */
  private ensureLoops(): void {
    if (this.stopped) return;
    this.scheduleRelist();
    if (!this.timers.has('status') && (this.statusFails() || this.networkError)) this.schedule('status', RUNTIME_UP_PERIOD_MS, () => this.updateRuntimeUp());
    if (!this.timers.has('skip') && this.runtimeErrors().length) this.schedule('skip', 0, () => this.skipTick());
  }

  private schedule(name: 'relist' | 'status' | 'skip', ms: number, fn: () => void): void {
    const old = this.timers.get(name);
    if (old !== undefined) this.host.cancel(old);
    this.timers.set(
      name,
      this.host.after(Math.max(0, ms), () => {
        this.timers.delete(name);
        if (!this.stopped) fn();
      }),
    );
  }

  /** Wakes when a relist fails, ends, or PLEG crosses its threshold; nothing while the runtime is healthy. */
  private scheduleRelist(): void {
    const now = this.host.now();
    const next = this.pleg.nextEvent();
    const crossing = this.pleg.healthError(now) ? undefined : this.pleg.unhealthyFrom();
    const at = Math.min(next ?? Infinity, next !== undefined ? (crossing ?? Infinity) : Infinity);
    if (at === Infinity) return;
    // Never wake twice at the same instant (the model has already been advanced to now).
    this.schedule('relist', Math.max(at - now, 1), () => this.relistTick());
  }

  private relistTick(): void {
    this.advance(this.host.now());
    this.scheduleRelist();
    if (!this.timers.has('skip') && this.runtimeErrors().length) this.schedule('skip', 0, () => this.skipTick());
  }

  /** updateRuntimeUp: Status every 5 s while it fails or the network is not ready. */
  private updateRuntimeUp(): void {
    const runtime = this.host.runtime;
    if (this.statusFails()) {
      const err = runtime.up ? CRI_DEADLINE_EXCEEDED : CRI_UNAVAILABLE;
      this.host.log('E', 'log.go:32', klogKV('Status from runtime service failed', { err }));
      this.host.log('E', 'kubelet.go:3002', klogKV('Container runtime sanity check failed', { err }));
    } else {
      this.refreshNetwork();
      const network = runtime.status()?.find((c) => c.type === 'NetworkReady');
      if (network && !network.status) this.host.log('E', 'kubelet.go:3008', klogKV('Container runtime network not ready', { networkReady: conditionText(network) }));
    }
    if (this.statusFails() || this.networkError) this.schedule('status', RUNTIME_UP_PERIOD_MS, () => this.updateRuntimeUp());
  }

  /** syncLoop: while runtime errors persist, log and back off (100ms doubling to 5s). */
  private skipTick(): void {
    const errors = this.runtimeErrors();
    if (!errors.length) {
      this.skipDelay = SKIP_BASE_MS;
      return;
    }
    const err = errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
    this.host.log('E', 'kubelet.go:2404', klogKV('Skipping pod synchronization', { err }));
    const delay = this.skipDelay;
    this.skipDelay = Math.min(SKIP_MAX_MS, this.skipDelay * 2);
    this.schedule('skip', delay, () => this.skipTick());
  }
}

/**
 * The kubelet's start-up check of the CRI endpoint (cri-client
 * remote_runtime.go validateServiceConnection); undefined when containerd
 * answers. A stopped containerd has removed its socket.
 */
export function criStartupError(runtime: ContainerRuntime): string | undefined {
  if (runtime.up) return undefined;
  return 'failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint "unix:///var/run/containerd/containerd.sock": rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /var/run/containerd/containerd.sock: connect: no such file or directory"';
}

/** A runtime condition as the kubelet prints it (`%s=%t reason:%s message:%s`). */
function conditionText(c: { type: string; status: boolean; reason: string; message: string }): string {
  return `${c.type}=${c.status} reason:${c.reason} message:${c.message}`;
}
