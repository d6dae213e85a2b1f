/**
 * `systemctl status UNIT`: the layout of systemd/systemd
 * src/systemctl/systemctl-show.c (print_status_info) as systemd 249 (Ubuntu
 * 22.04) prints it: labels right-aligned so the colons sit in column 11, the
 * state glyph (● active, ○ inactive, × failed), `vendor preset`, and the
 * unit's last journal lines. Reference: k8s-output-formats.md §8.9.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { UnitProperties } from '../../../cluster/host/systemd-manager.js';
import { formatJournalEntry } from '../lib/journal-format.js';
import { formatBytes, formatTimespan, formatTimestamp, formatTimestampRelative } from '../lib/systemd-format.js';
import { tasksLimit, unitCpuUsec, unitMemory, unitTasks } from '../lib/machine.js';

/** unit_active_state_to_glyph (systemd ≥248). */
function glyph(unit: UnitProperties): string {
  if (unit.ActiveState === 'inactive') return '○';
  if (unit.ActiveState === 'failed') return '×';
  return '●';
}

/** `status=1/FAILURE` as exit_status_to_string names the common codes. */
export function exitStatusText(code: number): string {
  const names: Record<number, string> = { 0: 'SUCCESS', 1: 'FAILURE', 2: 'INVALIDARGUMENT', 3: 'NOTIMPLEMENTED', 4: 'NOPERMISSION', 5: 'NOTINSTALLED', 6: 'NOTCONFIGURED', 7: 'NOTRUNNING', 203: 'EXEC', 255: 'EXCEPTION' };
  return names[code] ? `${code}/${names[code]}` : String(code);
}

/** The name of a process as the kernel's comm shows it (basename of the executable). */
function comm(commandLine: string): string {
  const exe = commandLine.split(' ')[0];
  return exe.slice(exe.lastIndexOf('/') + 1).slice(0, 15);
}

/** Options of a status rendering. */
export interface StatusOptions {
  /** Journal lines to show (`-n`, default 10). */
  readonly lines: number;
  /** Host clock now (ms). */
  readonly now: number;
}

/** Renders `systemctl status` for one unit of a node. */
export function renderUnitStatus(node: NodeHandle, unit: UnitProperties, o: StatusOptions): string {
  const out: string[] = [];
  out.push(`${glyph(unit)} ${unit.Id} - ${unit.Description}`);
  out.push(`     Loaded: ${unit.LoadState} (${unit.FragmentPath}; ${unit.UnitFileState}; vendor preset: enabled)`);
  if (unit.DropIn && unit.DropIn.files.length > 0) {
    out.push(`    Drop-In: ${unit.DropIn.dir}`);
    out.push(`             └─${unit.DropIn.files.join(', ')}`);
  }
  const failedRun = (unit.ActiveState === 'activating' && unit.SubState === 'auto-restart') || unit.ActiveState === 'failed';
  const exited = unit.ExecMainStatus !== undefined ? { pid: unit.ExecMainPID ?? 0, code: unit.ExecMainStatus } : undefined;
  const result = failedRun && exited && exited.code !== 0 ? ' (Result: exit-code)' : '';
  const state = unit.ActiveState === 'failed' ? 'failed' : `${unit.ActiveState} (${unit.SubState})`;
  // A unit never started has no state-change timestamp, hence no `since`.
  const since = unit.StateChangeTimestamp > 0 ? ` since ${formatTimestamp(unit.StateChangeTimestamp)}; ${formatTimestampRelative(unit.StateChangeTimestamp, o.now)}` : '';
  out.push(`     Active: ${state}${result}${since}`);
  // A unit file without Documentation= has no Docs line.
  if (unit.Documentation) out.push(`       Docs: ${unit.Documentation}`);
  if (failedRun && exited) {
    const status = `(code=exited, status=${exitStatusText(exited.code)})`;
    out.push(`    Process: ${exited.pid} ExecStart=${unit.ExecStart} ${status}`);
    out.push(`   Main PID: ${exited.pid} ${status}`);
  }
  if (unit.ActiveState === 'active') {
    out.push(`   Main PID: ${unit.MainPID} (${comm(unit.CommandLine)})`);
    out.push(`      Tasks: ${unitTasks(node, unit)} (limit: ${tasksLimit(node)})`);
    out.push(`     Memory: ${formatBytes(unitMemory(node, unit))}`);
  }
  if (unit.ActiveState === 'active' || failedRun) out.push(`        CPU: ${formatTimespan(unitCpuUsec(unit, o.now))}`);
  if (unit.ActiveState === 'active') {
    out.push(`     CGroup: /system.slice/${unit.Id}`);
    out.push(`             └─${unit.MainPID} ${unit.CommandLine}`);
  }
  const journal = node.host.journal
    .all()
    .filter((e) => e.unit === unit.Id)
    .slice(-o.lines);
  let text = `${out.join('\n')}\n`;
  if (o.lines > 0 && journal.length > 0) {
    text += `\n${journal.map((e) => formatJournalEntry(e, { output: 'short', hostname: node.spec.name })).join('\n')}\n`;
  }
  return text;
}

/** The exit code of `systemctl status` for a loaded unit (LSB: 0 running, 3 not running). */
export function statusExitCode(unit: UnitProperties): number {
  return unit.ActiveState === 'active' ? 0 : 3;
}
