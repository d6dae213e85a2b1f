/**
 * The Deployment controller (pkg/controller/deployment: deployment_controller.go,
 * sync.go, rolling.go, recreate.go, progress.go): one ReplicaSet per pod
 * template, named `<deployment>-<pod-template-hash>`, rolled with
 * RollingUpdate (maxSurge/maxUnavailable) or Recreate, with proportional
 * scaling, status, conditions and revision-history cleanup.
 */
import type { KubeObject } from '../apiserver/types.js';
import { matchesLabelSelector } from '../apiserver/selectors.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { computeHash } from './hash.js';
import { byControllerUid, orphansByNamespace, type Index } from './indexes.js';
import { controllerOf, controllerRef, objectKey, splitKey, parseTime, type Obj } from './util.js';
import { jsonEqual } from '../json.js';
import {
  DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, POD_TEMPLATE_HASH_LABEL, REVISION_ANNOTATION,
  byCreation, condition, copiedAnnotation, equalIgnoreHash, getCondition, maxSurge, maxUnavailable, removeCondition,
  replicasOf, revisionOf, setCondition, specReplicas, statusSum,
} from './deployment-util.js';

/** Rolls Deployments out through ReplicaSets. */
export class DeploymentController implements Controller {
  readonly name = 'deployment-controller';
  private readonly dInformer: Informer;
  private readonly rsInformer: Informer;
  private readonly podInformer: Informer;
  private readonly rsByOwner: Index;
  private readonly orphanRSs: Index;
  private readonly podsByOwner: Index;
  private readonly queue: WorkQueue;
  private readonly recorder: EventRecorder;

