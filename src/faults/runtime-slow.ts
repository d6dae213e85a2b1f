/**
 * `runtime-slow`: a container task on the node hangs and holds containerd's
 * lock, so every CRI list/status call waits; the kubelet's PLEG relists take
 * longer than its 3-minute threshold (or, `hung`, never end). Restarting
 * containerd clears it.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { parseFaultDuration } from './duration.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('runtime-slow'),
      node: z.string().min(1).describe('Node whose containerd turns slow.'),
      since: z.string().optional().describe('How long before now it began (duration, e.g. 40m).'),
      latency: z
        .string()
        .regex(/^((\d+(ms|s|m|h))+|hung)$/)
        .default('1m45s')
        .describe('How long each CRI list/status call takes to answer (duration), or `hung`: the calls never answer. Two calls per relist: above 1m30s PLEG stays unhealthy; from 2m on (and when hung) the calls time out, so no relist succeeds again.'),
    })
    .strict();

/** Makes the node's containerd answer every call after `latency`. */
export const runtimeSlow: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'runtime-slow',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    if (node) node.runtime.latencyMs = p.latency === 'hung' ? Infinity : parseFaultDuration(p.latency ?? '1m45s');
  },
};
