/**
 * Which surplus pods a ReplicaSet deletes first: controller.ActivePodsWithRanks
 * (pkg/controller/controller_utils.go) with LogarithmicScaleDown and
 * PodDeletionCost, both on by default in v1.32.
 */
import type { KubeObject } from '../apiserver/types.js';
import { isPodReady, parseTime, podReadyCondition, type Obj } from './util.js';

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** controller.kubernetes.io/pod-deletion-cost, 0 when absent or invalid. */
function deletionCost(pod: KubeObject): number {
  const v = Number(pod.metadata.annotations?.['controller.kubernetes.io/pod-deletion-cost']);
  return Number.isInteger(v) ? v : 0;
}

function maxRestarts(pod: KubeObject): number {
  let max = 0;
  for (const s of ((pod.status as Obj | undefined)?.containerStatuses ?? []) as Obj[]) max = Math.max(max, s.restartCount ?? 0);
  return max;
}

/** logarithmicRankDiff: compares ages in powers of two (ns), so pods of similar age tie. */
function logRankDiff(t1: number, t2: number, now: number): number {
  const d1 = (now - t1) * 1e6;
  const d2 = (now - t2) * 1e6;
  const r1 = d1 > 0 ? Math.floor(Math.log2(d1)) : -1;
  const r2 = d2 > 0 ? Math.floor(Math.log2(d2)) : -1;
  return r1 - r2;
}

/**
 * Orders pods so the ones to delete first come first: unassigned < assigned,
 * Pending < Unknown < Running, not ready < ready, lower deletion cost, more
 * pods on the same node, ready for less time, more restarts, newer.
 * `rank` counts related pods on the same node.
 */
export function sortPodsForDeletion(pods: KubeObject[], rank: (pod: KubeObject) => number, now: number): KubeObject[] {
  const uid = (p: KubeObject) => p.metadata.uid ?? '';
  const less = (a: KubeObject, b: KubeObject): boolean => {
    const na = (a.spec as Obj)?.nodeName ?? '';
    const nb = (b.spec as Obj)?.nodeName ?? '';
    if (na !== nb && (na === '' || nb === '')) return na === '';
    const pa = PHASE_ORDER[(a.status as Obj)?.phase ?? ''] ?? 0;
    const pb = PHASE_ORDER[(b.status as Obj)?.phase ?? ''] ?? 0;
    if (pa !== pb) return pa < pb;
    const ra = isPodReady(a);
    const rb = isPodReady(b);
    if (ra !== rb) return !ra;
    const ca = deletionCost(a);
    const cb = deletionCost(b);
    if (ca !== cb) return ca < cb;
    const ka = rank(a);
    const kb = rank(b);
    if (ka !== kb) return ka > kb;
    if (ra && rb) {
      const ta = parseTime(podReadyCondition(a)?.lastTransitionTime);
      const tb = parseTime(podReadyCondition(b)?.lastTransitionTime);
      if (ta !== tb) {
        if (ta === undefined || tb === undefined) return ta === undefined;
        const diff = logRankDiff(ta, tb, now);
        if (diff !== 0) return diff < 0;
        return uid(a) < uid(b);
      }
    }
    const xa = maxRestarts(a);
    const xb = maxRestarts(b);
    if (xa !== xb) return xa > xb;
    const sa = parseTime(a.metadata.creationTimestamp) ?? 0;
    const sb = parseTime(b.metadata.creationTimestamp) ?? 0;
    if (sa !== sb) {
      const diff = logRankDiff(sa, sb, now);
      if (diff !== 0) return diff < 0;
    }
    return uid(a) < uid(b);
  };
  return [...pods].sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
}
