/**
 * What the DaemonSet controller knows of one DaemonSet per node, kept by the
 * informers' events so that a sync costs the nodes that changed since the
 * last one rather than every node (issue 7). daemon_controller.go rebuilds it
 * all at every sync: the DaemonSet's pods grouped by node
 * (getNodesToDaemonPods), each node's verdict (nodeShouldRunDaemonPod), the
 * creates and deletes (podsShouldBeOnNode, rollingUpdate) and the status
 * counts (updateDaemonSetStatus). Every write of a daemon pod wakes a sync, so
 * that walk is quadratic in nodes: 2.5 s of a 14 s warm-up at 300 nodes.
 *
 * Here each node has a slot: the node object, the DaemonSet's pods on it and
 * what the node contributes (a set of bits: desired, current, ready, …, and
 * "needs a create or delete"). An event marks its node dirty; a sync
 * recomputes the dirty slots' bits, and the status counts are running sums of
 * the bits. Only the nodes that need a create or delete are walked to plan
 * them, in the informer's node order, so the plan is the full walk's, in the
 * same order: the full walk decides nothing for the other nodes.
 *
 * The pods of one node are kept in the order the controller-uid index lists
 * them (the full walk's order, which decides which pod of a node counts and
 * which ones go): every event of a pod moves it to the end, as the index
 * drops and re-adds an entry at each event.
 */
import type { KubeObject } from '../apiserver/types.js';
import { scaledValue } from './deployment-util.js';
import { isPodAvailable, isPodReady, type Obj } from './util.js';

/** What one node contributes; each bit is counted in {@link DaemonNodes}' sums. */
const DESIRED = 0; // the node should run the daemon pod (desiredNumberScheduled)
const CURRENT = 1; // …and has one (currentNumberScheduled)
const MISSCHEDULED = 2; // has one but should not (numberMisscheduled)
const READY = 3; // its first pod is ready (numberReady)
const AVAILABLE = 4; // …available (numberAvailable)
const UPDATED = 5; // …of the current template (updatedNumberScheduled)
const OLD = 6; // should run, and its first live pod is of an older template (a rolling update is due)
const ACTS = 7; // the plan creates or deletes a pod on this node
const COUNTED = 7; // bits below this one are summed

interface Slot {
  /** The node as the informer holds it; undefined for a node that only pods name (deleted, or never existed). */
  node: KubeObject | undefined;
  /** The node's place in the informer's order (its `nodes.list()` order): the order of creates and deletes. */
  seq: number;
  /** The DaemonSet's pods bound or pinned to the node, by entry id, in the controller-uid index's order. */
  readonly pods: Map<string, KubeObject>;
  bits: number;
}

/** The inputs of a DaemonSet's per-node verdicts and counts, besides the nodes and pods. */
export interface DaemonView {
  ds: KubeObject;
  /** The template hash (the `controller-revision-hash` of up-to-date pods). */
  hash: string;
  now: number;
  /** nodeShouldRunDaemonPod's shouldRun for this DaemonSet's pod template. */
  shouldRun(node: KubeObject): boolean;
}

/** The status counts of {@link DaemonNodes.counts}. */
export interface DaemonCounts {
  desired: number;
  current: number;
  misscheduled: number;
  ready: number;
  available: number;
  updated: number;
}

/** The creates (node names) and deletes of one sync, in the order the full walk makes them. */
export interface DaemonPlan {
  create: string[];
  remove: KubeObject[];
}

/**
 * Each node's place in the nodes informer's order: the informer's cache (a
 * Map) keeps a key's place when it is set again and puts a new key last, and
 * its `list()` order was the order in which the full walk visited nodes.
 */
export class NodeOrder {
  private readonly places = new Map<string, number>();
  private next = 0;

  /** A node added or updated: its place (a new name goes last). */
  place(name: string): number {
    let seq = this.places.get(name);
    if (seq === undefined) this.places.set(name, (seq = this.next++));
    return seq;
  }

  /** A node deleted: added again, it goes last. */
  forget(name: string): void {
    this.places.delete(name);
  }
}

