/**
 * `runtime-down`: containerd.service on the node stops (someone ran
 * `systemctl stop containerd`). Running containers keep running under their
 * shims; the kubelet can no longer reach the CRI socket.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('runtime-down'),
      node: z.string().min(1).describe('Node whose containerd stops.'),
      since: z.string().optional().describe('How long before now it stopped (duration, e.g. 20m).'),
    })
    .strict();

/** Stops the node's containerd unit. */
export const runtimeDown: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'runtime-down',
  params,
  apply(cluster, p) {
    cluster.nodes.get(p.node)?.host.unit('containerd')?.stop();
  },
};
