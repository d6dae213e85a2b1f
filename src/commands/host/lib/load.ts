/**
 * A node's load: the load averages `uptime` prints and the CPU share of its
 * processes, derived from what runs there (no randomness).
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import { runningContainers } from './machine.js';
import { SystemdManager } from '../../../cluster/host/systemd-manager.js';

/** The 1, 5 and 15 minute load averages. */
export function loadAverages(node: NodeHandle): [number, number, number] {
  const busy = new SystemdManager(node.host).listUnits().filter((u) => u.ActiveState === 'active').length * 0.04 + runningContainers(node).length * 0.02;
  return [busy + 0.05, busy * 0.9 + 0.04, busy * 0.8 + 0.03];
}

/** Whole seconds the machine has been up (its monotonic clock does not move with the wall clock). */
export function uptimeSeconds(node: NodeHandle, trueNow: number): number {
  return Math.max(0, Math.floor((trueNow - node.host.bootTime) / 1000));
}
