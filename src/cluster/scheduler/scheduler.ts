/**
 * The simulated kube-scheduler process: campaigns for the
 * kube-system/kube-scheduler Lease, watches pods and nodes, and schedules
 * pending pods whose schedulerName it owns, one at a time. After
 * `pkg/scheduler/scheduler.go`, `eventhandlers.go` and `schedule_one.go`
 * (scheduleOne, handleSchedulingFailure, updatePod, bind); the informers feed
 * the scheduler cache (`backend/cache`), and each cycle reads a snapshot of it.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { ComponentContext } from '../component.js';
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import { LeaderElectedProcess, type ElectionHooks, type LeaderElectionTiming } from '../client/leader-election.js';
import { SchedulerCache } from './cache.js';
import { isTerminalPod } from './node-info.js';
import { DEFAULT_QUEUE_TIMING, podKey, SchedulingQueue, type ClusterEvent, type QueueTiming, type QueuedPod } from './queue.js';
import { schedulePod, type FilterRotation, type ScheduleFailure } from './schedule-one.js';
import { nodeChangeEvents } from './node-events.js';
import { Snapshot } from './snapshot.js';
import { isoSeconds } from '../clock/time-text.js';
import { spreadWith } from '../shallow-copy.js';

/** Options of the scheduler process (its flags and profile). */
export interface SchedulerOptions {
  /** The host it runs on; leader identity `<host>_<uuid>`, events' reportingInstance `default-scheduler-<host>`. */
  hostName: string;
  /** The profile's schedulerName (default `default-scheduler`). */
  schedulerName?: string;
  /** --leader-elect (default true): false schedules at once, with no Lease. */
  leaderElect?: boolean;
  /** --leader-elect-* timings. */
  leaderElection?: LeaderElectionTiming;
  /** The client its kubeconfig gives it (default: an in-process control-plane identity, for tests). */
  client?: ApiClient;
  /** Its container's log and exit on a lost lease, when it runs as a program. */
  election?: ElectionHooks;
  /** Backoff and flush timings. */
  queue?: QueueTiming;
}

/** Interval of flushBackoffQCompleted. */
const BACKOFF_FLUSH_MS = 1_000;
/** Interval of flushUnschedulablePodsLeftover. */
const UNSCHEDULABLE_FLUSH_MS = 30_000;

type Obj = Record<string, any>;

const NO_PODS: readonly Pod[] = Object.freeze([]);

function asPod(o: KubeObject): Pod {
  return o as unknown as Pod;
}

/** The kube-scheduler process. */
export class Scheduler extends LeaderElectedProcess {
  readonly name = 'kube-scheduler';
  private readonly schedulerName: string;
  private pods: Informer | undefined;
  private nodes: Informer | undefined;
  private queue: SchedulingQueue | undefined;
  private recorder: EventRecorder | undefined;
  private stopTimers: (() => void)[] = [];
  private pass: number | undefined;
  /** Nodes and the pods bound (or assumed bound) to them, kept up to date by the informers. */
  private cache = new SchedulerCache();
  /** The cache as the current cycle sees it. */
  private snapshot = new Snapshot();
  /** nextStartNodeIndex. */
  private readonly rotation: FilterRotation = { nextStartNodeIndex: 0 };
  /** Rank of each pod key in the pod informer's order (orders each node's pods in the cache). */
  private readonly podRanks = new Map<string, number>();
  private nextPodRank = 0;
  /** Pending pods with status.nominatedNodeName (the nominator's view). */
  private readonly nominated = new Map<string, Pod>();
  /** The seeded tie-breaker every cycle uses (one function, not one per cycle). */
  private readonly random = (): number => this.ctx.random.next();

  constructor(ctx: ComponentContext, private readonly options: SchedulerOptions) {
    super(ctx, options.client ?? ctx.controlPlaneClient('system:kube-scheduler'), { namespace: 'kube-system', name: 'kube-scheduler', hostName: options.hostName, timing: options.leaderElection, leaderElect: options.leaderElect ?? true, ...options.election });
    this.schedulerName = options.schedulerName ?? 'default-scheduler';
  }

