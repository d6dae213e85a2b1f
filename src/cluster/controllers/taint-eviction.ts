/**
 * The taint-eviction-controller (pkg/controller/tainteviction/
 * taint_eviction.go, split out of the node lifecycle controller in v1.29):
 * deletes pods from nodes with NoExecute taints they do not tolerate, at
 * once, or after the shortest matching tolerationSeconds, counted from when
 * this controller first scheduled the eviction.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { TimerId } from '../clock/event-queue.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { tolerates } from './taints.js';
import { byNodeName, type Index } from './indexes.js';
import { objectKey, type Obj } from './util.js';
import { jsonEqual } from '../json.js';

interface Scheduled {
  createdAt: number;
  fireAt: number;
  timer: TimerId;
}

/** Evicts pods from NoExecute-tainted nodes. */
export class TaintEvictionController implements Controller {
  readonly name = 'taint-eviction-controller';
  private readonly nodes: Informer;
  private readonly pods: Informer;
  private readonly podsByNode: Index;
  private readonly recorder: EventRecorder;
  private readonly scheduled = new Map<string, Scheduled>();
  private stopped = false;

  constructor(private readonly c: ControllerContext) {
    this.nodes = c.informers.informer('nodes');
    this.pods = c.informers.informer('pods');
    this.podsByNode = c.informers.index('pods', 'node-name', byNodeName);
    this.recorder = c.recorder('taint-eviction-controller');
    this.nodes.on((type, node, old) => {
      if (type === 'DELETED' || sameNoExecute(node, old)) return;
      // Node updates are handled after the current event, like the upstream node update queue.
      c.ctx.queue.after(0, () => this.handleNode(node.metadata.name!));
    });
    this.pods.on((type, pod) => {
      if (type === 'DELETED') return this.cancel(objectKey(pod), undefined);
      c.ctx.queue.after(0, () => this.handlePod(objectKey(pod)));
    });
  }

  start(): void {}

  stop(): void {
    this.stopped = true;
    for (const s of this.scheduled.values()) this.c.ctx.queue.cancel(s.timer);
    this.scheduled.clear();
  }

  private handleNode(name: string): void {
    if (this.stopped) return;
    for (const pod of this.podsByNode.get(name)) if ((pod.spec as Obj | undefined)?.nodeName === name) this.processPod(pod);
  }

  private handlePod(key: string): void {
    if (this.stopped) return;
    const [ns, name] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const pod = this.pods.get(ns, name);
    if (pod) this.processPod(pod);
  }

  /** processPodOnNode. */
  private processPod(pod: KubeObject): void {
    const key = objectKey(pod);
    const nodeName = (pod.spec as Obj | undefined)?.nodeName;
    if (!nodeName || pod.metadata.deletionTimestamp) return this.cancel(key, undefined);
    const node = this.nodes.get(undefined, nodeName);
    const taints = (((node?.spec as Obj | undefined)?.taints ?? []) as Obj[]).filter((t) => t.effect === 'NoExecute');
    if (taints.length === 0) return this.cancel(key, pod);
    const tolerations = (((pod.spec as Obj).tolerations ?? []) as Obj[]);
    const used: Obj[] = [];
    for (const taint of taints) {
      const matching = tolerations.filter((t) => tolerates(t, taint));
      if (matching.length === 0) {
        this.cancel(key, undefined);
        return this.evict(pod);
      }
      used.push(...matching);
    }
    // getMinTolerationTime: no tolerationSeconds means forever.
    let min = -1;
    for (const t of used) {
      if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
      const s = Math.max(0, t.tolerationSeconds) * 1000;
      if (min < 0 || s < min) min = s;
    }
    if (min < 0) return this.cancel(key, pod);
    const now = this.c.ctx.queue.now();
    const existing = this.scheduled.get(key);
    const createdAt = existing?.createdAt ?? now;
    const fireAt = createdAt + min;
    if (existing && existing.fireAt <= fireAt) return;
    if (existing) this.c.ctx.queue.cancel(existing.timer);
    const timer = this.c.ctx.queue.at(fireAt, () => {
      this.scheduled.delete(key);
      const current = this.pods.get(pod.metadata.namespace, pod.metadata.name!);
      if (current && !this.stopped) this.evict(current);
    });
    this.scheduled.set(key, { createdAt, fireAt, timer });
  }

  private evict(pod: KubeObject): void {
    this.recorder.record(pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${pod.metadata.namespace}/${pod.metadata.name}`);
    this.c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
  }

  /** cancelWorkWithEvent: an eviction no longer due is dropped, with an event when one was pending. */
  private cancel(key: string, pod: KubeObject | undefined): void {
    const s = this.scheduled.get(key);
    if (!s) return;
    this.c.ctx.queue.cancel(s.timer);
    this.scheduled.delete(key);
    if (pod) this.recorder.record(pod, 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`);
  }
}

function sameNoExecute(node: KubeObject, old: KubeObject | undefined): boolean {
  if (!old) return false;
  const taints = (n: KubeObject) => (n.spec as Obj | undefined)?.taints as Obj[] | undefined;
  // Heartbeats share the stored spec: same taints list, nothing to compare.
  if (taints(node) === taints(old)) return true;
  const pick = (n: KubeObject) => (taints(n) ?? []).filter((t) => t.effect === 'NoExecute');
  return jsonEqual(pick(node), pick(old));
}
