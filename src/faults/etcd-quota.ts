/**
 * `etcd-quota`: etcd runs with a smaller `--quota-backend-bytes` than the
 * 2 GiB default (kubeadm's etcd.local.extraArgs put it in the static pod
 * manifest). The member then raises NOSPACE as soon as its database file
 * would grow past it.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { parseBytes } from '../cluster/quantity.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('etcd-quota'),
      since: z.string().optional().describe('How long before now the flag took effect (duration); default: from the cluster\'s creation.'),
      quotaBackendBytes: z
        .string()
        .regex(/^\d+(Ki|Mi|Gi)?$/)
        .describe('The quota (bytes, or a quantity such as 64Mi).'),
    })
    .strict();

/** Writes the flag into the etcd manifest and sets it on the member. */
export const etcdQuota: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'etcd-quota',
  params,
  apply(cluster, p) {
    const member = cluster.etcd;
    if (!member) return;
    const bytes = parseBytes(p.quotaBackendBytes) ?? member.quotaBytes;
    member.quotaBytes = bytes;
    const host = cluster.nodes.get(member.name)?.host;
    const path = '/etc/kubernetes/manifests/etcd.yaml';
    const text = host?.fs.read(path);
    if (!host || text === undefined || text.includes('--quota-backend-bytes=')) return;
    // kubeadm sorts the flags by name: the quota goes just before --snapshot-count.
    // (The manifest's list items may be quoted, as the node's YAML writer quotes them.)
    host.fs.write(path, text.replace(/^(\s*)- ('?)--snapshot-count=/m, `$1- $2--quota-backend-bytes=${bytes}$2\n$1- $2--snapshot-count=`), { mode: 0o600 });
  },
};
