/**
 * The files and systemd units a kubeadm node has: kubelet configuration and
 * kubeconfig, certificates, static pod manifests, CNI configuration, unit
 * files. Values follow kubeadm v1.32 and the pkgs.k8s.io packages.
 */
import { SIGNER_BACKDATE_MS } from '../kubelet/client-cert-chain.js';
import yaml from 'js-yaml';
import type { NodeHost } from '../host/node-host.js';
import type { NodeSpec } from '../kubelet/node-status.js';
import type { Random } from '../clock/random.js';
import type { Credential } from '../apiserver/authn.js';
import type { UnitSpec } from '../host/systemd.js';
import { encodeCertificate, privateKeyBlock, type Certificate } from '../host/certs.js';
import { CA_VALIDITY_MS, CERT_BACKDATE_MS } from './kubeadm-pki.js';
import { NODE_STUB_RESOLV_CONF, NODE_UPLINK_RESOLV_CONF } from '../dns/resolv-conf.js';
import { CNI_BIN_DIR, seedCniPlugins } from '../runtime/cni.js';
import { toYaml } from '../go-yaml/yaml.js';
import { LruCache } from '../client/lru.js';
import { CALICO_CNI_BINARY_SIZE, calicoConflistText } from '../calico/manifest.js';

type Obj = Record<string, any>;

const YEAR_MS = 365 * 86_400_000;

/** What node files are derived from. */
export interface NodeFileOptions {
  version: string;
  /** Where kubelet.conf points: the control-plane endpoint (the API server's node, or an HA control plane's load balancer). */
  apiServerIP: string;
  /** Its port (default 6443). */
  apiServerPort?: number;
  clusterCreatedAt: number;
  kubeletClient: Credential;
  staticPods: Obj[];
  random: Random;
  /** The pod network's plugin (default flannel). */
  cni?: CniPlugin;
}

/** The CNI plugins a world may run its pod network with. */
export type CniPlugin = 'flannel' | 'calico';

/** The kubelet's systemd unit (kubeadm drop-in, restart every 10 s). */
export function kubeletUnit(): UnitSpec {
  return {
    name: 'kubelet.service',
    description: 'kubelet: The Kubernetes Node Agent',
    path: '/usr/lib/systemd/system/kubelet.service',
    dropIns: { dir: '/usr/lib/systemd/system/kubelet.service.d', files: ['10-kubeadm.conf'] },
    docs: 'https://kubernetes.io/docs/',
    execStart: '/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS $KUBELET_KUBEADM_ARGS $KUBELET_EXTRA_ARGS',
    commandLine: '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10',
    restart: 'always',
    restartSec: 10,
    enabled: true,
  };
}

/** containerd's systemd unit. */
export function containerdUnit(): UnitSpec {
  return {
    name: 'containerd.service',
    description: 'containerd container runtime',
    path: '/lib/systemd/system/containerd.service',
    docs: 'https://containerd.io',
    execStart: '/usr/bin/containerd',
    commandLine: '/usr/bin/containerd',
    restart: 'always',
    restartSec: 5,
    // containerd.service: Type=notify (containerd's own unit file), so its start job waits for READY=1.
    type: 'notify',
    enabled: true,
  };
}

/** The KubeletConfiguration kubeadm writes to /var/lib/kubelet/config.yaml. */
export function kubeletConfig(): Obj {
  return {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    authentication: { anonymous: { enabled: false }, webhook: { cacheTTL: '0s', enabled: true }, x509: { clientCAFile: '/etc/kubernetes/pki/ca.crt' } },
    authorization: { mode: 'Webhook', webhook: { cacheAuthorizedTTL: '0s', cacheUnauthorizedTTL: '0s' } },
    cgroupDriver: 'systemd',
    clusterDNS: ['10.96.0.10'],
    clusterDomain: 'cluster.local',
    containerRuntimeEndpoint: '',
    cpuManagerReconcilePeriod: '0s',
    evictionPressureTransitionPeriod: '0s',
    fileCheckFrequency: '0s',
    healthzBindAddress: '127.0.0.1',
    healthzPort: 10248,
    httpCheckFrequency: '0s',
    imageMaximumGCAge: '0s',
    imageMinimumGCAge: '0s',
    kind: 'KubeletConfiguration',
    logging: { flushFrequency: 0, options: { json: { infoBufferSize: '0' }, text: { infoBufferSize: '0' } }, verbosity: 0 },
    memorySwap: {},
    nodeStatusReportFrequency: '0s',
    nodeStatusUpdateFrequency: '0s',
    resolvConf: '/run/systemd/resolve/resolv.conf',
    rotateCertificates: true,
    runtimeRequestTimeout: '0s',
    shutdownGracePeriod: '0s',
    shutdownGracePeriodCriticalPods: '0s',
    staticPodPath: '/etc/kubernetes/manifests',
    streamingConnectionIdleTimeout: '0s',
    syncFrequency: '0s',
    volumeStatsAggPeriod: '0s',
  };
}