/** One DaemonSet's per-node state. */
export class DaemonNodes {
  private readonly slots = new Map<string, Slot>();
  private readonly dirty = new Set<string>();
  private readonly sums: number[] = new Array<number>(COUNTED).fill(0);
  /** The nodes whose ACTS bit is set. */
  private readonly acting = new Set<string>();
  /** What the bits were computed against: a new pod template, hash or minReadySeconds changes every node's bits. */
  private template: unknown = undefined;
  private hash: string | undefined;
  private minReady = 0;

  /** A node added or updated in the informer; `seq` is its place in the informer's order. */
  setNode(name: string, node: KubeObject, seq: number): void {
    const slot = this.slot(name);
    slot.node = node;
    slot.seq = seq;
    this.dirty.add(name);
  }

  /** A node deleted from the informer (its pods, if any, stay: they count as misscheduled). */
  deleteNode(name: string): void {
    const slot = this.slots.get(name);
    if (!slot) return;
    slot.node = undefined;
    this.dirty.add(name);
  }

  /** A pod of the DaemonSet's, not being deleted, bound or pinned to `nodeName`: it goes to the end of the node's order. */
  addPod(id: string, pod: KubeObject, nodeName: string): void {
    const pods = this.slot(nodeName).pods;
    pods.delete(id);
    pods.set(id, pod);
    this.dirty.add(nodeName);
  }

  /** The pod `id` left `nodeName` (deleted, being deleted, moved, or about to be re-added at the end). */
  removePod(id: string, nodeName: string): void {
    if (this.slots.get(nodeName)?.pods.delete(id)) this.dirty.add(nodeName);
  }

  /** Recomputes the dirty nodes' contributions; call before {@link counts} and {@link plan}. */
  refresh(view: DaemonView): void {
    const spec = view.ds.spec as Obj;
    const minReady: number = spec.minReadySeconds ?? 0;
    const template = spec.template?.spec;
    // With minReadySeconds a pod becomes available by the clock alone, with no event: every node is recounted.
    if (template !== this.template || view.hash !== this.hash || minReady !== this.minReady || minReady > 0) {
      this.template = template;
      this.hash = view.hash;
      this.minReady = minReady;
      for (const name of this.slots.keys()) this.dirty.add(name);
    }
    const ns = view.ds.metadata.namespace;
    for (const name of this.dirty) {
      const slot = this.slots.get(name)!;
      const bits = this.bitsOf(slot, ns, view);
      const changed = bits ^ slot.bits;
      if (changed) {
        for (let b = 0; b < COUNTED; b++) if (changed & (1 << b)) this.sums[b] += bits & (1 << b) ? 1 : -1;
        if (changed & (1 << ACTS)) {
          if (bits & (1 << ACTS)) this.acting.add(name);
          else this.acting.delete(name);
        }
        slot.bits = bits;
      }
      if (!slot.node && slot.pods.size === 0) this.slots.delete(name);
    }
    this.dirty.clear();
  }

  /** The status counts (updateDaemonSetStatus's loop), as of the last {@link refresh}. */
  counts(): DaemonCounts {
    const s = this.sums;
    return { desired: s[DESIRED], current: s[CURRENT], misscheduled: s[MISSCHEDULED], ready: s[READY], available: s[AVAILABLE], updated: s[UPDATED] };
  }

  /**
   * manage's creates and deletes, as of the last {@link refresh}: a node that
   * should run the pod and has none gets one; a node that should not loses
   * its pods; a failed pod is deleted (a new one replaces it) and of several
   * live ones the first stays. Then, unless the strategy is OnDelete, the
   * rolling update's victims.
   */
  plan(view: DaemonView): DaemonPlan {
    const ns = view.ds.metadata.namespace;
    const create: string[] = [];
    const remove: KubeObject[] = [];
    for (const name of this.inOrder(this.acting)) {
      const slot = this.slots.get(name)!;
      const pods = podsIn(slot, ns);
      if (!(slot.bits & (1 << DESIRED))) {
        remove.push(...pods);
        continue;
      }
      const live = pods.filter((p) => !failed(p));
      for (const p of pods) if (failed(p)) remove.push(p);
      if (live.length === 0) create.push(name);
      else remove.push(...live.slice(1));
    }
    // Only a node whose first live pod is old can give a victim; with none, the walk would find nothing.
    if (this.sums[OLD] > 0) remove.push(...this.rollingUpdateVictims(view, new Set(remove)));
    return { create, remove };
  }

