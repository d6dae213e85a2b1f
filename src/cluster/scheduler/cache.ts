/**
 * The scheduler cache: one NodeInfo per node, changed incrementally by
 * informer events (node add/update/delete, pod add/update/delete) and by the
 * scheduler's own assumed pods, each change stamping the NodeInfo with a new
 * generation and moving it to the head of a most-recently-changed list, so
 * `updateSnapshot` copies only what changed since the last cycle. After
 * `pkg/scheduler/backend/cache/cache.go` (cacheImpl, nodeInfoListItem,
 * moveNodeInfoToHead, UpdateSnapshot, AssumePod, AddPod, RemovePod,
 * addNodeImageStates).
 *
 * Determinism: upstream keeps a node's pods in arrival order and removes by
 * swapping with the last; the simulation instead orders each node's pods by
 * a rank (the informer's order of the pod keys, assumed pods after all
 * others), so the order never depends on which event came first.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import { addPodToNodeInfo, cloneNodeInfo, emptyNodeInfo, podHostPorts, removePodFromNodeInfo, setNode } from './node-info.js';
import type { MutableNodeInfo } from './node-info.js';
import { specFacts } from './pod-resources.js';
import type { SpecFacts } from './pod-resources.js';
import { podKey } from './queue.js';
import type { Snapshot } from './snapshot.js';
import type { NodeInfo } from './types.js';

/** Ranks of assumed pods start here, above any informer rank. */
const ASSUMED_RANK_BASE = 2 ** 40;

/** A NodeInfo in the most-recently-changed list, with its pods' ranks (same order as info.pods). */
interface Item {
  readonly name: string;
  readonly info: MutableNodeInfo;
  readonly ranks: number[];
  prev: Item | undefined;
  next: Item | undefined;
}

/** Where a pod is counted. */
interface PodState {
  readonly pod: Pod;
  readonly nodeName: string;
  readonly rank: number;
  readonly assumed: boolean;
  /** The pod's spec facts (requests, host ports), looked up once. */
  readonly facts: SpecFacts;
}

/** Index of the first rank ≥ `rank` in an ascending list. */
function lowerBound(ranks: readonly number[], rank: number): number {
  let lo = 0;
  let hi = ranks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranks[mid] as number) < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The scheduler's cache of nodes and the pods assigned (or assumed) to them. */
export class SchedulerCache {
  private readonly items = new Map<string, Item>();
  private head: Item | undefined;
  /** Names of the nodes that exist, in the order they were added (the simulation's nodeTree). */
  private readonly nodeOrder = new Set<string>();
  private orderVersion = 0;
  private generation = 0;
  private readonly podStates = new Map<string, PodState>();
  private nextAssumedRank = ASSUMED_RANK_BASE;
  /** Nodes holding each image (normalized name → count). */
  private readonly imageCounts = new Map<string, number>();
  private imageVersion = 0;

  /** AddNode / UpdateNode: the node's allocatable and images are replaced; its pods stay. */
  putNode(node: Node): void {
    const name = node.metadata?.name ?? '';
    const item = this.item(name);
    if (!this.nodeOrder.has(name)) {
      this.nodeOrder.add(name);
      this.orderVersion += 1;
    }
    const before = item.info.node ? item.info.images : undefined;
    setNode(item.info, node);
    this.countImages(before, item.info.images);
    this.touch(item);
  }

  /** RemoveNode: the node leaves the snapshot; a NodeInfo with pods stays behind until they go. */
  removeNode(name: string): void {
    const item = this.items.get(name);
    if (!item) return;
    if (this.nodeOrder.delete(name)) this.orderVersion += 1;
    if (item.info.node) this.countImages(item.info.images, undefined);
    item.info.node = undefined;
    if (item.info.pods.length === 0) this.drop(item);
    else this.touch(item);
  }

  /**
   * AddPod / UpdatePod: a pod the informer reports bound to a node and not
   * terminal; confirms the assumed copy if there is one. `rank` orders the
   * node's pods (the informer's order of pod keys); `key` is the pod's
   * podKey when the caller has it.
   */
  addPod(pod: Pod, rank: number, key = podKey(pod)): void {
    const old = this.podStates.get(key);
    this.place(key, { pod, nodeName: pod.spec?.nodeName ?? '', rank, assumed: false, facts: specFacts(pod) }, old);
  }

  /** AssumePod: counts a pod on the node it is being bound to before the informer says so. */
  assumePod(pod: Pod): void {
    this.place(podKey(pod), { pod, nodeName: pod.spec?.nodeName ?? '', rank: this.nextAssumedRank++, assumed: true, facts: specFacts(pod) });
  }

  /** RemovePod / ForgetPod: the pod (assumed or not) no longer counts anywhere. */
  removePod(key: string): void {
    const state = this.podStates.get(key);
    if (!state) return;
    this.podStates.delete(key);
    this.unplace(state);
  }

  /** IsAssumedPod. */
  isAssumed(key: string): boolean {
    return this.podStates.get(key)?.assumed ?? false;
  }

  /** Number of nodes (not counting NodeInfos left behind by deleted nodes). */
  get numNodes(): number {
    return this.nodeOrder.size;
  }

