/**
 * The workload part of calico v3.29.3's manifest install (manifests/calico.yaml
 * at tag v3.29.3, from charts/calico/templates/calico-node.yaml and
 * calico-kube-controllers.yaml),
 * in kube-system as upstream: the ServiceAccounts, the calico-config ConfigMap,
 * the calico-node DaemonSet (init containers upgrade-ipam, install-cni,
 * mount-bpffs; then calico-node) and the calico-kube-controllers Deployment.
 * Left out: the CRDs, RBAC and PodDisruptionBudget (nothing simulated reads
 * them). The ConfigMap's cni_network_config uses host-local IPAM over the
 * node's podCIDR (`usePodCidr`), the documented choice with the Kubernetes pod
 * CIDR, so that install-cni writes exactly the conflist the nodes were seeded
 * with (bootstrap/node-files.ts).
 */

type Obj = Record<string, any>;

/** The calico release: v3.29.3's images on Docker Hub, as the v3.29 manifest names them. */
export const CALICO_VERSION = 'v3.29.3';
export const CALICO_CNI_IMAGE = `docker.io/calico/cni:${CALICO_VERSION}`;
export const CALICO_NODE_IMAGE = `docker.io/calico/node:${CALICO_VERSION}`;
export const CALICO_KUBE_CONTROLLERS_IMAGE = `docker.io/calico/kube-controllers:${CALICO_VERSION}`;
/** The size of the calico and calico-ipam binaries calico/cni ships (one multi-call binary). */
export const CALICO_CNI_BINARY_SIZE = 67_174_400;
/** Where the calico plugin's kubeconfig lives on a node (install-cni's __KUBECONFIG_FILEPATH__). */
export const CALICO_KUBECONFIG_PATH = '/etc/cni/net.d/calico-kubeconfig';

/**
 * calico-config's cni_network_config: calico.yaml's text, with the IPAM the
 * calico docs give for host-local over the Kubernetes pod CIDR in place of
 * calico-ipam. install-cni fills the placeholders in by plain string
 * replacement and writes the result as is (no trailing newline: `|-`).
 */
export const CALICO_CNI_NETWORK_CONFIG = `{
  "name": "k8s-pod-network",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "calico",
      "log_level": "info",
      "log_file_path": "/var/log/calico/cni/cni.log",
      "datastore_type": "kubernetes",
      "nodename": "__KUBERNETES_NODE_NAME__",
      "mtu": __CNI_MTU__,
      "ipam": {
          "type": "host-local",
          "subnet": "usePodCidr"
      },
      "policy": {
          "type": "k8s"
      },
      "kubernetes": {
          "kubeconfig": "__KUBECONFIG_FILEPATH__"
      }
    },
    {
      "type": "portmap",
      "snat": true,
      "capabilities": {"portMappings": true}
    },
    {
      "type": "bandwidth",
      "capabilities": {"bandwidth": true}
    }
  ]
}`;

/** install.go writeCNIConfig's replacements (those the template uses). */
export function fillCniTemplate(template: string, values: { nodeName: string; mtu: string; kubeconfig: string }): string {
  return template.replaceAll('__KUBERNETES_NODE_NAME__', values.nodeName).replaceAll('__KUBECONFIG_FILEPATH__', values.kubeconfig).replaceAll('__CNI_MTU__', values.mtu);
}

/** The conflist install-cni writes on `nodeName` with calico-config as shipped (and bootstrap seeds). */
export function calicoConflistText(nodeName: string): string {
  return fillCniTemplate(CALICO_CNI_NETWORK_CONFIG, { nodeName, mtu: '0', kubeconfig: CALICO_KUBECONFIG_PATH });
}

const fieldRef = (fieldPath: string) => ({ valueFrom: { fieldRef: { fieldPath } } });
const configKey = (key: string) => ({ valueFrom: { configMapKeyRef: { name: 'calico-config', key } } });
/** Allows KUBERNETES_SERVICE_HOST/PORT to be overridden for eBPF mode (upstream's comment). */
const SERVICES_ENDPOINT = [{ configMapRef: { name: 'kubernetes-services-endpoint', optional: true } }];

