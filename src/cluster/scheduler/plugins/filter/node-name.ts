/**
 * NodeName: a pod that names a node fits only that node. After
 * `pkg/scheduler/framework/plugins/nodename/node_name.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { SUCCESS, status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** Upstream ErrReason. */
export const ERR_REASON_NODE_NAME = "node(s) didn't match the requested node name";

/** The NodeName filter. */
export const nodeNameFilter: FilterPlugin = {
  name: 'NodeName',
  filter(pod, nodeInfo, state) {
    const wanted = (state ?? cycleStateOf(pod)).nodeName;
    if (!wanted || wanted === nodeInfo.node.metadata?.name) return SUCCESS;
    return status('UnschedulableAndUnresolvable', [ERR_REASON_NODE_NAME], this.name);
  },
  // Upstream's NodeName has no PreFilter and so runs; a pod without spec.nodeName passes every node, whose
  // outcome is the same without the call (and the scheduler never picks up a pod that names its node).
  skip(state) {
    return state.nodeName === '';
  },
};
