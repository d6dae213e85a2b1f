/**
 * `kubectl get deployments|replicasets|statefulsets|daemonsets`: printDeployment, printReplicaSet,
 * printStatefulSet, printDaemonSet of pkg/printers/internalversion/printers.go.
 */
import type { Deployment, ReplicaSet, StatefulSet, DaemonSet } from 'kubernetes-types/apps/v1.js';
import type { Container } from 'kubernetes-types/core/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';
import { formatLabelSelector, formatLabels } from '../output/labels.js';

/** `layoutContainerCells`: container names and images, comma-joined. */
export function layoutContainerCells(containers: readonly Container[] | undefined): [string, string] {
  const cs = containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(',')];
}

const wideColumns = [
  { name: 'Containers', priority: 1 },
  { name: 'Images', priority: 1 },
  { name: 'Selector', priority: 1 },
] as const;

/** Deployments: NAME READY UP-TO-DATE AVAILABLE AGE, wide CONTAINERS IMAGES SELECTOR. */
export const deploymentPrinter: TableDefinition<Deployment> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Ready', priority: 0 },
    { name: 'Up-to-date', priority: 0 },
    { name: 'Available', priority: 0 },
    { name: 'Age', priority: 0 },
    ...wideColumns,
  ],
  row(d, { now }) {
    const desired = d.spec?.replicas ?? 1;
    const st = d.status ?? {};
    return [
      d.metadata?.name ?? '',
      `${st.readyReplicas ?? 0}/${desired}`,
      String(st.updatedReplicas ?? 0),
      String(st.availableReplicas ?? 0),
      translateTimestampSince(d.metadata?.creationTimestamp, now),
      ...layoutContainerCells(d.spec?.template?.spec?.containers),
      formatLabelSelector(d.spec?.selector),
    ];
  },
};

/** ReplicaSets: NAME DESIRED CURRENT READY AGE, wide CONTAINERS IMAGES SELECTOR. */
export const replicaSetPrinter: TableDefinition<ReplicaSet> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Desired', priority: 0 },
    { name: 'Current', priority: 0 },
    { name: 'Ready', priority: 0 },
    { name: 'Age', priority: 0 },
    ...wideColumns,
  ],
  row(rs, { now }) {
    const st = rs.status;
    return [
      rs.metadata?.name ?? '',
      String(rs.spec?.replicas ?? 1),
      String(st?.replicas ?? 0),
      String(st?.readyReplicas ?? 0),
      translateTimestampSince(rs.metadata?.creationTimestamp, now),
      ...layoutContainerCells(rs.spec?.template?.spec?.containers),
      formatLabelSelector(rs.spec?.selector),
    ];
  },
};

/** StatefulSets: NAME READY AGE, wide CONTAINERS IMAGES. */
export const statefulSetPrinter: TableDefinition<StatefulSet> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Ready', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'Containers', priority: 1 },
    { name: 'Images', priority: 1 },
  ],
  row(s, { now }) {
    return [
      s.metadata?.name ?? '',
      `${s.status?.readyReplicas ?? 0}/${s.spec?.replicas ?? 1}`,
      translateTimestampSince(s.metadata?.creationTimestamp, now),
      ...layoutContainerCells(s.spec?.template?.spec?.containers),
    ];
  },
};

/** DaemonSets: NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE, wide CONTAINERS IMAGES SELECTOR. */
export const daemonSetPrinter: TableDefinition<DaemonSet> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Desired', priority: 0 },
    { name: 'Current', priority: 0 },
    { name: 'Ready', priority: 0 },
    { name: 'Up-to-date', priority: 0 },
    { name: 'Available', priority: 0 },
    { name: 'Node Selector', priority: 0 },
    { name: 'Age', priority: 0 },
    ...wideColumns,
  ],
  row(d, { now }) {
    const st = d.status;
    return [
      d.metadata?.name ?? '',
      String(st?.desiredNumberScheduled ?? 0),
      String(st?.currentNumberScheduled ?? 0),
      String(st?.numberReady ?? 0),
      String(st?.updatedNumberScheduled ?? 0),
      String(st?.numberAvailable ?? 0),
      formatLabels(d.spec?.template?.spec?.nodeSelector),
      translateTimestampSince(d.metadata?.creationTimestamp, now),
      ...layoutContainerCells(d.spec?.template?.spec?.containers),
      formatLabelSelector(d.spec?.selector),
    ];
  },
};
