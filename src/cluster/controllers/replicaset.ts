/**
 * The ReplicaSet controller (pkg/controller/replicaset/replica_set.go): keeps
 * the number of active pods matching a ReplicaSet's selector at
 * spec.replicas, adopting orphans and releasing pods that stop matching,
 * and reports status counts.
 */
import type { KubeObject, OwnerReference } from '../apiserver/types.js';
import { matchesLabelSelector, type LabelSelector } from '../apiserver/selectors.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { Expectations } from './expectations.js';
import { sortPodsForDeletion } from './pod-ranking.js';
import { byControllerUid, orphansByNamespace, type Index } from './indexes.js';
import { controllerOf, controllerRef, isPodActive, isPodAvailable, isPodReady, isoSeconds, objectKey, splitKey, type Obj } from './util.js';
import { flatConcat } from '../flat-string.js';
import { jsonEqual } from '../json.js';

/** Upper bound of the per-key retry back-off (workqueue DefaultControllerRateLimiter: 5ms doubling to 1000s). */
const MAX_BACKOFF_MS = 1000 * 1000;

/**
 * Builds a pod from a controller's pod template (controller_utils.go
 * GetPodFromTemplate). Its spec is the template's one level deep: set its
 * fields, never edit what they hold.
 */
export function podFromTemplate(template: Obj, owner: KubeObject, extraLabels: Record<string, string> = {}): KubeObject {
  const meta = template.metadata ?? {};
  const labels = { ...(meta.labels ?? {}), ...extraLabels };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: flatConcat(String(owner.metadata.name), '-'),
      namespace: owner.metadata.namespace,
      ...(Object.keys(labels).length ? { labels } : {}),
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ownerReferences: [controllerRef(owner)],
      ...(meta.finalizers ? { finalizers: [...meta.finalizers] } : {}),
    },
    // The API server copies a request body whole before it keeps it: a shallow copy is enough for callers
    // that set top-level fields (the DaemonSet controller's affinity and tolerations).
    spec: { ...(template.spec ?? {}) },
  };
}

/** Keeps ReplicaSets' pods at the desired count. */
export class ReplicaSetController implements Controller {
  readonly name = 'replicaset-controller';
  private readonly rsInformer: Informer;
  private readonly podInformer: Informer;
  private readonly podsByOwner: Index;
  private readonly orphanPods: Index;
  private readonly queue: WorkQueue;
  private readonly expectations: Expectations;
  private readonly recorder: EventRecorder;
  private readonly failures = new Map<string, number>();

  constructor(private readonly c: ControllerContext) {
    this.rsInformer = c.informers.informer('replicasets');
    this.podInformer = c.informers.informer('pods');
    this.podsByOwner = c.informers.index('pods', 'controller-uid', byControllerUid);
    this.orphanPods = c.informers.index('pods', 'orphans-by-namespace', orphansByNamespace);
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.expectations = new Expectations(() => c.ctx.queue.now());
    this.recorder = c.recorder('replicaset-controller');
    this.rsInformer.on((type, rs) => {
      if (type === 'DELETED') this.expectations.forget(objectKey(rs));
      else this.queue.add(objectKey(rs));
    });
    this.podInformer.on((type, pod, old) => this.onPod(type, pod, old));
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private onPod(type: string, pod: KubeObject, old: KubeObject | undefined): void {
    const ref = controllerOf(pod);
    const owner = ref?.kind === 'ReplicaSet' ? this.rsInformer.get(pod.metadata.namespace, ref.name) : undefined;
    const ownerKey = owner && owner.metadata.uid === ref!.uid ? objectKey(owner) : undefined;
    if (ownerKey) {
      if (type === 'ADDED') this.expectations.observeCreate(ownerKey, pod.metadata.name!);
      if (type === 'DELETED' || (pod.metadata.deletionTimestamp && !old?.metadata.deletionTimestamp)) this.expectations.observeDelete(ownerKey, pod.metadata.name!);
      this.queue.add(ownerKey);
    }
    // A pod whose controller changed, or an orphan, may concern other ReplicaSets (adoption).
    const oldRef = old ? controllerOf(old) : undefined;
    if (oldRef?.kind === 'ReplicaSet' && oldRef.uid !== ref?.uid) this.queue.add(`${pod.metadata.namespace}/${oldRef.name}`);
    if (!ref && type !== 'DELETED') {
      for (const rs of this.rsInformer.list()) {
        if (rs.metadata.namespace === pod.metadata.namespace && matchesLabelSelector((rs.spec as Obj).selector, pod.metadata.labels)) this.queue.add(objectKey(rs));
      }
    }
  }

  private sync(key: string): void {
    const [ns, name] = splitKey(key);
    const rs = this.rsInformer.get(ns, name);
    if (!rs) return;
    const spec = rs.spec as Obj;
    const selector: LabelSelector = spec.selector ?? {};
    const pods = this.claimPods(rs, selector);
    const active = pods.filter(isPodActive);
    let createError: string | undefined;
    if (this.expectations.satisfied(key) && !rs.metadata.deletionTimestamp) createError = this.manageReplicas(rs, key, active);
    if (createError !== undefined) {
      const n = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, n);
      this.queue.addAfter(key, Math.min(5 * 2 ** (n - 1), MAX_BACKOFF_MS));
    } else this.failures.delete(key);
    this.updateStatus(rs, active, createError);
  }