  protected startLeading(): void {
    this.startScheduling();
  }

  /** Losing the lease (or stopping) stops scheduling; pending pods stay Pending. */
  protected stopLeading(): void {
    this.stopScheduling();
  }

  /** Where a pending pod waits (`active`, `backoff`, `unschedulable`), for tests and diagnostics. */
  queuedAs(namespace: string, name: string): string | undefined {
    return this.queue?.where(`${namespace}/${name}`);
  }

  private startScheduling(): void {
    if (this.queue) return;
    this.queue = new SchedulingQueue(this.options.queue ?? DEFAULT_QUEUE_TIMING);
    this.cache = new SchedulerCache();
    this.snapshot = new Snapshot();
    this.rotation.nextStartNodeIndex = 0;
    this.recorder = this.ctx.recorder(this.client, { component: this.schedulerName, instance: `${this.schedulerName}-${this.options.hostName}` }, 'events.k8s.io');
    this.nodes = new Informer(this.client, 'nodes').on((type, obj, old) => this.onNode(type, obj as unknown as Node, old as unknown as Node | undefined));
    this.pods = new Informer(this.client, 'pods').on((type, obj, old) => this.onPod(type, asPod(obj), old ? asPod(old) : undefined));
    this.startInformers();
    const q = this.ctx.queue;
    this.stopTimers.push(
      q.every(BACKOFF_FLUSH_MS, () => {
        this.queue?.flushBackoffCompleted(q.now());
        this.kick();
      }),
      q.every(UNSCHEDULABLE_FLUSH_MS, () => {
        this.queue?.flushUnschedulableLeftover(q.now());
        this.kick();
      }),
    );
  }

  private startInformers(): void {
    const ok = [this.nodes, this.pods].every((i) => !i || i.running() || i.start());
    // A failed list (API server down) is retried, as reflectors do.
    if (!ok && this.queue) this.stopTimers.push(this.retryOnce(() => this.startInformers(), 1_000));
  }

  private retryOnce(fn: () => void, delay: number): () => void {
    const id = this.ctx.queue.after(delay, fn);
    return () => this.ctx.queue.cancel(id);
  }

  private stopScheduling(): void {
    for (const stop of this.stopTimers) stop();
    this.stopTimers = [];
    if (this.pass !== undefined) this.ctx.queue.cancel(this.pass);
    this.pass = undefined;
    this.nodes?.stop();
    this.pods?.stop();
    this.nodes = this.pods = undefined;
    this.queue = undefined;
    // The process's event broadcaster ends with it: no series is written after it stopped.
    this.recorder?.stop();
    this.recorder = undefined;
    this.cache = new SchedulerCache();
    this.snapshot = new Snapshot();
    this.podRanks.clear();
    this.nominated.clear();
  }

  /** Pods this profile schedules: unassigned, ours, not being deleted, not gated. */
  private responsibleFor(pod: Pod): boolean {
    return (
      !pod.spec?.nodeName &&
      (pod.spec?.schedulerName ?? 'default-scheduler') === this.schedulerName &&
      !isTerminalPod(pod) &&
      !pod.metadata?.deletionTimestamp &&
      (pod.spec?.schedulingGates ?? []).length === 0
    );
  }

  private onPod(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: Pod, old: Pod | undefined): void {
    const queue = this.queue;
    if (!queue) return;
    const now = this.ctx.queue.now();
    const key = podKey(pod);
    const assigned = !!pod.spec?.nodeName;
    this.updateCache(type, key, pod, assigned);
    if (type === 'DELETED') {
      queue.delete(key);
      if (assigned && !isTerminalPod(pod)) this.moveAll('AssignedPodDelete');
      return;
    }
    if (assigned) {
      queue.delete(key);
      // A pod that finished frees its node, like a deletion (the informer filters terminal pods upstream).
      if (isTerminalPod(pod) && old && !isTerminalPod(old)) this.moveAll('AssignedPodDelete');
      return;
    }
    if (!this.responsibleFor(pod)) {
      queue.delete(key);
      return;
    }
    if (type === 'ADDED') queue.add(pod, now);
    else queue.update(pod, now);
    this.kick();
  }

