/**
 * `systemctl` on a node: status, start/stop/restart, is-active/is-enabled,
 * enable/disable, daemon-reload, list-units, cat, over the host's systemd
 * units. Verbs, messages and exit codes follow systemd 249
 * src/systemctl/systemctl-*.c (translate_bus_error_to_exit_status: a unit
 * that is not there is 5, a status of a stopped unit is 3, an unknown one 4).
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import { SystemdManager, type UnitProperties } from '../../../cluster/host/systemd-manager.js';
import type { Command, CommandContext, ExecResult } from '../../types.js';
import { getopt, type OptionSpec } from '../../text/lib/getopt.js';
import { nodeOf } from '../lib/host-context.js';
import { formatTimestamp as formatTs, formatTimestampRelative as formatRel } from '../lib/systemd-format.js';
import { mangleUnitName } from '../journalctl.js';
import { renderUnitStatus, statusExitCode } from './status.js';
import { catUnit } from './unit-files.js';
import { SYSTEMCTL_HELP } from '../lib/systemd-help.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'no-pager', long: 'no-pager' },
  { key: 'no-legend', long: 'no-legend' },
  { key: 'full', short: 'l', long: 'full' },
  { key: 'all', short: 'a', long: 'all' },
  { key: 'quiet', short: 'q', long: 'quiet' },
  { key: 'lines', short: 'n', long: 'lines', arg: 'required' },
  { key: 'type', short: 't', long: 'type', arg: 'required' },
  { key: 'state', long: 'state', arg: 'required' },
  { key: 'now', long: 'now' },
  { key: 'system', long: 'system' },
  { key: 'force', short: 'f', long: 'force' },
  { key: 'plain', long: 'plain' },
  { key: 'property', short: 'p', long: 'property', arg: 'required' },
  { key: 'value', long: 'value' },
  { key: 'help', short: 'h', long: 'help' },
];

interface Flags {
  lines: number;
  all: boolean;
  quiet: boolean;
  legend: boolean;
  now: boolean;
  type?: string;
  properties: string[];
  valueOnly: boolean;
}

const res = (stdout: string, stderr = '', exitCode = 0): ExecResult => ({ stdout, stderr, exitCode });

/** systemctl's verbs that act on units and are silent on success. */
const JOB_VERBS: Record<string, string> = { start: 'start', stop: 'stop', restart: 'restart', 'try-restart': 'restart', reload: 'reload', 'reload-or-restart': 'restart', 'force-reload': 'restart' };

/** A job through the manager; a stop job whose process ignores SIGTERM takes TimeoutStopSec, which systemctl waits out while the node goes on. */
function runJob(verb: string, manager: SystemdManager, name: string, advance: (ms: number) => void): ExecResult {
  if (!manager.getUnit(name)) {
    // Stopping something unknown reports it as not loaded; the other jobs as not found.
    return res('', `Failed to ${verb} ${name}: Unit ${name} ${verb === 'stop' ? 'not loaded' : 'not found'}.\n`, 5);
  }
  switch (JOB_VERBS[verb]) {
    case 'start':
      manager.startUnit(name);
      break;
    case 'stop':
      manager.stopUnit(name, advance);
      break;
    case 'reload':
      // Neither kubelet.service nor containerd.service has ExecReload=.
      return res('', `Failed to reload ${name}: Job type reload is not applicable for unit ${name}.\n`, 3);
    default:
      if (verb === 'try-restart') manager.tryRestartUnit(name, advance);
      else manager.restartUnit(name, advance);
  }
  return res('');
}

