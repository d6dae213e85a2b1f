/**
 * The shared diagnosis taxonomy: the components of a cluster a learner can
 * name as broken, each with the causes a scenario can declare. Scenarios
 * (`diagnosis.component` / `diagnosis.cause`), the guided diagnosis in the UI
 * and grading all read this one table.
 */

/** One cause a component can be broken by. */
export interface TaxonomyCause {
  /** Stable kebab-case id used in scenario files. */
  readonly id: string;
  /** Short label for the UI. */
  readonly label: string;
}

/** One component of the chain, with its causes. */
export interface TaxonomyComponent {
  /** Stable kebab-case id used in scenario files. */
  readonly id: string;
  /** Short label for the UI. */
  readonly label: string;
  readonly causes: readonly TaxonomyCause[];
}

/** The diagnosis taxonomy, in the order the UI offers it (request path order). */
export const TAXONOMY = [
  {
    id: 'workload',
    label: 'Workload (the pod or deployment spec)',
    causes: [
      { id: 'bad-command', label: 'Container command or args make it exit' },
      { id: 'wrong-image-tag', label: 'Wrong image name or tag' },
      { id: 'missing-configmap', label: 'References a ConfigMap that does not exist' },
      { id: 'missing-secret', label: 'References a Secret that does not exist' },
      { id: 'failing-probe', label: 'Liveness or readiness probe fails' },
      { id: 'oom-killed', label: 'Memory limit too low (OOMKilled)' },
      { id: 'wrong-container-port', label: 'Container listens on a different port than declared' },
    ],
  },
  {
    id: 'api-server',
    label: 'API server',
    causes: [
      { id: 'admission-webhook-unreachable', label: 'An admission webhook times out or is unreachable' },
      { id: 'rbac-forbidden', label: 'RBAC does not allow the request' },
      { id: 'quota-exceeded', label: 'A ResourceQuota or LimitRange rejects the object' },
      { id: 'not-running', label: 'The API server is not running' },
    ],
  },
  {
    id: 'etcd',
    label: 'etcd',
    causes: [
      { id: 'slow-disk', label: 'Slow disk makes writes time out' },
      { id: 'unavailable', label: 'etcd is down or has lost quorum' },
    ],
  },
  {
    id: 'scheduler',
    label: 'Scheduler',
    causes: [
      { id: 'insufficient-resources', label: 'No node has enough free CPU or memory for the requests' },
      { id: 'untolerated-taint', label: 'Nodes carry a taint the pod does not tolerate' },
      { id: 'node-selector-mismatch', label: 'No node matches the nodeSelector or node affinity' },
      { id: 'host-port-conflict', label: 'The requested hostPort is already taken' },
      { id: 'all-nodes-unschedulable', label: 'All fitting nodes are cordoned' },
      { id: 'no-scheduler-for-pod', label: 'The pod names a schedulerName no scheduler serves' },
      { id: 'unbound-volume-claim', label: 'A PersistentVolumeClaim cannot be bound' },
      { id: 'not-running', label: 'The scheduler is not running' },
    ],
  },
  {
    id: 'controller-manager',
    label: 'Controller manager',
    causes: [
      { id: 'not-running', label: 'The controller manager is not running' },
      { id: 'leader-election-stuck', label: 'Leader election is stuck (no controller acts)' },
    ],
  },
  {
    id: 'kubelet',
    label: 'Kubelet',
    causes: [
      { id: 'client-certificate-expired', label: 'Client certificate expired' },
      { id: 'invalid-config', label: 'Invalid kubelet configuration' },
      { id: 'pleg-unhealthy', label: 'PLEG is not healthy' },
      { id: 'stopped', label: 'The kubelet service is stopped' },
    ],
  },
  {
    id: 'container-runtime',
    label: 'Container runtime',
    causes: [
      { id: 'runtime-down', label: 'The container runtime is down' },
      { id: 'runtime-slow', label: 'The container runtime responds too slowly' },
    ],
  },
  {
    id: 'image-registry',
    label: 'Image registry',
    causes: [
      { id: 'image-not-found', label: 'The image or tag does not exist in the registry' },
      { id: 'registry-unreachable', label: 'The registry cannot be reached' },
      { id: 'pull-unauthorized', label: 'The registry refuses the pull (credentials)' },
    ],
  },
  {
    id: 'node',
    label: 'Node (host)',
    causes: [
      { id: 'clock-skew', label: 'The node clock is wrong' },
      { id: 'disk-pressure', label: 'The node is out of disk space' },
      { id: 'memory-pressure', label: 'The node is out of memory' },
      { id: 'network-partition', label: 'The node cannot reach the control plane' },
    ],
  },
  {
    id: 'networking',
    label: 'Networking',
    causes: [
      { id: 'cni-not-configured', label: 'The CNI plugin is missing or misconfigured' },
      { id: 'service-selector-mismatch', label: 'The Service selector matches no pods' },
      { id: 'service-target-port-mismatch', label: 'The Service targetPort is not the port the pods listen on' },
      { id: 'kube-proxy-stale-rules', label: 'kube-proxy rules are stale' },
      { id: 'network-policy-blocking', label: 'A NetworkPolicy blocks the traffic' },
    ],
  },
] as const satisfies readonly TaxonomyComponent[];

/** A component id of the taxonomy. */
export type ComponentId = (typeof TAXONOMY)[number]['id'];

/** The component ids, in taxonomy order. */
export function componentIds(): ComponentId[] {
  return TAXONOMY.map((c) => c.id);
}

/** Every cause id that exists under some component, deduplicated, sorted. */
export function allCauseIds(): string[] {
  return [...new Set(TAXONOMY.flatMap((c) => c.causes.map((k) => k.id)))].sort();
}

/** Finds a component by id. */
export function findComponent(id: string): TaxonomyComponent | undefined {
  return TAXONOMY.find((c) => c.id === id);
}

/** Finds a cause of a given component; undefined when the component has no such cause. */
export function findCause(componentId: string, causeId: string): TaxonomyCause | undefined {
  return findComponent(componentId)?.causes.find((c) => c.id === causeId);
}

/** Whether `causeId` belongs to `componentId`. */
export function causeBelongsTo(componentId: string, causeId: string): boolean {
  return findCause(componentId, causeId) !== undefined;
}

/** The components that list `causeId` (a cause id such as `not-running` can be shared). */
export function componentsWithCause(causeId: string): TaxonomyComponent[] {
  return TAXONOMY.filter((c) => c.causes.some((k) => k.id === causeId));
}
