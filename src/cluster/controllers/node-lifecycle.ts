/**
 * The node lifecycle controller (pkg/controller/nodelifecycle/
 * node_lifecycle_controller.go): watches each node's Lease renewals and Ready
 * heartbeats on its own clock; past the grace period it sets the kubelet's
 * conditions to Unknown, records NodeNotReady, marks the node's pods not
 * ready, and keeps the not-ready/unreachable taints in line with Ready.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { byNodeName, type Index } from './indexes.js';
import { NOT_READY_KEY, UNREACHABLE_KEY, sameTaint } from './taints.js';
import { isoSeconds, parseTime, type Obj } from './util.js';
import { jsonEqual } from '../json.js';
import { flatConcat } from '../flat-string.js';

/** Timing flags of the controller. */
export interface NodeLifecycleOptions {
  /** --node-monitor-period (5s). */
  monitorPeriodMs: number;
  /**
   * --node-monitor-grace-period. 50s since v1.32: kubernetes/kubernetes#126287
   * ("Update Node Monitor Grace Period default duration to 50s") raised it
   * from the 40s it had been for years.
   */
  gracePeriodMs: number;
  /** --node-startup-grace-period (60s): for nodes that never posted Ready. */
  startupGracePeriodMs: number;
}

/** v1.32 defaults. */
export const DEFAULT_NODE_LIFECYCLE: NodeLifecycleOptions = { monitorPeriodMs: 5_000, gracePeriodMs: 50_000, startupGracePeriodMs: 60_000 };

/** Conditions the controller owns when the kubelet goes silent (nodeConditionTypes). */
const KUBELET_CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

/** doNoScheduleTaintingPass: condition → NoSchedule taint key. */
const NO_SCHEDULE_BY_CONDITION: { type: string; status: string; key: string }[] = [
  { type: 'Ready', status: 'False', key: NOT_READY_KEY },
  { type: 'Ready', status: 'Unknown', key: UNREACHABLE_KEY },
  { type: 'MemoryPressure', status: 'True', key: 'node.kubernetes.io/memory-pressure' },
  { type: 'DiskPressure', status: 'True', key: 'node.kubernetes.io/disk-pressure' },
  { type: 'PIDPressure', status: 'True', key: 'node.kubernetes.io/pid-pressure' },
  { type: 'NetworkUnavailable', status: 'True', key: 'node.kubernetes.io/network-unavailable' },
];
const UNSCHEDULABLE_KEY = 'node.kubernetes.io/unschedulable';
const CONTROLLER_NO_SCHEDULE_KEYS = new Set([...NO_SCHEDULE_BY_CONDITION.map((e) => e.key), UNSCHEDULABLE_KEY]);

interface NodeHealth {
  /** The node status last seen (for the Ready heartbeat comparison). */
  readyCondition: Obj | undefined;
  /** When this controller last saw a heartbeat or lease renewal (its own clock). */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  /** The lease renewTime last seen. */
  leaseRenewTime: number | undefined;
  /** The cached Lease whose renewTime was last read: an unchanged lease is not parsed again every pass. */
  lease: KubeObject | undefined;
  /**
   * The pass that changed nothing (see tryUpdateNodeHealth's quiet pass): the cached node it read,
   * the grace it applied and what it returned. Undefined after a pass that went past the grace.
   */
  quiet?: { readonly node: KubeObject; readonly grace: number; readonly outcome: { observed: Obj; current: Obj | undefined } };
}

