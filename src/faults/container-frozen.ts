/**
 * `container-frozen`: a container's process was stopped in place with
 * SIGSTOP (`kill -STOP <pid>` from a debugging session, a cgroup freezer
 * left frozen) and never continued. The container is still running for
 * containerd and the kubelet (the pod stays Running and Ready when it has no
 * probes), `ps` shows the process stopped (T), and its program does nothing:
 * kube-proxy stops syncing and its rules stay as its last sync left them; an
 * application stops answering. Killing the container (deleting the pod)
 * ends it; a fresh one starts.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('container-frozen'),
      node: z.string().min(1).describe('Node whose container is stopped.'),
      namespace: z.string().min(1).describe('Namespace of the container\'s pod.'),
      container: z.string().min(1).describe('Container name (every running container of that name in the namespace on the node).'),
      since: z.string().optional().describe('How long before now the process was stopped (duration, e.g. 2h).'),
    })
    .strict();

/** Freezes the node's running containers of that name in that namespace. */
export const containerFrozen: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'container-frozen',
  params,
  apply(cluster, p) {
    const runtime = cluster.nodes.get(p.node)?.runtime;
    if (!runtime) return;
    for (const sandbox of runtime.sandboxes.values()) {
      if (sandbox.namespace !== p.namespace || sandbox.state !== 'SANDBOX_READY') continue;
      for (const c of runtime.containersOf(sandbox.id)) if (c.name === p.container) runtime.freezeContainer(c.id);
    }
  },
};