  /**
   * The cache's event handlers (addPodToCache, updatePodInCache,
   * deletePodFromCache): a bound, non-terminal pod counts on its node and
   * confirms the assumed copy; any other bound pod (deleted, finished) stops
   * counting. An unbound pod's event leaves an assumed copy alone.
   */
  private updateCache(type: 'ADDED' | 'MODIFIED' | 'DELETED', key: string, pod: Pod, assigned: boolean): void {
    // Mirror the informer's order of keys: a new key goes last, a deleted one leaves.
    let rank = this.podRanks.get(key);
    if (type === 'DELETED') this.podRanks.delete(key);
    else if (rank === undefined) this.podRanks.set(key, (rank = this.nextPodRank++));
    if (type !== 'DELETED' && !assigned && pod.status?.nominatedNodeName) this.nominated.set(key, pod);
    else this.nominated.delete(key);
    if (!assigned) return;
    if (type !== 'DELETED' && !isTerminalPod(pod)) this.cache.addPod(pod, rank as number, key);
    else this.cache.removePod(key);
  }

  private onNode(type: 'ADDED' | 'MODIFIED' | 'DELETED', node: Node, old: Node | undefined): void {
    if (type === 'DELETED') this.cache.removeNode(node.metadata?.name ?? '');
    else this.cache.putNode(node);
    if (type === 'ADDED') this.moveAll('NodeAdd');
    else if (type === 'MODIFIED' && old) for (const e of nodeChangeEvents(old, node)) this.moveAll(e);
  }

  private moveAll(event: ClusterEvent): void {
    this.queue?.moveAllToActiveOrBackoff(event, this.ctx.queue.now());
    this.kick();
  }

  /** Schedules a scheduling pass soon (scheduleOne loops while activeQ has pods). */
  private kick(): void {
    if (this.pass !== undefined || !this.queue || this.queue.sizes().active === 0) return;
    this.pass = this.ctx.queue.after(0, () => {
      this.pass = undefined;
      this.drainActive();
    });
  }

  private drainActive(): void {
    for (let entry = this.queue?.pop(); entry; entry = this.queue?.pop()) this.scheduleOne(entry);
  }

  private scheduleOne(entry: QueuedPod): void {
    const queue = this.queue;
    const pods = this.pods;
    const nodes = this.nodes;
    if (!queue || !pods || !nodes) return;
    const now = this.ctx.queue.now();
    const current = pods.get(entry.pod.metadata?.namespace, entry.pod.metadata?.name ?? '');
    const pod = current ? asPod(current) : undefined;
    if (!pod || !this.responsibleFor(pod)) {
      queue.done(entry.key);
      return;
    }
    this.cache.updateSnapshot(this.snapshot);
    const nominatedPods = this.nominated.size === 0 ? NO_PODS : [...this.nominated.values()].filter((p) => podKey(p) !== entry.key);
    const result = schedulePod(pod, this.snapshot, { random: this.random, nominatedPods, rotation: this.rotation });
    if (result.ok) {
      this.bind(entry, pod, result.node, now);
      return;
    }
    this.handleFailure(entry, pod, result, now);
  }

