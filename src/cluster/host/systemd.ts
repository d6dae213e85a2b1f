/**
 * systemd units on a host: the state machine `systemctl` shows
 * (active/running, inactive/dead, activating/auto-restart, failed) and the
 * journal lines systemd itself writes. A unit's ExecStart is bound to a
 * simulated process (the kubelet, containerd) that may fail to start.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { Journal, JournalEntry } from './journal.js';
import { unitFailed, unitFailureResult, unitKilling, unitProcessExit, unitProcessKilled, unitRestartScheduled, unitStarted, unitStarting, unitStopped, unitStopTimedOut, unitStopping, unitSuccess } from './systemd-messages.js';

/** What starting a unit's process gives. */
export type ExecResult = { ok: true } | { ok: false; exitCode: number };

/** The process behind a unit. */
export interface UnitProcess {
  /** Starts the process; a failure is reported like an exit right after start. */
  start(pid: number): ExecResult;
  stop(): void;
  /** The process is stuck and will not exit on SIGTERM (a hung containerd): systemd must wait out TimeoutStopSec and kill it. */
  ignoresSigterm?(): boolean;
}

/** DefaultTimeoutStopSec (90s): how long a stop waits for the main process before SIGKILL. */
export const TIMEOUT_STOP_MS = 90_000;

/** Static description of a unit, as its unit file says. */
export interface UnitSpec {
  name: string;
  description: string;
  /** Path of the unit file (`Loaded:` line). */
  path: string;
  /** Drop-in directory and files, if any. */
  dropIns?: { dir: string; files: string[] };
  docs: string;
  execStart: string;
  /** The command line shown under CGroup. */
  commandLine: string;
  restart: 'always' | 'on-failure' | 'no';
  restartSec: number;
  enabled: boolean;
  /** Type= of the service: `simple` (the default) is started at fork; `notify` waits for the process to say it is ready. */
  type?: 'simple' | 'notify';
}

/** The unit's runtime state. */
export type ActiveState = 'active' | 'inactive' | 'activating' | 'failed';

/** A systemd unit with its state machine. */
export class SystemdUnit {
  active: ActiveState = 'inactive';
  sub: 'running' | 'dead' | 'auto-restart' | 'failed' | 'exited' = 'dead';
  mainPid = 0;
  /** When the current state began (host clock ms). */
  since = 0;
  restartCounter = 0;
  /** Last exit (for `Main PID: ... (code=exited, status=1/FAILURE)`). */
  lastExit?: { pid: number; code: number };
  enabled: boolean;
  private restartTimer?: TimerId;
  /** When the last scheduled restart ran (host ms), and how long the cycle before it took. */
  private lastRestartAt?: number;
  private restartCycleMs?: number;
  /** The stop job waiting for a process that ignores SIGTERM ({@link beginStop}). */
  private stoppingJob?: number;

  constructor(
    readonly spec: UnitSpec,
    private readonly process: UnitProcess,
    private readonly queue: EventQueue,
    private readonly journal: Journal,
    private readonly hostNow: () => number,
    private readonly nextPid: () => number,
    private readonly nextJobId: () => number = () => 0,
  ) {
    this.enabled = spec.enabled;
  }

  /** `systemctl start` (and the restart timer, whose restart job carries on as `job`). */
  start(job = this.nextJobId()): void {
    if (this.active === 'active') return;
    this.cancelRestart();
    const pid = this.nextPid();
    // Type=simple: the job is done at fork, before the process runs (no `Starting …` line, job.c job_perform_on_unit);
    // Type=notify: the unit is activating until the process says it is ready, so the job logs that it began.
    const notify = this.spec.type === 'notify';
    this.log(notify ? unitStarting(this.hostNow(), this.ref(), job) : unitStarted(this.hostNow(), this.ref(), job));
    const r = this.process.start(pid);
    if (r.ok) {
      this.set('active', 'running');
      this.mainPid = pid;
      if (notify) this.log(unitStarted(this.hostNow(), this.ref(), job));
      return;
    }
    this.exited(pid, r.exitCode, notify ? job : undefined);
  }

  /**
   * The start of a `systemctl stop` or `restart` job: SIGTERM. Returns how
   * long the job takes before {@link stop} (or {@link restart}) can finish
   * it — 0, or TimeoutStopSec when the process ignores SIGTERM (systemctl
   * waits that long; the caller lets the simulation run meanwhile).
   */
  beginStop(): number {
    this.cancelRestart();
    if (this.active !== 'active' || !this.process.ignoresSigterm?.()) return 0;
    const job = this.nextJobId();
    this.log(unitStopping(this.hostNow(), this.ref(), job));
    this.stoppingJob = job;
    return TIMEOUT_STOP_MS;
  }

