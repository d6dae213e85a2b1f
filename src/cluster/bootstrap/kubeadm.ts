/**
 * What `kubeadm init` leaves in a new cluster: the system namespaces, RBAC
 * bootstrap, the `kubernetes` Service, the control plane as static pods,
 * and the kube-proxy and CoreDNS add-ons. Values follow kubeadm v1.32.
 */
import { KUBE_DNS_SERVICE_IP, KUBERNETES_SERVICE_IP } from '../apiserver/allocators.js';
import { DEFAULT_POD_SUBNET } from '../ipv4.js';

type Obj = Record<string, any>;

/** Namespaces every cluster starts with. */
export const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

/** RBAC objects the API server bootstraps plus kubeadm's admin binding. */
export function rbacBootstrap(): Obj[] {
  const clusterAdmin = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'cluster-admin', labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } },
    rules: [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
  };
  const binding = (name: string, group: string) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, ...(name === 'cluster-admin' ? { labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } } : {}) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group }],
  });
  return [clusterAdmin, binding('cluster-admin', 'system:masters'), binding('kubeadm:cluster-admins', 'kubeadm:cluster-admins'), nodeProxierRole()];
}

/** The bootstrap ClusterRole kube-proxy runs with (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go). */
function nodeProxierRole(): Obj {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'system:node-proxier', labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } },
    rules: [
      { apiGroups: [''], resources: ['endpoints', 'services'], verbs: ['list', 'watch'] },
      { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch', 'update'] },
      { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['list', 'watch'] },
    ],
  };
}

/** kubeadm's KubeProxyConfiguration (config.conf): v1alpha1 defaults as kubeadm v1.32 marshals them, mode "" (iptables). */
function kubeProxyConfig(clusterCIDR: string): string {
  return `apiVersion: kubeproxy.config.k8s.io/v1alpha1
bindAddress: 0.0.0.0
bindAddressHardFail: false
clientConnection:
  acceptContentTypes: ""
  burst: 0
  contentType: ""
  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf
  qps: 0
clusterCIDR: ${clusterCIDR}
configSyncPeriod: 0s
conntrack:
  maxPerCore: null
  min: null
  tcpBeLiberal: false
  tcpCloseWaitTimeout: null
  tcpEstablishedTimeout: null
  udpStreamTimeout: 0s
  udpTimeout: 0s
detectLocal:
  bridgeInterface: ""
  interfaceNamePrefix: ""
detectLocalMode: ""
enableProfiling: false
healthzBindAddress: ""
hostnameOverride: ""
iptables:
  localhostNodePorts: null
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
ipvs:
  excludeCIDRs: null
  minSyncPeriod: 0s
  scheduler: ""
  strictARP: false
  syncPeriod: 0s
  tcpFinTimeout: 0s
  tcpTimeout: 0s
  udpTimeout: 0s
kind: KubeProxyConfiguration
logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
    text:
      infoBufferSize: "0"
  verbosity: 0
metricsBindAddress: ""
mode: ""
nftables:
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
nodePortAddresses: null
oomScoreAdj: null
portRange: ""
showHiddenMetricsForVersion: ""
winkernel:
  enableDSR: false
  forwardHealthCheckVip: false
  networkName: ""
  rootHnsEndpointName: ""
  sourceVip: ""`;
}

/**
 * kubeadm's kube-proxy addon before its DaemonSet (cmd/kubeadm/app/phases/addons/proxy):
 * the ServiceAccount, the `kube-proxy` ConfigMap (manifests.go KubeProxyConfigMap19:
 * kubeconfig.conf using the ServiceAccount token, config.conf), and the RBAC that lets
 * the ServiceAccount watch Services and EndpointSlices.
 */
