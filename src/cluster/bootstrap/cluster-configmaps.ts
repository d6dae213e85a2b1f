/**
 * The ConfigMaps a kubeadm cluster holds from its first minutes, besides the
 * addons' own: what the API server publishes at start-up, and what
 * `kubeadm init` uploads (phases upload-config and bootstrap-token).
 * kube-root-ca.crt is the controller manager's (controllers/root-ca-publisher.ts).
 */
import yaml from 'js-yaml';
import { DEFAULT_POD_SUBNET } from '../ipv4.js';
import { kubeletConfigText } from './node-files.js';

type Obj = Record<string, any>;

function configMap(namespace: string, name: string, data: Record<string, string>): Obj {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data };
}

/** The CA files the API server is started with (kubeadm's flags), as PEM text. */
export interface ApiServerCas {
  /** --client-ca-file: /etc/kubernetes/pki/ca.crt */
  clientCa: string;
  /** --requestheader-client-ca-file: /etc/kubernetes/pki/front-proxy-ca.crt */
  requestHeaderCa: string;
}

/**
 * What the API server writes when it starts: the authentication ConfigMap
 * aggregated API servers read (its post-start hook, from kubeadm's
 * --requestheader-* flags), and the date since when it tracks legacy
 * service-account tokens (pkg/controlplane/controller/legacytokentracking).
 */
export function apiServerStartupConfigMaps(cas: ApiServerCas, now: number): Obj[] {
  return [
    configMap('kube-system', 'extension-apiserver-authentication', {
      'client-ca-file': cas.clientCa,
      'requestheader-allowed-names': '["front-proxy-client"]',
      'requestheader-client-ca-file': cas.requestHeaderCa,
      'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
      'requestheader-group-headers': '["X-Remote-Group"]',
      'requestheader-username-headers': '["X-Remote-User"]',
    }),
    configMap('kube-system', 'kube-apiserver-legacy-service-account-token-tracking', { since: new Date(now).toISOString().slice(0, 10) }),
  ];
}

/** The ClusterConfiguration kubeadm v1.32 (v1beta4) uploads, defaults filled in. */
export function clusterConfiguration(version: string, podSubnet: string = DEFAULT_POD_SUBNET, controlPlaneEndpoint?: string): string {
  return yaml.dump(
    {
      apiServer: {},
      apiVersion: 'kubeadm.k8s.io/v1beta4',
      caCertificateValidityPeriod: '87600h0m0s',
      certificateValidityPeriod: '8760h0m0s',
      certificatesDir: '/etc/kubernetes/pki',
      clusterName: 'kubernetes',
      // Set only when kubeadm init was given one (an HA control plane's load balancer).
      ...(controlPlaneEndpoint ? { controlPlaneEndpoint } : {}),
      controllerManager: {},
      dns: {},
      encryptionAlgorithm: 'RSA-2048',
      etcd: { local: { dataDir: '/var/lib/etcd' } },
      imageRepository: 'registry.k8s.io',
      kind: 'ClusterConfiguration',
      kubernetesVersion: version,
      networking: { dnsDomain: 'cluster.local', podSubnet, serviceSubnet: '10.96.0.0/12' },
      proxy: {},
      scheduler: {},
    },
    { lineWidth: -1 },
  );
}

/**
 * What `kubeadm init` uploads: the cluster's configuration and the kubelets'
 * (which `kubeadm join` downloads to /var/lib/kubelet/config.yaml), and the
 * public `cluster-info` a joining node discovers the API server from. Its
 * bootstrap token's JWS signature (`jws-kubeconfig-<id>`) is left out: the
 * token expires after 24 h and the signature with it, and every simulated
 * cluster is older than that.
 */
export function kubeadmUploadedConfigMaps(version: string, podSubnet: string, caPem: string, apiServerIP: string, controlPlaneEndpoint?: { ip: string; port: number }): Obj[] {
  const endpoint = controlPlaneEndpoint ? `${controlPlaneEndpoint.ip}:${controlPlaneEndpoint.port}` : `${apiServerIP}:6443`;
  // As client-go's clientcmd writes it (sigs.k8s.io/yaml): a cluster entry with no name.
  const clusterInfo = [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`,
    `    server: https://${endpoint}`,
    '  name: ""',
    'contexts: null',
    'current-context: ""',
    'kind: Config',
    'preferences: {}',
    'users: null',
    '',
  ].join('\n');
  return [
    configMap('kube-system', 'kubeadm-config', { ClusterConfiguration: clusterConfiguration(version, podSubnet, controlPlaneEndpoint && endpoint) }),
    configMap('kube-system', 'kubelet-config', { kubelet: kubeletConfigText() }),
    configMap('kube-public', 'cluster-info', { kubeconfig: clusterInfo }),
  ];
}
