/**
 * The NodeInfo snapshot a scheduling cycle reads: a list of nodes in the
 * cache's order, a map by name, and how many nodes hold each image. It stays
 * still while the cache changes; `SchedulerCache.updateSnapshot` brings it up
 * to date at the start of each cycle by copying only the NodeInfos whose
 * generation is newer than the snapshot's. After
 * `pkg/scheduler/backend/cache/snapshot.go`.
 */
import type { Taint } from 'kubernetes-types/core/v1.js';
import type { NodeInfo } from './types.js';

/** What plugins may read of the whole cluster during a cycle (framework.SharedLister). */
export interface NodeInfoLister {
  /** Every node, in the cache's order. */
  readonly nodeInfoList: readonly NodeInfo[];
  /** The NodeInfo of one node. */
  get(name: string): NodeInfo | undefined;
  /** How many nodes hold the image (normalized name): ImageStateSummary.NumNodes. */
  imageNumNodes(image: string): number;
  /** How many nodes are cordoned (spec.unschedulable): with none, NodeUnschedulable passes every node. */
  readonly numUnschedulableNodes: number;
  /** How many nodes have a PreferNoSchedule taint: with none, TaintToleration scores every node alike. */
  readonly numPreferNoScheduleNodes: number;
}

/** True when the node has a PreferNoSchedule taint. */
export function hasPreferNoScheduleTaint(info: NodeInfo): boolean {
  const taints = info.taints;
  for (let t = 0; t < taints.length; t++) if ((taints[t] as Taint).effect === 'PreferNoSchedule') return true;
  return false;
}

function countImages(list: readonly NodeInfo[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const info of list) for (const name of info.images.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** A snapshot of the scheduler cache (framework Snapshot). */
export class Snapshot implements NodeInfoLister {
  /** The newest cache generation this snapshot has seen; NodeInfos at or below it are current. */
  generation = 0;
  private list: NodeInfo[] = [];
  private readonly byName = new Map<string, NodeInfo>();
  private readonly position = new Map<string, number>();
  private images: ReadonlyMap<string, number> = new Map();
  /** Versions of the node order and image counts this snapshot was built from (-1: never). */
  private orderVersion = -1;
  private imageVersion = -1;
  /** Counts over the list, kept in step by replace and reorder (cost follows change, not nodes × pods). */
  private unschedulable = 0;
  private preferNoSchedule = 0;

  /** NewSnapshot: a snapshot of these NodeInfos, in this order (tests and one-off cycles). */
  static of(infos: readonly NodeInfo[]): Snapshot {
    const s = new Snapshot();
    for (const info of infos) s.byName.set(info.node.metadata?.name ?? '', info);
    s.list = infos.slice();
    s.list.forEach((info, i) => s.position.set(info.node.metadata?.name ?? '', i));
    s.images = countImages(infos);
    s.recount();
    return s;
  }

  get nodeInfoList(): readonly NodeInfo[] {
    return this.list;
  }

  /** Number of nodes. */
  get numNodes(): number {
    return this.list.length;
  }

  get(name: string): NodeInfo | undefined {
    return this.byName.get(name);
  }

  imageNumNodes(image: string): number {
    return this.images.get(image) ?? 0;
  }

  get numUnschedulableNodes(): number {
    return this.unschedulable;
  }

  get numPreferNoScheduleNodes(): number {
    return this.preferNoSchedule;
  }

  private count(info: NodeInfo, by: number): void {
    if (info.unschedulable) this.unschedulable += by;
    if (info.taints.length > 0 && hasPreferNoScheduleTaint(info)) this.preferNoSchedule += by;
  }

  private recount(): void {
    this.unschedulable = this.preferNoSchedule = 0;
    for (const info of this.list) this.count(info, 1);
  }

  /** Puts a node's fresh copy in place of its old one (same slot in the list). Used by the cache. */
  replace(name: string, info: NodeInfo): void {
    this.byName.set(name, info);
    const at = this.position.get(name);
    if (at === undefined) return;
    this.count(this.list[at] as NodeInfo, -1);
    this.count(info, 1);
    this.list[at] = info;
  }

  /** True when the node order this snapshot holds is older than `version`. Used by the cache. */
  orderIsOlderThan(version: number): boolean {
    return this.orderVersion !== version;
  }

  /** Rebuilds the list in the cache's node order and drops deleted nodes (updateNodeInfoSnapshotList). */
  reorder(names: Iterable<string>, version: number): void {
    const keep = new Set(names);
    for (const name of [...this.byName.keys()]) if (!keep.has(name)) this.byName.delete(name);
    this.list = [];
    this.position.clear();
    for (const name of keep) {
      const info = this.byName.get(name);
      if (!info) continue;
      this.position.set(name, this.list.length);
      this.list.push(info);
    }
    this.recount();
    this.orderVersion = version;
  }

  /** True when the image counts this snapshot holds are older than `version`. Used by the cache. */
  imagesAreOlderThan(version: number): boolean {
    return this.imageVersion !== version;
  }

  /** Takes a copy of the cache's image counts. */
  setImageCounts(counts: ReadonlyMap<string, number>, version: number): void {
    this.images = new Map(counts);
    this.imageVersion = version;
  }
}
