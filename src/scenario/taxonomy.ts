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
  /**
   * Default phrasings of the cause for free-text grading, the first one also
   * naming the concept in explanations. Words are matched in any order within
   * one clause, singular/plural and -ed/-ing alike (see grading/concepts.ts).
   */
  readonly synonyms: readonly string[];
}

/** One component of the chain, with its causes. */
export interface TaxonomyComponent {
  /** Stable kebab-case id used in scenario files. */
  readonly id: string;
  /** Short label for the UI. */
  readonly label: string;
  /** Ways a learner names the component in free text. */
  readonly synonyms: readonly string[];
  /** What can break it, in the order the guided diagnosis offers them. */
  readonly causes: readonly TaxonomyCause[];
}

/** The diagnosis taxonomy, in the order the UI offers it (request path order). */
export const TAXONOMY = [
  {
    id: 'workload',
    label: 'Workload (the pod or deployment spec)',
    synonyms: ['workload', 'deployment', 'pod spec', 'manifest', 'container spec'],
    causes: [
      { id: 'bad-command', label: 'Container command or args make it exit', synonyms: ['wrong command', 'command typo', 'typo in command', 'bad command', 'command not found', 'binary not found', 'executable not found', 'binary not exist', 'executable not exist', 'command not exist', 'no such file', 'wrong path', 'misspelled'] },
      { id: 'wrong-image-tag', label: 'Wrong image name or tag', synonyms: ['wrong image tag', 'wrong tag', 'bad tag', 'tag wrong', 'tag typo', 'wrong image', 'wrong version'] },
      { id: 'requests-too-large', label: 'Resource requests larger than any node can fit', synonyms: ['request too large', 'request too high', 'request too big', 'request too much', 'too much cpu', 'too much memory', 'request more than', 'larger than', 'more than any node', 'exceed', 'not fit', 'not enough', 'insufficient', 'only have', 'no node enough'] },
      { id: 'wrong-node-selector', label: 'nodeSelector or affinity names a label no node has', synonyms: ['wrong node selector', 'nodeselector wrong', 'nodeselector typo', 'nodeselector mismatch', 'selector not match', 'label mismatch', 'wrong label', 'no node label', 'disktype'] },
      { id: 'wrong-scheduler-name', label: 'schedulerName names a scheduler that is not running', synonyms: ['wrong scheduler name', 'schedulername', 'scheduler name', 'no scheduler named', 'scheduler not exist'] },
      { id: 'host-port-taken', label: 'Its hostPort is taken on every node that could run it', synonyms: ['hostport conflict', 'host port conflict', 'host port taken', 'hostport taken', 'port already used', 'port already in use', 'port conflict', 'free port', 'port taken'] },
      { id: 'missing-configmap', label: 'References a ConfigMap that does not exist', synonyms: ['missing configmap', 'configmap not found', 'configmap not exist', 'no configmap'] },
      { id: 'missing-secret', label: 'References a Secret that does not exist', synonyms: ['missing secret', 'secret not found', 'secret not exist', 'no secret'] },
      { id: 'failing-probe', label: 'Liveness or readiness probe fails', synonyms: ['probe fail', 'failing probe', 'liveness probe', 'readiness probe'] },
      { id: 'oom-killed', label: 'Memory limit too low (OOMKilled)', synonyms: ['oomkilled', 'out of memory', 'memory limit too low', 'oom'] },
      { id: 'wrong-container-port', label: 'Container listens on a different port than declared', synonyms: ['wrong container port', 'wrong port', 'port mismatch', 'listen different port'] },
    ],
  },
  {
    id: 'api-server',
    label: 'API server',
    synonyms: ['api server', 'apiserver', 'kube-apiserver', 'control plane'],
    causes: [
      { id: 'admission-webhook-unreachable', label: 'An admission webhook times out or is unreachable', synonyms: ['webhook unreachable', 'webhook timeout', 'webhook time out', 'admission webhook'] },
      { id: 'mutating-webhook-change', label: 'A mutating admission webhook changes the objects (an injected sidecar)', synonyms: ['mutating webhook', 'mutating admission', 'sidecar injector', 'injected sidecar', 'sidecar injection', 'webhook injects', 'webhook adds', 'injector adds'] },
      { id: 'rbac-forbidden', label: 'RBAC does not allow the request', synonyms: ['rbac forbidden', 'forbidden', 'rbac', 'permission denied', 'missing permission'] },
      { id: 'quota-exceeded', label: 'A ResourceQuota or LimitRange rejects the object', synonyms: ['quota exceeded', 'resourcequota', 'limitrange', 'quota'] },
      { id: 'certificate-expired', label: 'Its serving certificate expired', synonyms: ['api server certificate expired', 'apiserver certificate expired', 'serving certificate expired'] },
      { id: 'not-running', label: 'The API server is not running', synonyms: ['api server down', 'apiserver down', 'api server stopped', 'api server crash'] },
      { id: 'etcd-unreachable', label: 'It cannot reach etcd (its --etcd-servers, or the certificates to reach it)', synonyms: ['can not reach etcd', 'cannot connect to etcd', 'can not connect to etcd', 'etcd servers', 'etcd-servers', 'etcd endpoint', 'etcd connection refused', 'wrong etcd port', 'wrong etcd address'] },
    ],
  },
  {
    id: 'etcd',
    label: 'etcd',
    synonyms: ['etcd'],
    causes: [
      { id: 'slow-disk', label: 'Slow disk makes writes time out', synonyms: ['slow disk', 'disk slow', 'fsync slow', 'write latency'] },
      { id: 'unavailable', label: 'etcd is down or has lost quorum', synonyms: ['etcd down', 'lost quorum', 'no quorum', 'etcd stopped', 'etcd unavailable'] },
      { id: 'database-full', label: 'The database exceeded its space quota', synonyms: ['database full', 'db full', 'space quota', 'nospace alarm', 'db size'] },
    ],
  },
  {
    id: 'scheduler',
    label: 'Scheduler',
    synonyms: ['scheduler', 'scheduling', 'kube-scheduler', 'schedule'],
    causes: [
      { id: 'insufficient-resources', label: 'No node has enough free CPU or memory for the requests', synonyms: ['not enough free cpu', 'not enough', 'insufficient', 'no node enough', 'request too high', 'request too much', 'request too large', 'request more than', 'more than any node', 'exceed', 'not fit', 'only have'] },
      { id: 'untolerated-taint', label: 'Nodes carry a taint the pod does not tolerate', synonyms: ['untolerated taint', 'taint', 'tainted', 'toleration'] },
      { id: 'node-selector-mismatch', label: 'No node matches the nodeSelector or node affinity', synonyms: ['node selector mismatch', 'nodeselector', 'node selector', 'node affinity', 'label mismatch', 'no node label', 'no node match'] },
      { id: 'host-port-conflict', label: 'The requested hostPort is already taken', synonyms: ['hostport conflict', 'host port conflict', 'host port taken', 'hostport taken', 'port already used', 'port already in use', 'port conflict', 'free port', 'port taken'] },
      { id: 'all-nodes-unschedulable', label: 'All fitting nodes are cordoned', synonyms: ['nodes cordoned', 'cordon', 'unschedulable', 'not uncordon', 'forgot uncordon', 'never uncordon', 'nobody uncordon', 'schedulingdisabled'] },
      { id: 'no-scheduler-for-pod', label: 'The pod names a schedulerName no scheduler serves', synonyms: ['no scheduler for the pod', 'schedulername', 'scheduler name', 'no scheduler named', 'scheduler not exist', 'wrong scheduler'] },
      { id: 'unbound-volume-claim', label: 'A PersistentVolumeClaim cannot be bound', synonyms: ['unbound volume claim', 'pvc pending', 'pvc not bound', 'unbound pvc', 'persistentvolumeclaim'] },
      { id: 'not-running', label: 'The scheduler is not running', synonyms: ['scheduler down', 'scheduler stopped', 'scheduler crash'] },
    ],
  },
  {
    id: 'controller-manager',
    label: 'Controller manager',
    synonyms: ['controller manager', 'controller-manager', 'kube-controller-manager', 'controllers'],
    causes: [
      { id: 'not-running', label: 'The controller manager is not running', synonyms: ['controller manager down', 'controller manager stopped', 'controller manager crash'] },
      { id: 'leader-election-stuck', label: 'Leader election is stuck (no controller acts)', synonyms: ['leader election stuck', 'leader election', 'no leader'] },
      { id: 'invalid-kubeconfig', label: 'Its kubeconfig or credentials are invalid', synonyms: ['controller manager kubeconfig invalid', 'invalid kubeconfig', 'wrong kubeconfig', 'credentials invalid'] },
      { id: 'client-certificate-expired', label: 'The client certificate in its kubeconfig expired', synonyms: ['controller manager certificate expired', 'controller-manager.conf expired', 'controller manager cert expired', 'controller manager client certificate expired', 'controller-manager.conf certificate expired'] },
      { id: 'controller-disabled', label: 'A controller is switched off by --controllers', synonyms: ['controller disabled', 'controllers flag excludes', 'replicaset controller disabled', 'deployment controller disabled', 'controller turned off', 'controller switched off', 'controller excluded'] },
    ],
  },
  {
    id: 'kubelet',
    label: 'Kubelet',
    synonyms: ['kubelet'],
    causes: [
      { id: 'client-certificate-expired', label: 'Client certificate expired', synonyms: ['expired client certificate', 'certificate expired', 'certificate expiry', 'expired', 'expiry', 'notafter', 'certificate out of date', 'certificate no longer valid', 'certificate invalid'] },
      { id: 'invalid-config', label: 'Invalid kubelet configuration', synonyms: ['invalid kubelet configuration', 'config invalid', 'invalid config', 'broken config', 'config broken', 'config syntax error', 'syntax error', 'yaml error', 'config error', 'tab', 'malformed config', 'config typo', 'bad config', 'config corrupt', 'not parse config', 'fail parse config', 'fail load config'] },
      { id: 'pleg-unhealthy', label: 'PLEG is not healthy', synonyms: ['pleg not healthy', 'pleg unhealthy', 'pleg', 'relist'] },
      { id: 'stopped', label: 'The kubelet service is stopped', synonyms: ['kubelet stopped', 'kubelet not running', 'kubelet down', 'kubelet inactive', 'kubelet disabled'] },
    ],
  },
  {
    id: 'container-runtime',
    label: 'Container runtime',
    synonyms: ['container runtime', 'containerd', 'runtime', 'cri'],
    causes: [
      { id: 'runtime-down', label: 'The container runtime is down', synonyms: ['container runtime down', 'containerd down', 'runtime down', 'containerd stopped', 'runtime stopped', 'containerd not running', 'runtime not running', 'containerd inactive', 'containerd dead', 'containerd crash', 'containerd.sock', 'containerd socket'] },
      { id: 'runtime-slow', label: 'The container runtime responds too slowly', synonyms: ['container runtime too slow', 'slow', 'hung', 'hang', 'too long', 'time out', 'timeout', 'deadline exceeded', 'pleg', 'relist', 'unresponsive', 'not respond'] },
      { id: 'wrong-cgroup-driver', label: 'Its cgroup driver differs from the kubelet\'s', synonyms: ['cgroup driver mismatch', 'cgroup driver', 'systemdcgroup', 'cgroupfs'] },
    ],
  },
  {
    id: 'image-registry',
    label: 'Image registry',
    synonyms: ['registry', 'image registry', 'docker hub'],
    causes: [
      { id: 'image-not-found', label: 'The image or tag does not exist in the registry', synonyms: ['image tag not found', 'image not found', 'tag not found', 'image not exist', 'tag not exist', 'version not exist', 'no such tag', 'no such image', 'missing tag', 'tag missing', 'wrong tag', 'wrong image tag', 'tag wrong', 'bad tag', 'tag typo', 'manifest unknown', 'not in registry', 'wrong version'] },
      { id: 'registry-unreachable', label: 'The registry cannot be reached', synonyms: ['registry unreachable', 'registry not reachable', 'can not reach registry', 'registry down', 'registry timeout'] },
      { id: 'pull-unauthorized', label: 'The registry refuses the pull (credentials)', synonyms: ['pull unauthorized', 'unauthorized', 'authorization failed', 'imagepullsecret', 'credentials', 'access denied'] },
    ],
  },
  {
    id: 'node',
    label: 'Node (host)',
    synonyms: ['node', 'host', 'machine', 'server', 'vm'],
    causes: [
      { id: 'clock-skew', label: 'The node clock is wrong', synonyms: ['wrong clock', 'clock wrong', 'clock skew', 'skew', 'clock ahead', 'clock behind', 'clock off', 'clock drift', 'ntp', 'time sync', 'clock not sync', 'wrong date', 'date wrong', 'in the future', 'timedatectl'] },
      { id: 'disk-pressure', label: 'The node is out of disk space', synonyms: ['disk full', 'full disk', 'out of disk', 'no disk left', 'no space left', 'disk pressure', 'diskpressure', 'disk fill', 'fill disk', 'disk use', 'low disk', 'disk exhaust', 'ran out of disk'] },
      { id: 'memory-pressure', label: 'The node is out of memory', synonyms: ['memory full', 'out of memory', 'memory pressure', 'memorypressure', 'low memory'] },
      { id: 'network-partition', label: 'The node cannot reach the control plane', synonyms: ['network partition', 'partition', 'can not reach control plane', 'can not reach api server', 'unreachable', 'firewall', 'iptables', 'drop rule', 'drop traffic', 'block traffic', 'cut off', 'network blocked', 'isolated'] },
      { id: 'leftover-taint', label: 'A taint left over on the node (after maintenance)', synonyms: ['leftover taint', 'left over taint', 'taint left', 'still tainted', 'maintenance taint', 'taint not removed', 'forgot remove taint', 'taint', 'tainted'] },
      { id: 'cordoned', label: 'The node is still cordoned', synonyms: ['node cordoned', 'cordon', 'unschedulable', 'not uncordon', 'forgot uncordon', 'never uncordon', 'nobody uncordon', 'schedulingdisabled'] },
    ],
  },
  {
    id: 'networking',
    label: 'Networking',
    synonyms: ['network', 'networking', 'cni', 'kube-proxy', 'service'],
    causes: [
      { id: 'cni-not-configured', label: 'The CNI plugin is missing or misconfigured', synonyms: ['cni misconfigured', 'cni config', 'cni configuration', 'cni plugin', 'conflist', 'net.d', 'cilium', 'network plugin', 'cni not initialized', 'cni binary', 'cni'] },
      { id: 'host-firewall-drop', label: 'A host firewall rule drops the traffic', synonyms: ['firewall rule drops traffic', 'firewall', 'iptables', 'drop rule', 'drop traffic', 'block traffic', 'network partition', 'partition'] },
      { id: 'service-selector-mismatch', label: 'The Service selector matches no pods', synonyms: ['service selector mismatch', 'selector match no pod', 'service selector', 'no endpoints'] },
      { id: 'service-target-port-mismatch', label: 'The Service targetPort is not the port the pods listen on', synonyms: ['target port mismatch', 'targetport', 'target port', 'wrong port'] },
      { id: 'kube-proxy-stale-rules', label: 'kube-proxy rules are stale', synonyms: ['stale kube-proxy rules', 'kube-proxy', 'stale rules'] },
      { id: 'network-policy-blocking', label: 'A NetworkPolicy blocks the traffic', synonyms: ['network policy blocks', 'networkpolicy', 'network policy'] },
      { id: 'dns-wrong-name', label: 'A client looks up a name that does not exist (wrong Service name or namespace)', synonyms: ['wrong dns name', 'wrong service name', 'wrong namespace', 'name not resolve', 'nxdomain', 'can not resolve', 'dns name'] },
      { id: 'coredns-down', label: 'CoreDNS is not running or not ready', synonyms: ['coredns down', 'coredns not running', 'coredns scaled to zero', 'no dns server', 'dns down', 'kube-dns no endpoints'] },
      { id: 'corefile-invalid', label: 'The CoreDNS Corefile is invalid', synonyms: ['corefile invalid', 'corefile syntax error', 'corefile broken', 'coredns config', 'unknown directive'] },
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
