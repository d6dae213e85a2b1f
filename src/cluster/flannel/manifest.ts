/**
 * kube-flannel.yml of flannel v0.26.7 (Documentation/kube-flannel.yml), the
 * manifest a kubeadm user applies after `kubeadm init`: the kube-flannel
 * namespace, RBAC, the ServiceAccount, the kube-flannel-cfg ConfigMap and
 * the kube-flannel-ds DaemonSet (init containers that install the CNI plugin
 * binary and the network configuration, then flanneld). net-conf.json's
 * Network is the cluster's pod subnet, as users edit it to match
 * `--pod-network-cidr`.
 */

type Obj = Record<string, any>;

/** The flannel release of the manifest and its images. */
export const FLANNEL_IMAGE = 'ghcr.io/flannel-io/flannel:v0.26.7';
/** The image of the flannel CNI plugin binary (install-cni-plugin). */
export const FLANNEL_CNI_PLUGIN_IMAGE = 'ghcr.io/flannel-io/flannel-cni-plugin:v1.6.2-flannel1';
/** The namespace flannel runs in. */
export const FLANNEL_NAMESPACE = 'kube-flannel';

/** The ConfigMap's cni-conf.json, as the manifest's block literal holds it. */
export const FLANNEL_CNI_CONF = `{
  "name": "cbr0",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "flannel",
      "delegate": {
        "hairpinMode": true,
        "isDefaultGateway": true
      }
    },
    {
      "type": "portmap",
      "capabilities": {
        "portMappings": true
      }
    }
  ]
}
`;

/** The ConfigMap's net-conf.json for a pod network. */
export function flannelNetConf(network: string): string {
  return `{
  "Network": "${network}",
  "EnableNFTables": false,
  "Backend": {
    "Type": "vxlan"
  }
}
`;
}

/** The objects of kube-flannel.yml, in the file's order. */
export function kubeFlannelManifest(podSubnet: string): Obj[] {
  const rbac = 'rbac.authorization.k8s.io';
  return [
    { kind: 'Namespace', apiVersion: 'v1', metadata: { name: FLANNEL_NAMESPACE, labels: { 'k8s-app': 'flannel', 'kubernetes.io/metadata.name': FLANNEL_NAMESPACE, 'pod-security.kubernetes.io/enforce': 'privileged' } } },
    {
      kind: 'ClusterRole',
      apiVersion: `${rbac}/v1`,
      metadata: { labels: { 'k8s-app': 'flannel' }, name: 'flannel' },
      rules: [
        { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
        { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: [''], resources: ['nodes/status'], verbs: ['patch'] },
      ],
    },
    {
      kind: 'ClusterRoleBinding',
      apiVersion: `${rbac}/v1`,
      metadata: { labels: { 'k8s-app': 'flannel' }, name: 'flannel' },
      roleRef: { apiGroup: rbac, kind: 'ClusterRole', name: 'flannel' },
      subjects: [{ kind: 'ServiceAccount', name: 'flannel', namespace: FLANNEL_NAMESPACE }],
    },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { labels: { 'k8s-app': 'flannel' }, name: 'flannel', namespace: FLANNEL_NAMESPACE } },
    {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'kube-flannel-cfg', namespace: FLANNEL_NAMESPACE, labels: { tier: 'node', 'k8s-app': 'flannel', app: 'flannel' } },
      data: { 'cni-conf.json': FLANNEL_CNI_CONF, 'net-conf.json': flannelNetConf(podSubnet) },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'kube-flannel-ds', namespace: FLANNEL_NAMESPACE, labels: { tier: 'node', app: 'flannel', 'k8s-app': 'flannel' } },
      spec: {
        selector: { matchLabels: { app: 'flannel' } },
        template: {
          metadata: { labels: { tier: 'node', app: 'flannel' } },
          spec: {
            affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }] } } },
            hostNetwork: true,
            priorityClassName: 'system-node-critical',
            tolerations: [{ operator: 'Exists', effect: 'NoSchedule' }],
            serviceAccountName: 'flannel',
            initContainers: [
              { name: 'install-cni-plugin', image: FLANNEL_CNI_PLUGIN_IMAGE, command: ['cp'], args: ['-f', '/flannel', '/opt/cni/bin/flannel'], volumeMounts: [{ name: 'cni-plugin', mountPath: '/opt/cni/bin' }] },
              {
                name: 'install-cni',
                image: FLANNEL_IMAGE,
                command: ['cp'],
                args: ['-f', '/etc/kube-flannel/cni-conf.json', '/etc/cni/net.d/10-flannel.conflist'],
                volumeMounts: [
                  { name: 'cni', mountPath: '/etc/cni/net.d' },
                  { name: 'flannel-cfg', mountPath: '/etc/kube-flannel/' },
                ],
              },
            ],
            containers: [
              {
                name: 'kube-flannel',
                image: FLANNEL_IMAGE,
                command: ['/opt/bin/flanneld'],
                args: ['--ip-masq', '--kube-subnet-mgr'],
                resources: { requests: { cpu: '100m', memory: '50Mi' } },
                securityContext: { privileged: false, capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } },
                env: [
                  { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                  { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                  { name: 'EVENT_QUEUE_DEPTH', value: '5000' },
                ],
                volumeMounts: [
                  { name: 'run', mountPath: '/run/flannel' },
                  { name: 'flannel-cfg', mountPath: '/etc/kube-flannel/' },
                  { name: 'xtables-lock', mountPath: '/run/xtables.lock' },
                ],
              },
            ],
            volumes: [
              { name: 'run', hostPath: { path: '/run/flannel' } },
              { name: 'cni-plugin', hostPath: { path: '/opt/cni/bin' } },
              { name: 'cni', hostPath: { path: '/etc/cni/net.d' } },
              { name: 'flannel-cfg', configMap: { name: 'kube-flannel-cfg' } },
              { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            ],
          },
        },
      },
    },
  ];
}