function listUnits(manager: SystemdManager, f: Flags): ExecResult {
  if (f.type && !f.type.split(',').every((t) => t === 'service' || t === 'socket' || t === 'target' || t === 'timer' || t === 'mount')) {
    return res('', `Unknown unit type or load state '${f.type}'.\nUse -t help to see a list of allowed values.\n`, 1);
  }
  const units = manager
    .listUnits()
    .filter(() => !f.type || f.type.split(',').includes('service'))
    .filter((u) => f.all || u.ActiveState !== 'inactive')
    .sort((a, b) => (a.Id < b.Id ? -1 : 1));
  const rows = units.map((u) => [u.ActiveState === 'failed' ? '●' : ' ', u.Id, u.LoadState, u.ActiveState, u.SubState, u.Description]);
  const header = [' ', 'UNIT', 'LOAD', 'ACTIVE', 'SUB', 'DESCRIPTION'];
  const all = f.legend ? [header, ...rows] : rows;
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  // format-table: one space between columns, the last column unpadded.
  const lines = all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join(' ').trimEnd());
  if (!f.legend) return res(`${lines.join('\n')}\n`);
  const legend = [
    '',
    'LOAD   = Reflects whether the unit definition was properly loaded.',
    'ACTIVE = The high-level unit activation state, i.e. generalization of SUB.',
    'SUB    = The low-level unit activation state, values depend on unit type.',
    `${units.length} loaded units listed.${f.all ? '' : ' Pass --all to see loaded but inactive units, too.'}`,
    "To show all installed unit files use 'systemctl list-unit-files'.",
  ];
  return res(`${[...lines, ...legend].join('\n')}\n`);
}

function overview(node: NodeHandle, manager: SystemdManager, now: number): ExecResult {
  const { NFailedUnits: failed, UserspaceTimestamp: boot } = manager.state();
  return res(
    `● ${node.spec.name}\n    State: ${failed ? 'degraded' : 'running'}\n     Jobs: 0 queued\n   Failed: ${failed} units\n    Since: ${formatTs(boot)}; ${formatRel(boot, now)}\n   CGroup: /\n`,
  );
}

