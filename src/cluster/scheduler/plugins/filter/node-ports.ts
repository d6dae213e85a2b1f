/**
 * NodePorts: rejects a node where a requested hostPort is already taken.
 * 0.0.0.0 (or empty) hostIP clashes with any IP on the same protocol/port.
 * After `pkg/scheduler/framework/plugins/nodeports/node_ports.go` and
 * `framework/types.go` HostPortInfo.CheckConflict.
 */
import { cycleStateOf } from '../../cycle-state.js';
import { SUCCESS, status } from '../../types.js';
import type { HostPort } from '../../types.js';
import type { FilterPlugin } from './filter-plugin.js';

/** Upstream ErrReason. */
export const ERR_REASON_PORTS = "node(s) didn't have free ports for the requested pod ports";

const ALL_IPS = '0.0.0.0';

/** True when `want` conflicts with a port in `used`. */
export function hostPortConflicts(used: readonly HostPort[], want: HostPort): boolean {
  for (const u of used) {
    if (u.protocol === want.protocol && u.port === want.port && (want.hostIP === ALL_IPS || u.hostIP === ALL_IPS || u.hostIP === want.hostIP)) {
      return true;
    }
  }
  return false;
}

/** The NodePorts filter. */
export const nodePortsFilter: FilterPlugin = {
  name: 'NodePorts',
  filter(pod, nodeInfo, state) {
    const wanted = (state ?? cycleStateOf(pod)).hostPorts;
    if (wanted.length === 0 || nodeInfo.usedPorts.length === 0) return SUCCESS;
    for (const p of wanted) {
      if (hostPortConflicts(nodeInfo.usedPorts, p)) return status('Unschedulable', [ERR_REASON_PORTS], this.name);
    }
    return SUCCESS;
  },
  // PreFilter returns Skip when the pod asks for no host port (node_ports.go).
  skip(state) {
    return state.hostPorts.length === 0;
  },
};
