/** The contract of a Filter plugin (framework.FilterPlugin), pure. */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { CycleState } from '../../cycle-state.js';
import type { NodeInfoLister } from '../../snapshot.js';
import type { NodeInfo, Status } from '../../types.js';

/** A Filter plugin: says whether the pod may run on the node. */
export interface FilterPlugin {
  /** Upstream plugin name, e.g. `NodeResourcesFit`. */
  readonly name: string;
  /**
   * Success, or the code and reasons the node is rejected for. `state` is the
   * cycle's view of the pod (read from `pod` when absent).
   */
  filter(pod: Pod, nodeInfo: NodeInfo, state?: CycleState): Status;
  /**
   * PreFilter's Skip: true when the filter has nothing to check for the
   * cycle's pod (or, given the cycle's `snapshot`, on any of its nodes), so
   * it would pass every node; the cycle then does not call it (upstream's
   * framework records the plugin in SkipFilterPlugins and RunFilterPlugins
   * passes over it).
   */
  skip?(state: CycleState, snapshot?: NodeInfoLister): boolean;
}
