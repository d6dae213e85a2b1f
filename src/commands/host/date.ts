/**
 * `date`: the host's clock (a node's may be skewed) in GNU coreutils date's
 * formats (src/date.c): the default `%a %b %e %H:%M:%S %Z %Y`, `+FORMAT`,
 * `-R`, `-I[TIMESPEC]`, `--rfc-3339=`, `-d STRING`, and `-s STRING`, which
 * sets the host clock. Hosts run in UTC, so `-u` changes nothing.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { hostNow, nodeOf } from './lib/host-context.js';
import { parseTimestamp } from './lib/parse-timestamp.js';
import { civilTime, strftime } from './lib/strftime.js';

/** glibc's struct tm keeps the year in an int: past it localtime fails and date says so. */
const INT_MAX = 2 ** 31 - 1;

const SPECS: readonly OptionSpec[] = [
  { key: 'utc', short: 'u', long: 'utc' },
  { key: 'utc', long: 'universal' },
  { key: 'rfc-email', short: 'R', long: 'rfc-email' },
  { key: 'iso', short: 'I', long: 'iso-8601', arg: 'optional' },
  { key: 'rfc-3339', long: 'rfc-3339', arg: 'required' },
  { key: 'date', short: 'd', long: 'date', arg: 'required' },
  { key: 'set', short: 's', long: 'set', arg: 'required' },
];

const ISO: Record<string, string> = { date: '%Y-%m-%d', hours: '%Y-%m-%dT%H%:z', minutes: '%Y-%m-%dT%H:%M%:z', seconds: '%Y-%m-%dT%H:%M:%S%:z', ns: '%Y-%m-%dT%H:%M:%S,%N%:z' };
const RFC3339: Record<string, string> = { date: '%Y-%m-%d', seconds: '%Y-%m-%d %H:%M:%S%:z', ns: '%Y-%m-%d %H:%M:%S.%N%:z' };

/** Runs date on the current host. */
export function runDate(args: readonly string[], ctx: CommandContext): ExecResult {
  // `-I` takes its TIMESPEC glued (`-Iseconds`), which getopt's optional short form does not know.
  const normalized = args.map((a) => (/^-I.+/.test(a) ? `--iso-8601=${a.slice(2)}` : a));
  const parsed = getopt('date', normalized, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('date')}\n`, exitCode: 1 };
  let format = '%a %b %e %H:%M:%S %Z %Y';
  let time = hostNow(ctx);
  for (const o of parsed.options) {
    if (o.key === 'rfc-email') format = '%a, %d %b %Y %H:%M:%S %z';
    else if (o.key === 'iso') {
      const spec = o.value ?? 'date';
      const f = Object.keys(ISO).find((k) => k.startsWith(spec) && spec !== '');
      if (!f) return { stdout: '', stderr: `date: invalid argument '${spec}' for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'\n${tryHelp('date')}\n`, exitCode: 1 };
      format = ISO[f];
    } else if (o.key === 'rfc-3339') {
      const f = RFC3339[o.value ?? ''];
      if (!f) return { stdout: '', stderr: `date: invalid argument '${o.value}' for '--rfc-3339'\nValid arguments are:\n  - 'date'\n  - 'seconds'\n  - 'ns'\n${tryHelp('date')}\n`, exitCode: 1 };
      format = f;
    } else if (o.key === 'date' || o.key === 'set') {
      const t = parseTimestamp(o.value ?? '', time);
      if (t === undefined) return { stdout: '', stderr: `date: invalid date '${o.value}'\n`, exitCode: 1 };
      time = t;
      if (o.key === 'set') {
        const node = nodeOf(ctx);
        // Setting the clock moves the host's offset from true time.
        if (node) node.host.clockOffsetMs += t - node.host.now();
      }
    }
  }
  const operands = parsed.operands;
  if (operands.length > 1 || (operands.length === 1 && !operands[0].startsWith('+'))) {
    return { stdout: '', stderr: `date: invalid date '${operands.length > 1 ? operands[1] : operands[0]}'\n`, exitCode: 1 };
  }
  if (operands.length === 1) format = operands[0].slice(1);
  const { year, seconds } = civilTime(time);
  if (year - 1900 > INT_MAX || year - 1900 < -INT_MAX - 1) {
    // date.c show_date: error (0, 0, _("time %s is out of range"), quote (timetostr (...))).
    return { stdout: '', stderr: `date: time '${BigInt(seconds)}' is out of range\n`, exitCode: 1 };
  }
  return { stdout: `${strftime(format, time)}\n`, stderr: '', exitCode: 0 };
}

/** The date command. */
export const dateCommand: Command = { name: 'date', execute: runDate };