  /** `systemctl stop` (or the stop half of a restart job `job`; or the end of a job {@link beginStop} began: the timeout, then SIGKILL). */
  stop(job = this.stoppingJob ?? this.nextJobId()): void {
    this.cancelRestart();
    if (this.active === 'active') {
      const now = this.hostNow();
      if (this.stoppingJob !== undefined) {
        // KillMode=process (containerd's unit): only the main process is killed.
        this.log(unitStopTimedOut(now, this.ref()));
        this.log(unitKilling(now, this.ref(), this.mainPid, this.spec.execStart.split('/').pop() ?? ''));
        this.process.stop();
        this.log(unitProcessKilled(now, this.ref()));
        this.log(unitFailureResult(now, this.ref(), 'timeout'));
      } else {
        this.log(unitStopping(now, this.ref(), job));
        this.process.stop();
        this.log(unitSuccess(now, this.ref()));
      }
      this.log(unitStopped(now, this.ref(), job));
    }
    this.stoppingJob = undefined;
    this.restartCycleMs = undefined;
    this.mainPid = 0;
    this.set('inactive', 'dead');
  }

  /** `systemctl restart`: one job that stops, then starts. */
  restart(): void {
    const job = this.stoppingJob ?? this.nextJobId();
    this.stop(job);
    this.start(job);
  }

  /**
   * Warm-up skipped `deltaMs` of the host's life. A unit caught in a restart
   * loop (its process dies, systemd restarts it, again and again) kept
   * restarting all that time: its counter gains the restarts the skipped
   * stretch held, one per cycle as the last cycles measured, and the process
   * ids they took. Computed, not replayed: nothing else of those restarts is
   * observable but their count (the journal keeps the lines of the simulated
   * windows only).
   */
  skipped(deltaMs: number): number {
    const last = this.lastRestartAt;
    const cycle = this.restartCycleMs;
    if (last === undefined) return 0;
    this.lastRestartAt = last + deltaMs;
    // Looping: the last restart is at most two cycles old when the clock jumps (a process that has since kept running is not).
    const looping = cycle !== undefined && cycle > 0 && this.hostNow() - deltaMs - last <= 2 * cycle;
    if (!looping) return 0;
    const restarts = Math.floor(deltaMs / cycle);
    this.restartCounter += restarts;
    return restarts;
  }

  /** The running process died on its own (crash). */
  crashed(exitCode: number): void {
    if (this.active !== 'active') return;
    this.process.stop();
    this.exited(this.mainPid, exitCode);
  }

  /** The main process ended with `code`; `failedJob` is the start job it failed (a notify unit that never got ready). */
  private exited(pid: number, code: number, failedJob?: number): void {
    this.lastExit = { pid, code };
    this.mainPid = 0;
    const now = this.hostNow();
    // A clean exit is logged at debug level, which PID 1 does not write (unit_log_process_exit); it deactivates the unit.
    if (code === 0) this.log(unitSuccess(now, this.ref()));
    else {
      this.log(unitProcessExit(now, this.ref(), code));
      this.log(unitFailureResult(now, this.ref(), 'exit-code'));
    }
    if (failedJob !== undefined) this.log(unitFailed(now, this.ref(), failedJob));
    if (this.spec.restart === 'always' || (this.spec.restart === 'on-failure' && code !== 0)) {
      this.set('activating', 'auto-restart');
      this.restartTimer = this.queue.after(this.spec.restartSec * 1000, () => {
        this.restartTimer = undefined;
        this.restartCounter++;
        const cycleStart = this.hostNow();
        this.restartCycleMs = this.lastRestartAt === undefined ? undefined : cycleStart - this.lastRestartAt;
        this.lastRestartAt = cycleStart;
        // service_enter_restart enqueues a restart job: its stop half finishes at once (nothing runs), then it starts.
        const job = this.nextJobId();
        const at = this.hostNow();
        this.log(unitRestartScheduled(at, this.ref(), this.restartCounter));
        this.log(unitStopped(at, this.ref(), job));
        this.active = 'inactive';
        this.start(job);
      });
    } else this.set('failed', 'failed');
  }

  private set(active: ActiveState, sub: SystemdUnit['sub']): void {
    if (this.active !== active || this.sub !== sub) this.since = this.hostNow();
    this.active = active;
    this.sub = sub;
  }

  private cancelRestart(): void {
    if (this.restartTimer !== undefined) this.queue.cancel(this.restartTimer);
    this.restartTimer = undefined;
  }

  /** The unit as its journal messages name it. */
  private ref(): { name: string; description: string } {
    return { name: this.spec.name, description: this.spec.description };
  }

  private log(entry: JournalEntry): void {
    this.journal.append(entry);
  }
}
