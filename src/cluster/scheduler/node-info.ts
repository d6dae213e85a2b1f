/**
 * The scheduler cache's view of each node: the node, the pods assigned to it
 * and what they use. After `pkg/scheduler/framework/types.go` NodeInfo
 * (AddPod, updateUsedPorts) and `pkg/scheduler/backend/cache/snapshot.go`.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import { parseBytes, parseCpuMilli, tryParseQuantityExact } from '../quantity.js';
import { emptyResources, isScalarResourceName, podNonZeroRequests, podRequests } from './pod-resources.js';
import type { HostPort, NodeInfo, Resources } from './types.js';

/** True when a pod no longer holds node resources (phase Succeeded or Failed). */
export function isTerminalPod(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

function addResources(into: Resources, from: Resources): void {
  into.milliCpu += from.milliCpu;
  into.memory += from.memory;
  into.ephemeralStorage += from.ephemeralStorage;
  for (const [k, v] of Object.entries(from.scalar)) into.scalar[k] = (into.scalar[k] ?? 0) + v;
}

/** Host ports a pod asks for, init containers included (schedutil.GetHostPorts). */
export function podHostPorts(pod: Pod): HostPort[] {
  const ports: HostPort[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) {
      if ((p.hostPort ?? 0) > 0) {
        ports.push({ protocol: p.protocol || 'TCP', hostIP: p.hostIP || '0.0.0.0', port: p.hostPort as number });
      }
    }
  }
  return ports;
}

/** Normalizes an image name the way ImageLocality does: a missing tag means `:latest`. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

function nodeAllocatable(node: Node): { resources: Resources; pods: number } {
  const list = (node.status?.allocatable ?? node.status?.capacity ?? {}) as Record<string, string | number>;
  const r = emptyResources();
  let pods = 0;
  for (const [name, value] of Object.entries(list)) {
    if (tryParseQuantityExact(value) === undefined) continue;
    if (name === 'cpu') r.milliCpu = parseCpuMilli(value);
    else if (name === 'memory') r.memory = parseBytes(value);
    else if (name === 'ephemeral-storage') r.ephemeralStorage = parseBytes(value);
    else if (name === 'pods') pods = parseBytes(value);
    else if (isScalarResourceName(name)) r.scalar[name] = parseBytes(value);
  }
  return { resources: r, pods };
}

/** Builds one NodeInfo from a node and the (already filtered) pods bound to it. */
export function buildNodeInfo(node: Node, pods: readonly Pod[]): NodeInfo {
  const requested = emptyResources();
  const nonZeroRequested = emptyResources();
  const usedPorts: HostPort[] = [];
  for (const pod of pods) {
    addResources(requested, podRequests(pod));
    addResources(nonZeroRequested, podNonZeroRequests(pod));
    usedPorts.push(...podHostPorts(pod));
  }
  const images = new Map<string, number>();
  for (const image of node.status?.images ?? []) {
    for (const name of image.names ?? []) images.set(normalizedImageName(name), image.sizeBytes ?? 0);
  }
  const alloc = nodeAllocatable(node);
  return {
    node,
    pods,
    requested,
    nonZeroRequested,
    allocatable: alloc.resources,
    allowedPodNumber: alloc.pods,
    usedPorts,
    images,
  };
}

/**
 * Builds the NodeInfo of every node, in the order given: each gets the
 * non-terminal pods whose spec.nodeName names it.
 */
export function buildNodeInfos(nodes: readonly Node[], pods: readonly Pod[]): NodeInfo[] {
  const byNode = new Map<string, Pod[]>();
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName || isTerminalPod(pod)) continue;
    let list = byNode.get(nodeName);
    if (!list) byNode.set(nodeName, (list = []));
    list.push(pod);
  }
  return nodes.map((node) => cachedNodeInfo(node, byNode.get(node.metadata?.name ?? '') ?? []));
}

// Objects from the store are immutable, so a NodeInfo can be reused while its node and pods are the same objects.
const infoCache = new WeakMap<Node, NodeInfo>();

function cachedNodeInfo(node: Node, pods: readonly Pod[]): NodeInfo {
  const cached = infoCache.get(node);
  if (cached && cached.pods.length === pods.length && cached.pods.every((p, i) => p === pods[i])) return cached;
  const info = buildNodeInfo(node, pods);
  infoCache.set(node, info);
  return info;
}

/** A copy of a NodeInfo with extra pods added (nominated pods, dry runs). */
export function withPods(info: NodeInfo, extra: readonly Pod[]): NodeInfo {
  return buildNodeInfo(info.node, [...info.pods, ...extra]);
}

/** A copy of a NodeInfo with some pods removed (preemption dry runs). */
export function withoutPods(info: NodeInfo, removed: readonly Pod[]): NodeInfo {
  const gone = new Set(removed);
  return buildNodeInfo(info.node, info.pods.filter((p) => !gone.has(p)));
}

/** The node's name. */
export function nodeName(info: NodeInfo): string {
  return info.node.metadata?.name ?? '';
}
