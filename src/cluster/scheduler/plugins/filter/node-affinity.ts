/**
 * NodeAffinity: nodeSelector AND requiredDuringSchedulingIgnoredDuringExecution.
 * The PreFilter narrows the candidate nodes when every term pins
 * `metadata.name` (how DaemonSet pods target their node). After
 * `pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go`.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { cycleStateOf } from '../../cycle-state.js';
import { matchesSelectorAndTerms } from '../../node-selector.js';
import { SUCCESS, status } from '../../types.js';
import type { Status } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** Upstream ErrReasonPod. */
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
/** Upstream errReasonConflict (PreFilter: the terms pin disjoint node names). */
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

/** What a PreFilter answered: all nodes, a set of node names, or a rejection. */
export type PreFilterResult =
  | { readonly kind: 'all' }
  | { readonly kind: 'nodes'; readonly nodeNames: ReadonlySet<string> }
  | { readonly kind: 'rejected'; readonly status: Status };

/** NodeAffinity PreFilter: the union over terms of the intersected `metadata.name In` values. */
export function nodeAffinityPreFilter(pod: Pod): PreFilterResult {
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms || terms.length === 0) return { kind: 'all' };
  let nodeNames: Set<string> | undefined;
  for (const term of terms) {
    let termNames: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const values = new Set(r.values ?? []);
      termNames = termNames === undefined ? values : new Set([...termNames].filter((n) => values.has(n)));
    }
    // A term without a name pin makes every node eligible (terms are ORed).
    if (termNames === undefined) return { kind: 'all' };
    nodeNames = new Set([...(nodeNames ?? []), ...termNames]);
  }
  if (nodeNames !== undefined && nodeNames.size === 0) {
    return { kind: 'rejected', status: status('UnschedulableAndUnresolvable', [ERR_REASON_CONFLICT], 'NodeAffinity') };
  }
  return nodeNames ? { kind: 'nodes', nodeNames } : { kind: 'all' };
}

/** The NodeAffinity filter. */
export const nodeAffinityFilter: FilterPlugin = {
  name: 'NodeAffinity',
  filter(pod, nodeInfo, state) {
    const s = state ?? cycleStateOf(pod);
    if (matchesSelectorAndTerms(s.nodeSelector, s.requiredTerms, nodeInfo.node)) return SUCCESS;
    return status('UnschedulableAndUnresolvable', [ERR_REASON_POD], this.name);
  },
  // PreFilter returns Skip when the pod has no nodeSelector and no required node affinity ("NodeAffinity
  // Filter has nothing to do with the Pod", node_affinity.go).
  skip(state) {
    return state.nodeSelector.length === 0 && state.requiredTerms === undefined;
  },
};
