/**
 * The PriorityClasses the API server creates at start-up (pkg/apis/scheduling
 * SystemPriorityClasses, the scheduling post-start hook): what kubeadm's
 * static pods and kube-proxy name in `priorityClassName`.
 */

/** SystemCriticalPriority (2 × 10⁹); node-critical adds 1000. */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

/** system-node-critical and system-cluster-critical, in the order the hook creates them. */
export function systemPriorityClasses(): Record<string, unknown>[] {
  const pc = (name: string, value: number, description: string) => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, description, preemptionPolicy: 'PreemptLowerPriority' });
  return [
    pc('system-node-critical', SYSTEM_CRITICAL_PRIORITY + 1000, 'Used for system critical pods that must not be moved from their current node.'),
    pc('system-cluster-critical', SYSTEM_CRITICAL_PRIORITY, 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.'),
  ];
}