function kubeProxyAddon(clusterCIDR: string, apiServerIP: string, apiServerPort: number): Obj[] {
  const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt
    server: https://${apiServerIP}:${apiServerPort}
  name: default
contexts:
- context:
    cluster: default
    namespace: default
    user: default
  name: default
current-context: default
users:
- name: default
  user:
    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token`;
  const rbac = 'rbac.authorization.k8s.io';
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'kube-proxy', namespace: 'kube-system' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } }, data: { 'config.conf': kubeProxyConfig(clusterCIDR), 'kubeconfig.conf': kubeconfig } },
    { apiVersion: `${rbac}/v1`, kind: 'ClusterRoleBinding', metadata: { name: 'kubeadm:node-proxier' }, roleRef: { apiGroup: rbac, kind: 'ClusterRole', name: 'system:node-proxier' }, subjects: [{ kind: 'ServiceAccount', name: 'kube-proxy', namespace: 'kube-system' }] },
    { apiVersion: `${rbac}/v1`, kind: 'Role', metadata: { name: 'kube-proxy', namespace: 'kube-system' }, rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['kube-proxy'], verbs: ['get'] }] },
    { apiVersion: `${rbac}/v1`, kind: 'RoleBinding', metadata: { name: 'kube-proxy', namespace: 'kube-system' }, roleRef: { apiGroup: rbac, kind: 'Role', name: 'kube-proxy' }, subjects: [{ kind: 'Group', name: 'system:bootstrappers:kubeadm:default-node-token' }] },
  ];
}

/**
 * The `kubernetes` Service and its endpoints, pointing at the API servers:
 * one address for each control-plane node (the endpoint reconciler lists
 * every API server's advertise address).
 */
export function kubernetesService(apiServerIPs: readonly string[]): Obj[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
      spec: { clusterIP: KUBERNETES_SERVICE_IP, ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], type: 'ClusterIP' },
    },
    {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
      subsets: [{ addresses: apiServerIPs.map((ip) => ({ ip })), ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
    },
    {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4',
      endpoints: apiServerIPs.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
      ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
    },
  ];
}

// Probes as kubeadm sets them (staticpodutil.GetAPIServerProbeAddress/GetControllerManagerProbeAddress/
// GetSchedulerProbeAddress/GetEtcdProbeEndpoint): the API server's advertise address, 127.0.0.1 for the rest.
function staticPod(component: string, image: string, command: string[], cpu: string, nodeIP: string, port: number, extra: Obj = {}): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: component, namespace: 'kube-system', labels: { component, tier: 'control-plane' }, annotations: extra.annotations ?? {} },
    spec: {
      containers: [
        {
          name: component,
          image,
          command,
          resources: { requests: { cpu, ...(extra.memory ? { memory: extra.memory } : {}) } },
          ...(extra.volumeMounts ? { volumeMounts: extra.volumeMounts } : {}),
          livenessProbe: { failureThreshold: 8, httpGet: { host: component === 'kube-apiserver' ? nodeIP : '127.0.0.1', path: component === 'etcd' ? '/livez' : component === 'kube-apiserver' ? '/livez' : '/healthz', port, scheme: component === 'etcd' ? 'HTTP' : 'HTTPS' }, initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 15 },
        },
      ],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
      ...(extra.volumes ? { volumes: extra.volumes } : {}),
    },
  };
}

/** A member of the etcd cluster a joining control-plane node's etcd starts into (kubeadm's etcdutil.Member). */
export interface EtcdPeer {
  name: string;
  peerURL: string;
}

/**
 * kubeadm's etcd command line (cmd/kubeadm/app/phases/etcd/local.go
 * getEtcdCommand: the flags sorted by name). A member that joins an existing
 * cluster (`kubeadm join --control-plane`) gets `--initial-cluster` listing
 * the members AddMember returned, itself included, and
 * `--initial-cluster-state=existing`; the first one only itself.
 */
function etcdCommand(nodeName: string, nodeIP: string, initialCluster: readonly EtcdPeer[] = []): string[] {
  const pki = '/etc/kubernetes/pki/etcd';
  return [
    'etcd',
    `--advertise-client-urls=https://${nodeIP}:2379`,
    `--cert-file=${pki}/server.crt`,
    '--client-cert-auth=true',
    '--data-dir=/var/lib/etcd',
    '--experimental-initial-corrupt-check=true',
    '--experimental-watch-progress-notify-interval=5s',
    `--initial-advertise-peer-urls=https://${nodeIP}:2380`,
    `--initial-cluster=${initialCluster.length ? initialCluster.map((m) => `${m.name}=${m.peerURL}`).join(',') : `${nodeName}=https://${nodeIP}:2380`}`,
    ...(initialCluster.length ? ['--initial-cluster-state=existing'] : []),
    `--key-file=${pki}/server.key`,
    `--listen-client-urls=https://127.0.0.1:2379,https://${nodeIP}:2379`,
    '--listen-metrics-urls=http://127.0.0.1:2381',
    `--listen-peer-urls=https://${nodeIP}:2380`,
    `--name=${nodeName}`,
    `--peer-cert-file=${pki}/peer.crt`,
    '--peer-client-cert-auth=true',
    `--peer-key-file=${pki}/peer.key`,
    `--peer-trusted-ca-file=${pki}/ca.crt`,
    '--snapshot-count=10000',
    `--trusted-ca-file=${pki}/ca.crt`,
  ];
}

