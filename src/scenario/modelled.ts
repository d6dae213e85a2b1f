/**
 * The one list of what the simulation models: the kinds it serves and, for
 * the types where behaviour lives (pod spec, container, volume, probe,
 * service and workload specs), every field with whether the simulated
 * cluster acts on it. `kubedrill validate` refuses a manifest that sets a
 * field the simulation does not model (a real cluster would behave
 * differently: a silent success teaches the wrong thing), and the author
 * guide's table is rendered from this list (docs/authoring.md, checked by a
 * test), so the two cannot drift. A mechanism that models a field moves its
 * entry from `not-simulated` to `modelled`.
 */
import { parseBytes } from '../cluster/quantity.js';
import type { ImageBehaviour } from './schema.js';

/** How far the simulation models a field or kind. */
export type Support = 'modelled' | 'partly' | 'not-simulated';

/** What a value-dependent rule knows about the manifest. */
export interface FieldContext {
  /** Namespace of the object the field belongs to. */
  readonly namespace: string;
  /** Whether an object of `kind` named `name` exists in the object's namespace once the workloads are applied. */
  readonly exists: (kind: 'ConfigMap' | 'ServiceAccount', name: string) => boolean;
}

/** One field of a Kubernetes type and how the simulation treats it. */
export interface FieldSupport {
  /** The Go struct holding the field, as api-types.generated.ts names it (`core/v1.PodSpec`). */
  readonly struct: string;
  /** The field's JSON name. */
  readonly field: string;
  /** How far the simulation models it. */
  readonly support: Support;
  /** What the simulation does with it, or what a real cluster does that the simulation does not. */
  readonly note: string;
  /**
   * Why this value is refused, or undefined when it is accepted. A
   * `not-simulated` field without a rule is refused unless its value behaves
   * as the field's default (unset, false, empty); a `partly` one by its rule only.
   * A reason that starts with `<key>: ` is about that key of the value (reported there).
   */
  readonly refuse?: (value: unknown, context: FieldContext) => string | undefined;
}

/** One served kind and how the simulation treats objects of it. */
export interface KindSupport {
  /** `v1`, `apps/v1`, ... as a manifest writes it. */
  readonly apiVersion: string;
  /** The kind, e.g. StatefulSet. */
  readonly kind: string;
  /** Whether something in the simulation acts on objects of the kind. */
  readonly support: Support;
  /** What acts on them, or what a real cluster would do that the simulation does not. */
  readonly note: string;
}

