/**
 * The scheduler cache's view of each node: the node, the pods assigned to it
 * and what they use, added to and taken from pod by pod. After
 * `pkg/scheduler/framework/types.go` NodeInfo (AddPod, RemovePod, SetNode,
 * Snapshot, updateUsedPorts).
 */
import type { ContainerImage, Node, Pod, Taint } from 'kubernetes-types/core/v1.js';
import { parseBytes, parseCpuMilli, tryParseQuantityExact } from '../quantity.js';
import { emptyResources, isScalarResourceName, podNonZeroRequests, podRequests, specFacts } from './pod-resources.js';
import type { SpecFacts } from './pod-resources.js';
import type { HostPort, NodeInfo, Resources } from './types.js';
import { NO_HOST_PORTS } from './shared-facts.js';

/** True when a pod no longer holds node resources (phase Succeeded or Failed). */
export function isTerminalPod(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

function addResources(into: Resources, from: Resources): void {
  into.milliCpu += from.milliCpu;
  into.memory += from.memory;
  into.ephemeralStorage += from.ephemeralStorage;
  // Scalar names are extended/hugepages resource names (never `__proto__`); most pods have none.
  for (const k in from.scalar) into.scalar[k] = (into.scalar[k] ?? 0) + (from.scalar[k] as number);
}

/** Host ports a pod asks for, init containers included (schedutil.GetHostPorts); shared per pod spec. */
export function podHostPorts(pod: Pod, facts: SpecFacts = specFacts(pod)): readonly HostPort[] {
  if (facts.hostPorts) return facts.hostPorts;
  const ports: HostPort[] = [];
  for (const list of [pod.spec?.initContainers, pod.spec?.containers]) {
    for (const c of list ?? []) {
      for (const p of c.ports ?? []) {
        if ((p.hostPort ?? 0) > 0) {
          ports.push({ protocol: p.protocol || 'TCP', hostIP: p.hostIP || '0.0.0.0', port: p.hostPort as number });
        }
      }
    }
  }
  return (facts.hostPorts = ports.length ? ports : NO_HOST_PORTS);
}

/** Normalizes an image name the way ImageLocality does: a missing tag means `:latest`. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

type QuantityList = Record<string, string | number>;

function allocatableList(node: Node): QuantityList {
  return (node.status?.allocatable ?? node.status?.capacity ?? {}) as QuantityList;
}

/** True when two quantity lists hold the same names with the same texts, in the same order. */
function sameQuantities(a: QuantityList, b: QuantityList): boolean {
  if (a === b) return true;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) if (ak[i] !== bk[i] || a[ak[i] as string] !== b[ak[i] as string]) return false;
  return true;
}

/** True when two image lists name the same images with the same sizes, in the same order. */
function sameImageList(a: ContainerImage[] | undefined, b: ContainerImage[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as ContainerImage;
    const y = b[i] as ContainerImage;
    if (x.sizeBytes !== y.sizeBytes) return false;
    const xn = x.names ?? [];
    const yn = y.names ?? [];
    if (xn.length !== yn.length) return false;
    for (let k = 0; k < xn.length; k++) if (xn[k] !== yn[k]) return false;
  }
  return true;
}

