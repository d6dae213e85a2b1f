/**
 * `dmesg` on a node (util-linux 2.37, Ubuntu 22.04) over the node's kernel
 * ring buffer (lib/kernel-log.ts): `[%5lu.%06lu] text` lines (sys-utils/dmesg.c
 * print_record), with `-T`/`--ctime` (`[%.24s]` of ctime), `-t`/`--notime`,
 * `-x`/`--decode` (`%-6s:%-6s: ` facility and level), `-l`/`--level LIST`,
 * `-k`/`--kernel`, `-L`/`--color` (nothing to colour into a pipe) and
 * `-w`/`--follow` (nothing new arrives on a running node). The shell on a
 * node is root's, so `kernel.dmesg_restrict` does not bite.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';
import { KERNEL_LEVELS, kernelRecords, type KernelRecord } from './lib/kernel-log.js';
import { strftime } from './lib/strftime.js';

const TRY = "Try 'dmesg --help' for more information.\n";
const FACILITIES = ['kern', 'user', 'mail', 'daemon', 'auth', 'syslog', 'lpr', 'news'];

/** util-linux 2.37 dmesg's long options, by the short option they spell (`\0`: a long option only). */
const LONG: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  ctime: 'T', notime: 't', decode: 'x', level: 'l', kernel: 'k', color: 'L', follow: 'w', 'follow-new': 'W', help: 'h', version: 'V',
  raw: 'r', clear: 'C', 'read-clear': 'c', 'console-level': 'n', 'console-off': 'D', 'console-on': 'E', facility: 'f', file: 'F', human: 'H',
  reltime: 'e', nopager: 'P', 'force-prefix': 'p', 'show-delta': 'd', syslog: 'S', userspace: 'u', 'buffer-size': 's', 'time-format': '\0',
});

/** Runs dmesg on the current node. */
export function runDmesg(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  if (!node) return { stdout: '', stderr: 'dmesg: read kernel buffer failed: Operation not permitted\n', exitCode: 1 };
  const opts = { ctime: false, notime: false, decode: false, follow: false, levels: undefined as Set<number> | undefined };
  const letters: { letter: string; value?: string; spelled: string }[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--') && a.length > 2) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      const matches = Object.keys(LONG).filter((k) => k.startsWith(name));
      const exact = Object.hasOwn(LONG, name) ? name : matches.length === 1 ? matches[0] : undefined;
      if (!exact) return { stdout: '', stderr: `dmesg: ${matches.length > 1 ? 'option' : 'unrecognized option'} '${a}'${matches.length > 1 ? ' is ambiguous' : ''}\n${TRY}`, exitCode: 1 };
      const letter = LONG[exact];
      let value = inline;
      if (letter === 'l' && value === undefined) value = args[++i];
      letters.push({ letter, value, spelled: `--${exact}` });
      continue;
    }
    if (!a.startsWith('-') || a === '-') return { stdout: '', stderr: `dmesg: bad usage\n${TRY}`, exitCode: 1 };
    for (let j = 1; j < a.length; j++) {
      const letter = a[j];
      if (!'CcDdEeFfHhkLlnPprSsTtuVWwx'.includes(letter)) return { stdout: '', stderr: `dmesg: invalid option -- '${letter}'\n${TRY}`, exitCode: 1 };
      if ('lFfns'.includes(letter)) {
        const value = a.slice(j + 1) || args[++i];
        if (value === undefined) return { stdout: '', stderr: `dmesg: option requires an argument -- '${letter}'\n${TRY}`, exitCode: 1 };
        letters.push({ letter, value, spelled: `-${letter}` });
        break;
      }
      letters.push({ letter, spelled: `-${letter}` });
    }
  }
  for (const { letter, value, spelled } of letters) {
    if (letter === 'T') opts.ctime = true;
    else if (letter === 't') opts.notime = true;
    else if (letter === 'x') opts.decode = true;
    else if (letter === 'w' || letter === 'W') opts.follow = true;
    else if (letter === 'k' || letter === 'L' || letter === 'P') continue;
    else if (letter === 'V') return { stdout: 'dmesg from util-linux 2.37.2\n', stderr: '', exitCode: 0 };
    else if (letter === 'l') {
      opts.levels = new Set();
      for (const name of (value ?? '').split(',')) {
        const level = (KERNEL_LEVELS as readonly string[]).indexOf(name);
        if (level < 0) return { stdout: '', stderr: `dmesg: unknown level '${name}'\n`, exitCode: 1 };
        opts.levels.add(level);
      }
    } else return { stdout: '', stderr: `kubedrill: dmesg ${spelled} is not simulated\n`, exitCode: 126 };
  }
  const now = node.host.now();
  const uptimeMs = ctx.cluster.now() - node.host.bootTime;
  const line = (r: KernelRecord): string => {
    let prefix = opts.decode ? `${(FACILITIES[r.facility] ?? 'kern').padEnd(6)}:${KERNEL_LEVELS[r.level].padEnd(6)}: ` : '';
    if (opts.notime) return `${prefix}${r.text}\n`;
    if (opts.ctime) prefix += `[${strftime('%a %b %e %H:%M:%S %Y', now - uptimeMs + Math.floor(r.usec / 1000))}] `;
    else prefix += `[${String(Math.floor(r.usec / 1e6)).padStart(5)}.${String(r.usec % 1e6).padStart(6, '0')}] `;
    return `${prefix}${r.text}\n`;
  };
  const records = kernelRecords(node).filter((r) => !opts.levels || opts.levels.has(r.level));
  const stdout = records.map(line).join('');
  // Following a quiet kernel: the first screen, then nothing until Ctrl+C.
  if (opts.follow && ctx.canFollow) return { stdout, stderr: '', exitCode: 0, follow: { next: () => '' } };
  return { stdout, stderr: '', exitCode: 0 };
}

/** The dmesg command. */
export const dmesgCommand: Command = { name: 'dmesg', execute: runDmesg };