/** The text kubeletConfigText() returns, written once: every node gets the same file. */
let kubeletConfigYaml: string | undefined;

/** kubeletConfig() as YAML, the way Go's sigs.k8s.io/yaml writes it (list items at their key's indent). */
export function kubeletConfigText(): string {
  kubeletConfigYaml ??= yaml.dump(kubeletConfig(), { lineWidth: -1, noArrayIndent: true });
  return kubeletConfigYaml;
}

/** Kubeconfig texts written recently, by their inputs: every node's kubelet.conf is the same text. */
const kubeconfigTexts = new LruCache<string>(8);

/** A kubeconfig naming its client certificate and key by path, dumped once per distinct content. */
function kubeconfig(server: string, user: string, certPath: string, keyPath: string): string {
  const key = `${server}\n${user}\n${certPath}\n${keyPath}`;
  let text = kubeconfigTexts.get(key);
  if (text === undefined) kubeconfigTexts.add(key, (text = dumpKubeconfig(server, user, certPath, keyPath)));
  return text;
}

function dumpKubeconfig(server: string, user: string, certPath: string, keyPath: string): string {
  return yaml.dump(
    {
      apiVersion: 'v1',
      clusters: [{ cluster: { 'certificate-authority-data': 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t', server }, name: 'kubernetes' }],
      contexts: [{ context: { cluster: 'kubernetes', user }, name: `${user}@kubernetes` }],
      'current-context': `${user}@kubernetes`,
      kind: 'Config',
      preferences: {},
      users: [{ name: user, user: { 'client-certificate': certPath, 'client-key': keyPath } }],
    },
    { lineWidth: -1 },
  );
}

/** Lays down a node's files. */
export function seedNodeFiles(host: NodeHost, spec: NodeSpec, o: NodeFileOptions): void {
  const fs = host.fs;
  const at = o.clusterCreatedAt;
  const serial = () => o.random.hex(32);
  // kubeadm init's cluster CA: ten years from init, backdated five minutes (CertificateBackdate).
  const ca: Certificate = { serial: serial(), subject: { CN: 'kubernetes' }, issuer: { CN: 'kubernetes' }, notBefore: at - CERT_BACKDATE_MS, notAfter: at + CA_VALIDITY_MS, isCA: true };
  fs.write('/etc/kubernetes/pki/ca.crt', encodeCertificate(ca), { mtime: at });
  const client = o.kubeletClient;
  if (client.type === 'x509') {
    const cert: Certificate = { serial: serial(), subject: { CN: client.commonName, O: client.organizations }, issuer: { CN: 'kubernetes' }, notBefore: client.notBefore, notAfter: client.notAfter };
    // certificate_store.go names the file by when it was written: the signing, five minutes after the signer's backdated NotBefore.
    const written = client.notBefore + SIGNER_BACKDATE_MS;
    const stamp = new Date(written).toISOString().slice(0, 19).replace(/[-:T]/g, '').replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3-$4-$5-$6');
    const file = `/var/lib/kubelet/pki/kubelet-client-${stamp}.pem`;
    fs.write(file, encodeCertificate(cert) + privateKeyBlock(o.random.hex(8)), { mode: 0o600, mtime: written });
    // The kubelet's certificate store points kubelet-client-current.pem at the dated file (certificate_store.go updateSymlink).
    fs.symlink(file, '/var/lib/kubelet/pki/kubelet-client-current.pem', { mtime: written });
  }
  const serving: Certificate = { serial: serial(), subject: { CN: `${spec.name}-ca@${Math.floor(at / 1000)}` }, issuer: { CN: `${spec.name}-ca@${Math.floor(at / 1000)}` }, notBefore: at, notAfter: at + YEAR_MS, sans: [`DNS:${spec.name}`] };
  fs.write('/var/lib/kubelet/pki/kubelet.crt', encodeCertificate(serving), { mtime: at });
  fs.write('/var/lib/kubelet/pki/kubelet.key', privateKeyBlock(o.random.hex(8)), { mode: 0o600, mtime: at });
  fs.write('/var/lib/kubelet/config.yaml', kubeletConfigText(), { mtime: at });
  fs.write('/var/lib/kubelet/kubeadm-flags.env', `KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10"\n`, { mtime: at });
  fs.write('/etc/kubernetes/kubelet.conf', kubeconfig(`https://${o.apiServerIP}:${o.apiServerPort ?? 6443}`, 'default-auth', '/var/lib/kubelet/pki/kubelet-client-current.pem', '/var/lib/kubelet/pki/kubelet-client-current.pem'), { mode: 0o600, mtime: at });
  fs.write('/usr/lib/systemd/system/kubelet.service', '[Unit]\nDescription=kubelet: The Kubernetes Node Agent\nDocumentation=https://kubernetes.io/docs/\nWants=network-online.target\nAfter=network-online.target\n\n[Service]\nExecStart=/usr/bin/kubelet\nRestart=always\nStartLimitInterval=0\nRestartSec=10\n\n[Install]\nWantedBy=multi-user.target\n', { mtime: at });
  fs.write(
    '/usr/lib/systemd/system/kubelet.service.d/10-kubeadm.conf',
    '# Note: This dropin only works with kubeadm and kubelet v1.11+\n[Service]\nEnvironment="KUBELET_KUBECONFIG_ARGS=--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf"\nEnvironment="KUBELET_CONFIG_ARGS=--config=/var/lib/kubelet/config.yaml"\n# This is a file that "kubeadm init" and "kubeadm join" generates at runtime, populating the KUBELET_KUBEADM_ARGS variable dynamically\nEnvironmentFile=-/var/lib/kubelet/kubeadm-flags.env\n# This is a file that the user can use for overrides of the kubelet args as a last resort. Preferably, the user should use\n# the .NodeRegistration.KubeletExtraArgs object in the configuration files instead. KUBELET_EXTRA_ARGS should be sourced from this file.\nEnvironmentFile=-/etc/default/kubelet\nExecStart=\nExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS $KUBELET_KUBEADM_ARGS $KUBELET_EXTRA_ARGS\n',
    { mtime: at },
  );
  fs.write('/etc/containerd/config.toml', 'version = 2\n\n[plugins."io.containerd.grpc.v1.cri"]\n  sandbox_image = "registry.k8s.io/pause:3.10"\n\n[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]\n  SystemdCgroup = true\n', { mtime: at });
  if (o.cni === 'calico') seedCalicoCni(fs, spec.name, at);
  else {
    fs.write(
      '/etc/cni/net.d/10-flannel.conflist',
      JSON.stringify({ name: 'cbr0', cniVersion: '0.3.1', plugins: [{ type: 'flannel', delegate: { hairpinMode: true, isDefaultGateway: true } }, { type: 'portmap', capabilities: { portMappings: true } }] }, null, 2) + '\n',
      { mtime: at },
    );
  }
  fs.mkdirs('/etc/kubernetes/manifests');
  for (const pod of o.staticPods) fs.write(`/etc/kubernetes/manifests/${pod.metadata.name}.yaml`, staticPodManifestText(pod), { mode: 0o600, mtime: at });
  // systemd-resolved: the stub for the node's own programs, the uplink file for the kubelet's resolvConf.
  fs.write('/etc/resolv.conf', NODE_STUB_RESOLV_CONF, { mtime: at });
  fs.write('/run/systemd/resolve/resolv.conf', NODE_UPLINK_RESOLV_CONF, { mtime: at });
  fs.mkdirs('/var/log/pods');
  fs.mkdirs('/var/lib/containerd');
  // Where people park a static pod manifest to stop its pod (`mv ... /tmp/`, `sudo mv ... /root/`).
  fs.mkdirs('/tmp');
  fs.mkdirs('/root');
}

/**
 * What calico-node's install-cni init container leaves on a node (calico.yaml
 * manifest, cni_network_config): the conflist with the calico plugin, using
 * host-local IPAM over the node's podCIDR (`usePodCidr`, the documented choice
 * with the Kubernetes pod CIDR), and the calico binaries beside the packaged ones.
 */
function seedCalicoCni(fs: NodeHost['fs'], nodeName: string, at: number): void {
  seedCniPlugins(fs);
  for (const name of ['calico', 'calico-ipam']) fs.write(`${CNI_BIN_DIR}/${name}`, '\u007fELF', { mode: 0o755, mtime: at, sizeBytes: CALICO_CNI_BINARY_SIZE });
  fs.write('/etc/cni/net.d/10-calico.conflist', calicoConflistText(nodeName), { mtime: at });
}

/**
 * A static pod manifest as kubeadm writes it: the v1.Pod through
 * sigs.k8s.io/yaml (kubeadmutil.MarshalToYaml), so keys sorted, sequences not
 * indented, flags unquoted (`- --kubeconfig=...`), the zero creationTimestamp
 * as `null`, empty annotations left out and an empty `status: {}`.
 */
export function staticPodManifestText(pod: Obj): string {
  const { annotations, ...metadata } = pod.metadata as Obj & { annotations?: Record<string, string> };
  const withAnnotations = annotations && Object.keys(annotations).length > 0 ? { annotations } : {};
  return toYaml({ ...pod, metadata: { ...withAnnotations, creationTimestamp: null, ...metadata }, status: {} });
}
