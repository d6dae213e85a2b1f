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
import { DaemonNodes, NodeOrder, type DaemonCounts, type DaemonPlan, type DaemonView } from './daemonset-nodes.js';
import { tolerates } from './taints.js';
import { byControllerUid, entryId, type Index } from './indexes.js';
import { controllerOf, objectKey, splitKey, type Obj } from './util.js';
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
   * written): a sync asks it of each node that changed, and of every node when the template did.
   */
  private readonly verdicts = new WeakMap<KubeObject, WeakMap<object, boolean>>();
  /** The node a daemon pod is bound or pinned to, per stored pod spec (status writes share the spec). */
  private readonly podNodes = new WeakMap<object, string | undefined>();
  /** Per DaemonSet UID, its per-node state (daemonset-nodes.ts), from its first sync on. */
  private readonly states = new Map<string, DaemonNodes>();
  /** Each node's place in the nodes informer's order (the order the full walk visited nodes in). */
  private readonly nodeOrder = new NodeOrder();

  constructor(private readonly c: ControllerContext) {
    this.dsInformer = c.informers.informer('daemonsets');
    this.pods = c.informers.informer('pods');
    this.nodes = c.informers.informer('nodes');
    this.podsByOwner = c.informers.index('pods', 'controller-uid', byControllerUid);
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.expectations = new Expectations(() => c.ctx.queue.now());
    this.recorder = c.recorder('daemonset-controller');
    this.dsInformer.on((type, ds) => {
      if (type !== 'DELETED') return this.queue.add(objectKey(ds));
      this.expectations.forget(objectKey(ds));
      this.states.delete(ds.metadata.uid!);
    });
    this.nodes.on((type, node, old) => {
      this.trackNode(type, node);
      this.onNode(type, node, old);
    });
    this.pods.on((type, pod, old) => {
      this.onPod(type, pod, old);
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
    const template = (ds.spec as Obj).template ?? {};
    let hash = this.hashes.get(template);
    if (hash === undefined) this.hashes.set(template, (hash = computeHash(template)));
    const view: DaemonView = { ds, hash, now: this.c.ctx.queue.now(), shouldRun: (node) => this.shouldRunCached(ds, node) };
    const state = this.stateOf(ds);
    state.refresh(view);
    // Counted before any write, as the full walk counted the pods it had grouped before managing them.
    const counts = state.counts();
    if (this.expectations.satisfied(key)) this.manage(ds, key, hash, state.plan(view));
    this.updateStatus(ds, counts);
  }

  /**
   * The DaemonSet's per-node state, made from the informers on its first
   * sync (the controller-uid index lists its pods in the order the full walk
   * saw them) and kept by their events from then on.
   */
  private stateOf(ds: KubeObject): DaemonNodes {
    const uid = ds.metadata.uid!;
    let state = this.states.get(uid);
    if (state) return state;
    this.states.set(uid, (state = new DaemonNodes()));
    for (const node of this.nodes.list()) state.setNode(node.metadata.name!, node, this.nodeOrder.place(node.metadata.name!));
    for (const pod of this.podsByOwner.get(uid)) this.addPod(state, pod);
    return state;
  }

  /** Tracks a pod event in the state of the DaemonSet that controls the pod (by UID, as the index does), if it has one. */
  private onPod(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: KubeObject, old: KubeObject | undefined): void {
    if (old) {
      const uid = controllerOf(old)?.uid;
      const state = uid === undefined ? undefined : this.states.get(uid);
      const node = state && this.podNode(old);
      if (node) state!.removePod(entryId(old), node);
    }
    if (type === 'DELETED') return;
    const uid = controllerOf(pod)?.uid;
    const state = uid === undefined ? undefined : this.states.get(uid);
    if (state) this.addPod(state, pod);
  }

  /** A pod the full walk groups by node: not being deleted, bound or pinned to a node. */
  private addPod(state: DaemonNodes, pod: KubeObject): void {
    if (pod.metadata.deletionTimestamp) return;
    const node = this.podNode(pod);
    if (node) state.addPod(entryId(pod), pod, node);
  }

  /** Tracks a node event: its place in the informer's order, and its slot in every DaemonSet's state. */
  private trackNode(type: 'ADDED' | 'MODIFIED' | 'DELETED', node: KubeObject): void {
    const name = node.metadata.name!;
    if (type === 'DELETED') {
      this.nodeOrder.forget(name);
      for (const state of this.states.values()) state.deleteNode(name);
      return;
    }
    const seq = this.nodeOrder.place(name);
    for (const state of this.states.values()) state.setNode(name, node, seq);
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

  /** manage's writes: the creates, stopping at the first failure (retried in a second), then the deletes. */
  private manage(ds: KubeObject, key: string, hash: string, plan: DaemonPlan): void {
    for (const nodeName of plan.create) {
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
    for (const pod of plan.remove) {
      const r = this.c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
      if (!r.ok) continue;
      this.expectations.expectDelete(key, pod.metadata.name!);
      this.recorder.record(ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    }
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

  private updateStatus(ds: KubeObject, counts: DaemonCounts): void {
    const minReady = (ds.spec as Obj).minReadySeconds ?? 0;
    const { current, misscheduled, desired, ready, available, updated } = counts;
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
