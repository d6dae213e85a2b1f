/**
 * The scheduling queue: activeQ (by priority, then arrival), backoffQ and the
 * unschedulable pods, with time passed in. After
 * `pkg/scheduler/backend/queue/scheduling_queue.go` (PriorityQueue,
 * calculateBackoffDuration, flushBackoffQCompleted,
 * flushUnschedulablePodsLeftover, MoveAllToActiveOrBackoffQueue) and the
 * plugins' EventsToRegister.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { podPriority } from './pod-resources.js';

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
  /** Scheduling attempts so far. */
  attempts: number;
  /** When it entered its current sub-queue (ms). */
  timestamp: number;
  /** Plugins that rejected it last time; empty after an error. */
  unschedulablePlugins: ReadonlySet<string>;
}

/** `namespace/name` of a pod. */
export function podKey(pod: Pod): string {
  return `${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name ?? ''}`;
}

/** The three sub-queues of kube-scheduler's PriorityQueue. */
export class SchedulingQueue {
  private readonly active = new Map<string, QueuedPod>();
  private readonly backoff = new Map<string, QueuedPod>();
  private readonly unschedulable = new Map<string, QueuedPod>();
  /** Pods popped and being scheduled now, so updates are not lost. */
  private readonly inFlight = new Map<string, QueuedPod>();

  constructor(private readonly timing: QueueTiming = DEFAULT_QUEUE_TIMING) {}

  /** A new pending pod goes to activeQ. */
  add(pod: Pod, now: number): void {
    const key = podKey(pod);
    if (this.find(key)) return this.update(pod, now);
    this.active.set(key, { key, pod, attempts: 0, timestamp: now, unschedulablePlugins: new Set() });
  }

  /** A pending pod changed: keep the newest copy; an unschedulable pod whose spec changed is retried. */
  update(pod: Pod, now: number): void {
    const key = podKey(pod);
    const entry = this.find(key);
    if (!entry) return this.add(pod, now);
    const specChanged = JSON.stringify(entry.pod.spec) !== JSON.stringify(pod.spec) || JSON.stringify(entry.pod.metadata?.labels) !== JSON.stringify(pod.metadata?.labels);
    entry.pod = pod;
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
    let best: QueuedPod | undefined;
    for (const e of this.active.values()) {
      if (!best) best = e;
      else {
        const pa = podPriority(e.pod);
        const pb = podPriority(best.pod);
        if (pa > pb || (pa === pb && e.timestamp < best.timestamp)) best = e;
      }
    }
    if (!best) return undefined;
    this.active.delete(best.key);
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
    if (plugins.size === 0) this.backoff.set(entry.key, entry);
    else this.unschedulable.set(entry.key, entry);
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

  /** flushBackoffQCompleted (every second): pods whose backoff ended go active. */
  flushBackoffCompleted(now: number): void {
    for (const entry of [...this.backoff.values()]) {
      if (this.backoffExpiry(entry) <= now) {
        this.backoff.delete(entry.key);
        entry.timestamp = now;
        this.active.set(entry.key, entry);
      }
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
      this.backoff.set(entry.key, entry);
    } else {
      entry.timestamp = now;
      this.active.set(entry.key, entry);
    }
  }

  private find(key: string): QueuedPod | undefined {
    return this.active.get(key) ?? this.backoff.get(key) ?? this.unschedulable.get(key) ?? this.inFlight.get(key);
  }
}
