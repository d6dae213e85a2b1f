/**
 * `kubelet-config-invalid`: someone edits /var/lib/kubelet/config.yaml by
 * hand and restarts the kubelet. The edit is one a careless admin makes:
 * a tab-indented block (YAML syntax), a field name with the wrong case
 * (unknown field: the kubelet only warns), or a value of the wrong type.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { KUBELET_CONFIG_PATH } from '../cluster/kubelet/kubelet-config.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('kubelet-config-invalid'),
      node: z.string().min(1).describe('Node whose kubelet config is edited.'),
      error: z
        .enum(['yaml-syntax', 'unknown-field', 'bad-value', 'wrong-kind'])
        .default('yaml-syntax')
        .describe('The mistake: yaml-syntax (tab indentation), unknown-field (misspelt key; the kubelet only warns), bad-value (a string where a number goes), wrong-kind (kind: KubeletConfig).'),
      backup: z.boolean().default(false).describe('Whether the admin copied the file to config.yaml.bak before editing it.'),
      since: z.string().optional().describe('How long before now the edit and restart happened (duration, e.g. 30m).'),
    })
    .strict();

/** The edited file text. */
export function misconfigure(text: string, error: z.infer<ReturnType<typeof params>>['error']): string {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  switch (error) {
    case 'yaml-syntax':
      // A tab-indented block pasted from a wiki page.
      return `${body}evictionHard:\n\tmemory.available: 200Mi\n\tnodefs.available: 10%\n`;
    case 'unknown-field':
      return `${body}maxpods: 150\n`;
    case 'bad-value':
      return `${body}maxPods: 150 pods\n`;
    case 'wrong-kind':
      return body.replace(/^kind: KubeletConfiguration$/m, 'kind: KubeletConfig');
  }
}

/** Edits the kubelet config file and restarts the kubelet unit. */
export const kubeletConfigInvalid: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'kubelet-config-invalid',
  params,
  apply(cluster, p) {
    const host = cluster.nodes.get(p.node)?.host;
    if (!host) return;
    const original = host.fs.read(KUBELET_CONFIG_PATH) ?? '';
    if (p.backup) host.fs.write(`${KUBELET_CONFIG_PATH}.bak`, original);
    host.fs.write(KUBELET_CONFIG_PATH, misconfigure(original, p.error));
    host.unit('kubelet')?.restart();
  },
};
