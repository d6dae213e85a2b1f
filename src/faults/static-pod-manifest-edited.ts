/**
 * `static-pod-manifest-edited`: someone edits a static pod manifest in
 * /etc/kubernetes/manifests on a control-plane node (a typo in a flag or a
 * path, a flag that does not exist). The kubelet's file source picks the
 * change up at its next check and replaces the pod; what the component
 * then does with its new command line is its own business.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { STATIC_POD_PATH } from '../cluster/kubelet/static-pod-source.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('static-pod-manifest-edited'),
      node: z.string().min(1).describe('The control-plane node whose manifest is edited.'),
      manifest: z.enum(['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'etcd']).describe('Which manifest (/etc/kubernetes/manifests/<name>.yaml).'),
      replace: z
        .array(z.object({ from: z.string().min(1), to: z.string() }).strict())
        .default([])
        .describe('Text replacements made in the file, in order (each replaces every occurrence).'),
      addArgs: z.array(z.string().min(1)).default([]).describe('Command-line arguments appended to the container command (e.g. `--leader-elect-retry=2s`).'),
      since: z.string().optional().describe('How long before now the edit happened (duration, e.g. 20m).'),
    })
    .strict();

/** Edits the manifest file; the kubelet does the rest. */
export const staticPodManifestEdited: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'static-pod-manifest-edited',
  params,
  apply(cluster, p) {
    const fs = cluster.nodes.get(p.node)?.host.fs;
    const path = `${STATIC_POD_PATH}/${p.manifest}.yaml`;
    let text = fs?.read(path);
    if (!fs || text === undefined) return;
    for (const r of p.replace) text = text.split(r.from).join(r.to);
    if (p.addArgs.length) {
      // The command list as kubeadm writes it: `    - --flag=value` lines after `  - command:`.
      const lines = text.split('\n');
      const at = lines.findIndex((l) => /^\s*(- )?command:\s*$/.test(l));
      if (at >= 0) {
        let end = at + 1;
        while (end < lines.length && /^\s*- /.test(lines[end])) end++;
        const indent = /^(\s*)- /.exec(lines[at + 1] ?? '')?.[1] ?? '        ';
        lines.splice(end, 0, ...p.addArgs.map((a) => `${indent}- ${a}`));
        text = lines.join('\n');
      }
    }
    fs.write(path, text);
  },
};