/** Monitors node health and taints. */
export class NodeLifecycleController implements Controller {
  readonly name = 'node-lifecycle-controller';
  private readonly options: NodeLifecycleOptions;
  private readonly nodes: Informer;
  private readonly leases: Informer;
  private readonly pods: Informer;
  private readonly podsByNode: Index;
  private readonly health = new Map<string, NodeHealth>();
  /** Each node's Lease key in the informer cache (kube-node-lease/<node>, as keyOf builds it), built once per node. */
  private readonly leaseKeys = new Map<string, string>();
  private readonly taintQueue: WorkQueue;
  private readonly recorder: EventRecorder;
  private stopMonitor: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly c: ControllerContext, options: Partial<NodeLifecycleOptions> = {}) {
    this.options = { ...DEFAULT_NODE_LIFECYCLE, ...options };
    this.nodes = c.informers.informer('nodes');
    this.leases = c.informers.informer('leases');
    this.pods = c.informers.informer('pods');
    this.podsByNode = c.informers.index('pods', 'node-name', byNodeName);
    this.recorder = c.recorder('node-controller');
    this.taintQueue = new WorkQueue(c.ctx.queue, (name) => this.noScheduleTaintingPass(name));
    this.nodes.on((type, node) => {
      if (type === 'DELETED') {
        this.health.delete(node.metadata.name!);
        this.leaseKeys.delete(node.metadata.name!);
      } else this.taintQueue.add(node.metadata.name!);
    });
    c.ctx.onJump((delta) => {
      if (this.stopped) return;
      for (const h of this.health.values()) {
        h.probeTimestamp += delta;
        h.readyTransitionTimestamp += delta;
      }
    });
  }

  start(): void {
    // wait.Until runs the first pass at once, then every period.
    this.monitor();
    this.stopMonitor = this.c.ctx.queue.every(this.options.monitorPeriodMs, () => this.monitor());
  }

  stop(): void {
    this.stopped = true;
    this.stopMonitor?.();
    this.taintQueue.stop();
  }

  private now(): number {
    return this.c.ctx.queue.now();
  }

  /**
   * monitorNodeHealth: one pass over all nodes. Upstream deep-copies each node
   * before tryUpdateNodeHealth; here the cached node is only read, and a copy
   * is made only for the status update of a node that went silent.
   */
  private monitor(): void {
    for (const node of this.nodes.list()) {
      const { observed, current } = this.tryUpdateNodeHealth(node);
      if (!current) continue;
      this.processTaintBaseEviction(node, observed);
      if (current.status !== 'True' && observed.status === 'True') {
        // nodeutil.RecordNodeStatusChange: the event's object reference carries the node name as UID.
        this.recorder.record({ apiVersion: 'v1', kind: 'Node', metadata: { name: node.metadata.name, uid: node.metadata.name } }, 'Normal', 'NodeNotReady', `Node ${node.metadata.name} status is now: NodeNotReady`);
        this.markPodsNotReady(node.metadata.name!);
      }
    }
  }

  private tryUpdateNodeHealth(node: KubeObject): { observed: Obj; current: Obj | undefined } {
    const name = node.metadata.name!;
    const now = this.now();
    const lease = this.leases.getByKey(this.leaseKeyOf(name));
    // The very node object the last pass read and found quiet (cached objects are immutable, so no new
    // heartbeat): the full pass below would find nothing new in it, and return the same conditions while
    // within the grace. Only a renewed Lease is left to take in (every other pass of a healthy cluster).
    const known = this.health.get(name);
    const quiet = known?.quiet;
    if (known && quiet && quiet.node === node) {
      this.takeLease(known, lease, now);
      if (now <= known.probeTimestamp + quiet.grace) return quiet.outcome;
    }
    const status = (node.status ?? {}) as Obj;
    const conditions: Obj[] = status.conditions ?? [];
    let current = conditions.find((c) => c.type === 'Ready');
    let observed: Obj;
    let grace: number;
    if (!current) {
      observed = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: node.metadata.creationTimestamp };
      grace = this.options.startupGracePeriodMs;
    } else {
      // The cached node is immutable: its condition is the snapshot itself (no copy per node per pass).
      observed = current;
      grace = this.options.gracePeriodMs;
    }
    let health = known;
    const saved = health?.readyCondition;
    if (!health || (!saved && current) || (saved && !current)) {
      health = { readyCondition: current, probeTimestamp: now, readyTransitionTimestamp: now, leaseRenewTime: health?.leaseRenewTime, lease: health?.lease };
    } else if (saved && current && saved.lastHeartbeatTime !== current.lastHeartbeatTime) {
      const transition = saved.lastTransitionTime !== current.lastTransitionTime ? now : health.readyTransitionTimestamp;
      health = { readyCondition: current, probeTimestamp: now, readyTransitionTimestamp: transition, leaseRenewTime: health.leaseRenewTime, lease: health.lease };
    }
    this.takeLease(health, lease, now);
    this.health.set(name, health);
    health.quiet = undefined;
    if (now > health.probeTimestamp + grace) {
      const stamp = isoSeconds(now);
      // The conditions as they are to be: every kubelet-owned condition Unknown (copies of the changed ones only).
      const next = conditions.map((cond) =>
        KUBELET_CONDITIONS.includes(cond.type) && cond.status !== 'Unknown' ? { ...cond, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: stamp } : cond,
      );
      for (const type of KUBELET_CONDITIONS) {
        if (!conditions.some((c) => c.type === type)) {
          next.push({ type, status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: stamp, reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
        }
      }
      current = next.find((c) => c.type === 'Ready');
      if (!jsonEqual(current, observed)) {
        const r = this.c.client.updateStatus('nodes', undefined, { ...node, status: { ...status, conditions: next } });
        if (!r.ok) return { observed, current: observed };
        health.readyCondition = current;
        health.readyTransitionTimestamp = now;
      }
      return { observed, current };
    }
    // Within the grace: nothing was written, and the next pass over the same node and Lease would repeat this one.
    const outcome = { observed, current };
    health.quiet = { node, grace, outcome };
    return outcome;
  }

  /**
   * Always counts a renewed Lease as a sign of life. The cached lease is immutable: the very object read
   * last pass has the renewTime already compared (leaseRenewTime is at least it), so only a new one is parsed.
   */
  private takeLease(health: NodeHealth, lease: KubeObject | undefined, now: number): void {
    if (lease === health.lease) return;
    health.lease = lease;
    const renew = parseTime((lease?.spec as Obj | undefined)?.renewTime);
    if (renew !== undefined && (health.leaseRenewTime === undefined || health.leaseRenewTime < renew)) {
      health.leaseRenewTime = renew;
      health.probeTimestamp = now;
    }
  }

  /** kube-node-lease/<node>, remembered per node name. */
  private leaseKeyOf(node: string): string {
    let key = this.leaseKeys.get(node);
    if (key === undefined) {
      key = flatConcat('kube-node-lease/', node);
      this.leaseKeys.set(node, key);
    }
    return key;
  }

  /** processTaintBaseEviction: the NoExecute taint follows the observed Ready status. */
  private processTaintBaseEviction(node: KubeObject, observed: Obj): void {
    const want = observed.status === 'False' ? NOT_READY_KEY : observed.status === 'Unknown' ? UNREACHABLE_KEY : undefined;
    const taints: Obj[] = ((node.spec as Obj | undefined)?.taints ?? NO_TAINTS) as Obj[];
    // A Ready node without either NoExecute taint (every pass of a healthy cluster): nothing to add or take away.
    if (!want && !hasHealthTaint(taints)) return;
    const keep = taints.filter((t) => !(t.effect === 'NoExecute' && (t.key === NOT_READY_KEY || t.key === UNREACHABLE_KEY) && t.key !== want));
    const next = [...keep];
    if (want && !keep.some((t) => t.key === want && t.effect === 'NoExecute')) next.push({ key: want, effect: 'NoExecute', timeAdded: isoSeconds(this.now()) });
    if (!jsonEqual(next, taints)) this.writeTaints(node.metadata.name!, next);
  }

  /** doNoScheduleTaintingPass: NoSchedule taints mirror conditions and spec.unschedulable. */
  private noScheduleTaintingPass(name: string): void {
    const node = this.nodes.get(undefined, name);
    if (!node) return;
    const conditions: Obj[] = ((node.status as Obj | undefined)?.conditions ?? []) as Obj[];
    const wanted: Obj[] = [];
    for (const e of NO_SCHEDULE_BY_CONDITION) {
      if (conditions.some((c) => c.type === e.type && c.status === e.status)) wanted.push({ key: e.key, effect: 'NoSchedule' });
    }
    if ((node.spec as Obj | undefined)?.unschedulable) wanted.push({ key: UNSCHEDULABLE_KEY, effect: 'NoSchedule' });
    const taints: Obj[] = ((node.spec as Obj | undefined)?.taints ?? []) as Obj[];
    const kept = taints.filter((t) => !(t.effect === 'NoSchedule' && CONTROLLER_NO_SCHEDULE_KEYS.has(t.key)) || wanted.some((w) => sameTaint(w, t)));
    const next = [...kept, ...wanted.filter((w) => !kept.some((t) => sameTaint(w, t)))];
    if (!jsonEqual(next, taints)) this.writeTaints(name, next);
  }

  private writeTaints(name: string, taints: Obj[]): void {
    const r = this.c.client.patch('nodes', undefined, name, 'merge', { spec: { taints: taints.length ? taints : null } });
    if (!r.ok && r.status.reason !== 'NotFound') this.taintQueue.addAfter(name, 1000);
  }

  /** nodeutil.MarkPodsNotReady: Ready=False through pods/status, plus a NodeNotReady event on each pod. */
  private markPodsNotReady(nodeName: string): void {
    const now = isoSeconds(this.now());
    for (const pod of this.podsByNode.get(nodeName)) {
      if ((pod.spec as Obj | undefined)?.nodeName !== nodeName) continue;
      const status = (pod.status ?? {}) as Obj;
      const conditions: Obj[] = (status.conditions ?? []) as Obj[];
      const ready = conditions.find((c) => c.type === 'Ready');
      if (!ready || ready.status === 'False') continue;
      const next = conditions.map((c) => (c === ready ? { ...c, status: 'False', lastTransitionTime: now } : c));
      const r = this.c.client.updateStatus('pods', pod.metadata.namespace, { ...pod, status: { ...status, conditions: next } });
      if (r.ok) this.recorder.record(pod, 'Warning', 'NodeNotReady', 'Node is not ready');
    }
  }
}

/** No taints (shared: read only). */
const NO_TAINTS: readonly Obj[] = Object.freeze([]);

/** Does the node carry the not-ready or unreachable NoExecute taint? */
function hasHealthTaint(taints: readonly Obj[]): boolean {
  for (const t of taints) if (t.effect === 'NoExecute' && (t.key === NOT_READY_KEY || t.key === UNREACHABLE_KEY)) return true;
  return false;
}