/** The objects, in calico.yaml's order. */
export function calicoManifest(): Obj[] {
  const ns = 'kube-system';
  const sa = (name: string) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: ns } });
  return [
    sa('calico-kube-controllers'),
    sa('calico-node'),
    sa('calico-cni-plugin'),
    {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'calico-config', namespace: ns },
      data: { typha_service_name: 'none', calico_backend: 'bird', veth_mtu: '0', cni_network_config: CALICO_CNI_NETWORK_CONFIG },
    },
    calicoNodeDaemonSet(ns),
    calicoKubeControllersDeployment(ns),
  ];
}

function calicoNodeDaemonSet(ns: string): Obj {
  return {
    kind: 'DaemonSet',
    apiVersion: 'apps/v1',
    metadata: { name: 'calico-node', namespace: ns, labels: { 'k8s-app': 'calico-node' } },
    spec: {
      selector: { matchLabels: { 'k8s-app': 'calico-node' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      template: {
        metadata: { labels: { 'k8s-app': 'calico-node' } },
        spec: {
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          hostNetwork: true,
          tolerations: [
            { effect: 'NoSchedule', operator: 'Exists' },
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { effect: 'NoExecute', operator: 'Exists' },
          ],
          serviceAccountName: 'calico-node',
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          terminationGracePeriodSeconds: 0,
          priorityClassName: 'system-node-critical',
          initContainers: [
            {
              name: 'upgrade-ipam',
              image: CALICO_CNI_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: ['/opt/cni/bin/calico-ipam', '-upgrade'],
              envFrom: SERVICES_ENDPOINT,
              env: [{ name: 'KUBERNETES_NODE_NAME', ...fieldRef('spec.nodeName') }, { name: 'CALICO_NETWORKING_BACKEND', ...configKey('calico_backend') }],
              volumeMounts: [{ mountPath: '/var/lib/cni/networks', name: 'host-local-net-dir' }, { mountPath: '/host/opt/cni/bin', name: 'cni-bin-dir' }],
              securityContext: { privileged: true },
            },
            {
              name: 'install-cni',
              image: CALICO_CNI_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: ['/opt/cni/bin/install'],
              envFrom: SERVICES_ENDPOINT,
              env: [
                { name: 'CNI_CONF_NAME', value: '10-calico.conflist' },
                { name: 'CNI_NETWORK_CONFIG', ...configKey('cni_network_config') },
                { name: 'KUBERNETES_NODE_NAME', ...fieldRef('spec.nodeName') },
                { name: 'CNI_MTU', ...configKey('veth_mtu') },
                { name: 'SLEEP', value: 'false' },
              ],
              volumeMounts: [{ mountPath: '/host/opt/cni/bin', name: 'cni-bin-dir' }, { mountPath: '/host/etc/cni/net.d', name: 'cni-net-dir' }],
              securityContext: { privileged: true },
            },
            {
              name: 'mount-bpffs',
              image: CALICO_NODE_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: ['calico-node', '-init', '-best-effort'],
              volumeMounts: [
                { mountPath: '/sys/fs', name: 'sys-fs', mountPropagation: 'Bidirectional' },
                { mountPath: '/var/run/calico', name: 'var-run-calico', mountPropagation: 'Bidirectional' },
                { mountPath: '/nodeproc', name: 'nodeproc', readOnly: true },
              ],
              securityContext: { privileged: true },
            },
          ],
          containers: [
            {
              name: 'calico-node',
              image: CALICO_NODE_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              envFrom: SERVICES_ENDPOINT,
              env: [
                { name: 'DATASTORE_TYPE', value: 'kubernetes' },
                { name: 'WAIT_FOR_DATASTORE', value: 'true' },
                { name: 'NODENAME', ...fieldRef('spec.nodeName') },
                { name: 'CALICO_NETWORKING_BACKEND', ...configKey('calico_backend') },
                { name: 'CLUSTER_TYPE', value: 'k8s,bgp' },
                { name: 'IP', value: 'autodetect' },
                { name: 'CALICO_IPV4POOL_IPIP', value: 'Always' },
                { name: 'CALICO_IPV4POOL_VXLAN', value: 'Never' },
                { name: 'CALICO_IPV6POOL_VXLAN', value: 'Never' },
                { name: 'FELIX_IPINIPMTU', ...configKey('veth_mtu') },
                { name: 'FELIX_VXLANMTU', ...configKey('veth_mtu') },
                { name: 'FELIX_WIREGUARDMTU', ...configKey('veth_mtu') },
                { name: 'CALICO_DISABLE_FILE_LOGGING', value: 'true' },
                { name: 'FELIX_DEFAULTENDPOINTTOHOSTACTION', value: 'ACCEPT' },
                { name: 'FELIX_IPV6SUPPORT', value: 'false' },
                { name: 'FELIX_HEALTHENABLED', value: 'true' },
              ],
              securityContext: { privileged: true },
              resources: { requests: { cpu: '250m' } },
              lifecycle: { preStop: { exec: { command: ['/bin/calico-node', '-shutdown'] } } },
              livenessProbe: { exec: { command: ['/bin/calico-node', '-felix-live', '-bird-live'] }, periodSeconds: 10, initialDelaySeconds: 10, failureThreshold: 6, timeoutSeconds: 10 },
              readinessProbe: { exec: { command: ['/bin/calico-node', '-felix-ready', '-bird-ready'] }, periodSeconds: 10, timeoutSeconds: 10 },
              volumeMounts: [
                { mountPath: '/host/etc/cni/net.d', name: 'cni-net-dir', readOnly: false },
                { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
                { mountPath: '/run/xtables.lock', name: 'xtables-lock', readOnly: false },
                { mountPath: '/var/run/calico', name: 'var-run-calico', readOnly: false },
                { mountPath: '/var/lib/calico', name: 'var-lib-calico', readOnly: false },
                { name: 'policysync', mountPath: '/var/run/nodeagent' },
                { name: 'bpffs', mountPath: '/sys/fs/bpf' },
                { name: 'cni-log-dir', mountPath: '/var/log/calico/cni', readOnly: true },
              ],
            },
          ],
          volumes: [
            { name: 'lib-modules', hostPath: { path: '/lib/modules' } },
            { name: 'var-run-calico', hostPath: { path: '/var/run/calico', type: 'DirectoryOrCreate' } },
            { name: 'var-lib-calico', hostPath: { path: '/var/lib/calico', type: 'DirectoryOrCreate' } },
            { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            { name: 'sys-fs', hostPath: { path: '/sys/fs/', type: 'DirectoryOrCreate' } },
            { name: 'bpffs', hostPath: { path: '/sys/fs/bpf', type: 'Directory' } },
            { name: 'nodeproc', hostPath: { path: '/proc' } },
            { name: 'cni-bin-dir', hostPath: { path: '/opt/cni/bin', type: 'DirectoryOrCreate' } },
            { name: 'cni-net-dir', hostPath: { path: '/etc/cni/net.d' } },
            { name: 'cni-log-dir', hostPath: { path: '/var/log/calico/cni' } },
            { name: 'host-local-net-dir', hostPath: { path: '/var/lib/cni/networks' } },
            { name: 'policysync', hostPath: { type: 'DirectoryOrCreate', path: '/var/run/nodeagent' } },
          ],
        },
      },
    },
  };
}

function calicoKubeControllersDeployment(ns: string): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'calico-kube-controllers', namespace: ns, labels: { 'k8s-app': 'calico-kube-controllers' } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'k8s-app': 'calico-kube-controllers' } },
      strategy: { type: 'Recreate' },
      template: {
        metadata: { name: 'calico-kube-controllers', namespace: ns, labels: { 'k8s-app': 'calico-kube-controllers' } },
        spec: {
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
          ],
          serviceAccountName: 'calico-kube-controllers',
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          priorityClassName: 'system-cluster-critical',
          containers: [
            {
              name: 'calico-kube-controllers',
              image: CALICO_KUBE_CONTROLLERS_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              env: [{ name: 'ENABLED_CONTROLLERS', value: 'node' }, { name: 'DATASTORE_TYPE', value: 'kubernetes' }],
              livenessProbe: { exec: { command: ['/usr/bin/check-status', '-l'] }, periodSeconds: 10, initialDelaySeconds: 10, failureThreshold: 6, timeoutSeconds: 10 },
              readinessProbe: { exec: { command: ['/usr/bin/check-status', '-r'] }, periodSeconds: 10 },
              securityContext: { runAsNonRoot: true },
            },
          ],
        },
      },
    },
  };
}
