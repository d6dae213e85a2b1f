/**
 * systemd's manager as its clients see it (org.freedesktop.systemd1.Manager
 * over D-Bus, as systemctl talks to PID 1): ListUnits, a unit's properties,
 * Start/Stop/Restart jobs, enabling unit files, Reload. Node tools go
 * through this, never through the units' state machines: they get a
 * snapshot of properties named as systemd names them, and ask for jobs.
 */
import type { NodeHost } from './node-host.js';
import type { ActiveState, SystemdUnit } from './systemd.js';

/** A unit's properties (org.freedesktop.systemd1.Unit / .Service), as `systemctl show` names them. */
export interface UnitProperties {
  readonly Id: string;
  readonly Description: string;
  readonly Documentation: string;
  readonly FragmentPath: string;
  /** The drop-in directory and the files the unit was loaded with. */
  readonly DropIn?: { readonly dir: string; readonly files: readonly string[] };
  readonly LoadState: 'loaded';
  readonly ActiveState: ActiveState;
  readonly SubState: SystemdUnit['sub'];
  readonly MainPID: number;
  readonly NRestarts: number;
  readonly UnitFileState: 'enabled' | 'disabled';
  /** When ActiveState/SubState last changed (host clock ms; 0 if never). */
  readonly StateChangeTimestamp: number;
  readonly ExecStart: string;
  /** The main process's command line (what the cgroup shows). */
  readonly CommandLine: string;
  readonly Restart: string;
  readonly RestartSec: number;
  /** The last main process that exited and its exit status, if one did. */
  readonly ExecMainPID?: number;
  readonly ExecMainStatus?: number;
}

/** One change EnableUnitFiles/DisableUnitFiles made (install.c InstallChange). */
export interface InstallChange {
  readonly type: 'symlink' | 'unlink';
  readonly path: string;
  readonly source?: string;
}

/** Where `enable` links a unit (every unit here is WantedBy=multi-user.target). */
function wantsLink(name: string): string {
  return `/etc/systemd/system/multi-user.target.wants/${name}`;
}

/** The systemd manager of one host. */
export class SystemdManager {
  constructor(private readonly host: NodeHost) {}

  /** ListUnits: every loaded unit's properties. */
  listUnits(): UnitProperties[] {
    return [...this.host.units.values()].map(properties);
  }

  /** GetUnit + its properties; undefined for a unit that is not loaded. */
  getUnit(name: string): UnitProperties | undefined {
    const unit = this.host.units.get(name);
    return unit ? properties(unit) : undefined;
  }

  /** The manager's own state: failed units and when userspace started (host clock ms). */
  state(): { readonly NFailedUnits: number; readonly UserspaceTimestamp: number } {
    const failed = [...this.host.units.values()].filter((u) => u.active === 'failed').length;
    return { NFailedUnits: failed, UserspaceTimestamp: this.host.bootTime + this.host.clockOffsetMs };
  }

  /** StartUnit; false when no such unit. */
  startUnit(name: string): boolean {
    const unit = this.host.units.get(name);
    unit?.start();
    return unit !== undefined;
  }

  /**
   * StopUnit, waiting for the job: a process that ignores SIGTERM holds it
   * for TimeoutStopSec, which `wait` lets pass. False when no such unit.
   */
  stopUnit(name: string, wait: (ms: number) => void): boolean {
    const unit = this.host.units.get(name);
    if (!unit) return false;
    const ms = unit.beginStop();
    if (ms > 0) wait(ms);
    unit.stop();
    return true;
  }

  /** RestartUnit (one job: stop, waiting as {@link stopUnit} does, then start); false when no such unit. */
  restartUnit(name: string, wait: (ms: number) => void): boolean {
    const unit = this.host.units.get(name);
    if (!unit) return false;
    const ms = unit.beginStop();
    if (ms > 0) wait(ms);
    unit.restart();
    return true;
  }

  /** TryRestartUnit: restarts only a unit that is active. */
  tryRestartUnit(name: string, wait: (ms: number) => void): boolean {
    const unit = this.host.units.get(name);
    if (!unit) return false;
    if (unit.active === 'active') this.restartUnit(name, wait);
    return true;
  }

  /** EnableUnitFiles: the changes made, or undefined when a unit file does not exist. */
  enableUnitFiles(names: readonly string[]): InstallChange[] | undefined {
    return this.install(names, true);
  }

  /** DisableUnitFiles: the changes made, or undefined when a unit file does not exist. */
  disableUnitFiles(names: readonly string[]): InstallChange[] | undefined {
    return this.install(names, false);
  }

  /** Reload (daemon-reload): the units here are re-read from their specs, so nothing changes. */
  reload(): void {}

  private install(names: readonly string[], enable: boolean): InstallChange[] | undefined {
    const units = names.map((n) => this.host.units.get(n));
    if (units.some((u) => u === undefined)) return undefined;
    const changes: InstallChange[] = [];
    for (const unit of units as SystemdUnit[]) {
      if (unit.enabled === enable) continue;
      unit.enabled = enable;
      changes.push(enable ? { type: 'symlink', path: wantsLink(unit.spec.name), source: unit.spec.path } : { type: 'unlink', path: wantsLink(unit.spec.name) });
    }
    return changes;
  }
}

/** A snapshot of a unit's properties. */
function properties(unit: SystemdUnit): UnitProperties {
  const s = unit.spec;
  return {
    Id: s.name,
    Description: s.description,
    Documentation: s.docs,
    FragmentPath: s.path,
    ...(s.dropIns ? { DropIn: { dir: s.dropIns.dir, files: [...s.dropIns.files] } } : {}),
    LoadState: 'loaded',
    ActiveState: unit.active,
    SubState: unit.sub,
    MainPID: unit.mainPid,
    NRestarts: unit.restartCounter,
    UnitFileState: unit.enabled ? 'enabled' : 'disabled',
    StateChangeTimestamp: unit.since,
    ExecStart: s.execStart,
    CommandLine: s.commandLine,
    Restart: s.restart,
    RestartSec: s.restartSec,
    ...(unit.lastExit ? { ExecMainPID: unit.lastExit.pid, ExecMainStatus: unit.lastExit.code } : {}),
  };
}
