/**
 * Client programs (curl, ping, ...) run from a host's shell: the workstation
 * or a node after `ssh`. They connect through the cluster's one network from
 * that host's address, and the time they take passes on the cluster's clock.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { WORKSTATION } from '../registry.js';
import { clientProgram } from '../../cluster/programs/index.js';
import type { NetSource } from '../../cluster/network/network.js';
import type { Program, ProgramFiles } from '../../cluster/programs/types.js';
import { iputilsPing } from '../../cluster/programs/iputils-ping.js';
import { openbsdNc } from '../../cluster/programs/openbsd-nc.js';
import { gnuWget } from '../../cluster/programs/gnu-wget.js';
import { bindNslookup } from '../../cluster/programs/bind-nslookup.js';
import { bindDig } from '../../cluster/programs/dig.js';
import { UBUNTU_BIND_VERSION } from '../../cluster/programs/dighost.js';
import { resolvePath } from '../host/lib/resolve-path.js';

/** The host's /etc/resolv.conf as its resolver reads it (undefined: none). */
function hostResolvConf(ctx: CommandContext): string | undefined {
  if (ctx.host === WORKSTATION) return undefined;
  return ctx.cluster.node?.(ctx.host)?.host.fs.read('/etc/resolv.conf');
}

/** A node's files as a program there sees them: relative paths start at the shell's home directory (there is no `cd`). */
function hostFilesOf(ctx: CommandContext): ProgramFiles | undefined {
  const fs = ctx.host === WORKSTATION ? undefined : ctx.cluster.node?.(ctx.host)?.host.fs;
  if (!fs) return undefined;
  // Read when a file is used: most programs never touch one.
  const at = (path: string) => resolvePath(path, ctx.env?.HOME ?? '/');
  return {
    exists: (path) => at(path) === '/dev/null' || fs.exists(at(path)) !== undefined,
    write(path, text) {
      const file = at(path);
      // The shell's redirections treat /dev/null the same way (shell/host-files.ts).
      if (file === '/dev/null') return true;
      if (fs.exists(file) === 'dir') return false;
      fs.write(file, text);
      return true;
    },
  };
}

/** A command that runs the client program `name` (or the host's own build of it, `own`) on the current host. */
export function hostProgramCommand(name: string, own?: Program): Command {
  return {
    name,
    execute(args: readonly string[], ctx: CommandContext): ExecResult {
      const program = own ?? clientProgram(name);
      const network = ctx.cluster.net?.();
      if (!program || !network) return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
      const from: NetSource = ctx.host === WORKSTATION ? { kind: 'workstation' } : { kind: 'host', node: ctx.host };
      // A node's programs read its own clock (it may be skewed), as its journal does.
      const now = ctx.host === WORKSTATION ? ctx.cluster.now() : (ctx.cluster.node?.(ctx.host)?.host.now() ?? ctx.cluster.now());
      const files = hostFilesOf(ctx);
      const fs = ctx.host === WORKSTATION ? undefined : ctx.cluster.node?.(ctx.host)?.host.fs;
      const readFile = (path: string) => fs?.read(resolvePath(path, ctx.env?.HOME ?? '/'));
      const run = program([name, ...args], { network, from, resolvConf: () => hostResolvConf(ctx), now, ...(files ? { files } : {}), readFile, env: ctx.env ?? {} });
      ctx.cluster.advance(run.durationMs);
      return { stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode, ...(run.chunks ? { chunks: run.chunks } : {}) };
    },
  };
}

/** `curl` on a host (Ubuntu's curl reports its own version; the simulation's curl is the same program). */
export const curlCommand = hostProgramCommand('curl');

/** `ip` on a node (iproute2, over the node's own namespace). */
export const ipCommand = hostProgramCommand('ip');

/** `ss` on a node (iproute2). */
export const ssCommand = hostProgramCommand('ss');

/** `dig` on a node: Ubuntu's BIND 9.18 build, the same program as netshoot's under its own version. */
export const digCommand = hostProgramCommand('dig', bindDig(UBUNTU_BIND_VERSION));

/** `nslookup` on a node: Ubuntu's BIND 9.18 one, not busybox's. */
export const nslookupCommand = hostProgramCommand('nslookup', bindNslookup);

/** `etcdctl` on a control-plane node (installed there, as on a CKA exam machine; kubeadm itself does not install it). */
export const etcdctlCommand: Command = {
  name: 'etcdctl',
  execute(args, ctx) {
    const node = ctx.cluster.node?.(ctx.host);
    if (!node || node.spec.role !== 'control-plane') return { stdout: '', stderr: 'bash: etcdctl: command not found\n', exitCode: 127 };
    return hostProgramCommand('etcdctl').execute(args, ctx) as ExecResult;
  },
};

/** `wget` on a node: Ubuntu's GNU Wget 1.21.2, not busybox's. */
export const wgetCommand = hostProgramCommand('wget', gnuWget);

/** `ping` on a node: Ubuntu's iputils, not busybox's. */
export const pingCommand = hostProgramCommand('ping', iputilsPing);

/** `nc` on a node: Ubuntu's OpenBSD netcat, not busybox's. */
export const ncCommand = hostProgramCommand('nc', openbsdNc);
