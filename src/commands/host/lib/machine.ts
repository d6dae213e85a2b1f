/**
 * Derived figures of a node as a machine: memory in use, disk in use, the
 * processes it runs, per-unit resource usage. Everything is computed from
 * simulated state (units, runtime containers, images, files) and fixed
 * per-process baselines, so two commands agree and a run is reproducible.
 */
import { nodeFsStats } from '../../../cluster/kubelet/eviction-manager.js';
import type { NodeHandle } from '../../../cluster/cluster.js';
import { SystemdManager, type UnitProperties } from '../../../cluster/host/systemd-manager.js';
import type { RuntimeContainer } from '../../../cluster/runtime/runtime.js';

const KI = 1024;
const MI = 1024 * KI;
const GI = 1024 * MI;

/** Parses a Kubernetes quantity such as `8Gi`, `4096Mi`, `16G` into bytes. */
export function quantityBytes(q: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMGTP]i?|[kmgtp])?$/.exec(q.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  const suffix = m[2] ?? '';
  const bin: Record<string, number> = { Ki: KI, Mi: MI, Gi: GI, Ti: 1024 * GI, Pi: 1024 ** 5 };
  const dec: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, m: 1e-3 };
  return Math.floor(n * (bin[suffix] ?? dec[suffix] ?? 1));
}

/** Memory of the node (bytes), as the node declares it. */
export function memoryTotal(node: NodeHandle): number {
  return quantityBytes(node.spec.memory) || 8 * GI;
}

/** What a unit's main process holds in memory (bytes): a baseline plus what it manages. */
export function unitMemory(node: NodeHandle, unit: UnitProperties): number {
  if (unit.ActiveState !== 'active') return 0;
  const containers = runningContainers(node).length;
  if (unit.Id === 'kubelet.service') return 41 * MI + containers * 1_400 * KI;
  if (unit.Id === 'containerd.service') return 33 * MI + containers * 9 * MI;
  return 12 * MI;
}

/** Threads of a unit's cgroup (`Tasks:`). */
export function unitTasks(node: NodeHandle, unit: UnitProperties): number {
  if (unit.ActiveState !== 'active') return 0;
  const containers = runningContainers(node).length;
  if (unit.Id === 'kubelet.service') return 14;
  if (unit.Id === 'containerd.service') return 9 + containers * 11;
  return 3;
}

/** CPU time used by a unit's current (or last) process, in µs: a steady share of a core since it started. */
export function unitCpuUsec(unit: UnitProperties, now: number): number {
  const share = unit.Id === 'kubelet.service' ? 0.012 : unit.Id === 'containerd.service' ? 0.004 : 0.001;
  if (unit.ActiveState !== 'active') return (60 + (unit.ExecMainPID ?? 0) % 90) * 1000;
  return Math.floor(Math.max(0, now - unit.StateChangeTimestamp) * 1000 * share) + 2_345_000;
}

/** The kernel's default TasksMax for a service: 15% of threads-max (about one thread per 128 KiB of RAM). */
export function tasksLimit(node: NodeHandle): number {
  return Math.floor((memoryTotal(node) / 4096 / 32) * 0.15);
}

/** Containers whose process runs. */
export function runningContainers(node: NodeHandle): RuntimeContainer[] {
  if (!node.runtime.up) return [];
  return [...node.runtime.containers.values()].filter((c) => c.state === 'CONTAINER_RUNNING');
}

/** A container's process id, stable for the container's life (derived from its id; shared with `ss -p`). */
export { containerPid } from '../../../cluster/runtime/container-pid.js';

/** Memory a container's process holds (bytes), stable per container. */
export function containerMemory(c: RuntimeContainer): number {
  return (6 + (parseInt(c.id.slice(6, 10), 16) % 90)) * MI;
}

/** Memory the operating system itself uses (kernel, systemd, journald, sshd ...). */
export const OS_MEMORY = 310 * MI;

/** Memory in use on the node (bytes). */
export function memoryUsed(node: NodeHandle): number {
  let used = OS_MEMORY;
  for (const unit of new SystemdManager(node.host).listUnits()) used += unitMemory(node, unit);
  for (const c of runningContainers(node)) used += containerMemory(c);
  return Math.min(used, memoryTotal(node));
}

/** Bytes in use on the root filesystem, computed as the kubelet's eviction manager sees it (one formula for both). */
export function diskUsed(node: NodeHandle): number {
  return nodeFsStats({ usage: (p) => node.host.fs.usage(p), diskBytes: () => node.host.diskBytes }, node.runtime).used;
}