/** Whether a value behaves as an unset field: null, false, an empty string, list or mapping. */
export function isUnset(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** A field value other than `accepted` (its default) is refused. */
function onlyDefault(accepted: unknown): (value: unknown) => string | undefined {
  // `false` is a choice where the default is true, not an unset field.
  const accepts = (value: unknown) => value === accepted || value === null || value === undefined || (typeof accepted !== 'boolean' && isUnset(value));
  return (value) => (accepts(value) ? undefined : `only ${JSON.stringify(accepted)} (the default) is simulated`);
}

/** The smallest memory limit accepted: containers use no memory in the simulation, so none is ever OOMKilled. */
export const MIN_MEMORY_LIMIT = '64Mi';

const POD = 'core/v1.PodSpec';
const CONTAINER = 'core/v1.Container';
const VOLUME = 'core/v1.Volume';
const PROBE = 'core/v1.Probe';
const AFFINITY = 'core/v1.Affinity';
const RESOURCES = 'core/v1.ResourceRequirements';
const SERVICE = 'core/v1.ServiceSpec';
const DEPLOYMENT = 'apps/v1.DeploymentSpec';
const REPLICASET = 'apps/v1.ReplicaSetSpec';
const DAEMONSET = 'apps/v1.DaemonSetSpec';

const f = (struct: string, field: string, support: Support, note: string, refuse?: FieldSupport['refuse']): FieldSupport => ({ struct, field, support, note, ...(refuse ? { refuse } : {}) });

/** Volume sources a real kubelet mounts from storage or the API that the simulation does not. */
const UNMODELLED_VOLUMES = [
  'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'fc',
  'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos', 'csi',
];

/** Every field of the judged types, in the order of the Kubernetes types. */
export const FIELD_SUPPORT: readonly FieldSupport[] = [
  f(POD, 'volumes', 'partly', 'Only the volume sources marked modelled below.'),
  f(POD, 'initContainers', 'modelled', 'Run in order before the app containers (Init:N/M); one that never exits keeps the pod initialising; restartPolicy Always makes a sidecar.'),
  f(POD, 'containers', 'modelled', 'Pulled, created and started by the kubelet and the runtime; their image decides what they do (the image catalog).'),
  f(POD, 'ephemeralContainers', 'modelled', 'Added by `kubectl debug`; a scenario does not declare them.'),
  f(POD, 'restartPolicy', 'modelled', 'Always, OnFailure, Never: restarts with back-off, CrashLoopBackOff, pod phase.'),
  f(POD, 'terminationGracePeriodSeconds', 'modelled', 'How long a deleted pod stays Terminating.'),
  f(POD, 'activeDeadlineSeconds', 'not-simulated', 'A real kubelet fails the pod (DeadlineExceeded) after this many seconds.'),
  f(POD, 'dnsPolicy', 'modelled', "The pod's resolv.conf (ClusterFirst, Default, None, ClusterFirstWithHostNet)."),
  f(POD, 'nodeSelector', 'modelled', 'Scheduler filter NodeAffinity.'),
  f(POD, 'serviceAccountName', 'partly', "ServiceAccount admission, the projected token; RBAC for the application. A ServiceAccount the scenario does not declare (other than `default`) is refused: a real API server refuses such a pod, and the simulation's admission does not look it up yet.", missingServiceAccount),
  f(POD, 'serviceAccount', 'partly', 'Deprecated alias of serviceAccountName; the same rule.', missingServiceAccount),
  f(POD, 'automountServiceAccountToken', 'modelled', 'Whether admission adds the kube-api-access volume.'),
  f(POD, 'nodeName', 'modelled', 'Bypasses the scheduler; the node must exist.'),
  f(POD, 'hostNetwork', 'modelled', "The pod uses its node's network namespace and IP."),
  f(POD, 'hostPID', 'not-simulated', "Containers would see the node's processes."),
  f(POD, 'hostIPC', 'not-simulated', "Containers would share the node's IPC namespace."),
  f(POD, 'shareProcessNamespace', 'not-simulated', "Containers would see each other's processes."),
  f(POD, 'securityContext', 'not-simulated', 'runAsUser, runAsNonRoot, fsGroup, seccomp...: a real kubelet can refuse to start a container (CreateContainerConfigError).'),
  f(POD, 'imagePullSecrets', 'not-simulated', 'Image pulls use no credentials and a missing pull Secret goes unnoticed; a real private registry would refuse the pull (ErrImagePull).'),
  f(POD, 'hostname', 'modelled', "The pod's hostname."),
  f(POD, 'subdomain', 'not-simulated', 'CoreDNS would answer <hostname>.<subdomain>.<namespace>.svc for pods behind a headless Service.'),
  f(POD, 'affinity', 'partly', 'nodeAffinity only (see Affinity).'),
  f(POD, 'schedulerName', 'modelled', 'A pod for a scheduler that does not run stays Pending with no event.'),
  f(POD, 'tolerations', 'modelled', 'Scheduler filter TaintToleration; NoExecute taint eviction.'),
  f(POD, 'hostAliases', 'not-simulated', "Entries the kubelet would add to the pod's /etc/hosts."),
  f(POD, 'priorityClassName', 'modelled', 'Priority admission (an unknown class is refused) and scheduler preemption.'),
  f(POD, 'priority', 'modelled', 'Set by Priority admission from priorityClassName.'),
  f(POD, 'dnsConfig', 'modelled', "Extra nameservers, searches and options in the pod's resolv.conf."),
  f(POD, 'readinessGates', 'not-simulated', 'A real pod stays not ready until something sets each gate condition.'),
  f(POD, 'runtimeClassName', 'not-simulated', 'RuntimeClasses are not served; a real API server refuses an unknown class.'),
  f(POD, 'enableServiceLinks', 'modelled', 'Service environment variables in containers.'),
  f(POD, 'preemptionPolicy', 'modelled', 'Scheduler preemption (Never: the pod never preempts).'),
  f(POD, 'overhead', 'modelled', 'Added to the pod requests by the scheduler.'),
  f(POD, 'topologySpreadConstraints', 'not-simulated', 'Scheduler filter PodTopologySpread is not run.'),
  f(POD, 'setHostnameAsFQDN', 'not-simulated', "The pod's hostname would be its FQDN."),
  f(POD, 'os', 'not-simulated', 'Every node is Linux; os.name windows would be refused or unschedulable.', (v) => ((v as { name?: unknown } | null)?.name === 'linux' || isUnset(v) ? undefined : 'only os.name linux is simulated')),
  f(POD, 'hostUsers', 'not-simulated', 'User namespaces (hostUsers: false) are not simulated.', (v) => (v === true || v === null || v === undefined ? undefined : 'only true (the default) is simulated')),
  f(POD, 'schedulingGates', 'modelled', 'A gated pod stays Pending (SchedulingGated) until its gates are removed.'),
  f(POD, 'resourceClaims', 'not-simulated', 'Dynamic resource allocation is not served.'),
  f(POD, 'resources', 'not-simulated', 'Pod-level resources (feature gate PodLevelResources, off in 1.32).'),

  f(CONTAINER, 'name', 'modelled', 'The container name.'),
  f(CONTAINER, 'image', 'modelled', 'Pulled from the simulated registry: an unknown repository or tag fails the pull (ErrImagePull, ImagePullBackOff); the catalog says what it runs.'),
  f(CONTAINER, 'command', 'modelled', "Replaces the image's ENTRYPOINT; an executable the image lacks fails the start (StartError)."),
  f(CONTAINER, 'args', 'modelled', "Replaces the image's CMD."),
  f(CONTAINER, 'workingDir', 'modelled', 'The directory `kubectl exec` starts in.'),
  f(CONTAINER, 'ports', 'modelled', 'Named ports for Services and probes; hostPort for scheduler filter NodePorts.'),
  f(CONTAINER, 'envFrom', 'modelled', 'A missing ConfigMap or Secret (not optional) is CreateContainerConfigError, as on a real kubelet.'),
  f(CONTAINER, 'env', 'modelled', 'Values, configMapKeyRef and secretKeyRef (missing: CreateContainerConfigError), fieldRef.'),
  f(CONTAINER, 'resources', 'partly', 'See ResourceRequirements.'),
  f(CONTAINER, 'resizePolicy', 'not-simulated', 'In-place resize is not simulated.'),
  f(CONTAINER, 'restartPolicy', 'modelled', 'Always on an init container makes it a sidecar.'),
  f(CONTAINER, 'volumeMounts', 'partly', 'hostPath and configMap volumes are visible inside the container; other sources are refused at the volume.'),
  f(CONTAINER, 'volumeDevices', 'not-simulated', 'Block devices from PersistentVolumeClaims are not simulated.'),
  f(CONTAINER, 'livenessProbe', 'modelled', 'The kubelet restarts the container after failureThreshold failures.'),
  f(CONTAINER, 'readinessProbe', 'modelled', "Ready condition and the Service's endpoints."),
  f(CONTAINER, 'startupProbe', 'modelled', 'Holds liveness and readiness until it succeeds; restarts the container after failureThreshold failures.'),
  f(CONTAINER, 'lifecycle', 'not-simulated', 'postStart and preStop hooks would run in the container (a failing postStart kills it).'),
  f(CONTAINER, 'terminationMessagePath', 'not-simulated', 'Containers write no termination message.', onlyDefault('/dev/termination-log')),
  f(CONTAINER, 'terminationMessagePolicy', 'not-simulated', 'FallbackToLogsOnError would put the last log lines in the terminated state.', onlyDefault('File')),
  f(CONTAINER, 'imagePullPolicy', 'partly', 'Always pulls at every start; IfNotPresent uses the node image cache. Never is refused: a real kubelet would not pull (ErrImageNeverPull), the simulation pulls anyway.', (v) =>
    v === 'Never' ? 'only Always and IfNotPresent are simulated: with Never a real kubelet would not pull a missing image (ErrImageNeverPull)' : undefined),
  f(CONTAINER, 'securityContext', 'not-simulated', 'runAsNonRoot, capabilities, privileged, readOnlyRootFilesystem...: a real runtime enforces them.'),
  f(CONTAINER, 'stdin', 'modelled', 'Attach and `kubectl run -i`.'),
  f(CONTAINER, 'stdinOnce', 'modelled', 'Attach and `kubectl run -i`.'),
  f(CONTAINER, 'tty', 'modelled', 'Attach and `kubectl run -t`.'),

  f(RESOURCES, 'limits', 'partly', `QoS class, LimitRange and ResourceQuota admission. Containers use no CPU or memory, so nothing is throttled or OOMKilled: a memory limit under ${MIN_MEMORY_LIMIT} (which a real process may exceed) is refused.`, (v) => {
    const memory = (v as { memory?: unknown } | null)?.memory;
    if (typeof memory !== 'string' && typeof memory !== 'number') return undefined;
    let bytes: number;
    try {
      bytes = parseBytes(memory);
    } catch {
      return undefined;
    }
    return bytes < parseBytes(MIN_MEMORY_LIMIT) ? `memory: a memory limit under ${MIN_MEMORY_LIMIT} is not simulated: a real container may be OOMKilled under it, a simulated one never is` : undefined;
  }),
  f(RESOURCES, 'requests', 'modelled', 'Scheduler filter NodeResourcesFit (Insufficient cpu/memory), node allocation, QoS, ResourceQuota.'),
  f(RESOURCES, 'claims', 'not-simulated', 'Dynamic resource allocation is not served.'),

  f(VOLUME, 'name', 'modelled', 'The name volumeMounts refer to.'),
  f(VOLUME, 'hostPath', 'modelled', "The node's files, seen inside the container."),
  f(VOLUME, 'emptyDir', 'modelled', 'An empty directory; nothing fills it and its sizeLimit never evicts.'),
  f(VOLUME, 'secret', 'not-simulated', 'A real kubelet mounts the Secret, or leaves the pod ContainerCreating (FailedMount) when it is missing.'),
  f(VOLUME, 'persistentVolumeClaim', 'not-simulated', 'Claims are never bound (no PV controller or provisioner, no StorageClasses): a real pod would wait for its claim.'),
  f(VOLUME, 'downwardAPI', 'not-simulated', 'Pod fields as files.'),
  f(VOLUME, 'configMap', 'partly', "The ConfigMap's keys as files (CoreDNS reads its Corefile this way). A ConfigMap the scenario does not declare is refused: a real kubelet would leave the pod ContainerCreating (FailedMount).", (v, ctx) => {
    const source = v as { name?: unknown; optional?: unknown } | null;
    if (typeof source?.name !== 'string' || source.optional === true) return undefined;
    return ctx.exists('ConfigMap', source.name) ? undefined : `a configMap volume of ConfigMap "${source.name}", which the scenario does not declare in namespace ${ctx.namespace}, is not simulated: a real kubelet would leave the pod ContainerCreating (FailedMount)`;
  }),
  f(VOLUME, 'projected', 'not-simulated', 'Admission adds the kube-api-access token volume itself; authored projected volumes are not mounted.'),
  f(VOLUME, 'ephemeral', 'not-simulated', 'Generic ephemeral volumes need PersistentVolumeClaims.'),
  f(VOLUME, 'image', 'not-simulated', 'Image volumes (feature gate ImageVolume, off in 1.32).'),
  ...UNMODELLED_VOLUMES.map((name) => f(VOLUME, name, 'not-simulated', 'Storage plugins are not simulated.')),

  f(PROBE, 'exec', 'modelled', 'Runs the command in the container; a missing executable fails the probe.'),
  f(PROBE, 'httpGet', 'modelled', "Dialled over the pod network; the image's http behaviour decides the status."),
  f(PROBE, 'tcpSocket', 'modelled', 'Dialled over the pod network: refused unless the image listens on the port.'),
  f(PROBE, 'grpc', 'not-simulated', 'gRPC health checks are not simulated.'),
  f(PROBE, 'initialDelaySeconds', 'modelled', 'Prober timing.'),
  f(PROBE, 'timeoutSeconds', 'modelled', 'Prober timing.'),
  f(PROBE, 'periodSeconds', 'modelled', 'Prober timing.'),
  f(PROBE, 'successThreshold', 'modelled', 'Prober thresholds.'),
  f(PROBE, 'failureThreshold', 'modelled', 'Prober thresholds.'),
  f(PROBE, 'terminationGracePeriodSeconds', 'modelled', 'Grace period of a liveness restart.'),

  f(AFFINITY, 'nodeAffinity', 'modelled', 'Scheduler filter NodeAffinity (required terms); preferred terms are scored.'),
  f(AFFINITY, 'podAffinity', 'not-simulated', 'Scheduler plugin InterPodAffinity is not run.'),
  f(AFFINITY, 'podAntiAffinity', 'not-simulated', 'Scheduler plugin InterPodAffinity is not run.'),

  f(SERVICE, 'ports', 'modelled', 'kube-proxy rules, targetPort by number or name, nodePort.'),
  f(SERVICE, 'selector', 'modelled', 'Endpoints and EndpointSlices of ready pods that match.'),
  f(SERVICE, 'clusterIP', 'modelled', 'Allocated from the service CIDR, or None for a headless Service.'),
  f(SERVICE, 'clusterIPs', 'modelled', 'Single-stack IPv4.'),
  f(SERVICE, 'type', 'modelled', 'ClusterIP, NodePort, ExternalName; LoadBalancer gets a node port and stays <pending>, as on kubeadm without a cloud provider.'),
  f(SERVICE, 'externalIPs', 'not-simulated', 'kube-proxy would also answer on these addresses.'),
  f(SERVICE, 'sessionAffinity', 'not-simulated', 'ClientIP affinity is not in the kube-proxy rules.', onlyDefault('None')),
  f(SERVICE, 'loadBalancerIP', 'not-simulated', 'No cloud load balancer.'),
  f(SERVICE, 'loadBalancerSourceRanges', 'not-simulated', 'No cloud load balancer.'),
  f(SERVICE, 'externalName', 'modelled', 'CoreDNS answers a CNAME.'),
  f(SERVICE, 'externalTrafficPolicy', 'modelled', 'Local: node ports answer only on nodes with a ready endpoint.'),
  f(SERVICE, 'healthCheckNodePort', 'not-simulated', 'No health-check node port is allocated or served.'),
  f(SERVICE, 'publishNotReadyAddresses', 'modelled', 'Not-ready pods are listed as ready endpoints.'),
  f(SERVICE, 'sessionAffinityConfig', 'not-simulated', 'ClientIP affinity is not in the kube-proxy rules.'),
  f(SERVICE, 'ipFamilies', 'modelled', 'IPv4 only.', onlyDefaultFamilies),
  f(SERVICE, 'ipFamilyPolicy', 'modelled', 'SingleStack only.', onlyDefault('SingleStack')),
  f(SERVICE, 'allocateLoadBalancerNodePorts', 'not-simulated', 'LoadBalancer Services always get node ports.', onlyDefault(true)),
  f(SERVICE, 'loadBalancerClass', 'not-simulated', 'No cloud load balancer.'),
  f(SERVICE, 'internalTrafficPolicy', 'modelled', 'Local: the ClusterIP answers only from nodes with an endpoint.'),
  f(SERVICE, 'trafficDistribution', 'not-simulated', 'Topology-aware routing is not in the kube-proxy rules.'),

  f(DEPLOYMENT, 'replicas', 'modelled', 'Desired pods through a ReplicaSet.'),
  f(DEPLOYMENT, 'selector', 'modelled', 'Must match the template labels (API validation).'),
  f(DEPLOYMENT, 'template', 'modelled', 'A change starts a rollout (new ReplicaSet, pod-template-hash).'),
  f(DEPLOYMENT, 'strategy', 'modelled', 'RollingUpdate (maxSurge, maxUnavailable) or Recreate.'),
  f(DEPLOYMENT, 'minReadySeconds', 'modelled', 'Available replicas.'),
  f(DEPLOYMENT, 'revisionHistoryLimit', 'modelled', 'Old ReplicaSets kept for `kubectl rollout undo`.'),
  f(DEPLOYMENT, 'paused', 'modelled', 'A paused Deployment does not roll out.'),
  f(DEPLOYMENT, 'progressDeadlineSeconds', 'modelled', 'The Progressing condition.'),

  f(REPLICASET, 'replicas', 'modelled', 'Desired pods.'),
  f(REPLICASET, 'minReadySeconds', 'modelled', 'Available replicas.'),
  f(REPLICASET, 'selector', 'modelled', 'Pods it owns.'),
  f(REPLICASET, 'template', 'modelled', 'Pods it creates.'),

  f(DAEMONSET, 'selector', 'modelled', 'Pods it owns.'),
  f(DAEMONSET, 'template', 'modelled', 'One pod per eligible node (nodeSelector, affinity, tolerations).'),
  f(DAEMONSET, 'updateStrategy', 'modelled', 'RollingUpdate or OnDelete.'),
  f(DAEMONSET, 'minReadySeconds', 'modelled', 'Available pods.'),
  f(DAEMONSET, 'revisionHistoryLimit', 'partly', 'Accepted; ControllerRevisions are not served, so there is nothing to keep.'),
];

/** A ServiceAccount other than `default` that nobody declares (ServiceAccount admission would refuse the pod). */
function missingServiceAccount(value: unknown, ctx: FieldContext): string | undefined {
  if (typeof value !== 'string' || value === '' || value === 'default' || ctx.exists('ServiceAccount', value)) return undefined;
  return `ServiceAccount "${value}", which the scenario does not declare in namespace ${ctx.namespace}, is not simulated: a real API server refuses the pod (error looking up service account ${ctx.namespace}/${value}: serviceaccount "${value}" not found)`;
}

/** ipFamilies: only `[IPv4]` (the default of a single-stack cluster). */
function onlyDefaultFamilies(value: unknown): string | undefined {
  return isUnset(value) || (Array.isArray(value) && value.length === 1 && value[0] === 'IPv4') ? undefined : 'only [IPv4] is simulated';
}

/** Every kind the simulated API server serves, and whether something acts on objects of it. */
export const KIND_SUPPORT: readonly KindSupport[] = [
  { apiVersion: 'v1', kind: 'Binding', support: 'modelled', note: 'Written by the scheduler when it binds a pod; a scenario does not declare them.' },
  { apiVersion: 'v1', kind: 'ComponentStatus', support: 'modelled', note: 'Read only (get, list): the API server probes the scheduler, controller manager and etcd on each request; a scenario does not declare them.' },
  { apiVersion: 'v1', kind: 'ConfigMap', support: 'modelled', note: 'Read by env, envFrom and configMap volumes.' },
  { apiVersion: 'v1', kind: 'Endpoints', support: 'modelled', note: 'Kept by the endpoints controller for Services with a selector.' },
  { apiVersion: 'v1', kind: 'Event', support: 'modelled', note: 'Written by the components; a scenario does not declare them.' },
  { apiVersion: 'v1', kind: 'LimitRange', support: 'modelled', note: 'LimitRanger admission: defaults and bounds.' },
  { apiVersion: 'v1', kind: 'Namespace', support: 'modelled', note: 'Namespaced manifests need theirs declared first.' },
  { apiVersion: 'v1', kind: 'Node', support: 'modelled', note: 'Registered by each kubelet; declare nodes in cluster.nodes, not as manifests.' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim', support: 'not-simulated', note: 'No PV controller, provisioner or StorageClass: a claim would never bind.' },
  { apiVersion: 'v1', kind: 'PersistentVolume', support: 'not-simulated', note: 'No PV controller binds volumes to claims.' },
  { apiVersion: 'v1', kind: 'Pod', support: 'modelled', note: 'Scheduled, run by the kubelet, probed, restarted.' },
  { apiVersion: 'v1', kind: 'ResourceQuota', support: 'modelled', note: 'ResourceQuota admission (exceeded quota: Forbidden).' },
  { apiVersion: 'v1', kind: 'Secret', support: 'modelled', note: 'Read by env and envFrom.' },
  { apiVersion: 'v1', kind: 'ServiceAccount', support: 'modelled', note: 'Tokens for pods; RBAC subjects.' },
  { apiVersion: 'v1', kind: 'Service', support: 'modelled', note: 'ClusterIP allocation, endpoints, kube-proxy rules, CoreDNS records.' },
  { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', support: 'modelled', note: "Its webhooks are called in order at every matching create, update and delete, from the API server's node through kube-proxy; a JSONPatch answer is applied. Not evaluated: matchConditions (CEL), reinvocationPolicy IfNeeded, caBundle." },
  { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', support: 'modelled', note: "Its webhooks are called at every matching create, update and delete, from the API server's node through kube-proxy: rules, namespaceSelector, objectSelector, failurePolicy and timeoutSeconds decide. Not evaluated: matchConditions (CEL), caBundle." },
  { apiVersion: 'apps/v1', kind: 'DaemonSet', support: 'modelled', note: 'The DaemonSet controller.' },
  { apiVersion: 'apps/v1', kind: 'Deployment', support: 'modelled', note: 'The Deployment controller.' },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', support: 'modelled', note: 'The ReplicaSet controller.' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', support: 'not-simulated', note: 'No StatefulSet controller: it would create no pods.' },
  { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', support: 'modelled', note: 'Answered with the caller\'s user (kubectl auth whoami), never stored; a scenario does not declare them.' },
  { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', support: 'modelled', note: 'Answered by the authorizers (kubectl auth can-i), never stored; a scenario does not declare them.' },
  { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', support: 'modelled', note: 'Approval and signing by the controller manager.' },
  { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', support: 'modelled', note: 'Node heartbeats and leader election.' },
  { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', support: 'modelled', note: 'Kept by the EndpointSlice controller; read by kube-proxy and CoreDNS.' },
  { apiVersion: 'events.k8s.io/v1', kind: 'Event', support: 'modelled', note: 'The same events as v1 Event.' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', support: 'modelled', note: 'Judged at every dial (ingress and egress, ports, pod, namespace and ipBlock peers).' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', support: 'modelled', note: 'RBAC authorizer.' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', support: 'modelled', note: 'RBAC authorizer.' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', support: 'modelled', note: 'RBAC authorizer.' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', support: 'modelled', note: 'RBAC authorizer.' },
  { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', support: 'modelled', note: 'Priority admission and scheduler preemption.' },
];

/** The Go structs whose every field the list classifies. */
export const JUDGED_STRUCTS: readonly string[] = [POD, CONTAINER, RESOURCES, VOLUME, PROBE, AFFINITY, SERVICE, DEPLOYMENT, REPLICASET, DAEMONSET];

/** The entry of a field, by struct and name. Built on first use. */
let byField: Map<string, FieldSupport> | undefined;

/** How the simulation treats `field` of Go struct `struct`; undefined for a struct the list does not judge. */
export function fieldSupport(struct: string, field: string): FieldSupport | undefined {
  byField ??= new Map(FIELD_SUPPORT.map((e) => [`${e.struct}.${e.field}`, e]));
  return byField.get(`${struct}.${field}`);
}

/** How the simulation treats a kind. */
export function kindSupport(apiVersion: string, kind: string): KindSupport | undefined {
  return KIND_SUPPORT.find((k) => k.apiVersion === apiVersion && k.kind === kind);
}

/** Why a field's value is refused (a sentence; '' for "not simulated" as such), or undefined when the simulation models it. */
export function refusal(entry: FieldSupport, value: unknown, context: FieldContext): string | undefined {
  if (entry.refuse) return entry.refuse(value, context);
  if (entry.support !== 'not-simulated' || isUnset(value)) return undefined;
  return '';
}

/** Every field of a scenario's image behaviour (`cluster.images`), and whether the simulation acts on it. */
export const IMAGE_FIELD_SUPPORT = {
  listens: { support: 'modelled', note: 'TCP ports the process listens on once ready: Services, probes, curl and nc reach them.' },
  readyAfter: { support: 'modelled', note: 'Until then the ports refuse connections and probes fail.' },
  exits: { support: 'modelled', note: 'The process exits with the code after the delay: Completed, Error, CrashLoopBackOff with back-off.' },
  logs: { support: 'modelled', note: 'Written to stdout at start: `kubectl logs`, crictl logs, the CRI log file.' },
  http: { support: 'modelled', note: 'Status, body and headers by path for probes, curl and wget.' },
  accessLog: { support: 'modelled', note: 'One stdout line per HTTP request, in nginx log_format.' },
  admission: { support: 'modelled', note: 'Answers AdmissionReview POSTs from the API server with its verdict and, for a mutating webhook, its JSON Patch.' },
  memory: { support: 'not-simulated', note: 'Containers use no memory in the simulation: nothing grows and nothing is OOMKilled.' },
  sizeBytes: { support: 'modelled', note: 'Image size in pull events and `crictl images`; counts on the node disk.' },
  missing: { support: 'modelled', note: 'Pulls fail with NotFound: ErrImagePull, then ImagePullBackOff.' },
  entrypoint: { support: 'modelled', note: "The image's ENTRYPOINT + CMD; what runs when the pod gives no command." },
  binaries: { support: 'modelled', note: 'An exec-form command, exec probe or `kubectl exec` naming another executable fails as runc does.' },
} as const satisfies Record<keyof ImageBehaviour, { support: Support; note: string }>;
