/**
 * TaintToleration filter: rejects a node with a NoSchedule/NoExecute taint the
 * pod does not tolerate, naming the first such taint (1.32 wording; 1.35 drops
 * key and value). After `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`.
 */
import { findMatchingUntoleratedTaint, isDoNotScheduleTaint } from '../../taints.js';
import { SUCCESS, status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** The TaintToleration filter. */
export const taintTolerationFilter: FilterPlugin = {
  name: 'TaintToleration',
  filter(pod, nodeInfo) {
    const taint = findMatchingUntoleratedTaint(nodeInfo.node.spec?.taints, pod.spec?.tolerations, isDoNotScheduleTaint);
    if (!taint) return SUCCESS;
    // fmt.Sprintf("node(s) had untolerated taint {%s: %s}", taint.Key, taint.Value)
    const reason = `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
    return status('UnschedulableAndUnresolvable', [reason], this.name);
  },
};