  /** ClaimPods: adopt matching orphans, release owned pods that no longer match. */
  private claimPods(rs: KubeObject, selector: LabelSelector): KubeObject[] {
    const owned: KubeObject[] = [];
    const candidates = [...this.podsByOwner.get(rs.metadata.uid!), ...this.orphanPods.get(rs.metadata.namespace ?? '')];
    for (const pod of candidates) {
      if (pod.metadata.namespace !== rs.metadata.namespace) continue;
      const ref = controllerOf(pod);
      const matches = matchesLabelSelector(selector, pod.metadata.labels);
      if (ref) {
        if (ref.uid !== rs.metadata.uid) continue;
        if (matches) owned.push(pod);
        else if (!pod.metadata.deletionTimestamp) this.release(pod, rs);
        continue;
      }
      if (!matches || pod.metadata.deletionTimestamp || rs.metadata.deletionTimestamp) continue;
      const adopted = this.adopt(pod, rs);
      if (adopted) owned.push(adopted);
    }
    return owned;
  }

  private adopt(pod: KubeObject, rs: KubeObject): KubeObject | undefined {
    const refs: OwnerReference[] = [...(pod.metadata.ownerReferences ?? []), controllerRef(rs)];
    const r = this.c.client.patch('pods', pod.metadata.namespace, pod.metadata.name!, 'merge', { metadata: { ownerReferences: refs } });
    return r.ok ? r.value : undefined;
  }

  private release(pod: KubeObject, rs: KubeObject): void {
    const refs = (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== rs.metadata.uid);
    this.c.client.patch('pods', pod.metadata.namespace, pod.metadata.name!, 'merge', { metadata: { ownerReferences: refs.length ? refs : null } });
  }

  /** Creates or deletes pods; returns the first creation error's message, if any. */
  private manageReplicas(rs: KubeObject, key: string, active: KubeObject[]): string | undefined {
    const desired = (rs.spec as Obj).replicas ?? 1;
    const diff = active.length - desired;
    if (diff < 0) {
      for (let i = 0; i < -diff; i++) {
        const created = this.c.client.create('pods', rs.metadata.namespace, podFromTemplate((rs.spec as Obj).template ?? {}, rs));
        if (!created.ok) {
          // slowStartBatch stops at the first failed batch; the first batch has one pod.
          this.recorder.record(rs, 'Warning', 'FailedCreate', `Error creating: ${created.status.message}`);
          return created.status.message;
        }
        this.expectations.expectCreate(key, created.value.metadata.name!);
        this.recorder.record(rs, 'Normal', 'SuccessfulCreate', `Created pod: ${created.value.metadata.name}`);
      }
    } else if (diff > 0) {
      const now = this.c.ctx.queue.now();
      const perNode = new Map<string, number>();
      for (const p of active) {
        const node = (p.spec as Obj)?.nodeName ?? '';
        perNode.set(node, (perNode.get(node) ?? 0) + 1);
      }
      const rank = (p: KubeObject) => perNode.get((p.spec as Obj)?.nodeName ?? '') ?? 0;
      for (const pod of sortPodsForDeletion(active, rank, now).slice(0, diff)) {
        const deleted = this.c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
        if (!deleted.ok) {
          if (deleted.status.reason !== 'NotFound') this.recorder.record(rs, 'Warning', 'FailedDelete', `Error deleting: ${deleted.status.message}`);
          continue;
        }
        this.expectations.expectDelete(key, pod.metadata.name!);
        this.recorder.record(rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
      }
    }
    return undefined;
  }

  private updateStatus(rs: KubeObject, active: KubeObject[], createError: string | undefined): void {
    const spec = rs.spec as Obj;
    const now = this.c.ctx.queue.now();
    const minReady = spec.minReadySeconds ?? 0;
    const templateLabels: Record<string, string> = spec.template?.metadata?.labels ?? {};
    const wanted = Object.entries(templateLabels);
    const fullyLabeled = active.filter((p) => wanted.every(([k, v]) => p.metadata.labels?.[k] === v)).length;
    const ready = active.filter(isPodReady).length;
    const available = active.filter((p) => isPodAvailable(p, minReady, now)).length;
    const old = (rs.status as Obj | undefined) ?? {};
    // calculateStatus: a ReplicaFailure condition is set once and kept while creates keep failing.
    let conditions: Obj[] = old.conditions ?? [];
    const failure = conditions.find((c: Obj) => c.type === 'ReplicaFailure');
    if (createError !== undefined && !failure) {
      conditions = [...conditions, { type: 'ReplicaFailure', status: 'True', lastTransitionTime: isoSeconds(now), reason: 'FailedCreate', message: createError }];
    } else if (createError === undefined && failure) conditions = conditions.filter((c: Obj) => c.type !== 'ReplicaFailure');
    // Field order of apps/v1 ReplicaSetStatus; zero counts are omitempty.
    const status: Obj = {
      replicas: active.length,
      ...(fullyLabeled ? { fullyLabeledReplicas: fullyLabeled } : {}),
      ...(ready ? { readyReplicas: ready } : {}),
      ...(available ? { availableReplicas: available } : {}),
      ...(rs.metadata.generation ? { observedGeneration: rs.metadata.generation } : {}),
      ...(conditions.length ? { conditions } : {}),
    };
    if (!jsonEqual(normalize(old), normalize(status))) {
      const r = this.c.client.updateStatus('replicasets', rs.metadata.namespace, { ...rs, status });
      if (!r.ok && r.status.reason === 'Conflict') this.queue.add(objectKey(rs));
    }
    // Re-check once ready pods become available after minReadySeconds (replica_set.go updatePod/syncReplicaSet).
    if (minReady > 0 && available < ready) this.queue.addAfter(objectKey(rs), minReady * 1000);
  }
}

function normalize(status: Obj): string {
  const keys = Object.keys(status).sort();
  return JSON.stringify(keys.map((k) => [k, status[k]]));
}
