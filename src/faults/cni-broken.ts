/**
 * `cni-broken`: the node's CNI setup is broken on disk. containerd reads
 * /etc/cni/net.d and /opt/cni/bin from the node's filesystem, so what breaks
 * (NetworkReady=false, or sandboxes failing to get a network) follows from
 * the files; fixing the files fixes the node. A new pod of the network's
 * DaemonSet on the node is a fix too for what its init containers install
 * (kube-flannel: 10-flannel.conflist, /opt/cni/bin/flannel; calico-node:
 * 10-calico.conflist, /opt/cni/bin/calico and calico-ipam), though not for a
 * leftover configuration that sorts first.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { CNI_BIN_DIR, CNI_CONF_DIR, loadCniNetwork } from '../cluster/runtime/cni.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('cni-broken'),
      node: z.string().min(1).describe('Node whose CNI setup breaks.'),
      since: z.string().optional().describe('How long before now it broke (duration, e.g. 30m).'),
      mode: z
        .enum(['missing-config', 'invalid-json', 'missing-plugin', 'leftover-config'])
        .describe(
          'missing-config: /etc/cni/net.d is emptied. invalid-json: a trailing comma is typed into the network config. missing-plugin: the plugin binary leaves /opt/cni/bin. leftover-config: a config of a plugin that is not installed sorts first in /etc/cni/net.d.',
        ),
      plugin: z
        .string()
        .regex(/^[a-z0-9-]+$/)
        .optional()
        .describe('missing-plugin: which binary goes (default: the network\'s first plugin); leftover-config: the plugin type it names (default cilium-cni).'),
    })
    .strict();

/** Breaks the node's CNI files in the chosen way. */
export const cniBroken: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'cni-broken',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    if (!node) return;
    const fs = node.host.fs;
    node.runtime.attachHostFiles(fs);
    const files = (fs.list(CNI_CONF_DIR) ?? []).filter((e) => e.kind === 'file').map((e) => e.path);
    switch (p.mode) {
      case 'missing-config':
        for (const f of files) fs.remove(f);
        break;
      case 'invalid-json': {
        const file = files[0];
        const text = file ? fs.read(file) : undefined;
        if (!file || text === undefined) break;
        const close = text.lastIndexOf(']');
        const lastItem = text.lastIndexOf('}', close);
        fs.write(file, close > 0 && lastItem > 0 ? `${text.slice(0, lastItem + 1)},${text.slice(lastItem + 1)}` : text.slice(0, Math.floor(text.length / 2)));
        break;
      }
      case 'missing-plugin': {
        const loaded = loadCniNetwork(fs);
        const plugin = p.plugin ?? (loaded.ok ? loaded.network.plugins[0] : 'flannel');
        fs.remove(`${CNI_BIN_DIR}/${plugin}`);
        break;
      }
      case 'leftover-config': {
        const plugin = p.plugin ?? 'cilium-cni';
        fs.write(`${CNI_CONF_DIR}/05-cilium.conflist`, JSON.stringify({ cniVersion: '0.3.1', name: 'cilium', plugins: [{ type: plugin, 'enable-debug': false, 'log-file': '/var/run/cilium/cilium-cni.log' }] }, null, 2) + '\n', { mode: 0o644 });
        break;
      }
    }
  },
};
