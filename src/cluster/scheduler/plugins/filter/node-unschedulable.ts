/**
 * NodeUnschedulable: rejects cordoned nodes (spec.unschedulable) unless the pod
 * tolerates `node.kubernetes.io/unschedulable:NoSchedule`. After
 * `pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go`.
 */
import { tolerationsTolerateTaint } from '../../taints.js';
import { SUCCESS, status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** Upstream ErrReasonUnschedulable. */
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

/** The NodeUnschedulable filter. */
export const nodeUnschedulable: FilterPlugin = {
  name: 'NodeUnschedulable',
  filter(pod, nodeInfo) {
    if (!nodeInfo.node.spec?.unschedulable) return SUCCESS;
    const tolerates = tolerationsTolerateTaint(pod.spec?.tolerations, {
      key: 'node.kubernetes.io/unschedulable',
      effect: 'NoSchedule',
    });
    if (tolerates) return SUCCESS;
    return status('UnschedulableAndUnresolvable', [ERR_REASON_UNSCHEDULABLE], this.name);
  },
};
