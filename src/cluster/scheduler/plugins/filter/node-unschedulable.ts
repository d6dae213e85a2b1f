/**
 * NodeUnschedulable: rejects cordoned nodes (spec.unschedulable) unless the pod
 * tolerates `node.kubernetes.io/unschedulable:NoSchedule`. After
 * `pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { SUCCESS, status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** Upstream ErrReasonUnschedulable. */
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

/** The NodeUnschedulable filter. */
export const nodeUnschedulable: FilterPlugin = {
  name: 'NodeUnschedulable',
  filter(pod, nodeInfo, state) {
    if (!nodeInfo.unschedulable) return SUCCESS;
    if ((state ?? cycleStateOf(pod)).toleratesUnschedulable) return SUCCESS;
    return status('UnschedulableAndUnresolvable', [ERR_REASON_UNSCHEDULABLE], this.name);
  },
  // Upstream has no PreFilter here and runs the filter on every node; it passes every node when the pod tolerates
  // the unschedulable taint or no node of the snapshot is cordoned, so the outcome is the same without the calls.
  skip(state, snapshot) {
    return state.toleratesUnschedulable || (snapshot !== undefined && snapshot.numUnschedulableNodes === 0);
  },
};
