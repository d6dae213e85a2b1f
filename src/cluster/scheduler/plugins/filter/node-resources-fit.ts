/**
 * NodeResourcesFit: does the node have room for the pod's requests? Every
 * short resource is reported, pod count first. In 1.32 the code is always
 * Unschedulable (the UnschedulableAndUnresolvable upgrade for pods larger than
 * the node came in 1.34, kubernetes/kubernetes#131345). After
 * `pkg/scheduler/framework/plugins/noderesources/fit.go` fitsRequest.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { SUCCESS, status } from '../../types.js';
import type { CycleState } from '../../cycle-state.js';
import type { NodeInfo, Resources } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** One resource the node is short of. */
export interface InsufficientResource {
  readonly resourceName: string;
  readonly reason: string;
  readonly requested: number;
  readonly used: number;
  readonly capacity: number;
}

function check(out: InsufficientResource[], name: string, want: number, have: number, inUse: number): void {
  if (want > 0 && want > have - inUse) {
    out.push({ resourceName: name, reason: `Insufficient ${name}`, requested: want, used: inUse, capacity: have });
  }
}

/** The resources the node lacks for a pod with requests `req` (empty when it fits). */
export function fitsRequest(req: Resources, nodeInfo: NodeInfo): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  if (nodeInfo.pods.length + 1 > nodeInfo.allowedPodNumber) {
    out.push({ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: nodeInfo.pods.length, capacity: nodeInfo.allowedPodNumber });
  }
  const scalarNames = Object.keys(req.scalar);
  if (req.milliCpu === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalarNames.length === 0) {
    return out;
  }
  const { allocatable: alloc, requested: used } = nodeInfo;
  check(out, 'cpu', req.milliCpu, alloc.milliCpu, used.milliCpu);
  check(out, 'memory', req.memory, alloc.memory, used.memory);
  check(out, 'ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, used.ephemeralStorage);
  // Go ranges over a map here (random order); sort so the simulation stays deterministic.
  if (scalarNames.length > 1) scalarNames.sort();
  for (const name of scalarNames) {
    const want = req.scalar[name] as number;
    if (want === 0) continue;
    check(out, name, want, alloc.scalar[name] ?? 0, used.scalar[name] ?? 0);
  }
  return out;
}

/** fitsRequest(...).length === 0 without building the list: the pass case, taken for most nodes. */
function fits(state: CycleState, nodeInfo: NodeInfo): boolean {
  // The node's flat copies (one object), read in the order fitsRequest checks.
  if (nodeInfo.numPods + 1 > nodeInfo.allowedPodNumber) return false;
  const req = state.requests;
  if (req.milliCpu > 0 && req.milliCpu > nodeInfo.allocMilliCpu - nodeInfo.reqMilliCpu) return false;
  if (req.memory > 0 && req.memory > nodeInfo.allocMemory - nodeInfo.reqMemory) return false;
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > nodeInfo.allocEphemeralStorage - nodeInfo.reqEphemeralStorage) return false;
  const names = state.requestedScalarNames;
  if (names.length === 0) return true;
  const alloc = nodeInfo.allocatable;
  const used = nodeInfo.requested;
  for (const name of names) {
    const want = req.scalar[name] as number;
    if (want > (alloc.scalar[name] ?? 0) - (used.scalar[name] ?? 0)) return false;
  }
  return true;
}

/** The NodeResourcesFit filter. */
export const nodeResourcesFitFilter: FilterPlugin = {
  name: 'NodeResourcesFit',
  filter(pod, nodeInfo, state) {
    const s = state ?? cycleStateOf(pod);
    if (fits(s, nodeInfo)) return SUCCESS;
    const insufficient = fitsRequest(s.requests, nodeInfo);
    return status('Unschedulable', insufficient.map((i) => i.reason), this.name);
  },
};
