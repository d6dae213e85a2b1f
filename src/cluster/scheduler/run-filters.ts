/**
 * Running the Filter plugins on one node, after
 * `pkg/scheduler/framework/runtime/framework.go` RunFilterPlugins (stop at the
 * first rejection) and RunFilterPluginsWithNominatedPods (first pass with
 * equal-or-higher-priority pods nominated to the node counted as if bound).
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { cycleStateOf } from './cycle-state.js';
import type { CycleState } from './cycle-state.js';
import { withPods } from './node-info.js';
import { podPriority } from './pod-resources.js';
import { DEFAULT_FILTER_PLUGINS } from './plugins/filter/index.js';
import type { FilterPlugin } from './plugins/filter/index.js';
import { SUCCESS } from './types.js';
import type { NodeInfoLister } from './snapshot.js';
import type { NodeInfo, Status } from './types.js';

// The lists of filters left after PreFilter, by which of the default plugins skip (bit i: plugin i skips):
// built once per combination, so a cycle allocates nothing to narrow the list.
const defaultRunLists = new Map<number, readonly FilterPlugin[]>();

/**
 * The filters a cycle runs: the default ones without those whose PreFilter returns
 * Skip for the cycle's pod (framework.go RunPreFilterPlugins collects them in
 * SkipFilterPlugins, RunFilterPlugins passes over them); with `snapshot`,
 * also those that pass every node of it. A skipped filter would pass every
 * node, so the statuses are the same as running them all.
 */
export function filtersToRun(state: CycleState, snapshot?: NodeInfoLister): readonly FilterPlugin[] {
  const plugins = DEFAULT_FILTER_PLUGINS;
  let mask = 0;
  for (let i = 0; i < plugins.length; i++) if ((plugins[i] as FilterPlugin).skip?.(state, snapshot)) mask |= 1 << i;
  if (mask === 0) return plugins;
  let list = defaultRunLists.get(mask);
  if (!list) defaultRunLists.set(mask, (list = plugins.filter((_, i) => (mask & (1 << i)) === 0)));
  return list;
}

/** Runs the filters in order and returns the first non-success status; `state` is the cycle's view of the pod. */
export function runFilterPlugins(
  pod: Pod,
  nodeInfo: NodeInfo,
  plugins: readonly FilterPlugin[] = DEFAULT_FILTER_PLUGINS,
  state: CycleState = cycleStateOf(pod),
): Status {
  for (const plugin of plugins) {
    const s = plugin.filter(pod, nodeInfo, state);
    if (s.code !== 'Success') return s.plugin === undefined ? { ...s, plugin: plugin.name } : s;
  }
  return SUCCESS;
}

function samePod(a: Pod, b: Pod): boolean {
  if (a.metadata?.uid && b.metadata?.uid) return a.metadata.uid === b.metadata.uid;
  return a.metadata?.namespace === b.metadata?.namespace && a.metadata?.name === b.metadata?.name;
}

/**
 * Filters with nominated pods: pods in `nominatedPods` whose
 * status.nominatedNodeName is this node and whose priority is at least the
 * pod's count as placed; if that passes, the node must also pass without them.
 */
export function runFiltersWithNominatedPods(
  pod: Pod,
  nodeInfo: NodeInfo,
  nominatedPods: readonly Pod[],
  plugins: readonly FilterPlugin[] = DEFAULT_FILTER_PLUGINS,
  state: CycleState = cycleStateOf(pod),
): Status {
  if (nominatedPods.length === 0) return runFilterPlugins(pod, nodeInfo, plugins, state);
  const name = nodeInfo.node.metadata?.name;
  const priority = podPriority(pod);
  const added = nominatedPods.filter(
    (p) => p.status?.nominatedNodeName === name && !samePod(p, pod) && podPriority(p) >= priority,
  );
  if (added.length === 0) return runFilterPlugins(pod, nodeInfo, plugins, state);
  const first = runFilterPlugins(pod, withPods(nodeInfo, added), plugins, state);
  if (first.code !== 'Success') return first;
  return runFilterPlugins(pod, nodeInfo, plugins, state);
}