  /** rollingUpdate: old pods that are unavailable go first, then old available ones within maxUnavailable. */
  private rollingUpdateVictims(view: DaemonView, already: ReadonlySet<KubeObject>): KubeObject[] {
    const spec = view.ds.spec as Obj;
    const strategy = spec.updateStrategy ?? {};
    if (strategy.type === 'OnDelete') return [];
    const desired = this.sums[DESIRED];
    const maxUnavailable = Math.max(1, scaledValue(strategy.rollingUpdate?.maxUnavailable ?? 1, desired, true));
    const minReady = spec.minReadySeconds ?? 0;
    const ns = view.ds.metadata.namespace;
    let unavailable = 0;
    const oldAvailable: KubeObject[] = [];
    const victims: KubeObject[] = [];
    const running = [...this.slots.keys()].filter((name) => this.slots.get(name)!.bits & (1 << DESIRED));
    for (const name of this.inOrder(running)) {
      const pod = podsIn(this.slots.get(name)!, ns).find((p) => !already.has(p));
      if (!pod) {
        unavailable++;
        continue;
      }
      const available = isPodAvailable(pod, minReady, view.now);
      const old = revisionHash(pod) !== view.hash;
      if (!available) unavailable++;
      if (old && !available) victims.push(pod);
      else if (old) oldAvailable.push(pod);
    }
    for (const pod of oldAvailable) {
      if (unavailable >= maxUnavailable) break;
      victims.push(pod);
      unavailable++;
    }
    return victims;
  }

  /** A node's contribution given its pods and verdict. */
  private bitsOf(slot: Slot, ns: string | undefined, view: DaemonView): number {
    const run = slot.node !== undefined && view.shouldRun(slot.node);
    let count = 0;
    let first: KubeObject | undefined;
    let firstLive: KubeObject | undefined;
    for (const p of slot.pods.values()) {
      if (p.metadata.namespace !== ns) continue;
      count++;
      first ??= p;
      if (!firstLive && !failed(p)) firstLive = p;
    }
    let bits = run ? 1 << DESIRED : 0;
    if (first && !run) bits |= 1 << MISSCHEDULED;
    else if (first) {
      bits |= 1 << CURRENT;
      if (isPodReady(first)) bits |= 1 << READY;
      if (isPodAvailable(first, this.minReady, view.now)) bits |= 1 << AVAILABLE;
      if (revisionHash(first) === view.hash) bits |= 1 << UPDATED;
    }
    if (run && firstLive && revisionHash(firstLive) !== view.hash) bits |= 1 << OLD;
    // Nothing to do: a node that should run the pod has exactly one, live; one that should not has none.
    // A node the informer does not hold is never walked (its pods only count as misscheduled).
    const settled = run ? count === 1 && firstLive === first : count === 0;
    if (slot.node && !settled) bits |= 1 << ACTS;
    return bits;
  }

  /** `names` (of nodes the informer holds) in the informer's order. */
  private inOrder(names: Iterable<string>): string[] {
    return [...names].sort((a, b) => this.slots.get(a)!.seq - this.slots.get(b)!.seq);
  }

  private slot(name: string): Slot {
    let slot = this.slots.get(name);
    if (!slot) this.slots.set(name, (slot = { node: undefined, seq: 0, pods: new Map(), bits: 0 }));
    return slot;
  }
}

/** The DaemonSet's pods on a node (those of its namespace, as the full walk filters them), in order. */
function podsIn(slot: Slot, ns: string | undefined): KubeObject[] {
  const pods: KubeObject[] = [];
  for (const p of slot.pods.values()) if (p.metadata.namespace === ns) pods.push(p);
  return pods;
}

function revisionHash(pod: KubeObject): string | undefined {
  return pod.metadata.labels?.['controller-revision-hash'];
}

/** A daemon pod that failed (deleted, so that a new one replaces it). */
export function failed(pod: KubeObject): boolean {
  return (pod.status as Obj | undefined)?.phase === 'Failed';
}
