/** `kubectl get nodes`: printNode of kubernetes/kubernetes pkg/printers/internalversion/printers.go. */
import type { Node } from 'kubernetes-types/core/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';
import { byteCompare } from '../output/labels.js';

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/** `findNodeRoles`: sorted, de-duplicated role names from node-role labels and kubernetes.io/role. */
export function findNodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort(byteCompare);
}

/** STATUS: `Ready`/`NotReady` from the Ready condition (`Unknown` without one), plus `,SchedulingDisabled`. */
export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

const address = (node: Node, type: string): string =>
  (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';

/** Nodes: NAME STATUS ROLES AGE VERSION, wide INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION CONTAINER-RUNTIME. */
export const nodePrinter: TableDefinition<Node> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Status', priority: 0 },
    { name: 'Roles', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'Version', priority: 0 },
    { name: 'Internal-IP', priority: 1 },
    { name: 'External-IP', priority: 1 },
    { name: 'OS-Image', priority: 1 },
    { name: 'Kernel-Version', priority: 1 },
    { name: 'Container-Runtime', priority: 1 },
  ],
  row(node, { now }) {
    const info = node.status?.nodeInfo;
    const roles = findNodeRoles(node).join(',');
    return [
      node.metadata?.name ?? '',
      nodeStatus(node),
      roles || '<none>',
      translateTimestampSince(node.metadata?.creationTimestamp, now),
      info?.kubeletVersion ?? '',
      address(node, 'InternalIP'),
      address(node, 'ExternalIP'),
      info?.osImage || '<unknown>',
      info?.kernelVersion || '<unknown>',
      info?.containerRuntimeVersion || '<unknown>',
    ];
  },
};