/**
 * kubeadm v1.32's kube-controller-manager command line
 * (cmd/kubeadm/app/phases/controlplane/manifests.go getControllerManagerCommand,
 * the flags sorted by name).
 */
function controllerManagerCommand(podSubnet: string): string[] {
  const conf = '/etc/kubernetes/controller-manager.conf';
  const pki = '/etc/kubernetes/pki';
  return [
    'kube-controller-manager',
    '--allocate-node-cidrs=true',
    `--authentication-kubeconfig=${conf}`,
    `--authorization-kubeconfig=${conf}`,
    '--bind-address=127.0.0.1',
    `--client-ca-file=${pki}/ca.crt`,
    `--cluster-cidr=${podSubnet}`,
    '--cluster-name=kubernetes',
    `--cluster-signing-cert-file=${pki}/ca.crt`,
    `--cluster-signing-key-file=${pki}/ca.key`,
    '--controllers=*,bootstrapsigner,tokencleaner',
    `--kubeconfig=${conf}`,
    '--leader-elect=true',
    `--requestheader-client-ca-file=${pki}/front-proxy-ca.crt`,
    `--root-ca-file=${pki}/ca.crt`,
    `--service-account-private-key-file=${pki}/sa.key`,
    '--service-cluster-ip-range=10.96.0.0/12',
    '--use-service-account-credentials=true',
  ];
}

/**
 * kubeadm's static pod manifests for a control-plane node; `podSubnet` is
 * kubeadm's networking.podSubnet, `initialCluster` the etcd members a
 * joining node's etcd starts with (empty for the node that ran `kubeadm init`).
 */
export function controlPlaneStaticPods(nodeName: string, nodeIP: string, version: string, podSubnet: string = DEFAULT_POD_SUBNET, initialCluster: readonly EtcdPeer[] = []): Obj[] {
  return [
    staticPod('etcd', 'registry.k8s.io/etcd:3.5.16-0', etcdCommand(nodeName, nodeIP, initialCluster), '100m', nodeIP, 2381, {
      memory: '100Mi',
      volumeMounts: [
        { mountPath: '/var/lib/etcd', name: 'etcd-data' },
        { mountPath: '/etc/kubernetes/pki/etcd', name: 'etcd-certs' },
      ],
      volumes: [
        { hostPath: { path: '/etc/kubernetes/pki/etcd', type: 'DirectoryOrCreate' }, name: 'etcd-certs' },
        { hostPath: { path: '/var/lib/etcd', type: 'DirectoryOrCreate' }, name: 'etcd-data' },
      ],
      annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${nodeIP}:2379` },
    }),
    staticPod('kube-apiserver', `registry.k8s.io/kube-apiserver:${version}`, ['kube-apiserver', `--advertise-address=${nodeIP}`, '--allow-privileged=true', '--authorization-mode=Node,RBAC', '--client-ca-file=/etc/kubernetes/pki/ca.crt', '--enable-admission-plugins=NodeRestriction', '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt', '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt', '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key', '--etcd-servers=https://127.0.0.1:2379', '--secure-port=6443', '--service-cluster-ip-range=10.96.0.0/12'], '250m', nodeIP, 6443, {
      annotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${nodeIP}:6443` },
    }),
    staticPod('kube-controller-manager', `registry.k8s.io/kube-controller-manager:${version}`, controllerManagerCommand(podSubnet), '200m', nodeIP, 10257),
    staticPod('kube-scheduler', `registry.k8s.io/kube-scheduler:${version}`, ['kube-scheduler', '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf', '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf', '--bind-address=127.0.0.1', '--kubeconfig=/etc/kubernetes/scheduler.conf', '--leader-elect=true'], '100m', nodeIP, 10259),
  ];
}

