/**
 * The scheduling queue: activeQ (a heap by priority, then arrival), podBackoffQ
 * (a heap by backoff expiry) and the unschedulable pods, with time passed in.
 * After `pkg/scheduler/backend/queue/scheduling_queue.go` (PriorityQueue,
 * calculateBackoffDuration, flushBackoffQCompleted,
 * flushUnschedulablePodsLeftover, MoveAllToActiveOrBackoffQueue),
 * `framework/plugins/queuesort/priority_sort.go` (Less) and the plugins'
 * EventsToRegister.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { Heap } from './heap.js';
import { podPriority } from './pod-resources.js';
import { jsonEqual } from '../json.js';
import { flatConcat } from '../flat-string.js';

/** A cluster change that may make unschedulable pods schedulable. */
export type ClusterEvent =
  | 'NodeAdd'
  | 'NodeLabelChange'
  | 'NodeTaintChange'
  | 'NodeAllocatableChange'
  | 'AssignedPodDelete'
  | 'PodUpdate';

/** Which events each Filter plugin registered for (EventsToRegister, simplified). */
export const PLUGIN_EVENTS: Readonly<Record<string, readonly ClusterEvent[]>> = {
  NodeUnschedulable: ['NodeAdd', 'NodeTaintChange'],
  NodeName: ['NodeAdd'],
  TaintToleration: ['NodeAdd', 'NodeTaintChange', 'PodUpdate'],
  NodeAffinity: ['NodeAdd', 'NodeLabelChange', 'PodUpdate'],
  NodePorts: ['NodeAdd', 'AssignedPodDelete'],
  NodeResourcesFit: ['NodeAdd', 'NodeAllocatableChange', 'AssignedPodDelete', 'PodUpdate'],
};

/** Queue timings (kube-scheduler defaults). */
export interface QueueTiming {
  /** --pod-initial-backoff-seconds: 1s. */
  readonly initialBackoffMs: number;
  /** --pod-max-backoff-seconds: 10s. */
  readonly maxBackoffMs: number;
  /** podMaxInUnschedulablePodsDuration: 5 minutes. */
  readonly maxInUnschedulableMs: number;
}

/** The defaults. */
export const DEFAULT_QUEUE_TIMING: QueueTiming = { initialBackoffMs: 1_000, maxBackoffMs: 10_000, maxInUnschedulableMs: 5 * 60_000 };

/** A pod in the queue with its scheduling history. */
export interface QueuedPod {
  readonly key: string;
  pod: Pod;
  /** spec.priority of `pod`, kept with it: the heap compares entries often and need not reach into the pod. */
  priority: number;
  /** Scheduling attempts so far. */
  attempts: number;
  /** When it entered its current sub-queue (ms). */
  timestamp: number;
  /** Plugins that rejected it last time; empty after an error. */
  unschedulablePlugins: ReadonlySet<string>;
  /**
   * When it entered its current sub-queue, as a counter: breaks ties between
   * pods of equal priority and timestamp (upstream's heap leaves them in any
   * order; first come, first served keeps the simulation deterministic).
   */
  seq: number;
}

/** PrioritySort.Less: higher priority first, then the earlier timestamp (then the earlier arrival). */
function lessByPriority(a: QueuedPod, b: QueuedPod): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp;
  return a.seq < b.seq;
}

/** `namespace/name` of a pod, flat: the queue, the cache and the scheduler's ranks keep it as long as the pod lives. */
export function podKey(pod: Pod): string {
  return flatConcat(pod.metadata?.namespace ?? 'default', '/', pod.metadata?.name ?? '');
}

/** The three sub-queues of kube-scheduler's PriorityQueue. */
export class SchedulingQueue {
  private readonly active = new Heap<QueuedPod>((e) => e.key, lessByPriority);
  private readonly backoff: Heap<QueuedPod>;
  private readonly unschedulable = new Map<string, QueuedPod>();
  /** Pods popped and being scheduled now, so updates are not lost. */
  private readonly inFlight = new Map<string, QueuedPod>();
  private seq = 0;

  constructor(private readonly timing: QueueTiming = DEFAULT_QUEUE_TIMING) {
    // podsCompareBackoffCompleted: the earliest backoff expiry first.
    this.backoff = new Heap<QueuedPod>((e) => e.key, (a, b) => {
      const ea = this.backoffExpiry(a);
      const eb = this.backoffExpiry(b);
      return ea !== eb ? ea < eb : a.seq < b.seq;
    });
  }

  /** A new pending pod goes to activeQ. */
  add(pod: Pod, now: number): void {
    const key = podKey(pod);
    if (this.find(key)) return this.update(pod, now);
    this.toActive({ key, pod, priority: podPriority(pod), attempts: 0, timestamp: now, unschedulablePlugins: new Set(), seq: 0 });
  }

