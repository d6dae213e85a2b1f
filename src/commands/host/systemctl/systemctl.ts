/**
 * `systemctl` on a node: status, start/stop/restart, is-active/is-enabled,
 * enable/disable, daemon-reload, list-units, cat, over the host's systemd
 * units. Verbs, messages and exit codes follow systemd 249
 * src/systemctl/systemctl-*.c (translate_bus_error_to_exit_status: a unit
 * that is not there is 5, a status of a stopped unit is 3, an unknown one 4).
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { SystemdUnit } from '../../../cluster/host/systemd.js';
import type { Command, CommandContext, ExecResult } from '../../types.js';
import { getopt, type OptionSpec } from '../../text/lib/getopt.js';
import { nodeOf } from '../lib/host-context.js';
import { formatTimestamp as formatTs, formatTimestampRelative as formatRel } from '../lib/systemd-format.js';
import { mangleUnitName } from '../journalctl.js';
import { renderUnitStatus, statusExitCode } from './status.js';
import { catUnit, wantsLink } from './unit-files.js';
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

/** A stop job whose process ignores SIGTERM takes TimeoutStopSec: systemctl waits it out while the node goes on. */
function waitForStop(unit: SystemdUnit, advance: (ms: number) => void): void {
  const wait = unit.beginStop();
  if (wait > 0) advance(wait);
}

function runJob(verb: string, unit: SystemdUnit | undefined, name: string, advance: (ms: number) => void): ExecResult {
  if (!unit) {
    // Stopping something unknown reports it as not loaded; the other jobs as not found.
    return res('', `Failed to ${verb} ${name}: Unit ${name} ${verb === 'stop' ? 'not loaded' : 'not found'}.\n`, 5);
  }
  switch (JOB_VERBS[verb]) {
    case 'start':
      unit.start();
      break;
    case 'stop':
      waitForStop(unit, advance);
      unit.stop();
      break;
    case 'reload':
      // Neither kubelet.service nor containerd.service has ExecReload=.
      return res('', `Failed to reload ${name}: Job type reload is not applicable for unit ${name}.\n`, 3);
    default:
      if (verb === 'try-restart' && unit.active !== 'active') break;
      waitForStop(unit, advance);
      unit.restart();
  }
  return res('');
}

function listUnits(node: NodeHandle, f: Flags): ExecResult {
  if (f.type && !f.type.split(',').every((t) => t === 'service' || t === 'socket' || t === 'target' || t === 'timer' || t === 'mount')) {
    return res('', `Unknown unit type or load state '${f.type}'.\nUse -t help to see a list of allowed values.\n`, 1);
  }
  const units = [...node.host.units.values()]
    .filter((u) => !f.type || f.type.split(',').includes('service'))
    .filter((u) => f.all || u.active !== 'inactive')
    .sort((a, b) => (a.spec.name < b.spec.name ? -1 : 1));
  const rows = units.map((u) => [u.active === 'failed' ? '●' : ' ', u.spec.name, 'loaded', u.active, u.sub, u.spec.description]);
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

function overview(node: NodeHandle, now: number): ExecResult {
  const failed = [...node.host.units.values()].filter((u) => u.active === 'failed').length;
  const boot = node.host.bootTime + node.host.clockOffsetMs;
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
  const lookup = (name: string) => node.host.units.get(name);
  const needUnits = (): ExecResult | undefined => (units.length === 0 ? res('', `Too few arguments.\n`, 1) : undefined);

  switch (verb) {
    case 'status': {
      if (units.length === 0) return overview(node, now);
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
        const r = runJob(verb, lookup(name), name, (ms) => ctx.cluster.advance(ms));
        if (r.exitCode !== 0) return r;
      }
      return res('');
    }
    case 'is-active':
    case 'is-failed': {
      const missing = needUnits();
      if (missing) return missing;
      const states = units.map((n) => lookup(n)?.active ?? 'inactive');
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
        if (!f.quiet) stdout += `${unit.enabled ? 'enabled' : 'disabled'}\n`;
        enabled ||= unit.enabled;
      }
      return res(stdout, '', enabled ? 0 : 1);
    }
    case 'enable':
    case 'disable': {
      const missing = needUnits();
      if (missing) return missing;
      let stderr = '';
      for (const name of units) {
        const unit = lookup(name);
        if (!unit) return res('', `${stderr}Failed to ${verb} unit: Unit file ${name} does not exist.\n`, 1);
        if (verb === 'enable' && !unit.enabled) {
          unit.enabled = true;
          stderr += `Created symlink ${wantsLink(unit)} → ${unit.spec.path}.\n`;
        } else if (verb === 'disable' && unit.enabled) {
          unit.enabled = false;
          stderr += `Removed ${wantsLink(unit)}.\n`;
        }
        if (f.now) {
          if (verb === 'enable') unit.start();
          else unit.stop();
        }
      }
      return res('', stderr);
    }
    case 'daemon-reload':
    case 'daemon-reexec':
    case 'reset-failed':
      return res('');
    case 'list-units':
      return listUnits(node, f);
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
        ['Description', unit?.spec.description ?? units[0]],
        ['LoadState', unit ? 'loaded' : 'not-found'],
        ['ActiveState', unit?.active ?? 'inactive'],
        ['SubState', unit?.sub ?? 'dead'],
        ['MainPID', String(unit?.mainPid ?? 0)],
        ['NRestarts', String(unit?.restartCounter ?? 0)],
        ['UnitFileState', unit ? (unit.enabled ? 'enabled' : 'disabled') : ''],
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