/**
 * The Corefile kubeadm v1.32 writes into the `coredns` ConfigMap
 * (cmd/kubeadm/app/phases/addons/dns/manifests.go CoreDNSConfigMap, rendered
 * with DNSDomain; the `cache` block arrived with kubernetes#128359 in v1.32).
 */
export function defaultCorefile(dnsDomain = 'cluster.local'): string {
  return `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes ${dnsDomain} in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success ${dnsDomain}
       disable denial ${dnsDomain}
    }
    loop
    reload
    loadbalance
}
`;
}

/** What kubeadm creates for CoreDNS before its Deployment: the ConfigMap, RBAC and ServiceAccount (manifests.go). */
function coreDNSAccess(): Obj[] {
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'kube-system' }, data: { Corefile: defaultCorefile() } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'system:coredns' },
      rules: [
        { apiGroups: [''], resources: ['endpoints', 'services', 'pods', 'namespaces'], verbs: ['list', 'watch'] },
        { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['list', 'watch'] },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'system:coredns' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:coredns' },
      subjects: [{ kind: 'ServiceAccount', name: 'coredns', namespace: 'kube-system' }],
    },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'coredns', namespace: 'kube-system' } },
  ];
}

/**
 * The kube-proxy addon (ServiceAccount, ConfigMap, RBAC, DaemonSet) and
 * CoreDNS Deployment + Service kubeadm installs; kube-proxy's kubeconfig
 * names the control-plane endpoint `apiServerIP:apiServerPort`.
 */
export function kubeadmAddons(version: string, podSubnet: string = DEFAULT_POD_SUBNET, apiServerIP = '10.0.0.10', apiServerPort = 6443): Obj[] {
  return [
    ...kubeProxyAddon(podSubnet, apiServerIP, apiServerPort),
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' } },
      spec: {
        selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
        template: {
          metadata: { labels: { 'k8s-app': 'kube-proxy' } },
          spec: {
            containers: [
              {
                name: 'kube-proxy',
                image: `registry.k8s.io/kube-proxy:${version}`,
                imagePullPolicy: 'IfNotPresent',
                command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
                env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
                securityContext: { privileged: true },
                volumeMounts: [
                  { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
                  { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
                  { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
                ],
              },
            ],
            hostNetwork: true,
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-node-critical',
            serviceAccountName: 'kube-proxy',
            tolerations: [{ operator: 'Exists' }],
            volumes: [
              { name: 'kube-proxy', configMap: { name: 'kube-proxy', defaultMode: 420 } },
              { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
              { name: 'lib-modules', hostPath: { path: '/lib/modules', type: '' } },
            ],
          },
        },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      },
    },
    ...coreDNSAccess(),
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'coredns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
        template: {
          metadata: { labels: { 'k8s-app': 'kube-dns' } },
          spec: {
            containers: [
              {
                name: 'coredns',
                image: 'registry.k8s.io/coredns/coredns:v1.11.3',
                args: ['-conf', '/etc/coredns/Corefile'],
                ports: [
                  { containerPort: 53, name: 'dns', protocol: 'UDP' },
                  { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                  { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
                ],
                resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
                livenessProbe: { httpGet: { path: '/health', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 60, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 5 },
                readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
                volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
              },
            ],
            dnsPolicy: 'Default',
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: 'coredns',
            tolerations: [
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
              { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' },
            ],
            volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' }, annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' } },
      spec: {
        clusterIP: KUBE_DNS_SERVICE_IP,
        ports: [
          { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
          { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
          { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
        ],
        selector: { 'k8s-app': 'kube-dns' },
      },
    },
  ];
}
