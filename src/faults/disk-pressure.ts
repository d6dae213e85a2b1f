/**
 * `disk-pressure`: something writes a huge file on the node (a runaway log,
 * a forgotten dump). The file is real host state: it fills the root
 * filesystem the kubelet's eviction manager watches, `df` and `du` see it,
 * and removing it gives the space back.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { parseBytes } from '../cluster/quantity.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('disk-pressure'),
      node: z.string().min(1).describe('Node whose disk fills up.'),
      since: z.string().optional().describe('How long before now the file had grown (duration, e.g. 25m).'),
      path: z
        .string()
        .regex(/^\/[^\s]*[^/]$/)
        .default('/var/log/app/debug.log')
        .describe('Absolute path of the file that fills the disk.'),
      size: z
        .string()
        .regex(/^\d+(\.\d+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$/)
        .default('42Gi')
        .describe('Apparent size of the file (quantity, e.g. 42Gi); the default node disk is 50Gi.'),
    })
    .strict();

/** Writes the big file into the node's filesystem. */
export const diskPressure: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'disk-pressure',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    if (!node) return;
    const path = p.path ?? '/var/log/app/debug.log';
    const line = `${new Date(node.host.now()).toISOString()} DEBUG dumping request context\n`;
    node.host.fs.write(path, line.repeat(20), { mode: 0o644, sizeBytes: parseBytes(p.size ?? '42Gi') });
  },
};