/** Runs systemctl on the current node. */
export function runSystemctl(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('systemctl', args, SPECS);
  if (!parsed.ok) return res('', `${parsed.message}\n`, 1);
  const f: Flags = { lines: 10, all: false, quiet: false, legend: true, now: false, properties: [], valueOnly: false };
  for (const o of parsed.options) {
    // systemctl_parse_argv prints the help as soon as it meets -h, and exits 0.
    if (o.key === 'help') return res(SYSTEMCTL_HELP);
    if (o.key === 'lines') {
      if (!/^\d+$/.test(o.value ?? '')) return res('', `Failed to parse lines '${o.value}'\n`, 1);
      f.lines = Number(o.value);
    } else if (o.key === 'all') f.all = true;
    else if (o.key === 'quiet') f.quiet = true;
    else if (o.key === 'no-legend') f.legend = false;
    else if (o.key === 'now') f.now = true;
    else if (o.key === 'type') f.type = o.value;
    else if (o.key === 'property') f.properties.push(...(o.value ?? '').split(','));
    else if (o.key === 'value') f.valueOnly = true;
  }
  const node = nodeOf(ctx);
  if (!node) return res('', 'System has not been booted with systemd as init system (PID 1). Can\'t operate.\nFailed to connect to bus: Host is down\n', 1);
  const now = node.host.now();
  const [verb = 'list-units', ...names] = parsed.operands;
  const units = names.map(mangleUnitName);
  const manager = new SystemdManager(node.host);
  const lookup = (name: string): UnitProperties | undefined => manager.getUnit(name);
  const needUnits = (): ExecResult | undefined => (units.length === 0 ? res('', `Too few arguments.\n`, 1) : undefined);

  switch (verb) {
    case 'status': {
      if (units.length === 0) return overview(node, manager, now);
      let stdout = '';
      let stderr = '';
      let exitCode = 0;
      units.forEach((name, i) => {
        const unit = lookup(name);
        if (!unit) {
          stderr += `Unit ${name} could not be found.\n`;
          exitCode = Math.max(exitCode, 4);
          return;
        }
        stdout += (i > 0 && stdout ? '\n' : '') + renderUnitStatus(node, unit, { lines: f.lines, now });
        if (exitCode === 0) exitCode = statusExitCode(unit);
      });
      return res(stdout, stderr, exitCode);
    }
    case 'start':
    case 'stop':
    case 'restart':
    case 'try-restart':
    case 'reload':
    case 'reload-or-restart':
    case 'force-reload': {
      const missing = needUnits();
      if (missing) return missing;
      for (const name of units) {
        const r = runJob(verb, manager, name, (ms) => ctx.cluster.advance(ms));
        if (r.exitCode !== 0) return r;
      }
      return res('');
    }
    case 'is-active':
    case 'is-failed': {
      const missing = needUnits();
      if (missing) return missing;
      const states = units.map((n) => lookup(n)?.ActiveState ?? 'inactive');
      const good = verb === 'is-active' ? states.some((s) => s === 'active') : states.some((s) => s === 'failed');
      return res(f.quiet ? '' : `${states.join('\n')}\n`, '', good ? 0 : verb === 'is-active' ? 3 : 1);
    }
    case 'is-enabled': {
      const missing = needUnits();
      if (missing) return missing;
      let stdout = '';
      let enabled = false;
      for (const name of units) {
        const unit = lookup(name);
        if (!unit) return res(stdout, `Failed to get unit file state for ${name}: No such file or directory\n`, 1);
        if (!f.quiet) stdout += `${unit.UnitFileState}\n`;
        enabled ||= unit.UnitFileState === 'enabled';
      }
      return res(stdout, '', enabled ? 0 : 1);
    }
    case 'enable':
    case 'disable': {
      const missing = needUnits();
      if (missing) return missing;
      let stderr = '';
      for (const name of units) {
        const changes = verb === 'enable' ? manager.enableUnitFiles([name]) : manager.disableUnitFiles([name]);
        if (!changes) return res('', `${stderr}Failed to ${verb} unit: Unit file ${name} does not exist.\n`, 1);
        for (const c of changes) stderr += c.type === 'symlink' ? `Created symlink ${c.path} → ${c.source}.\n` : `Removed ${c.path}.\n`;
        if (f.now) {
          if (verb === 'enable') manager.startUnit(name);
          else manager.stopUnit(name, (ms) => ctx.cluster.advance(ms));
        }
      }
      return res('', stderr);
    }
    case 'daemon-reload':
      manager.reload();
      return res('');
    case 'daemon-reexec':
    case 'reset-failed':
      return res('');
    case 'list-units':
      return listUnits(manager, f);
    case 'cat': {
      const missing = needUnits();
      if (missing) return missing;
      const parts: string[] = [];
      for (const name of units) {
        const unit = lookup(name);
        if (!unit) return res(parts.join('\n'), `No files found for ${name}.\n`, 1);
        parts.push(catUnit(node, unit));
      }
      return res(parts.join('\n'));
    }
    case 'show': {
      const missing = needUnits();
      if (missing) return missing;
      const unit = lookup(units[0]);
      const props: [string, string][] = [
        ['Id', units[0]],
        ['Description', unit?.Description ?? units[0]],
        ['LoadState', unit?.LoadState ?? 'not-found'],
        ['ActiveState', unit?.ActiveState ?? 'inactive'],
        ['SubState', unit?.SubState ?? 'dead'],
        ['MainPID', String(unit?.MainPID ?? 0)],
        ['NRestarts', String(unit?.NRestarts ?? 0)],
        ['UnitFileState', unit?.UnitFileState ?? ''],
      ];
      const shown = f.properties.length ? props.filter(([k]) => f.properties.includes(k)) : props;
      return res(shown.map(([k, v]) => `${f.valueOnly ? v : `${k}=${v}`}\n`).join(''));
    }
    default:
      return res('', `Unknown command verb ${verb}.\n`, 1);
  }
}

/** The systemctl command. */
export const systemctlCommand: Command = { name: 'systemctl', execute: runSystemctl };
