/**
 * One node as a machine: its filesystem, systemd units, journal, clock and
 * disk. Node-side commands (journalctl, systemctl, crictl, openssl, df...)
 * read it; node components (kubelet, containerd) run as its units.
 */
import type { EventQueue } from '../clock/event-queue.js';
import { Journal } from './journal.js';
import { VirtualFs } from './vfs.js';
import { SystemdUnit, type UnitProcess, type UnitSpec } from './systemd.js';
import { DiskIo } from './disk-io.js';

/** The machine behind a node. */
export class NodeHost {
  readonly journal = new Journal();
  readonly fs: VirtualFs;
  readonly units = new Map<string, SystemdUnit>();
  /** How far the host clock is ahead (+) or behind (-) true time, ms. */
  clockOffsetMs = 0;
  /** chrony / systemd-timesyncd state (`timedatectl`). */
  ntp = { service: true, synchronized: true };
  /** Size of the root filesystem (bytes), for `df` and the eviction manager. */
  diskBytes = 50 * 1024 ** 3;
  /** How long a sync to that disk takes, with whatever else writes to it. */
  readonly disk = new DiskIo();
  /** When the machine booted (true time, ms). */
  readonly bootTime: number;
  private pid = 300;
  /** systemd's job counter: the boot's own jobs took the first ones. */
  private jobId = 187;

  constructor(readonly name: string, readonly ip: string, private readonly queue: EventQueue) {
    this.bootTime = queue.now();
    this.fs = new VirtualFs(() => this.now());
  }

  /** The host's own clock (true time plus its offset). */
  now(): number {
    return this.queue.now() + this.clockOffsetMs;
  }

  /** A fresh process id (increasing, like Linux without wrap-around). */
  nextPid(): number {
    this.pid += 1 + (this.pid % 7);
    return this.pid;
  }

  /** The id systemd gives its next job (JOB_ID in its journal messages), increasing. */
  nextJobId(): number {
    this.jobId += 1;
    return this.jobId;
  }

  /** Declares a unit bound to a simulated process. */
  addUnit(spec: UnitSpec, process: UnitProcess): SystemdUnit {
    const unit = new SystemdUnit(spec, process, this.queue, this.journal, () => this.now(), () => this.nextPid(), () => this.nextJobId());
    this.units.set(spec.name, unit);
    return unit;
  }

  /** Warm-up skipped `deltaMs` of this machine's life: units caught in a restart loop count the restarts it held. */
  skipped(deltaMs: number): void {
    for (const unit of this.units.values()) unit.skipped(deltaMs);
  }

  /** Finds a unit by `kubelet` or `kubelet.service`. */
  unit(name: string): SystemdUnit | undefined {
    return this.units.get(name.endsWith('.service') ? name : `${name}.service`);
  }
}
