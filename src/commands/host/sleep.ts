/**
 * `sleep` (GNU coreutils 8.32, Ubuntu 22.04): waits for the sum of its
 * NUMBER[SUFFIX] operands while the simulation runs. In the interactive
 * terminal it holds the prompt like any foreground job until simulated time
 * (which follows wall time there) has moved on by that much, and Ctrl+C ends
 * it with status 130. Without a terminal (`kubedrill exec`, scripts, a `$(…)`)
 * the simulated clock is moved on at once, up to {@link MAX_UNATTENDED_SECONDS}.
 */
import type { Command, CommandContext, ExecResult, FollowCursor } from '../types.js';
import { quoteValue } from '../text/lib/inputs.js';

/** The longest wait run without a terminal: a longer one is refused, so a script cannot run a day of simulation. */
export const MAX_UNATTENDED_SECONDS = 300;

const TRY = "Try 'sleep --help' for more information.\n";

/** coreutils 8.32 sleep.c usage() with emit_ancillary_info (LANG=C.UTF-8 shows the translation line). */
const HELP = `Usage: sleep NUMBER[SUFFIX]...
  or:  sleep OPTION
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the amount of time
specified by the sum of their values.

      --help     display this help and exit
      --version  output version information and exit

GNU coreutils online help: <https://www.gnu.org/software/coreutils/>
Report any translation bugs to <https://translationproject.org/team/>
Full documentation <https://www.gnu.org/software/coreutils/sleep>
or available locally via: info '(coreutils) sleep invocation'
`;

const VERSION = `sleep (GNU coreutils) 8.32
Copyright (C) 2020 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.

Written by Jim Meyering and Paul Eggert.
`;

const SUFFIX_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds in one operand as sleep.c reads it (cl_strtod, then at most one suffix letter); undefined when invalid. */
export function intervalSeconds(operand: string): number | undefined {
  const m = /^\s*\+?((?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)([smhd]?)$/.exec(operand);
  if (!m) return undefined;
  const number = /^inf/i.test(m[1]) ? Infinity : Number(m[1]);
  return number * SUFFIX_SECONDS[m[2]];
}

/** Runs sleep on the current host. */
export function runSleep(args: readonly string[], ctx: CommandContext): ExecResult {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    // parse_gnu_standard_options_only: --help and --version (or an unambiguous prefix of them) only.
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      if (a.length > 2 && '--help'.startsWith(a)) return { stdout: HELP, stderr: '', exitCode: 0 };
      if (a.length > 2 && '--version'.startsWith(a)) return { stdout: VERSION, stderr: '', exitCode: 0 };
      return { stdout: '', stderr: `sleep: unrecognized option '${a}'\n${TRY}`, exitCode: 1 };
    }
    if (a.startsWith('-') && a.length > 1) return { stdout: '', stderr: `sleep: invalid option -- '${a[1]}'\n${TRY}`, exitCode: 1 };
    operands.push(a);
  }
  if (operands.length === 0) return { stdout: '', stderr: `sleep: missing operand\n${TRY}`, exitCode: 1 };
  let seconds = 0;
  let stderr = '';
  for (const operand of operands) {
    const s = intervalSeconds(operand);
    if (s === undefined || Number.isNaN(s)) stderr += `sleep: invalid time interval ${quoteValue(operand)}\n`;
    else seconds += s;
  }
  if (stderr) return { stdout: '', stderr: stderr + TRY, exitCode: 1 };
  const ms = Math.ceil(seconds * 1000);
  if (ms <= 0) return { stdout: '', stderr: '', exitCode: 0 };
  if (ctx.canFollow) return { stdout: '', stderr: '', exitCode: 0, follow: waitUntil(ctx, ctx.cluster.now() + ms) };
  if (seconds > MAX_UNATTENDED_SECONDS) {
    return {
      stdout: '',
      stderr: `kubedrill: sleep: waiting more than ${MAX_UNATTENDED_SECONDS} seconds is simulated only in the interactive terminal\n`,
      exitCode: 1,
    };
  }
  ctx.cluster.advance(ms);
  return { stdout: '', stderr: '', exitCode: 0 };
}

/** A foreground wait: prints nothing and ends by itself (status 0) once the simulated clock reaches `until`. */
function waitUntil(ctx: CommandContext, until: number): FollowCursor {
  return {
    next: () => '',
    exitCode: () => (ctx.cluster.now() >= until ? 0 : undefined),
  };
}

/** The sleep command. */
export const sleepCommand: Command = { name: 'sleep', execute: runSleep };
