/**
 * Pure helpers of the Deployment controller
 * (pkg/controller/deployment/util/deployment_util.go): surge and
 * unavailability arithmetic, replica sums, conditions and template equality.
 */
import type { KubeObject } from '../apiserver/types.js';
import { canonicalJson } from './hash.js';
import { isoSeconds, parseTime, type Obj } from './util.js';

/** Annotations the Deployment controller writes on ReplicaSets. */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
/** The label tying a ReplicaSet's pods to one template. */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/** Deployment annotations never copied to ReplicaSets (skipCopyAnnotation). */
const SKIP_COPY = new Set(['kubectl.kubernetes.io/last-applied-configuration', REVISION_ANNOTATION, 'deployment.kubernetes.io/revision-history', DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, 'deprecated.deployment.rollback.to']);

/** Is this annotation copied from a Deployment to its ReplicaSets? */
export function copiedAnnotation(key: string): boolean {
  return !SKIP_COPY.has(key);
}

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(value: unknown, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.endsWith('%')) {
    const pct = Number(value.slice(0, -1));
    const v = (pct * total) / 100;
    return roundUp ? Math.ceil(v) : Math.floor(v);
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return 0;
}

/** ResolveFenceposts: surge rounds up, unavailable rounds down; both 0 makes unavailable 1. */
export function resolveFenceposts(maxSurge: unknown, maxUnavailable: unknown, desired: number): [number, number] {
  const surge = scaledValue(maxSurge ?? '25%', desired, true);
  let unavailable = scaledValue(maxUnavailable ?? '25%', desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

function rolling(d: KubeObject): Obj | undefined {
  const strategy = (d.spec as Obj).strategy ?? {};
  return strategy.type === 'Recreate' ? undefined : (strategy.rollingUpdate ?? {});
}

/** Desired replicas of a Deployment. */
export function replicasOf(obj: KubeObject): number {
  return (obj.spec as Obj)?.replicas ?? 1;
}

/** MaxSurge(deployment): 0 unless RollingUpdate. */
export function maxSurge(d: KubeObject): number {
  const ru = rolling(d);
  return ru ? resolveFenceposts(ru.maxSurge, ru.maxUnavailable, replicasOf(d))[0] : 0;
}

/** MaxUnavailable(deployment): 0 unless RollingUpdate with replicas, capped at replicas. */
export function maxUnavailable(d: KubeObject): number {
  const ru = rolling(d);
  const replicas = replicasOf(d);
  if (!ru || replicas === 0) return 0;
  return Math.min(resolveFenceposts(ru.maxSurge, ru.maxUnavailable, replicas)[1], replicas);
}

/** Sum of spec.replicas. */
export function specReplicas(rss: readonly KubeObject[]): number {
  return rss.reduce((n, rs) => n + replicasOf(rs), 0);
}

/** Sum of a status field. */
export function statusSum(rss: readonly KubeObject[], field: 'replicas' | 'readyReplicas' | 'availableReplicas'): number {
  return rss.reduce((n, rs) => n + (((rs.status as Obj | undefined)?.[field] as number | undefined) ?? 0), 0);
}

/** A ReplicaSet's revision annotation as a number (0 when absent). */
export function revisionOf(rs: KubeObject): number {
  const v = Number(rs.metadata.annotations?.[REVISION_ANNOTATION]);
  return Number.isFinite(v) ? v : 0;
}

/**
 * EqualIgnoreHash: templates equal apart from the pod-template-hash label.
 * With `memo`, each template's comparison text is kept by the template object:
 * only for templates of stored objects, which are never changed once written.
 */
export function equalIgnoreHash(a: Obj | undefined, b: Obj | undefined, memo?: WeakMap<object, string>): boolean {
  // A view without the hash label, copying only the levels it changes (canonicalJson reads the rest in place).
  const strip = (t: Obj | undefined): Obj => {
    const c: Obj = { ...(t ?? {}) };
    c.metadata ??= {};
    const labels: unknown = c.metadata.labels;
    if (labels && typeof labels === 'object' && !Array.isArray(labels)) {
      const rest: Obj = { ...labels };
      delete rest[POD_TEMPLATE_HASH_LABEL];
      c.metadata = { ...c.metadata };
      if (Object.keys(rest).length === 0) delete c.metadata.labels;
      else c.metadata.labels = rest;
    }
    return c;
  };
  const text = (t: Obj | undefined): string => {
    if (!memo || !t) return canonicalJson(strip(t));
    let made = memo.get(t);
    if (made === undefined) memo.set(t, (made = canonicalJson(strip(t))));
    return made;
  };
  return text(a) === text(b);
}

/** Sorts by creationTimestamp, then name (controller.ReplicaSetsByCreationTimestamp). */
export function byCreation(a: KubeObject, b: KubeObject): number {
  const ta = parseTime(a.metadata.creationTimestamp) ?? 0;
  const tb = parseTime(b.metadata.creationTimestamp) ?? 0;
  return ta !== tb ? ta - tb : (a.metadata.name! < b.metadata.name! ? -1 : 1);
}

/** A DeploymentCondition with the struct's field order. */
export function condition(type: string, status: string, reason: string, message: string, now: number): Obj {
  const t = isoSeconds(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

/** SetDeploymentCondition: same status and reason is a no-op; same status keeps lastTransitionTime; the condition moves last. */
export function setCondition(status: Obj, cond: Obj): void {
  const conditions: Obj[] = status.conditions ?? [];
  const current = conditions.find((c) => c.type === cond.type);
  if (current && current.status === cond.status && current.reason === cond.reason) return;
  if (current && current.status === cond.status) cond.lastTransitionTime = current.lastTransitionTime;
  status.conditions = [...conditions.filter((c) => c.type !== cond.type), cond];
}

/** RemoveDeploymentCondition. */
export function removeCondition(status: Obj, type: string): void {
  if (!status.conditions) return;
  status.conditions = (status.conditions as Obj[]).filter((c) => c.type !== type);
}

/** GetDeploymentCondition. */
export function getCondition(status: Obj | undefined, type: string): Obj | undefined {
  return ((status?.conditions ?? []) as Obj[]).find((c) => c.type === type);
}
