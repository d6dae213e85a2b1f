/** `hostname`: the host's name (`-f`/`-s` give the same short name; `-i`/`-I` the node's address). */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { nodeOf } from './lib/host-context.js';

/** Runs hostname. */
export function runHostname(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  if (args.includes('-i') || args.includes('-I') || args.includes('--ip-address') || args.includes('--all-ip-addresses')) {
    const ip = node?.spec.ip ?? '192.168.1.23';
    return { stdout: args.includes('-I') || args.includes('--all-ip-addresses') ? `${ip} \n` : `${ip}\n`, stderr: '', exitCode: 0 };
  }
  return { stdout: `${ctx.host}\n`, stderr: '', exitCode: 0 };
}

/** The hostname command. */
export const hostnameCommand: Command = { name: 'hostname', execute: runHostname };
