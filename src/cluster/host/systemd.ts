/**
 * systemd units on a host: the state machine `systemctl` shows
 * (active/running, inactive/dead, activating/auto-restart, failed) and the
 * journal lines systemd itself writes. A unit's ExecStart is bound to a
 * simulated process (the kubelet, containerd) that may fail to start.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { Journal } from './journal.js';

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
  /** A stop job is waiting for a process that ignores SIGTERM (beginStop). */
  private stopping = false;

  constructor(
    readonly spec: UnitSpec,
    private readonly process: UnitProcess,
    private readonly queue: EventQueue,
    private readonly journal: Journal,
    private readonly hostNow: () => number,
    private readonly nextPid: () => number,
  ) {
    this.enabled = spec.enabled;
  }

  /** `systemctl start` (and the restart timer). */
  start(): void {
    if (this.active === 'active') return;
    this.cancelRestart();
    const pid = this.nextPid();
    this.log(`Started ${this.spec.name} - ${this.spec.description}.`);
    const r = this.process.start(pid);
    if (r.ok) {
      this.set('active', 'running');
      this.mainPid = pid;
      return;
    }
    this.exited(pid, r.exitCode);
  }

  /**
   * The start of a `systemctl stop` job: SIGTERM. Returns how long the job
   * takes before {@link stop} can finish it — 0, or TimeoutStopSec when the
   * process ignores SIGTERM (systemctl waits that long; the caller lets the
   * simulation run meanwhile).
   */
  beginStop(): number {
    this.cancelRestart();
    if (this.active !== 'active' || !this.process.ignoresSigterm?.()) return 0;
    this.log(`Stopping ${this.spec.name} - ${this.spec.description}...`);
    this.stopping = true;
    return TIMEOUT_STOP_MS;
  }

  /** `systemctl stop` (or the end of a job {@link beginStop} began: the timeout, then SIGKILL). */
  stop(): void {
    this.cancelRestart();
    if (this.active === 'active') {
      if (this.stopping) {
        // KillMode=process (containerd's unit): only the main process is killed.
        this.log(`${this.spec.name}: State 'stop-sigterm' timed out. Killing.`);
        this.log(`${this.spec.name}: Killing process ${this.mainPid} (${this.spec.execStart.split('/').pop()}) with signal SIGKILL.`);
        this.process.stop();
        this.log(`${this.spec.name}: Main process exited, code=killed, status=9/KILL`);
        this.log(`${this.spec.name}: Failed with result 'timeout'.`);
      } else {
        this.log(`Stopping ${this.spec.name} - ${this.spec.description}...`);
        this.process.stop();
        this.log(`${this.spec.name}: Deactivated successfully.`);
      }
      this.log(`Stopped ${this.spec.name} - ${this.spec.description}.`);
    }
    this.stopping = false;
    this.mainPid = 0;
    this.set('inactive', 'dead');
  }

  /** `systemctl restart`. */
  restart(): void {
    this.stop();
    this.start();
  }

  /** The running process died on its own (crash). */
  crashed(exitCode: number): void {
    if (this.active !== 'active') return;
    this.process.stop();
    this.exited(this.mainPid, exitCode);
  }

  private exited(pid: number, code: number): void {
    this.lastExit = { pid, code };
    this.mainPid = 0;
    this.log(`${this.spec.name}: Main process exited, code=exited, status=${code}/${code === 0 ? 'SUCCESS' : 'FAILURE'}`);
    this.log(`${this.spec.name}: Failed with result 'exit-code'.`);
    if (this.spec.restart === 'always' || (this.spec.restart === 'on-failure' && code !== 0)) {
      this.set('activating', 'auto-restart');
      this.restartTimer = this.queue.after(this.spec.restartSec * 1000, () => {
        this.restartTimer = undefined;
        this.restartCounter++;
        this.log(`${this.spec.name}: Scheduled restart job, restart counter is at ${this.restartCounter}.`);
        this.log(`Stopped ${this.spec.name} - ${this.spec.description}.`);
        this.active = 'inactive';
        this.start();
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

  private log(message: string): void {
    this.journal.append({ time: this.hostNow(), identifier: 'systemd', unit: this.spec.name, pid: 1, priority: 6, message });
  }
}
