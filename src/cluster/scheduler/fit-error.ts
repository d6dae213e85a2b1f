/**
 * The text of a scheduling failure, exactly as kube-scheduler 1.32 writes it
 * into the FailedScheduling event and the PodScheduled condition. After
 * `pkg/scheduler/framework/types.go` FitError.Error() and Diagnosis.
 */
import type { Status } from './types.js';

/** ErrNoNodesAvailable (schedule_one.go): the cluster has no nodes at all. */
export const NO_NODES_AVAILABLE_MSG = 'no nodes available to schedule pods';

/** Why a pod did not fit: per-node statuses plus PreFilter/PostFilter messages. */
export interface Diagnosis {
  /** Status of every node that a Filter plugin rejected, by node name. */
  readonly nodeToStatus: ReadonlyMap<string, Status>;
  /** Status of the nodes absent from nodeToStatus (e.g. filtered out by a PreFilter result). */
  readonly absentNodesStatus?: Status;
  /** Plugins that rejected the pod somewhere (used for requeueing). */
  readonly unschedulablePlugins: ReadonlySet<string>;
  /** Message of a PreFilter rejection; replaces the per-node histogram. */
  readonly preFilterMsg?: string;
  /** Message of the PostFilter (preemption) step, e.g. `preemption: 0/3 nodes are available: ...`. */
  readonly postFilterMsg?: string;
}

/** The status of one node, taking absent nodes into account (NodeToStatus.Get). */
export function statusOfNode(diagnosis: Pick<Diagnosis, 'nodeToStatus' | 'absentNodesStatus'>, nodeName: string): Status {
  return (
    diagnosis.nodeToStatus.get(nodeName) ??
    diagnosis.absentNodesStatus ?? { code: 'UnschedulableAndUnresolvable', reasons: [] }
  );
}

// Go's sort.Strings compares bytes; JS `<` compares UTF-16 code units, the
// same order for the ASCII reasons the scheduler writes.
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The reason histogram: "count reason" strings sorted as text (so "10 x" sorts before "2 y"). */
export function reasonHistogram(
  numAllNodes: number,
  diagnosis: Pick<Diagnosis, 'nodeToStatus' | 'absentNodesStatus'>,
): string[] {
  const counts = new Map<string, number>();
  for (const s of diagnosis.nodeToStatus.values()) {
    for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const absent = numAllNodes - diagnosis.nodeToStatus.size;
  if (absent > 0 && diagnosis.absentNodesStatus) {
    for (const r of diagnosis.absentNodesStatus.reasons) counts.set(r, (counts.get(r) ?? 0) + absent);
  }
  return [...counts].map(([reason, n]) => `${n} ${reason}`).sort(byteOrder);
}

/** FitError.Error(): `0/N nodes are available: <histogram>.[ <postfilter>]` */
export function fitErrorMessage(numAllNodes: number, diagnosis: Diagnosis): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (diagnosis.preFilterMsg) {
    msg += ` ${diagnosis.preFilterMsg}.`;
  } else {
    const histogram = reasonHistogram(numAllNodes, diagnosis);
    if (histogram.length > 0) msg += ` ${histogram.join(', ')}.`;
  }
  // The PostFilter message is appended as is (" %v"): it already ends with a
  // period. 1.26 added another one (`..`); 1.27+ does not.
  if (diagnosis.postFilterMsg) msg += ` ${diagnosis.postFilterMsg}`;
  return msg;
}