  /** A pending pod changed: keep the newest copy; an unschedulable pod whose spec changed is retried. */
  update(pod: Pod, now: number): void {
    const key = podKey(pod);
    const entry = this.find(key);
    if (!entry) return this.add(pod, now);
    const specChanged = !jsonEqual(entry.pod.spec, pod.spec) || !jsonEqual(entry.pod.metadata?.labels, pod.metadata?.labels);
    entry.pod = pod;
    entry.priority = podPriority(pod);
    // Its priority may have changed (activeQ.Update re-heapifies).
    this.active.update(key);
    if (specChanged && this.unschedulable.has(key)) {
      this.unschedulable.delete(key);
      this.requeue(entry, now);
    }
  }

  /** The pod is gone or was bound elsewhere. */
  delete(key: string): void {
    this.active.delete(key);
    this.backoff.delete(key);
    this.unschedulable.delete(key);
    this.inFlight.delete(key);
  }

  /** Takes the most important active pod (PrioritySort: priority, then earlier timestamp). */
  pop(): QueuedPod | undefined {
    const best = this.active.pop();
    if (!best) return undefined;
    best.attempts += 1;
    this.inFlight.set(best.key, best);
    return best;
  }

  /** The pod was scheduled (or dropped): forget it. */
  done(key: string): void {
    this.inFlight.delete(key);
  }

  /**
   * A scheduling attempt failed. Rejected by plugins → unschedulable pods;
   * an error (no plugins) → backoffQ (AddUnschedulableIfNotPresent).
   */
  addUnschedulable(entry: QueuedPod, plugins: ReadonlySet<string>, now: number): void {
    if (!this.inFlight.has(entry.key)) return; // deleted while being scheduled
    this.inFlight.delete(entry.key);
    entry.unschedulablePlugins = plugins;
    entry.timestamp = now;
    if (plugins.size === 0) this.toBackoff(entry);
    else this.toUnschedulable(entry);
  }

  /** calculateBackoffDuration: initial × 2^(attempts−1), capped. */
  backoffDuration(attempts: number): number {
    let d = this.timing.initialBackoffMs;
    for (let i = 1; i < attempts; i++) {
      if (d > this.timing.maxBackoffMs - d) return this.timing.maxBackoffMs;
      d += d;
    }
    return d;
  }

  /** When the pod's backoff ends. */
  backoffExpiry(entry: QueuedPod): number {
    return entry.timestamp + this.backoffDuration(entry.attempts);
  }

  /** Moves unschedulable pods that `event` may help to activeQ (or backoffQ while backing off). */
  moveAllToActiveOrBackoff(event: ClusterEvent, now: number): void {
    for (const entry of [...this.unschedulable.values()]) {
      const plugins = [...entry.unschedulablePlugins];
      const interested = plugins.length === 0 || plugins.some((p) => (PLUGIN_EVENTS[p] ?? []).includes(event));
      if (!interested) continue;
      this.unschedulable.delete(entry.key);
      this.requeue(entry, now);
    }
  }

  /** flushBackoffQCompleted (every second): pods whose backoff ended go active, popped from the heap's front only. */
  flushBackoffCompleted(now: number): void {
    const done: QueuedPod[] = [];
    for (let next = this.backoff.peek(); next && this.backoffExpiry(next) <= now; next = this.backoff.peek()) {
      done.push(this.backoff.pop() as QueuedPod);
    }
    // They all get the same timestamp; keep the order they entered backoffQ in.
    done.sort((a, b) => a.seq - b.seq);
    for (const entry of done) {
      entry.timestamp = now;
      this.toActive(entry);
    }
  }

  /** flushUnschedulablePodsLeftover (every 30s): pods unschedulable for over 5 minutes are retried. */
  flushUnschedulableLeftover(now: number): void {
    for (const entry of [...this.unschedulable.values()]) {
      if (now - entry.timestamp > this.timing.maxInUnschedulableMs) {
        this.unschedulable.delete(entry.key);
        this.requeue(entry, now);
      }
    }
  }

  /** Counts per sub-queue (for tests and metrics). */
  sizes(): { active: number; backoff: number; unschedulable: number } {
    return { active: this.active.size, backoff: this.backoff.size, unschedulable: this.unschedulable.size };
  }

  /** Which sub-queue holds the pod, if any. */
  where(key: string): 'active' | 'backoff' | 'unschedulable' | 'in-flight' | undefined {
    if (this.active.has(key)) return 'active';
    if (this.backoff.has(key)) return 'backoff';
    if (this.unschedulable.has(key)) return 'unschedulable';
    if (this.inFlight.has(key)) return 'in-flight';
    return undefined;
  }

  private requeue(entry: QueuedPod, now: number): void {
    if (this.backoffExpiry(entry) > now) {
      this.toBackoff(entry);
    } else {
      entry.timestamp = now;
      this.toActive(entry);
    }
  }

  private toActive(entry: QueuedPod): void {
    entry.seq = ++this.seq;
    this.active.push(entry);
  }

  private toBackoff(entry: QueuedPod): void {
    entry.seq = ++this.seq;
    this.backoff.push(entry);
  }

  private toUnschedulable(entry: QueuedPod): void {
    entry.seq = ++this.seq;
    this.unschedulable.set(entry.key, entry);
  }

  private find(key: string): QueuedPod | undefined {
    return this.active.get(key) ?? this.backoff.get(key) ?? this.unschedulable.get(key) ?? this.inFlight.get(key);
  }
}
