/**
 * `etcd-churn`: some client once wrote a burst of large values (a runaway
 * operator rewriting its ConfigMaps, a job dumping reports into Secrets).
 * The burst is history computed, not replayed: etcd's database file grew to
 * its high-water mark (and no further than the quota: the burst's last write
 * raised NOSPACE), the revisions moved on, and the API server's compactor
 * freed the old values as pages the file keeps until a defragmentation.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { parseBytes } from '../cluster/quantity.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('etcd-churn'),
      since: z.string().optional().describe('How long before now the burst ended (duration, e.g. 2h).'),
      prefix: z.string().startsWith('/registry/').default('/registry/configmaps/default/').describe('The keys written, e.g. /registry/configmaps/ci/.'),
      writes: z.number().int().min(1).max(10_000_000).describe('How many values were written.'),
      valueSize: z
        .string()
        .regex(/^\d+(Ki|Mi)?$/)
        .default('64Ki')
        .describe('Size of each value (quantity, e.g. 64Ki).'),
    })
    .strict();

/** Records the burst on the etcd member. */
export const etcdChurn: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'etcd-churn',
  params,
  apply(cluster, p) {
    cluster.etcd?.recordChurn(p.prefix ?? '/registry/configmaps/default/', p.writes, parseBytes(p.valueSize ?? '64Ki') ?? 65536);
  },
};
