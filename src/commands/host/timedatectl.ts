/**
 * `timedatectl` on a node: the clock status (systemd 249 src/timedate/timedatectl.c
 * print_status_info; k8s-output-formats.md §8.12) and `set-ntp`, which starts
 * or stops chrony. Hosts run in UTC.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, type OptionSpec } from '../text/lib/getopt.js';
import { nodeOf } from './lib/host-context.js';
import { startNtp, stopNtp } from './lib/ntp.js';
import { formatTimestamp } from './lib/systemd-format.js';
import { parseTimestamp } from './lib/parse-timestamp.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'no-pager', long: 'no-pager' },
  { key: 'no-ask-password', long: 'no-ask-password' },
  { key: 'adjust-system-clock', long: 'adjust-system-clock' },
];

const res = (stdout: string, stderr = '', exitCode = 0): ExecResult => ({ stdout, stderr, exitCode });

/** parse_boolean (src/basic/parse-util.c). */
function parseBoolean(v: string): boolean | undefined {
  if (['1', 'yes', 'y', 'true', 't', 'on'].includes(v)) return true;
  if (['0', 'no', 'n', 'false', 'f', 'off'].includes(v)) return false;
  return undefined;
}

/** Runs timedatectl on the current node. */
export function runTimedatectl(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('timedatectl', args, SPECS);
  if (!parsed.ok) return res('', `${parsed.message}\n`, 1);
  const node = nodeOf(ctx);
  if (!node) return res('', 'System has not been booted with systemd as init system (PID 1). Can\'t operate.\nFailed to connect to bus: Host is down\n', 1);
  const host = node.host;
  const [verb = 'status', ...rest] = parsed.operands;
  switch (verb) {
    case 'status': {
      const now = host.now();
      const rows: [string, string][] = [
        ['Local time', formatTimestamp(now)],
        ['Universal time', formatTimestamp(now)],
        ['RTC time', formatTimestamp(now).replace(/ UTC$/, '')],
        ['Time zone', 'Etc/UTC (UTC, +0000)'],
        ['System clock synchronized', host.ntp.synchronized ? 'yes' : 'no'],
        ['NTP service', host.ntp.service ? 'active' : 'inactive'],
        ['RTC in local TZ', 'no'],
      ];
      const width = Math.max(...rows.map(([k]) => k.length));
      return res(rows.map(([k, v]) => `${k.padStart(width)}: ${v}\n`).join(''));
    }
    case 'show':
      return res(`Timezone=Etc/UTC\nLocalRTC=no\nCanNTP=yes\nNTP=${host.ntp.service ? 'yes' : 'no'}\nNTPSynchronized=${host.ntp.synchronized ? 'yes' : 'no'}\nTimeUSec=${formatTimestamp(host.now())}\nRTCTimeUSec=${formatTimestamp(host.now())}\n`);
    case 'set-ntp': {
      if (rest.length !== 1) return res('', rest.length === 0 ? 'Too few arguments.\n' : 'Too many arguments.\n', 1);
      const on = parseBoolean(rest[0]);
      if (on === undefined) return res('', `Failed to parse NTP setting '${rest[0]}': Invalid argument\n`, 1);
      if (on) startNtp(host);
      else stopNtp(host);
      return res('');
    }
    case 'set-time': {
      if (rest.length !== 1) return res('', rest.length === 0 ? 'Too few arguments.\n' : 'Too many arguments.\n', 1);
      if (host.ntp.service) return res('', 'Failed to set time: Automatic time synchronization is enabled\n', 1);
      const t = parseTimestamp(rest[0], host.now());
      if (t === undefined) return res('', `Failed to parse time specification '${rest[0]}': Invalid argument\n`, 1);
      host.clockOffsetMs += t - host.now();
      return res('');
    }
    default:
      return res('', `Unknown command verb ${verb}.\n`, 1);
  }
}

/** The timedatectl command. */
export const timedatectlCommand: Command = { name: 'timedatectl', execute: runTimedatectl };
