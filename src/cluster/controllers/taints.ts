/**
 * Taint helpers of the node controllers: the well-known taints
 * (pkg/controller/nodelifecycle/node_lifecycle_controller.go templates) and
 * toleration matching (k8s.io/api/core/v1/toleration.go ToleratesTaint).
 */
import type { Obj } from './util.js';

/** node.kubernetes.io/not-ready. */
export const NOT_READY_KEY = 'node.kubernetes.io/not-ready';
/** node.kubernetes.io/unreachable. */
export const UNREACHABLE_KEY = 'node.kubernetes.io/unreachable';

/** Does the toleration match the taint? */
export function tolerates(toleration: Obj, taint: Obj): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  const op = toleration.operator ?? 'Equal';
  if (op === 'Exists') return true;
  return op === 'Equal' && (toleration.value ?? '') === (taint.value ?? '');
}

/** Same key and effect (Taint.MatchTaint). */
export function sameTaint(a: Obj, b: Obj): boolean {
  return a.key === b.key && a.effect === b.effect;
}