  private bind(entry: QueuedPod, pod: Pod, nodeName: string, now: number): void {
    const queue = this.queue!;
    const ns = pod.metadata?.namespace ?? 'default';
    const name = pod.metadata?.name ?? '';
    const binding = {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name, namespace: ns, uid: pod.metadata?.uid },
      target: { apiVersion: 'v1', kind: 'Node', name: nodeName },
    } as unknown as KubeObject;
    const r = this.client.create('bindings', ns, binding);
    if (!r.ok) {
      // handleBindingCycleError: the status of the Bind plugin becomes the FailedScheduling message.
      const message = `running Bind plugin "DefaultBinder": ${r.status.message}`;
      this.recorder?.record(pod as unknown as KubeObject, 'Warning', 'FailedScheduling', message, undefined, 'Scheduling');
      queue.addUnschedulable(entry, new Set(), now);
      return;
    }
    // Copied key by key: a spread here would give every assumed pod a hidden class of its own (shallow-copy.ts).
    this.cache.assumePod(spreadWith<Pod>(pod, { spec: spreadWith(pod.spec!, { nodeName }) }));
    queue.done(entry.key);
    this.recorder?.record(pod as unknown as KubeObject, 'Normal', 'Scheduled', `Successfully assigned ${ns}/${name} to ${nodeName}`, undefined, 'Binding');
  }

  private handleFailure(entry: QueuedPod, pod: Pod, result: ScheduleFailure, now: number): void {
    const queue = this.queue!;
    let nominatedNodeName: string | undefined;
    if (result.preemption) {
      nominatedNodeName = result.preemption.nodeName;
      for (const victim of result.preemption.victims) this.evict(victim, pod, nominatedNodeName, now);
    }
    this.recorder?.record(pod as unknown as KubeObject, 'Warning', 'FailedScheduling', result.message, undefined, 'Scheduling');
    this.updatePodCondition(pod, result.reason, result.message, nominatedNodeName, now);
    queue.addUnschedulable(entry, result.reason === 'SchedulerError' ? new Set() : result.diagnosis.unschedulablePlugins, now);
    this.kick();
  }

  /** updatePod: PodScheduled=False with the message, and the nominated node; skipped when nothing changes. */
  private updatePodCondition(pod: Pod, reason: string, message: string, nominatedNodeName: string | undefined, now: number): void {
    const ns = pod.metadata?.namespace ?? 'default';
    const got = this.client.get('pods', ns, pod.metadata?.name ?? '');
    if (!got.ok) return;
    const fresh = structuredClone(got.value) as Obj;
    fresh.status ??= {};
    const conditions: Obj[] = fresh.status.conditions ?? [];
    const old = conditions.find((c) => c.type === 'PodScheduled');
    const unchanged = old && old.status === 'False' && old.reason === reason && old.message === message;
    const nominationUnchanged = nominatedNodeName === undefined || fresh.status.nominatedNodeName === nominatedNodeName;
    if (unchanged && nominationUnchanged) return;
    const condition = {
      type: 'PodScheduled',
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: old && old.status === 'False' ? old.lastTransitionTime : isoSeconds(now),
      reason,
      message,
    };
    fresh.status.conditions = old ? conditions.map((c) => (c === old ? condition : c)) : [...conditions, condition];
    if (nominatedNodeName !== undefined) fresh.status.nominatedNodeName = nominatedNodeName;
    this.client.updateStatus('pods', ns, fresh as KubeObject);
  }

  /** prepareCandidate: mark the victim DisruptionTarget, delete it, and say why. */
  private evict(victim: Pod, preemptor: Pod, nodeName: string, now: number): void {
    const ns = victim.metadata?.namespace ?? 'default';
    const name = victim.metadata?.name ?? '';
    const got = this.client.get('pods', ns, name);
    if (!got.ok) return;
    const fresh = structuredClone(got.value) as Obj;
    fresh.status ??= {};
    const conditions: Obj[] = (fresh.status.conditions ?? []).filter((c: Obj) => c.type !== 'DisruptionTarget');
    conditions.push({
      type: 'DisruptionTarget',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: isoSeconds(now),
      reason: 'PreemptionByScheduler',
      message: `${this.schedulerName}: preempting to accommodate a higher priority pod`,
    });
    fresh.status.conditions = conditions;
    this.client.updateStatus('pods', ns, fresh as KubeObject);
    const deleted = this.client.delete('pods', ns, name);
    if (!deleted.ok) return;
    this.recorder?.record(got.value, 'Normal', 'Preempted', `Preempted by pod ${preemptor.metadata?.uid ?? ''} on node ${nodeName}`, undefined, 'Preempting');
  }
}