  /** The live NodeInfo of a node (tests and diagnostics; do not change it). */
  nodeInfo(name: string): NodeInfo | undefined {
    const info = this.items.get(name)?.info;
    return info?.node ? (info as NodeInfo) : undefined;
  }

  /**
   * UpdateSnapshot: copies into `snapshot` the NodeInfos changed since its
   * generation (walking the most-recently-changed list from its head), then
   * rebuilds its list if nodes were added or removed. Returns how many
   * NodeInfos it copied.
   */
  updateSnapshot(snapshot: Snapshot): number {
    let copied = 0;
    for (let item = this.head; item && item.info.generation > snapshot.generation; item = item.next) {
      if (!item.info.node) continue;
      snapshot.replace(item.name, cloneNodeInfo(item.info) as NodeInfo);
      copied += 1;
    }
    if (this.head) snapshot.generation = this.head.info.generation;
    if (snapshot.orderIsOlderThan(this.orderVersion)) snapshot.reorder(this.nodeOrder, this.orderVersion);
    if (snapshot.imagesAreOlderThan(this.imageVersion)) snapshot.setImageCounts(this.imageCounts, this.imageVersion);
    return copied;
  }

  private place(key: string, state: PodState, old = this.podStates.get(key)): void {
    if (old && this.replaceInPlace(old, state)) {
      this.podStates.set(key, state);
      return;
    }
    if (old) this.unplace(old);
    this.podStates.set(key, state);
    const item = this.item(state.nodeName);
    const at = lowerBound(item.ranks, state.rank);
    item.ranks.splice(at, 0, state.rank);
    addPodToNodeInfo(item.info, state.pod, at, state.facts);
    this.touch(item);
  }

  /**
   * An update that leaves the pod where it was with the same spec facts (a
   * status write, the common case): the same requests and ports, so only the
   * pod object is swapped; the NodeInfo still changes generation, as
   * removePod + addPod would give it.
   *
   * So is an assumed pod the informer confirms (a new rank) when its rank
   * keeps it at its place among the node's pods (the pod bound first of those
   * still assumed, the usual case) and it has no host ports: removing and
   * adding it would subtract and add back the same whole numbers and put it
   * back at the same index; only host ports would move, to the end of the
   * node's list.
   */
  private replaceInPlace(old: PodState, next: PodState): boolean {
    if (old.nodeName !== next.nodeName || old.facts !== next.facts) return false;
    const item = this.items.get(next.nodeName);
    if (!item) return false;
    const ranks = item.ranks;
    const at = lowerBound(ranks, old.rank);
    if (ranks[at] !== old.rank) return false;
    if (next.rank !== old.rank) {
      // (On a node that is gone the removal could drop its NodeInfo: left to removePod + addPod.)
      const keepsPlace = (at === 0 || ranks[at - 1] < next.rank) && (at + 1 === ranks.length || ranks[at + 1] >= next.rank);
      if (!keepsPlace || !item.info.node || podHostPorts(next.pod, next.facts).length > 0) return false;
      ranks[at] = next.rank;
    }
    item.info.pods[at] = next.pod;
    this.touch(item);
    return true;
  }

  private unplace(state: PodState): void {
    const item = this.items.get(state.nodeName);
    if (!item) return;
    const at = lowerBound(item.ranks, state.rank);
    if (item.ranks[at] !== state.rank) return;
    item.ranks.splice(at, 1);
    removePodFromNodeInfo(item.info, at, state.facts);
    if (!item.info.node && item.info.pods.length === 0) this.drop(item);
    else this.touch(item);
  }

  private item(name: string): Item {
    let item = this.items.get(name);
    if (!item) {
      item = { name, info: emptyNodeInfo(), ranks: [], prev: undefined, next: undefined };
      this.items.set(name, item);
    }
    return item;
  }

  /** A change: new generation, and to the head of the list (moveNodeInfoToHead). */
  private touch(item: Item): void {
    this.generation += 1;
    item.info.generation = this.generation;
    if (this.head === item) return;
    this.unlink(item);
    item.next = this.head;
    if (this.head) this.head.prev = item;
    this.head = item;
  }

  private drop(item: Item): void {
    this.unlink(item);
    this.items.delete(item.name);
  }

  private unlink(item: Item): void {
    if (item.prev) item.prev.next = item.next;
    if (item.next) item.next.prev = item.prev;
    if (this.head === item) this.head = item.next;
    item.prev = item.next = undefined;
  }

  /** addNodeImageStates / removeNodeImageStates, skipped when the set of images did not change. */
  private countImages(before: ReadonlyMap<string, number> | undefined, after: ReadonlyMap<string, number> | undefined): void {
    if (before === after) return;
    if (before && after && before.size === after.size && [...after.keys()].every((k) => before.has(k))) return;
    for (const name of before?.keys() ?? []) {
      const n = (this.imageCounts.get(name) ?? 0) - 1;
      if (n > 0) this.imageCounts.set(name, n);
      else this.imageCounts.delete(name);
    }
    for (const name of after?.keys() ?? []) this.imageCounts.set(name, (this.imageCounts.get(name) ?? 0) + 1);
    this.imageVersion += 1;
  }
}
