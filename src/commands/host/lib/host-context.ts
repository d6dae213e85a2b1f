/**
 * How host tools reach the machine they run on: the node behind `ctx.host`
 * (after `ssh`), its clock and its virtual filesystem. The shell resolves
 * relative paths against the home directory (there is no `cd`), so tools that
 * use the filesystem directly do the same.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { VirtualFs } from '../../../cluster/host/vfs.js';
import type { CommandContext } from '../../types.js';
import { WORKSTATION } from '../../registry.js';
import { resolvePath } from './resolve-path.js';

/** The node the command runs on, or undefined on the workstation (or a view without nodes). */
export function nodeOf(ctx: CommandContext): NodeHandle | undefined {
  if (ctx.host === WORKSTATION) return undefined;
  return ctx.cluster.node?.(ctx.host);
}

/** "Now" by the clock of the host the command runs on (a node's clock may be skewed). */
export function hostNow(ctx: CommandContext): number {
  return nodeOf(ctx)?.host.now() ?? ctx.cluster.now();
}

/** The host's name as `hostname` prints it. */
export function hostName(ctx: CommandContext): string {
  return ctx.host;
}

/** The home directory relative paths resolve against. */
export function homeOf(ctx: CommandContext): string {
  return ctx.env.HOME ?? (ctx.host === WORKSTATION ? '/home/learner' : '/root');
}

/** An absolute, normalized path for `path` as typed on this host. */
export function resolveHostPath(ctx: CommandContext, path: string): string {
  return resolvePath(path, homeOf(ctx));
}

/**
 * The host's filesystem: a node's VirtualFs, or one the shell offers on the
 * context as `fs` (the workstation's, once the session exposes it).
 * Undefined when the command cannot see a whole filesystem.
 */
export function hostFsOf(ctx: CommandContext): VirtualFs | undefined {
  return nodeOf(ctx)?.host.fs ?? (ctx as CommandContext & { readonly fs?: VirtualFs }).fs;
}
