/**
 * `chroot` in a container: `chroot /host` in a node debugging pod would run
 * the node's own userland over the hostPath mount. The simulation models a
 * node's shell where ssh reaches it, not through a pod's mount, and says so
 * rather than pretending.
 */
import type { Program } from './types.js';

/** The not-simulated answer, naming the way to the node's shell. */
export const chroot: Program = (_argv, ctx) => {
  const ssh = ctx.from.kind === 'workstation' ? 'ssh to the node' : `\`ssh ${ctx.from.node}\``;
  return { stdout: '', stderr: `kubedrill: chroot is not simulated inside containers; ${ssh} opens a shell on the node itself\n`, exitCode: 126, durationMs: 0 };
};
