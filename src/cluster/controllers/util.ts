/**
 * Small helpers shared by the controllers: timestamps in the API's formats,
 * pod readiness and availability (k8s.io/kubectl podutil, pkg/api/v1/pod),
 * owner references (pkg/controller/controller_ref_manager.go).
 */
import type { KubeObject, OwnerReference } from '../apiserver/types.js';

/** Plain-JSON view of an object's fields. */
export type Obj = Record<string, any>;

/** metav1.Time and metav1.MicroTime text (one shared flat string per value). */
export { isoSeconds, isoMicro } from '../clock/time-text.js';

/** Parses an RFC 3339 timestamp to ms; undefined when absent. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `namespace/name` of an object, as the informers key it (built flat: controllers keep it in their maps). */
export { keyOf as objectKey } from '../client/informer.js';

/** Splits `namespace/name`. */
export function splitKey(key: string): [string | undefined, string] {
  const i = key.indexOf('/');
  return i < 0 ? [undefined, key] : [key.slice(0, i), key.slice(i + 1)];
}

/** The pod's Ready condition, if any. */
export function podReadyCondition(pod: KubeObject): Obj | undefined {
  return ((pod.status as Obj | undefined)?.conditions ?? []).find((c: Obj) => c.type === 'Ready');
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/** podutil.IsPodAvailable: ready for at least minReadySeconds. */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, now: number): boolean {
  const cond = podReadyCondition(pod);
  if (cond?.status !== 'True') return false;
  if (minReadySeconds <= 0) return true;
  const since = parseTime(cond.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 <= now;
}

/** controller.IsPodActive: not Succeeded/Failed and not being deleted. */
export function isPodActive(pod: KubeObject): boolean {
  const phase = (pod.status as Obj | undefined)?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** The owner reference with controller: true, if any (metav1.GetControllerOf). */
export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return (obj.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}

/** An owner reference naming `owner` as the managing controller. */
export function controllerRef(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}
