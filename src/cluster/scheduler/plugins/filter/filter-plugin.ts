/** The contract of a Filter plugin (framework.FilterPlugin), pure. */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { CycleState } from '../../cycle-state.js';
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
}
