/**
 * TaintToleration filter: rejects a node with a NoSchedule/NoExecute taint the
 * pod does not tolerate, naming the first such taint (1.32 wording; 1.35 drops
 * key and value). After `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { isDoNotScheduleTaint, tolerationsTolerateTaint } from '../../taints.js';
import type { Taint } from 'kubernetes-types/core/v1.js';
import { SUCCESS, status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** The TaintToleration filter. */
export const taintTolerationFilter: FilterPlugin = {
  name: 'TaintToleration',
  filter(pod, nodeInfo, state) {
    const taints = nodeInfo.taints;
    if (taints.length === 0) return SUCCESS;
    const tolerations = (state ?? cycleStateOf(pod)).tolerations;
    // FindMatchingUntoleratedTaint: the first NoSchedule/NoExecute taint, in the node's order, that no toleration matches.
    let taint: Taint | undefined;
    for (const t of taints) {
      if (isDoNotScheduleTaint(t) && !tolerationsTolerateTaint(tolerations, t)) {
        taint = t;
        break;
      }
    }
    if (!taint) return SUCCESS;
    // fmt.Sprintf("node(s) had untolerated taint {%s: %s}", taint.Key, taint.Value)
    const reason = `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
    return status('UnschedulableAndUnresolvable', [reason], this.name);
  },
};