  constructor(private readonly c: ControllerContext) {
    this.dInformer = c.informers.informer('deployments');
    this.rsInformer = c.informers.informer('replicasets');
    this.podInformer = c.informers.informer('pods');
    this.rsByOwner = c.informers.index('replicasets', 'controller-uid', byControllerUid);
    this.orphanRSs = c.informers.index('replicasets', 'orphans-by-namespace', orphansByNamespace);
    this.podsByOwner = c.informers.index('pods', 'controller-uid', byControllerUid);
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.recorder = c.recorder('deployment-controller');
    this.dInformer.on((type, d) => type !== 'DELETED' && this.queue.add(objectKey(d)));
    this.rsInformer.on((_type, rs) => this.onReplicaSet(rs));
    this.podInformer.on((type, pod) => {
      // Recreate waits for old pods to be gone (deployment_controller.go deletePod).
      if (type !== 'DELETED') return;
      const ref = controllerOf(pod);
      const rs = ref?.kind === 'ReplicaSet' ? this.rsInformer.get(pod.metadata.namespace, ref.name) : undefined;
      const dref = rs ? controllerOf(rs) : undefined;
      if (dref?.kind === 'Deployment') this.queue.add(`${pod.metadata.namespace}/${dref.name}`);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private onReplicaSet(rs: KubeObject): void {
    const ref = controllerOf(rs);
    if (ref) {
      if (ref.kind === 'Deployment') this.queue.add(`${rs.metadata.namespace}/${ref.name}`);
      return;
    }
    for (const d of this.dInformer.list()) {
      if (d.metadata.namespace === rs.metadata.namespace && matchesLabelSelector((d.spec as Obj).selector, rs.metadata.labels)) this.queue.add(objectKey(d));
    }
  }

  private now(): number {
    return this.c.ctx.queue.now();
  }

  private sync(key: string): void {
    const [ns, name] = splitKey(key);
    const cached = this.dInformer.get(ns, name);
    if (!cached) return;
    const d = syncCopy(cached);
    const rsList = this.claimReplicaSets(d);
    if (d.metadata.deletionTimestamp) return this.syncStatusOnly(d, rsList);
    if ((d.spec as Obj).paused || this.isScalingEvent(d, rsList)) return this.syncScale(d, rsList);
    if ((d.spec as Obj).strategy?.type === 'Recreate') return this.rolloutRecreate(d, rsList);
    return this.rolloutRolling(d, rsList);
  }

  /** getReplicaSetsForDeployment: owned and matching, plus adopted orphans; releases non-matching. */
  private claimReplicaSets(d: KubeObject): KubeObject[] {
    const out: KubeObject[] = [];
    const selector = (d.spec as Obj).selector;
    for (const rs of [...this.rsByOwner.get(d.metadata.uid!), ...this.orphanRSs.get(d.metadata.namespace ?? '')]) {
      if (rs.metadata.namespace !== d.metadata.namespace) continue;
      const ref = controllerOf(rs);
      const matches = matchesLabelSelector(selector, rs.metadata.labels);
      if (ref) {
        if (ref.uid !== d.metadata.uid) continue;
        // Stored objects are immutable (frozen under tests): every change below is made to a copy.
        if (matches) out.push(rs);
        else this.c.client.patch('replicasets', rs.metadata.namespace, rs.metadata.name!, 'merge', { metadata: { ownerReferences: null } });
        continue;
      }
      if (!matches || d.metadata.deletionTimestamp || rs.metadata.deletionTimestamp) continue;
      const r = this.c.client.patch('replicasets', rs.metadata.namespace, rs.metadata.name!, 'merge', { metadata: { ownerReferences: [...(rs.metadata.ownerReferences ?? []), controllerRef(d)] } });
      if (r.ok) out.push(r.value);
    }
    return out.sort(byCreation);
  }

  /** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's. */
  private findNew(d: KubeObject, rsList: KubeObject[]): KubeObject | undefined {
    return rsList.find((rs) => equalIgnoreHash((rs.spec as Obj).template, (d.spec as Obj).template, this.templateTexts));
  }

  /** equalIgnoreHash's text of each stored template (of informer-cached Deployments and ReplicaSets, never changed once written). */
  private readonly templateTexts = new WeakMap<object, string>();

  private split(d: KubeObject, rsList: KubeObject[]): { newRS: KubeObject | undefined; oldRSs: KubeObject[] } {
    const newRS = this.findNew(d, rsList);
    return { newRS, oldRSs: rsList.filter((rs) => rs !== newRS) };
  }

  /** getAllReplicaSetsAndSyncRevision + getNewReplicaSet. */
  private getNewReplicaSet(d: KubeObject, rsList: KubeObject[], create: boolean): { newRS: KubeObject | undefined; oldRSs: KubeObject[] } {
    const { newRS: existing, oldRSs } = this.split(d, rsList);
    const newRevision = Math.max(0, ...oldRSs.map(revisionOf)) + 1;
    const dStatus = ((d.status ??= {}) as Obj);
    if (existing) {
      // Only the annotations and spec.minReadySeconds of the copy may change (and it is written only then).
      const copy: KubeObject = { ...existing, metadata: { ...existing.metadata }, spec: { ...(existing.spec as Obj) } };
      const changed = this.setNewAnnotations(d, copy, newRevision, true);
      const minReady = (d.spec as Obj).minReadySeconds ?? 0;
      const rsMinReady = (copy.spec as Obj).minReadySeconds ?? 0;
      if (minReady !== rsMinReady) {
        if (minReady) (copy.spec as Obj).minReadySeconds = minReady;
        else delete (copy.spec as Obj).minReadySeconds;
      }
      let newRS = existing;
      if (changed || minReady !== rsMinReady) {
        const r = this.c.client.update('replicasets', copy.metadata.namespace, copy);
        if (r.ok) newRS = r.value;
      }
      // The Deployment carries its new ReplicaSet's revision (SetDeploymentRevision).
      let needsUpdate = setDeploymentRevision(d, newRS.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
      if (!getCondition(dStatus, 'Progressing') && (d.spec as Obj).progressDeadlineSeconds !== undefined) {
        setCondition(dStatus, condition('Progressing', 'True', 'FoundNewReplicaSet', `Found new replica set "${newRS.metadata.name}"`, this.now()));
        needsUpdate = true;
      }
      if (needsUpdate) this.writeStatus(d, dStatus, true);
      return { newRS, oldRSs };
    }
    if (!create) return { newRS: undefined, oldRSs };
    const template = structuredClone((d.spec as Obj).template ?? {});
    const hash = computeHash(template, dStatus.collisionCount);
    template.metadata ??= {};
    template.metadata.labels = { ...(template.metadata.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
    const selector = structuredClone((d.spec as Obj).selector ?? {});
    selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
    const minReady = (d.spec as Obj).minReadySeconds ?? 0;
    const rs: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: `${d.metadata.name}-${hash}`, namespace: d.metadata.namespace, labels: { ...template.metadata.labels }, ownerReferences: [controllerRef(d)] },
      spec: { replicas: 0, ...(minReady ? { minReadySeconds: minReady } : {}), selector, template },
    };
    (rs.spec as Obj).replicas = this.newRSNewReplicas(d, [...oldRSs, rs], rs);
    this.setNewAnnotations(d, rs, newRevision, false);
    const created = this.c.client.create('replicasets', d.metadata.namespace, rs);
    if (!created.ok) {
      if (created.status.reason === 'AlreadyExists') {
        const live = this.c.client.get('replicasets', d.metadata.namespace, rs.metadata.name!);
        if (live.ok && controllerOf(live.value)?.uid === d.metadata.uid && equalIgnoreHash((live.value.spec as Obj).template, (d.spec as Obj).template)) return { newRS: live.value, oldRSs };
        // A hash collision: bump collisionCount so the next hash differs.
        dStatus.collisionCount = (dStatus.collisionCount ?? 0) + 1;
        this.writeStatus(d, dStatus);
      } else {
        setCondition(dStatus, condition('Progressing', 'False', 'ReplicaSetCreateError', `Failed to create new replica set "${rs.metadata.name}": ${created.status.message}`, this.now()));
        this.recorder.record(d, 'Warning', 'FailedCreate', `Failed to create new replica set "${rs.metadata.name}": ${created.status.message}`);
        this.writeStatus(d, dStatus);
      }
      return { newRS: undefined, oldRSs };
    }
    const newRS = created.value;
    const n = replicasOf(newRS);
    if (n > 0) this.recorder.record(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${newRS.metadata.name} from 0 to ${n}`);
    let needsUpdate = setDeploymentRevision(d, String(newRevision));
    if ((d.spec as Obj).progressDeadlineSeconds !== undefined) {
      setCondition(dStatus, condition('Progressing', 'True', 'NewReplicaSetCreated', `Created new replica set "${newRS.metadata.name}"`, this.now()));
      needsUpdate = true;
    }
    if (needsUpdate) this.writeStatus(d, dStatus, true);
    return { newRS, oldRSs };
  }

  /** SetNewReplicaSetAnnotations; returns whether anything changed. */
  private setNewAnnotations(d: KubeObject, rs: KubeObject, newRevision: number, exists: boolean): boolean {
    const before = JSON.stringify(rs.metadata.annotations ?? {});
    const ann: Record<string, string> = { ...(rs.metadata.annotations ?? {}) };
    for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (copiedAnnotation(k)) ann[k] = v;
    if (revisionOf(rs) < newRevision) ann[REVISION_ANNOTATION] = String(newRevision);
    if (!exists) {
      ann[DESIRED_REPLICAS_ANNOTATION] = String(replicasOf(d));
      ann[MAX_REPLICAS_ANNOTATION] = String(replicasOf(d) + maxSurge(d));
    }
    rs.metadata.annotations = ann;
    return JSON.stringify(ann) !== before;
  }

  /** NewRSNewReplicas. */
  private newRSNewReplicas(d: KubeObject, allRSs: KubeObject[], newRS: KubeObject): number {
    const replicas = replicasOf(d);
    if ((d.spec as Obj).strategy?.type === 'Recreate') return replicas;
    const current = specReplicas(allRSs);
    const maxTotal = replicas + maxSurge(d);
    if (current >= maxTotal) return replicasOf(newRS);
    const up = Math.min(maxTotal - current, replicas - replicasOf(newRS));
    return replicasOf(newRS) + Math.max(0, up);
  }

  /** scaleReplicaSet: writes spec.replicas and the replicas annotations, records ScalingReplicaSet. */
  private scaleRS(rs: KubeObject, newScale: number, d: KubeObject, operation?: 'up' | 'down'): KubeObject {
    const old = replicasOf(rs);
    const desired = String(replicasOf(d));
    const max = String(replicasOf(d) + maxSurge(d));
    const ann = rs.metadata.annotations ?? {};
    const annotationsNeedUpdate = ann[DESIRED_REPLICAS_ANNOTATION] !== desired || ann[MAX_REPLICAS_ANNOTATION] !== max;
    if (old === newScale && !annotationsNeedUpdate) return rs;
    // spec.replicas and the annotations are all that change: the levels above them are copied, the rest shared.
    const copy: KubeObject = { ...rs, metadata: { ...rs.metadata }, spec: { ...(rs.spec as Obj) } };
    (copy.spec as Obj).replicas = newScale;
    copy.metadata.annotations = { ...ann, [DESIRED_REPLICAS_ANNOTATION]: desired, [MAX_REPLICAS_ANNOTATION]: max };
    const r = this.c.client.update('replicasets', copy.metadata.namespace, copy);
    if (!r.ok) return rs;
    if (old !== newScale) {
      const op = operation ?? (old < newScale ? 'up' : 'down');
      this.recorder.record(d, 'Normal', 'ScalingReplicaSet', `Scaled ${op} replica set ${rs.metadata.name} from ${old} to ${newScale}`);
    }
    return r.value;
  }

  private rolloutRolling(d: KubeObject, rsList: KubeObject[]): void {
    const got = this.getNewReplicaSet(d, rsList, true);
    let newRS = got.newRS;
    let oldRSs = got.oldRSs;
    const all = () => (newRS ? [...oldRSs, newRS] : oldRSs);
    // reconcileNewReplicaSet
    if (newRS) {
      const replicas = replicasOf(d);
      let target = replicasOf(newRS);
      if (target > replicas) target = replicas;
      else if (target < replicas) target = this.newRSNewReplicas(d, all(), newRS);
      if (target !== replicasOf(newRS)) {
        newRS = this.scaleRS(newRS, target, d);
        return this.syncRolloutStatus(all(), newRS, d);
      }
    }
    // reconcileOldReplicaSets
    const scaledDown = this.reconcileOld(d, all(), oldRSs, newRS, (updated) => (oldRSs = oldRSs.map((rs) => (rs.metadata.uid === updated.metadata.uid ? updated : rs))));
    if (scaledDown) return this.syncRolloutStatus(all(), newRS, d);
    if (this.complete(d, this.calculateStatus(all(), newRS, d))) this.cleanup(oldRSs, d);
    this.syncRolloutStatus(all(), newRS, d);
  }

  private reconcileOld(d: KubeObject, allRSs: KubeObject[], oldRSs: KubeObject[], newRS: KubeObject | undefined, replace: (rs: KubeObject) => void): boolean {
    const oldPods = specReplicas(oldRSs);
    if (oldPods === 0) return false;
    const allPods = specReplicas(allRSs);
    const minAvailable = replicasOf(d) - maxUnavailable(d);
    const newUnavailable = newRS ? replicasOf(newRS) - (((newRS.status as Obj | undefined)?.availableReplicas as number | undefined) ?? 0) : 0;
    const maxScaledDown = allPods - minAvailable - newUnavailable;
    if (maxScaledDown <= 0) return false;
    // cleanupUnhealthyReplicas: scale down unavailable old pods first, oldest ReplicaSet first.
    let cleaned = 0;
    const current = [...oldRSs].sort(byCreation);
    for (let i = 0; i < current.length; i++) {
      const rs = current[i];
      if (cleaned >= maxScaledDown) break;
      if (replicasOf(rs) === 0) continue;
      const unhealthy = replicasOf(rs) - ((((rs.status as Obj | undefined)?.availableReplicas) as number | undefined) ?? 0);
      if (unhealthy <= 0) continue;
      const down = Math.min(maxScaledDown - cleaned, unhealthy);
      const updated = this.scaleRS(rs, replicasOf(rs) - down, d);
      current[i] = updated;
      replace(updated);
      cleaned += down;
    }
    // scaleDownOldReplicaSetsForRollingUpdate: keep at least minAvailable available pods.
    const all = [...current, ...(newRS ? [newRS] : [])];
    const available = statusSum(all, 'availableReplicas');
    let scaled = 0;
    if (available > minAvailable) {
      const total = available - minAvailable;
      for (let i = 0; i < current.length && scaled < total; i++) {
        const rs = current[i];
        if (replicasOf(rs) === 0) continue;
        const down = Math.min(replicasOf(rs), total - scaled);
        const updated = this.scaleRS(rs, replicasOf(rs) - down, d);
        replace(updated);
        scaled += down;
      }
    }
    return cleaned + scaled > 0;
  }

  private rolloutRecreate(d: KubeObject, rsList: KubeObject[]): void {
    let { newRS, oldRSs } = this.getNewReplicaSet(d, rsList, false);
    let scaledDown = false;
    oldRSs = oldRSs.map((rs) => {
      if (replicasOf(rs) === 0) return rs;
      scaledDown = true;
      return this.scaleRS(rs, 0, d);
    });
    const all = () => (newRS ? [...oldRSs, newRS] : oldRSs);
    if (scaledDown) return this.syncRolloutStatus(all(), newRS, d);
    // oldPodsRunning: any pod of an old ReplicaSet that is not Succeeded/Failed, terminating included.
    const oldUids = new Set(oldRSs.map((rs) => rs.metadata.uid));
    const running = statusSum(oldRSs, 'replicas') > 0 || [...oldUids].some((uid) => this.podsByOwner.get(uid!).some((p) => {
      const phase = (p.status as Obj | undefined)?.phase;
      return phase !== 'Succeeded' && phase !== 'Failed';
    }));
    if (running) return this.syncRolloutStatus(all(), newRS, d);
    if (!newRS) ({ newRS, oldRSs } = this.getNewReplicaSet(d, rsList, true));
    if (newRS && replicasOf(newRS) !== replicasOf(d)) newRS = this.scaleRS(newRS, replicasOf(d), d);
    if (this.complete(d, this.calculateStatus(all(), newRS, d))) this.cleanup(oldRSs, d);
    this.syncRolloutStatus(all(), newRS, d);
  }

  /** isScalingEvent: an active ReplicaSet's desired-replicas annotation differs from spec.replicas. */
  private isScalingEvent(d: KubeObject, rsList: KubeObject[]): boolean {
    const { newRS, oldRSs } = this.split(d, rsList);
    for (const rs of [...oldRSs, ...(newRS ? [newRS] : [])]) {
      if (replicasOf(rs) === 0) continue;
      const desired = rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION];
      if (desired !== undefined && Number(desired) !== replicasOf(d)) return true;
    }
    return false;
  }

  /** sync + scale: proportional scaling of the active ReplicaSets. */
  private syncScale(d: KubeObject, rsList: KubeObject[]): void {
    let { newRS, oldRSs } = this.getNewReplicaSet(d, rsList, false);
    const replace = (u: KubeObject) => {
      if (newRS && u.metadata.uid === newRS.metadata.uid) newRS = u;
      oldRSs = oldRSs.map((rs) => (rs.metadata.uid === u.metadata.uid ? u : rs));
    };
    const active = [...(newRS ? [newRS] : []), ...oldRSs].filter((rs) => replicasOf(rs) > 0);
    const replicas = replicasOf(d);
    if (active.length <= 1) {
      // FindActiveOrLatest
      const target = active[0] ?? newRS ?? [...oldRSs].sort(byCreation).at(-1);
      if (target && replicasOf(target) !== replicas) replace(this.scaleRS(target, replicas, d));
    } else if (newRS && replicasOf(newRS) === replicas && statusSum([newRS], 'availableReplicas') >= replicas) {
      for (const rs of oldRSs) if (replicasOf(rs) > 0) replace(this.scaleRS(rs, 0, d));
    } else if ((d.spec as Obj).strategy?.type !== 'Recreate') {
      const allowed = replicas > 0 ? replicas + maxSurge(d) : 0;
      const toAdd = allowed - specReplicas(active);
      const op = toAdd > 0 ? 'up' : 'down';
      const created = (rs: KubeObject) => parseTime(rs.metadata.creationTimestamp) ?? 0;
      active.sort((a, b) => (replicasOf(a) !== replicasOf(b) ? replicasOf(b) - replicasOf(a) : toAdd > 0 ? created(b) - created(a) : created(a) - created(b)));
      const sizes = new Map<string, number>();
      let added = 0;
      for (const rs of active) {
        let proportion = 0;
        if (toAdd !== 0 && replicasOf(rs) > 0 && toAdd !== added) {
          const annotated = Number(rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION] ?? ((d.status as Obj | undefined)?.replicas ?? 0));
          const fraction = replicas === 0 ? -replicasOf(rs) : Math.round((replicasOf(rs) * (replicas + maxSurge(d))) / (annotated || 1)) - replicasOf(rs);
          proportion = toAdd > 0 ? Math.min(fraction, toAdd - added) : Math.max(fraction, toAdd - added);
        }
        sizes.set(rs.metadata.uid!, replicasOf(rs) + proportion);
        added += proportion;
      }
      active.forEach((rs, i) => {
        let size = sizes.get(rs.metadata.uid!)!;
        if (i === 0 && toAdd !== 0) size = Math.max(0, size + toAdd - added);
        replace(this.scaleRS(rs, size, d, op));
      });
    }
    const all = newRS ? [...oldRSs, newRS] : oldRSs;
    if ((d.spec as Obj).paused) this.cleanup(oldRSs, d);
    const status = this.calculateStatus(all, newRS, d);
    this.writeStatus(d, status);
  }

  private syncStatusOnly(d: KubeObject, rsList: KubeObject[]): void {
    const { newRS, oldRSs } = this.split(d, rsList);
    this.writeStatus(d, this.calculateStatus(newRS ? [...oldRSs, newRS] : oldRSs, newRS, d));
  }

  /** calculateStatus: counts plus the Available condition. */
  private calculateStatus(allRSs: KubeObject[], newRS: KubeObject | undefined, d: KubeObject): Obj {
    const prev = (d.status as Obj | undefined) ?? {};
    const available = statusSum(allRSs, 'availableReplicas');
    const unavailable = Math.max(0, specReplicas(allRSs) - available);
    const status: Obj = {
      observedGeneration: d.metadata.generation,
      replicas: statusSum(allRSs, 'replicas'),
      updatedReplicas: newRS ? statusSum([newRS], 'replicas') : 0,
      readyReplicas: statusSum(allRSs, 'readyReplicas'),
      availableReplicas: available,
      unavailableReplicas: unavailable,
      // A new array of the same conditions: setCondition and removeCondition replace entries, never change one.
      conditions: [...((prev.conditions ?? []) as Obj[])],
      collisionCount: prev.collisionCount,
    };
    if (available >= replicasOf(d) - maxUnavailable(d)) setCondition(status, condition('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.', this.now()));
    else setCondition(status, condition('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.', this.now()));
    return status;
  }

  /** DeploymentComplete. */
  private complete(d: KubeObject, s: Obj): boolean {
    const r = replicasOf(d);
    return s.updatedReplicas === r && s.replicas === r && s.availableReplicas === r && (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
  }

  /** syncRolloutStatus: the Progressing condition and the progress-deadline re-check. */
  private syncRolloutStatus(allRSs: KubeObject[], newRS: KubeObject | undefined, d: KubeObject): void {
    const status = this.calculateStatus(allRSs, newRS, d);
    const prev = (d.status as Obj | undefined) ?? {};
    const deadline = (d.spec as Obj).progressDeadlineSeconds as number | undefined;
    const now = this.now();
    if (deadline === undefined) removeCondition(status, 'Progressing');
    const current = getCondition(status, 'Progressing');
    const isComplete = status.replicas === status.updatedReplicas && current?.reason === 'NewReplicaSetAvailable';
    const rsName = newRS?.metadata.name;
    if (deadline !== undefined && !isComplete) {
      const oldOld = (prev.replicas ?? 0) - (prev.updatedReplicas ?? 0);
      const newOld = status.replicas - status.updatedReplicas;
      const progressing = status.updatedReplicas > (prev.updatedReplicas ?? 0) || newOld < oldOld || status.readyReplicas > (prev.readyReplicas ?? 0) || status.availableReplicas > (prev.availableReplicas ?? 0);
      if (this.complete(d, status)) {
        const msg = rsName ? `ReplicaSet "${rsName}" has successfully progressed.` : `Deployment "${d.metadata.name}" has successfully progressed.`;
        setCondition(status, condition('Progressing', 'True', 'NewReplicaSetAvailable', msg, now));
      } else if (progressing) {
        const msg = rsName ? `ReplicaSet "${rsName}" is progressing.` : `Deployment "${d.metadata.name}" is progressing.`;
        const cond = condition('Progressing', 'True', 'ReplicaSetUpdated', msg, now);
        if (current) {
          if (current.status === 'True') cond.lastTransitionTime = current.lastTransitionTime;
          removeCondition(status, 'Progressing');
        }
        setCondition(status, cond);
      } else if (current && current.reason !== 'NewReplicaSetAvailable' && (current.reason === 'ProgressDeadlineExceeded' || (parseTime(current.lastUpdateTime) ?? now) + deadline * 1000 < now)) {
        const msg = rsName ? `ReplicaSet "${rsName}" has timed out progressing.` : `Deployment "${d.metadata.name}" has timed out progressing.`;
        setCondition(status, condition('Progressing', 'False', 'ProgressDeadlineExceeded', msg, now));
      }
    }
    // ReplicaFailure mirrors the new ReplicaSet's (getReplicaFailures).
    const failure = newRS ? (((newRS.status as Obj | undefined)?.conditions ?? []) as Obj[]).find((c) => c.type === 'ReplicaFailure' && c.status === 'True') : undefined;
    if (failure) setCondition(status, condition('ReplicaFailure', 'True', failure.reason, failure.message, now));
    else removeCondition(status, 'ReplicaFailure');
    this.writeStatus(d, status);
    // requeueStuckDeployment: look again once the deadline could have passed.
    const cond = getCondition(status, 'Progressing');
    if (deadline !== undefined && cond && cond.reason !== 'NewReplicaSetAvailable' && cond.reason !== 'ProgressDeadlineExceeded' && !this.complete(d, status)) {
      const due = (parseTime(cond.lastUpdateTime) ?? now) + deadline * 1000;
      this.queue.addAfter(objectKey(d), Math.max(0, due - now) + 1000);
    }
  }

  /** cleanupDeployment: keeps revisionHistoryLimit old, fully scaled-down ReplicaSets. */
  private cleanup(oldRSs: KubeObject[], d: KubeObject): void {
    const limit = (d.spec as Obj).revisionHistoryLimit as number | undefined;
    if (limit === undefined) return;
    const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
    const diff = cleanable.length - limit;
    if (diff <= 0) return;
    cleanable.sort((a, b) => revisionOf(a) - revisionOf(b) || byCreation(a, b));
    for (const rs of cleanable.slice(0, diff)) {
      const st = (rs.status as Obj | undefined) ?? {};
      if ((st.replicas ?? 0) !== 0 || replicasOf(rs) !== 0 || (rs.metadata.generation ?? 0) > (st.observedGeneration ?? 0)) continue;
      this.c.client.delete('replicasets', rs.metadata.namespace, rs.metadata.name!);
    }
  }

  /** Writes status with DeploymentStatus field order, omitting zero values; a no-op when unchanged unless `force` (the annotations changed). */
  private writeStatus(d: KubeObject, s: Obj, force = false): void {
    const status: Obj = {};
    for (const k of ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas', 'conditions', 'collisionCount']) {
      const v = s[k];
      if (v === undefined || v === 0 || (Array.isArray(v) && v.length === 0)) continue;
      status[k] = v;
    }
    if (!force && jsonEqual(d.status ?? {}, status)) return;
    const r = this.c.client.updateStatus('deployments', d.metadata.namespace, { ...d, status });
    if (r.ok) {
      d.status = r.value.status;
      d.metadata.resourceVersion = r.value.metadata.resourceVersion;
    } else if (r.status.reason === 'Conflict') this.queue.add(objectKey(d));
  }
}

/**
 * The Deployment a sync works on: client-go's DeepCopy, but only of what a
 * sync changes in place (metadata's annotations and resourceVersion, the
 * status's fields); spec is shared with the cached object and only read. Sharing
 * spec.template also lets equalIgnoreHash find the template's comparison text
 * by the stored object (a deep copy made it a new object at every sync).
 */
function syncCopy(cached: KubeObject): KubeObject {
  const d: KubeObject = { ...cached, metadata: { ...cached.metadata } };
  if (cached.status) d.status = { ...(cached.status as Obj) };
  return d;
}

/** deploymentutil.SetDeploymentRevision: stamps the revision annotation on the (copied) Deployment; true when it changed. */
function setDeploymentRevision(d: KubeObject, revision: string): boolean {
  const annotations = d.metadata.annotations ?? {};
  if (annotations[REVISION_ANNOTATION] === revision) return false;
  d.metadata.annotations = { ...annotations, [REVISION_ANNOTATION]: revision };
  return true;
}
