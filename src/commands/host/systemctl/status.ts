/**
 * `systemctl status UNIT`: the layout of systemd/systemd
 * src/systemctl/systemctl-show.c (print_status_info) as systemd 249 (Ubuntu
 * 22.04) prints it: labels right-aligned so the colons sit in column 11, the
 * state glyph (● active, ○ inactive, × failed), `vendor preset`, and the
 * unit's last journal lines. Reference: k8s-output-formats.md §8.9.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { SystemdUnit } from '../../../cluster/host/systemd.js';
import { formatJournalEntry } from '../lib/journal-format.js';
import { formatBytes, formatTimespan, formatTimestamp, formatTimestampRelative } from '../lib/systemd-format.js';
import { tasksLimit, unitCpuUsec, unitMemory, unitTasks } from '../lib/machine.js';

/** unit_active_state_to_glyph (systemd ≥248). */
function glyph(unit: SystemdUnit): string {
  if (unit.active === 'inactive') return '○';
  if (unit.active === 'failed') return '×';
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
export function renderUnitStatus(node: NodeHandle, unit: SystemdUnit, o: StatusOptions): string {
  const spec = unit.spec;
  const out: string[] = [];
  out.push(`${glyph(unit)} ${spec.name} - ${spec.description}`);
  out.push(`     Loaded: loaded (${spec.path}; ${unit.enabled ? 'enabled' : 'disabled'}; vendor preset: enabled)`);
  if (spec.dropIns && spec.dropIns.files.length > 0) {
    out.push(`    Drop-In: ${spec.dropIns.dir}`);
    out.push(`             └─${spec.dropIns.files.join(', ')}`);
  }
  const failedRun = (unit.active === 'activating' && unit.sub === 'auto-restart') || unit.active === 'failed';
  const result = failedRun && unit.lastExit && unit.lastExit.code !== 0 ? ' (Result: exit-code)' : '';
  const state = unit.active === 'failed' ? 'failed' : `${unit.active} (${unit.sub})`;
  // A unit never started has no state-change timestamp, hence no `since`.
  const since = unit.since > 0 ? ` since ${formatTimestamp(unit.since)}; ${formatTimestampRelative(unit.since, o.now)}` : '';
  out.push(`     Active: ${state}${result}${since}`);
  // A unit file without Documentation= has no Docs line.
  if (spec.docs) out.push(`       Docs: ${spec.docs}`);
  if (failedRun && unit.lastExit) {
    const status = `(code=exited, status=${exitStatusText(unit.lastExit.code)})`;
    out.push(`    Process: ${unit.lastExit.pid} ExecStart=${spec.execStart} ${status}`);
    out.push(`   Main PID: ${unit.lastExit.pid} ${status}`);
  }
  if (unit.active === 'active') {
    out.push(`   Main PID: ${unit.mainPid} (${comm(spec.commandLine)})`);
    out.push(`      Tasks: ${unitTasks(node, unit)} (limit: ${tasksLimit(node)})`);
    out.push(`     Memory: ${formatBytes(unitMemory(node, unit))}`);
  }
  if (unit.active === 'active' || failedRun) out.push(`        CPU: ${formatTimespan(unitCpuUsec(unit, o.now))}`);
  if (unit.active === 'active') {
    out.push(`     CGroup: /system.slice/${spec.name}`);
    out.push(`             └─${unit.mainPid} ${spec.commandLine}`);
  }
  const journal = node.host.journal
    .all()
    .filter((e) => e.unit === spec.name)
    .slice(-o.lines);
  let text = `${out.join('\n')}\n`;
  if (o.lines > 0 && journal.length > 0) {
    text += `\n${journal.map((e) => formatJournalEntry(e, { output: 'short', hostname: node.spec.name })).join('\n')}\n`;
  }
  return text;
}

/** The exit code of `systemctl status` for a loaded unit (LSB: 0 running, 3 not running). */
export function statusExitCode(unit: SystemdUnit): number {
  return unit.active === 'active' ? 0 : 3;
}