function nodeAllocatable(node: Node): { resources: Resources; pods: number } {
  const list = allocatableList(node);
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

/**
 * A NodeInfo as the scheduler cache keeps it: changed in place as pods come
 * and go (framework.NodeInfo AddPod/RemovePod/SetNode). `node` is undefined
 * while pods name a node the cache has not seen (or that was deleted).
 */
export interface MutableNodeInfo {
  node: Node | undefined;
  pods: Pod[];
  requested: Resources;
  nonZeroRequested: Resources;
  allocatable: Resources;
  allowedPodNumber: number;
  usedPorts: HostPort[];
  images: ReadonlyMap<string, number>;
  generation: number;
  numPods: number;
  taints: readonly Taint[];
  unschedulable: boolean;
  allocMilliCpu: number;
  allocMemory: number;
  allocEphemeralStorage: number;
  reqMilliCpu: number;
  reqMemory: number;
  reqEphemeralStorage: number;
  nonZeroMilliCpu: number;
  nonZeroMemory: number;
}

const NO_TAINTS: readonly Taint[] = Object.freeze([]) as readonly Taint[];

/** Brings the flat copies (NodeInfo.numPods … nonZeroMemory) in step after a change. */
function syncFlat(info: MutableNodeInfo): void {
  info.numPods = info.pods.length;
  info.taints = info.node?.spec?.taints ?? NO_TAINTS;
  info.unschedulable = !!info.node?.spec?.unschedulable;
  info.allocMilliCpu = info.allocatable.milliCpu;
  info.allocMemory = info.allocatable.memory;
  info.allocEphemeralStorage = info.allocatable.ephemeralStorage;
  info.reqMilliCpu = info.requested.milliCpu;
  info.reqMemory = info.requested.memory;
  info.reqEphemeralStorage = info.requested.ephemeralStorage;
  info.nonZeroMilliCpu = info.nonZeroRequested.milliCpu;
  info.nonZeroMemory = info.nonZeroRequested.memory;
}

const NO_IMAGES: ReadonlyMap<string, number> = new Map();

/** A NodeInfo without a node or pods (framework.NewNodeInfo). */
export function emptyNodeInfo(): MutableNodeInfo {
  return {
    node: undefined,
    pods: [],
    requested: emptyResources(),
    nonZeroRequested: emptyResources(),
    allocatable: emptyResources(),
    allowedPodNumber: 0,
    usedPorts: [],
    images: NO_IMAGES,
    generation: 0,
    numPods: 0,
    taints: NO_TAINTS,
    unschedulable: false,
    allocMilliCpu: 0,
    allocMemory: 0,
    allocEphemeralStorage: 0,
    reqMilliCpu: 0,
    reqMemory: 0,
    reqEphemeralStorage: 0,
    nonZeroMilliCpu: 0,
    nonZeroMemory: 0,
  };
}

/** The images a node holds, by normalized name. */
function nodeImages(node: Node): ReadonlyMap<string, number> {
  const images = new Map<string, number>();
  for (const image of node.status?.images ?? []) {
    for (const name of image.names ?? []) images.set(normalizedImageName(name), image.sizeBytes ?? 0);
  }
  return images;
}

/**
 * SetNode: the node, its allocatable resources and images (the pods stay).
 * A status write that leaves the allocatable list or the image list as it
 * was (a heartbeat, nearly every node update) keeps what was read from the
 * old node instead of parsing the same texts again: both are replaced, never
 * changed, so sharing them is safe.
 */
export function setNode(info: MutableNodeInfo, node: Node): void {
  const prev = info.node;
  if (!prev || !sameQuantities(allocatableList(prev), allocatableList(node))) {
    const alloc = nodeAllocatable(node);
    info.allocatable = alloc.resources;
    info.allowedPodNumber = alloc.pods;
  }
  if (!prev || !sameImageList(prev.status?.images, node.status?.images)) info.images = nodeImages(node);
  info.node = node;
  syncFlat(info);
}

function subtractResources(from: Resources, amount: Resources): void {
  from.milliCpu -= amount.milliCpu;
  from.memory -= amount.memory;
  from.ephemeralStorage -= amount.ephemeralStorage;
  for (const k in amount.scalar) from.scalar[k] = (from.scalar[k] ?? 0) - (amount.scalar[k] as number);
}

/** AddPod: adds the pod's requests and host ports, and the pod at `at` (default: last); `facts` are the pod's spec facts. */
export function addPodToNodeInfo(info: MutableNodeInfo, pod: Pod, at = info.pods.length, facts: SpecFacts = specFacts(pod)): void {
  if (at === info.pods.length) info.pods.push(pod);
  else info.pods.splice(at, 0, pod);
  addResources(info.requested, podRequests(pod, facts));
  addResources(info.nonZeroRequested, podNonZeroRequests(pod, facts));
  for (const port of podHostPorts(pod, facts)) info.usedPorts.push(port);
  syncFlat(info);
}

/**
 * RemovePod: takes away the pod at index `at` with its requests and host
 * ports; the other pods keep their order. `facts`, when given, are that pod's
 * spec facts.
 */
export function removePodFromNodeInfo(info: MutableNodeInfo, at: number, facts?: SpecFacts): void {
  const pod = info.pods[at];
  if (!pod) return;
  info.pods.splice(at, 1);
  facts ??= specFacts(pod);
  subtractResources(info.requested, podRequests(pod, facts));
  subtractResources(info.nonZeroRequested, podNonZeroRequests(pod, facts));
  for (const port of podHostPorts(pod, facts)) {
    const i = info.usedPorts.findIndex((u) => u.protocol === port.protocol && u.hostIP === port.hostIP && u.port === port.port);
    if (i >= 0) info.usedPorts.splice(i, 1);
  }
  syncFlat(info);
}

function cloneResources(r: Resources): Resources {
  return { milliCpu: r.milliCpu, memory: r.memory, ephemeralStorage: r.ephemeralStorage, scalar: { ...r.scalar } };
}

/**
 * NodeInfo.Snapshot: a copy whose pod list, requests and ports no later
 * change to `info` can reach (node, allocatable and images are replaced,
 * never changed, so they are shared).
 */
export function cloneNodeInfo(info: MutableNodeInfo | NodeInfo): MutableNodeInfo {
  return {
    node: info.node,
    pods: info.pods.slice(),
    requested: cloneResources(info.requested),
    nonZeroRequested: cloneResources(info.nonZeroRequested),
    allocatable: info.allocatable,
    allowedPodNumber: info.allowedPodNumber,
    usedPorts: info.usedPorts.slice(),
    images: info.images,
    generation: info.generation,
    numPods: info.numPods,
    taints: info.taints,
    unschedulable: info.unschedulable,
    allocMilliCpu: info.allocMilliCpu,
    allocMemory: info.allocMemory,
    allocEphemeralStorage: info.allocEphemeralStorage,
    reqMilliCpu: info.reqMilliCpu,
    reqMemory: info.reqMemory,
    reqEphemeralStorage: info.reqEphemeralStorage,
    nonZeroMilliCpu: info.nonZeroMilliCpu,
    nonZeroMemory: info.nonZeroMemory,
  };
}

/** Builds one NodeInfo from a node and the (already filtered) pods bound to it. */
export function buildNodeInfo(node: Node, pods: readonly Pod[]): NodeInfo {
  const info = emptyNodeInfo();
  setNode(info, node);
  for (const pod of pods) addPodToNodeInfo(info, pod);
  return info as NodeInfo;
}

/**
 * Builds the NodeInfo of every node, in the order given: each gets the
 * non-terminal pods whose spec.nodeName names it. (The scheduler itself keeps
 * them up to date incrementally in its cache; this is for one-off views.)
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
  return nodes.map((node) => buildNodeInfo(node, byNode.get(node.metadata?.name ?? '') ?? []));
}

/** A copy of a NodeInfo with extra pods added (nominated pods, dry runs). */
export function withPods(info: NodeInfo, extra: readonly Pod[]): NodeInfo {
  const copy = cloneNodeInfo(info);
  for (const pod of extra) addPodToNodeInfo(copy, pod);
  return copy as NodeInfo;
}

/** A copy of a NodeInfo with some pods removed (preemption dry runs); the rest keep their order. */
export function withoutPods(info: NodeInfo, removed: readonly Pod[]): NodeInfo {
  const copy = cloneNodeInfo(info);
  for (const pod of removed) {
    const at = copy.pods.indexOf(pod);
    if (at >= 0) removePodFromNodeInfo(copy, at);
  }
  return copy as NodeInfo;
}

/** The node's name. */
export function nodeName(info: NodeInfo): string {
  return info.node.metadata?.name ?? '';
}
