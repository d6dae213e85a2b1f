/**
 * `static-pod-manifest-moved`: someone moved a static pod manifest out of
 * /etc/kubernetes/manifests on a control-plane node, the usual way to take
 * a control-plane component down for maintenance (`mv
 * /etc/kubernetes/manifests/kube-apiserver.yaml /root/`). The kubelet's file
 * source notices at its next check, stops the pod and deletes its mirror
 * pod; what stops working with it is the cluster's business (an HA control
 * plane keeps serving, a single one does not). Moving it back starts it again.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { STATIC_POD_PATH } from '../cluster/kubelet/static-pod-source.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('static-pod-manifest-moved'),
      node: z.string().min(1).describe('The control-plane node whose manifest is moved.'),
      manifest: z.enum(['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'etcd']).describe('Which manifest (/etc/kubernetes/manifests/<name>.yaml).'),
      to: z
        .string()
        .regex(/^\/[^\0]*$/, { error: 'to: an absolute directory path, e.g. /root' })
        .refine((p) => !p.replace(/\/+$/, '').startsWith(STATIC_POD_PATH), { error: `to: a directory outside ${STATIC_POD_PATH}` })
        .default('/root')
        .describe(`The directory it is moved to (outside ${STATIC_POD_PATH}; default /root).`),
      since: z.string().optional().describe('How long before now it was moved (duration, e.g. 20m).'),
    })
    .strict();

/** Moves the manifest file; the kubelet does the rest. */
export const staticPodManifestMoved: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'static-pod-manifest-moved',
  params,
  apply(cluster, p) {
    const fs = cluster.nodes.get(p.node)?.host.fs;
    const path = `${STATIC_POD_PATH}/${p.manifest}.yaml`;
    const text = fs?.read(path);
    if (!fs || text === undefined) return;
    const stat = fs.stat(path);
    const dir = p.to.replace(/\/+$/, '') || '/';
    fs.mkdirs(dir);
    // mv keeps the file's mode and modification time.
    fs.write(`${dir === '/' ? '' : dir}/${p.manifest}.yaml`, text, { ...(stat?.mode !== undefined ? { mode: stat.mode } : {}), ...(stat?.mtime !== undefined ? { mtime: stat.mtime } : {}) });
    fs.remove(path);
  },
};
