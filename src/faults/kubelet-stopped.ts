/** `kubelet-stopped`: the kubelet service on a node stops (someone ran `systemctl stop kubelet`). */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('kubelet-stopped'),
      node: z.string().min(1).describe('Node whose kubelet stops.'),
      since: z.string().optional().describe('How long before now it stopped (duration, e.g. 6h).'),
    })
    .strict();

/** Stops the node's kubelet: no Lease renewals, no status; its containers keep running. */
export const kubeletStopped: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'kubelet-stopped',
  params,
  apply(cluster, p) {
    cluster.nodes.get(p.node)?.host.unit('kubelet')?.stop();
  },
};
