/**
 * `node-partitioned`: the node cannot exchange packets with the control
 * plane. It is a host firewall rule, as a careless hardening change leaves
 * it: `iptables -A INPUT -s <control-plane IP> -j DROP` on the node. The
 * kubelet's requests time out (dial tcp ...: i/o timeout) and the API
 * server's connections to the kubelet (logs, exec) time out too; containers
 * on the node keep running.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { netfilterOf } from '../cluster/network/netfilter.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('node-partitioned'),
      node: z.string().min(1).describe('Node cut off from the control plane.'),
      since: z.string().optional().describe('How long before now the partition began (duration, e.g. 20m).'),
    })
    .strict();

/**
 * Adds a DROP rule for the control plane's address to the node's INPUT
 * chain: of an HA control plane (controlPlaneEndpoint), one for each
 * control-plane node, whose API servers the load balancer passes it on to.
 */
export const nodePartitioned: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'node-partitioned',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    if (!node) return;
    const controlPlanes = [...cluster.nodes.values()].filter((n) => n.spec.role === 'control-plane');
    const cut = cluster.world.controlPlaneEndpoint ? controlPlanes.filter((n) => n !== node) : [controlPlanes[0] ?? node];
    for (const cp of cut) netfilterOf(node.host).filterTable.append('INPUT', { source: `${cp.spec.ip}/32`, target: 'DROP' });
  },
};
