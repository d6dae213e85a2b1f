/**
 * Which scheduling-relevant properties of a node changed, as
 * `pkg/scheduler/eventhandlers.go` nodeSchedulingPropertiesChange sees it
 * (heartbeat-only status updates produce no event).
 */
import type { Node } from 'kubernetes-types/core/v1.js';
import type { ClusterEvent } from './queue.js';
import { jsonEqual } from '../json.js';

function same(a: unknown, b: unknown): boolean {
  return jsonEqual(a ?? null, b ?? null);
}

/** The cluster events an update from `old` to `next` raises. */
export function nodeChangeEvents(old: Node, next: Node): ClusterEvent[] {
  const events: ClusterEvent[] = [];
  // spec.unschedulable changes count as NodeSpecUnschedulableChange = UpdateNodeTaint.
  if (!!old.spec?.unschedulable !== !!next.spec?.unschedulable || !same(old.spec?.taints, next.spec?.taints)) events.push('NodeTaintChange');
  if (!same(old.status?.allocatable, next.status?.allocatable)) events.push('NodeAllocatableChange');
  if (!same(old.metadata?.labels, next.metadata?.labels)) events.push('NodeLabelChange');
  return events;
}
