/**
 * The DaemonSet controller (pkg/controller/daemon/daemon_controller.go,
 * update.go, util/daemonset_util.go): one pod per eligible node, pinned with
 * a matchFields node affinity so the default scheduler places it, with the
 * DaemonSet default tolerations; RollingUpdate replaces old pods one
 * maxUnavailable at a time.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { Expectations } from './expectations.js';
import { computeHash } from './hash.js';
import { podFromTemplate } from './replicaset.js';
import { scaledValue } from './deployment-util.js';
import { tolerates } from './taints.js';
import { byControllerUid, type Index } from './indexes.js';
import { controllerOf, isPodAvailable, isPodReady, objectKey, splitKey, type Obj } from './util.js';
import { jsonEqual } from '../json.js';

/** AddOrUpdateDaemonPodTolerations: what every daemon pod tolerates. */
export function daemonTolerations(hostNetwork: boolean): Obj[] {
  return [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ...(hostNetwork ? [{ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' }] : []),
  ];
}

/** The node a daemon pod is bound or pinned to. */
export function daemonPodNode(pod: KubeObject): string | undefined {
  const spec = (pod.spec as Obj | undefined) ?? {};
  if (spec.nodeName) return spec.nodeName;
  for (const term of spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []) {
    for (const f of term.matchFields ?? []) if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
  }
  return undefined;
}

/** Runs one pod per eligible node. */
export class DaemonSetController implements Controller {
  readonly name = 'daemonset-controller';
  private readonly dsInformer: Informer;
  private readonly pods: Informer;
  private readonly nodes: Informer;
  private readonly podsByOwner: Index;
  private readonly queue: WorkQueue;
  private readonly expectations: Expectations;
  private readonly recorder: EventRecorder;
  /**
   * Per pod template (a stored DaemonSet's, which is never changed once written): its hash,
   * computed once rather than at every sync (each write of a daemon pod wakes a sync).
   */
  private readonly hashes = new WeakMap<object, string>();
  /** Per pod spec of a stored DaemonSet: its node selector's pairs and every toleration the daemon pods carry. */
  private readonly admission = new WeakMap<object, { selector: [string, string][]; tolerations: Obj[] }>();
  /**
   * shouldRun's verdict per stored node version and DaemonSet pod spec (both never changed once
   * written): every sync asks it of every node, and a node changes far less often than syncs run.
   */
  private readonly verdicts = new WeakMap<KubeObject, WeakMap<object, boolean>>();
  /** The node a daemon pod is bound or pinned to, per stored pod spec (status writes share the spec). */
  private readonly podNodes = new WeakMap<object, string | undefined>();

  constructor(private readonly c: ControllerContext) {
    this.dsInformer = c.informers.informer('daemonsets');
    this.pods = c.informers.informer('pods');
    this.nodes = c.informers.informer('nodes');
    this.podsByOwner = c.informers.index('pods', 'controller-uid', byControllerUid);
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.expectations = new Expectations(() => c.ctx.queue.now());
    this.recorder = c.recorder('daemonset-controller');
    this.dsInformer.on((type, ds) => (type === 'DELETED' ? this.expectations.forget(objectKey(ds)) : this.queue.add(objectKey(ds))));
    this.nodes.on((type, node, old) => this.onNode(type, node, old));
    this.pods.on((type, pod, old) => {
      const ref = controllerOf(pod);
      if (ref?.kind !== 'DaemonSet') return;
      const key = `${pod.metadata.namespace}/${ref.name}`;
      if (type === 'ADDED') this.expectations.observeCreate(key, pod.metadata.name!);
      if (type === 'DELETED' || (pod.metadata.deletionTimestamp && !old?.metadata.deletionTimestamp)) this.expectations.observeDelete(key, pod.metadata.name!);
      this.queue.add(key);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private sync(key: string): void {
    const [ns, name] = splitKey(key);
    const ds = this.dsInformer.get(ns, name);
    if (!ds || ds.metadata.deletionTimestamp) return;
    const spec = ds.spec as Obj;
    const template = spec.template ?? {};
    let hash = this.hashes.get(template);
    if (hash === undefined) this.hashes.set(template, (hash = computeHash(template)));
    const byNode = new Map<string, KubeObject[]>();
    for (const pod of this.podsByOwner.get(ds.metadata.uid!)) {
      if (pod.metadata.namespace !== ns || controllerOf(pod)?.uid !== ds.metadata.uid || pod.metadata.deletionTimestamp) continue;
      const node = this.podNode(pod);
      if (!node) continue;
      const onNode = byNode.get(node);
      if (onNode) onNode.push(pod);
      else byNode.set(node, [pod]);
    }
    const nodes = this.nodes.list();
    const shouldRun = new Set<string>();
    for (const n of nodes) if (this.shouldRunCached(ds, n)) shouldRun.add(n.metadata.name!);
    if (this.expectations.satisfied(key)) this.manage(ds, key, hash, nodes, shouldRun, byNode);
    this.updateStatus(ds, hash, shouldRun, byNode);
  }

  /**
   * addNode and updateNode (daemon_controller.go): a new node wakes the
   * DaemonSets that should run on it; an update wakes only those whose
   * verdict for the node changed, and none at all when neither its labels nor
   * its taints changed (shouldIgnoreNodeUpdate), so heartbeats cost nothing.
   * Upstream has no delete handler (the pod GC removes the node's pods, and
   * their deletion wakes the DaemonSet); this simulation has no pod GC, so a
   * deleted node wakes every DaemonSet instead.
   */
  private onNode(type: 'ADDED' | 'MODIFIED' | 'DELETED', node: KubeObject, old: KubeObject | undefined): void {
    const all = this.dsInformer.list();
    if (type === 'DELETED' || !old) {
      for (const ds of all) if (type === 'DELETED' || this.shouldRun(ds, node)) this.queue.add(objectKey(ds));
      return;
    }
    if (sameLabelsAndTaints(old, node)) return;
    for (const ds of all) {
      if (this.shouldRun(ds, old) !== this.shouldRun(ds, node) || this.shouldContinueRunning(ds, old) !== this.shouldContinueRunning(ds, node)) this.queue.add(objectKey(ds));
    }
  }

  /** {@link shouldRun}, remembered per node version and pod spec. */
  private shouldRunCached(ds: KubeObject, node: KubeObject): boolean {
    const podSpec = (ds.spec as Obj).template?.spec;
    if (!podSpec) return this.shouldRun(ds, node);
    let byNode = this.verdicts.get(node);
    if (!byNode) this.verdicts.set(node, (byNode = new WeakMap()));
    let verdict = byNode.get(podSpec);
    if (verdict === undefined) byNode.set(podSpec, (verdict = this.shouldRun(ds, node)));
    return verdict;
  }

  /** {@link daemonPodNode}, remembered per pod spec. */
  private podNode(pod: KubeObject): string | undefined {
    const spec = pod.spec as Obj | undefined;
    if (!spec) return undefined;
    if (this.podNodes.has(spec)) return this.podNodes.get(spec);
    const node = daemonPodNode(pod);
    this.podNodes.set(spec, node);
    return node;
  }

  /** nodeShouldRunDaemonPod's shouldRun: node selector and taints (NoSchedule/NoExecute) must admit the pod. */
  private shouldRun(ds: KubeObject, node: KubeObject): boolean {
    return this.admits(ds, node, (effect) => effect === 'NoSchedule' || effect === 'NoExecute');
  }

  /** nodeShouldRunDaemonPod's shouldContinueRunning: a running daemon pod stays while the selector matches and every NoExecute taint is tolerated. */
  private shouldContinueRunning(ds: KubeObject, node: KubeObject): boolean {
    return this.admits(ds, node, (effect) => effect === 'NoExecute');
  }

  private admits(ds: KubeObject, node: KubeObject, counts: (effect: string) => boolean): boolean {
    const podSpec = (ds.spec as Obj).template?.spec;
    const { selector, tolerations } = podSpec ? this.admissionOf(podSpec) : admissionOf({});
    const labels = node.metadata.labels ?? {};
    for (const [k, v] of selector) if (labels[k] !== v) return false;
    const taints = ((node.spec as Obj | undefined)?.taints ?? []) as Obj[];
    return taints.every((t) => !counts(t.effect) || tolerations.some((tol) => tolerates(tol, t)));
  }

  /** {@link admissionOf} of a stored pod spec, made once per spec (every node of every sync reads it). */
  private admissionOf(podSpec: Obj): { selector: [string, string][]; tolerations: Obj[] } {
    let made = this.admission.get(podSpec);
    if (!made) this.admission.set(podSpec, (made = admissionOf(podSpec)));
    return made;
  }

  private manage(ds: KubeObject, key: string, hash: string, nodes: KubeObject[], shouldRun: Set<string>, byNode: Map<string, KubeObject[]>): void {
    const toDelete: KubeObject[] = [];
    const toCreate: string[] = [];
    // Every sync walks every node: no arrays are made per node (a node holds one pod, as a rule).
    for (const node of nodes) {
      const name = node.metadata.name!;
      const pods = byNode.get(name);
      if (!shouldRun.has(name)) {
        if (pods) toDelete.push(...pods);
        continue;
      }
      if (!pods) {
        toCreate.push(name);
        continue;
      }
      // A failed daemon pod is deleted so a new one replaces it; of the live ones the first stays.
      let live = 0;
      for (const p of pods) {
        if (failed(p)) toDelete.push(p);
        else live++;
      }
      if (live === 0) toCreate.push(name);
      else if (live > 1) {
        let kept = false;
        for (const p of pods) {
          if (failed(p)) continue;
          if (kept) toDelete.push(p);
          kept = true;
        }
      }
    }
    toDelete.push(...this.rollingUpdateVictims(ds, hash, shouldRun, byNode, new Set(toDelete)));
    for (const nodeName of toCreate) {
      const pod = this.newPod(ds, hash, nodeName);
      const created = this.c.client.create('pods', ds.metadata.namespace, pod);
      if (!created.ok) {
        this.recorder.record(ds, 'Warning', 'FailedCreate', `Error creating: ${created.status.message}`);
        this.queue.addAfter(key, 1000);
        break;
      }
      this.expectations.expectCreate(key, created.value.metadata.name!);
      this.recorder.record(ds, 'Normal', 'SuccessfulCreate', `Created pod: ${created.value.metadata.name}`);
    }
    for (const pod of toDelete) {
      const r = this.c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
      if (!r.ok) continue;
      this.expectations.expectDelete(key, pod.metadata.name!);
      this.recorder.record(ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    }
  }

  /** rollingUpdate: old pods that are unavailable go first, then old available ones within maxUnavailable. */
  private rollingUpdateVictims(ds: KubeObject, hash: string, shouldRun: Set<string>, byNode: Map<string, KubeObject[]>, already: Set<KubeObject>): KubeObject[] {
    const strategy = (ds.spec as Obj).updateStrategy ?? {};
    if (strategy.type === 'OnDelete') return [];
    const maxUnavailable = Math.max(1, scaledValue(strategy.rollingUpdate?.maxUnavailable ?? 1, shouldRun.size, true));
    const minReady = (ds.spec as Obj).minReadySeconds ?? 0;
    const now = this.c.ctx.queue.now();
    let unavailable = 0;
    const oldAvailable: KubeObject[] = [];
    const victims: KubeObject[] = [];
    for (const node of shouldRun) {
      const pod = firstNotIn(byNode.get(node), already);
      if (!pod) {
        unavailable++;
        continue;
      }
      const available = isPodAvailable(pod, minReady, now);
      const old = pod.metadata.labels?.['controller-revision-hash'] !== hash;
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

  /** NewPod + ReplaceDaemonSetPodNodeNameNodeAffinity + AddOrUpdateDaemonPodTolerations. */
  private newPod(ds: KubeObject, hash: string, nodeName: string): KubeObject {
    const template = (ds.spec as Obj).template ?? {};
    const pod = podFromTemplate(template, ds, { 'controller-revision-hash': hash, 'pod-template-generation': String(ds.metadata.generation ?? 1) });
    const spec = pod.spec as Obj;
    spec.affinity = {
      ...(spec.affinity ?? {}),
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } },
    };
    const tolerations: Obj[] = [...(spec.tolerations ?? [])];
    for (const t of daemonTolerations(!!spec.hostNetwork)) if (!tolerations.some((x) => x.key === t.key && x.effect === t.effect)) tolerations.push(t);
    spec.tolerations = tolerations;
    return pod;
  }

  private updateStatus(ds: KubeObject, hash: string, shouldRun: Set<string>, byNode: Map<string, KubeObject[]>): void {
    const minReady = (ds.spec as Obj).minReadySeconds ?? 0;
    const now = this.c.ctx.queue.now();
    let current = 0;
    let misscheduled = 0;
    let ready = 0;
    let available = 0;
    let updated = 0;
    for (const [node, pods] of byNode) {
      if (pods.length === 0) continue;
      if (!shouldRun.has(node)) {
        misscheduled++;
        continue;
      }
      current++;
      const pod = pods[0];
      if (isPodReady(pod)) ready++;
      if (isPodAvailable(pod, minReady, now)) available++;
      if (pod.metadata.labels?.['controller-revision-hash'] === hash) updated++;
    }
    const desired = shouldRun.size;
    // DaemonSetStatus field order; the first four are always present.
    const status: Obj = {
      currentNumberScheduled: current,
      numberMisscheduled: misscheduled,
      desiredNumberScheduled: desired,
      numberReady: ready,
      ...(ds.metadata.generation ? { observedGeneration: ds.metadata.generation } : {}),
      ...(updated ? { updatedNumberScheduled: updated } : {}),
      ...(available ? { numberAvailable: available } : {}),
      ...(desired - available > 0 ? { numberUnavailable: desired - available } : {}),
    };
    if (!jsonEqual(ds.status ?? {}, status)) this.c.client.updateStatus('daemonsets', ds.metadata.namespace, { ...ds, status });
    if (minReady > 0 && available < ready) this.queue.addAfter(objectKey(ds), minReady * 1000);
  }
}

/** The first of `pods` not in `taken`. */
function firstNotIn(pods: readonly KubeObject[] | undefined, taken: ReadonlySet<KubeObject>): KubeObject | undefined {
  if (pods) for (const p of pods) if (!taken.has(p)) return p;
  return undefined;
}

/** A daemon pod that failed (deleted, so that a new one replaces it). */
function failed(pod: KubeObject): boolean {
  return (pod.status as Obj | undefined)?.phase === 'Failed';
}

/** What decides where a daemon pod of `podSpec` may run: its node selector's pairs and its tolerations with the daemon ones added. */
function admissionOf(podSpec: Obj): { selector: [string, string][]; tolerations: Obj[] } {
  return {
    selector: Object.entries((podSpec.nodeSelector ?? {}) as Record<string, string>),
    tolerations: [...(podSpec.tolerations ?? []), ...daemonTolerations(!!podSpec.hostNetwork)],
  };
}

/** shouldIgnoreNodeUpdate: equal labels and taints (apiequality.Semantic.DeepEqual: a missing map or list equals an empty one). */
function sameLabelsAndTaints(old: KubeObject, node: KubeObject): boolean {
  const taints = (o: KubeObject) => ((o.spec as Obj | undefined)?.taints ?? []) as Obj[];
  return jsonEqual(old.metadata.labels ?? {}, node.metadata.labels ?? {}) && jsonEqual(taints(old), taints(node));
}
