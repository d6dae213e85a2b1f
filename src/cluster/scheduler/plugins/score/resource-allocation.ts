/**
 * The shared part of NodeResourcesFit scoring and BalancedAllocation: the
 * requested/allocatable vectors for cpu and memory (default weights 1/1).
 * After `pkg/scheduler/framework/plugins/noderesources/resource_allocation.go`.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { podNonZeroRequests, podRequests } from '../../pod-resources.js';
import type { NodeInfo } from '../../types.js';

/** requested and allocatable, one entry per scored resource (cpu, memory). */
export interface AllocationVectors {
  readonly requested: readonly number[];
  readonly allocatable: readonly number[];
}

/**
 * Builds the vectors. `useRequested` false (LeastAllocated) counts scoring
 * defaults for containers without requests; true (BalancedAllocation) counts
 * real requests.
 */
export function allocationVectors(pod: Pod, nodeInfo: NodeInfo, useRequested: boolean): AllocationVectors {
  const pr = useRequested ? podRequests(pod) : podNonZeroRequests(pod);
  const nr = useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested;
  const alloc = nodeInfo.allocatable;
  // A resource the node does not offer is left out (alloc 0 ⇒ entry stays 0).
  return {
    requested: [alloc.milliCpu === 0 ? 0 : nr.milliCpu + pr.milliCpu, alloc.memory === 0 ? 0 : nr.memory + pr.memory],
    allocatable: [alloc.milliCpu, alloc.memory],
  };
}
