/**
 * Taint and toleration matching, after `k8s.io/api/core/v1/toleration.go`
 * (ToleratesTaint) and `component-helpers/scheduling/corev1/helpers.go`
 * (FindMatchingUntoleratedTaint is the TaintToleration filter's loop).
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1.js';

/** True when the toleration matches the taint (empty effect/key are wildcards; operator defaults to Equal). */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** True when any of the tolerations matches the taint. */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  if (!tolerations) return false;
  for (const t of tolerations) if (toleratesTaint(t, taint)) return true;
  return false;
}

/** Taints the scheduler must respect: NoSchedule and NoExecute (helper.DoNotScheduleTaintsFilterFunc). */
export function isDoNotScheduleTaint(taint: Taint): boolean {
  return taint.effect === 'NoSchedule' || taint.effect === 'NoExecute';
}
