/**
 * `chronyc` on a node: `tracking`, `sources` and `makestep`, answered by the
 * simulated chronyd (running when the host's NTP service is active).
 * Layouts follow chrony 4.2 client.c (process_cmd_tracking,
 * process_cmd_sources); without chronyd every command gets `506 Cannot talk
 * to daemon`. Figures below the millisecond are stable per host, derived
 * from its name.
 */
import type { NodeHost } from '../../cluster/host/node-host.js';
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';
import { chronydPid, stepClock } from './lib/ntp.js';

const res = (stdout: string, stderr = '', exitCode = 0): ExecResult => ({ stdout, stderr, exitCode });

/** The NTP server Ubuntu's pool resolves to here. */
const SOURCE = { ip: '185.125.190.57', name: 'prod-ntp-4.ntp4.ps5.canonical.com', refId: 'B97DBE39', stratum: 2 };

/** A small stable number in [0, 1) per host and purpose. */
function jitter(host: NodeHost, salt: string): number {
  let h = 2166136261;
  for (const c of `${host.name}/${salt}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h / 2 ** 32;
}

const p2 = (n: number): string => String(n).padStart(2, '0');

/** chrony's UTI_TimeToLogForm-style `Mon Nov 30 09:12:04 2026`. */
function refTime(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

function tracking(host: NodeHost): string {
  const rows: [string, string][] = [];
  if (!host.ntp.synchronized) {
    rows.push(
      ['Reference ID', '00000000 ()'],
      ['Stratum', '0'],
      ['Ref time (UTC)', 'Thu Jan 01 00:00:00 1970'],
      ['System time', `${(Math.abs(host.clockOffsetMs) / 1000).toFixed(9)} seconds ${host.clockOffsetMs > 0 ? 'fast' : 'slow'} of NTP time`],
      ['Last offset', '+0.000000000 seconds'],
      ['RMS offset', '0.000000000 seconds'],
      ['Frequency', '0.000 ppm slow'],
      ['Residual freq', '+0.000 ppm'],
      ['Skew', '0.000 ppm'],
      ['Root delay', '1.000000000 seconds'],
      ['Root dispersion', '1.000000000 seconds'],
      ['Update interval', '0.0 seconds'],
      ['Leap status', 'Not synchronised'],
    );
  } else {
    const now = host.now();
    const interval = 1024 + Math.round(jitter(host, 'interval') * 40) / 10;
    const residual = (jitter(host, 'residual') - 0.5) * 0.00004;
    const system = host.clockOffsetMs / 1000 + residual;
    rows.push(
      ['Reference ID', `${SOURCE.refId} (${SOURCE.name})`],
      ['Stratum', String(SOURCE.stratum + 1)],
      ['Ref time (UTC)', refTime(now - (Math.floor(now / 1000) % 1024) * 1000)],
      ['System time', `${Math.abs(system).toFixed(9)} seconds ${system > 0 ? 'fast' : 'slow'} of NTP time`],
      ['Last offset', `${residual >= 0 ? '+' : '-'}${Math.abs(residual * 1.3).toFixed(9)} seconds`],
      ['RMS offset', `${(0.00002 + jitter(host, 'rms') * 0.00008).toFixed(9)} seconds`],
      ['Frequency', `${(jitter(host, 'freq') * 30).toFixed(3)} ppm ${jitter(host, 'sign') < 0.5 ? 'slow' : 'fast'}`],
      ['Residual freq', `${jitter(host, 'rf') < 0.5 ? '-' : '+'}${(jitter(host, 'rfv') * 0.01).toFixed(3)} ppm`],
      ['Skew', `${(0.01 + jitter(host, 'skew') * 0.1).toFixed(3)} ppm`],
      ['Root delay', `${(0.015 + jitter(host, 'delay') * 0.02).toFixed(9)} seconds`],
      ['Root dispersion', `${(0.0005 + jitter(host, 'disp') * 0.002).toFixed(9)} seconds`],
      ['Update interval', `${interval.toFixed(1)} seconds`],
      ['Leap status', 'Normal'],
    );
  }
  // Labels are padded to 15 columns: `Reference ID    : ...`.
  return rows.map(([k, v]) => `${k.padEnd(15)} : ${v}\n`).join('');
}

function sources(host: NodeHost): string {
  const header = 'MS Name/IP address         Stratum Poll Reach LastRx Last sample               \n===============================================================================\n';
  const name = SOURCE.name.length > 27 ? `${SOURCE.name.slice(0, 26)}>` : SOURCE.name;
  if (!host.ntp.synchronized) return `${header}^? ${name.padEnd(27)}     0   6     0     -     +0ns[   +0ns] +/-    0ns\n`;
  const us = Math.round((jitter(host, 'residual') - 0.5) * 40);
  const sample = `${us >= 0 ? '+' : ''}${us}us`;
  const err = Math.round(10 + jitter(host, 'delay') * 10);
  return `${header}^* ${name.padEnd(27)} ${String(SOURCE.stratum).padStart(2)}  10   377   ${String(Math.floor(host.now() / 1000) % 1024).padStart(3)}  ${sample.padStart(7)}[${sample.padStart(7)}] +/- ${`${err}ms`.padStart(5)}\n`;
}

/** Runs chronyc on the current node. */
export function runChronyc(args: readonly string[], ctx: CommandContext): ExecResult {
  const words = args.filter((a) => !/^-[nhc46a]$/.test(a));
  const [command = '', ...rest] = words;
  const host = nodeOf(ctx)?.host;
  if (!host) return res('', '506 Cannot talk to daemon\n', 1);
  if (command === '') return res('', '', 0);
  const known = ['tracking', 'sources', 'makestep', 'sourcestats', 'activity', 'waitsync'];
  if (!known.includes(command)) return res('', 'Unrecognized command\n', 1);
  if (!host.ntp.service) return res('', '506 Cannot talk to daemon\n', 1);
  switch (command) {
    case 'tracking':
      return res(tracking(host));
    case 'sources':
      return res(sources(host));
    case 'makestep':
      if (rest.length === 0 && host.ntp.synchronized) stepClock(host, chronydPid(host));
      return res('200 OK\n');
    case 'activity':
      return res(`200 OK\n${host.ntp.synchronized ? 1 : 0} sources online\n0 sources offline\n0 sources doing burst (return to online)\n0 sources doing burst (return to offline)\n${host.ntp.synchronized ? 0 : 1} sources with unknown address\n`);
    default:
      return res('');
  }
}

/** The chronyc command. */
export const chronycCommand: Command = { name: 'chronyc', execute: runChronyc };
