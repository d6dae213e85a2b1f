/**
 * `crictl info` and `crictl version` (cri-tools v1.32 cmd/crictl/info.go,
 * version.go). NetworkReady follows containerd 1.7's CNI loader: it is false
 * while /etc/cni/net.d holds no loadable network configuration.
 */
import { CONTAINERD_VERSION } from '../../cluster/runtime/containerd-log.js';
import type { VirtualFs } from '../../cluster/host/vfs.js';
import { goIndentedJson } from './format.js';
import type { CriNode, CriResult } from './containers.js';

/** Where containerd's CRI plugin looks for CNI configuration. */
const CNI_CONF_DIR = '/etc/cni/net.d';

/** A CNI network configuration file libcni would load (conflist with plugins, or a conf with a type). */
interface CniNetwork {
  file: string;
  name: string;
  config: Record<string, unknown>;
}

/**
 * libcni ConfFiles + LoadConfList: *.conf, *.conflist and *.json files in
 * lexical order, parsed as JSON; the first valid one is the network.
 */
export function loadCniNetworks(fs: VirtualFs): CniNetwork[] {
  const entries = fs.list(CNI_CONF_DIR) ?? [];
  const out: CniNetwork[] = [];
  for (const e of entries) {
    if (e.kind !== 'file' || !/\.(conf|conflist|json)$/.test(e.name)) continue;
    try {
      const config = JSON.parse(fs.read(e.path) ?? '') as Record<string, unknown>;
      const plugins = config.plugins;
      const valid = e.name.endsWith('.conflist') ? Array.isArray(plugins) && plugins.length > 0 : typeof config.type === 'string';
      if (valid && typeof config.name === 'string') out.push({ file: e.path, name: config.name, config });
    } catch {
      // libcni skips files it cannot parse.
    }
  }
  return out;
}

/** `crictl info`: runtime conditions plus containerd's CRI plugin info. */
export function runInfo(node: CriNode, fs: VirtualFs): CriResult {
  const networks = loadCniNetworks(fs);
  const networkReady = networks.length > 0;
  const cniStatus = networkReady ? 'OK' : `cni config load failed: no network config found in ${CNI_CONF_DIR}: cni plugin not initialized: failed to load cni config`;
  const info = {
    status: {
      conditions: [
        { type: 'RuntimeReady', status: true, reason: '', message: '' },
        networkReady
          ? { type: 'NetworkReady', status: true, reason: '', message: '' }
          : { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: 'Network plugin returns error: cni plugin not initialized' },
      ],
    },
    runtimeHandlers: [
      { name: '', features: { recursive_read_only_mounts: true, user_namespaces: true } },
      { name: 'runc', features: { recursive_read_only_mounts: true, user_namespaces: true } },
    ],
    cniconfig: {
      PluginDirs: ['/opt/cni/bin'],
      PluginConfDir: CNI_CONF_DIR,
      PluginMaxConfNum: 1,
      Prefix: 'eth',
      Networks: [
        { Config: { Name: 'cni-loopback', CNIVersion: '0.3.1', Plugins: [{ Network: { type: 'loopback', ipam: {}, dns: {} }, Source: '{"type":"loopback"}' }], Source: '{\n"cniVersion": "0.3.1",\n"name": "cni-loopback",\n"plugins": [{\n  "type": "loopback"\n}]\n}' }, IFName: 'lo' },
        ...networks.slice(0, 1).map((n) => ({ Config: { Name: n.name, CNIVersion: String(n.config.cniVersion ?? ''), Plugins: ((n.config.plugins as Record<string, unknown>[] | undefined) ?? [n.config]).map((p) => ({ Network: { type: p.type, ipam: {}, dns: {} }, Source: JSON.stringify(p) })), Source: JSON.stringify(n.config) }, IFName: 'eth0' })),
      ],
    },
    config: {
      containerd: { snapshotter: 'overlayfs', defaultRuntimeName: 'runc', runtimes: { runc: { runtimeType: 'io.containerd.runc.v2', options: { SystemdCgroup: true } } } },
      cni: { binDir: '/opt/cni/bin', confDir: CNI_CONF_DIR, maxConfNum: 1 },
      sandboxImage: 'registry.k8s.io/pause:3.10',
      enableSelinux: false,
      maxContainerLogSize: 16384,
      rootDir: '/var/lib/containerd/io.containerd.grpc.v1.cri',
      stateDir: '/run/containerd/io.containerd.grpc.v1.cri',
    },
    golang: 'go1.22.9',
    lastCNILoadStatus: cniStatus,
    'lastCNILoadStatus.default': cniStatus,
  };
  return { stdout: goIndentedJson(info) };
}

/** `crictl version` (version.go: fmt.Println("Version: ", ...) gives two spaces). */
export function runVersion(): CriResult {
  return { stdout: `Version:  0.1.0\nRuntimeName:  containerd\nRuntimeVersion:  ${CONTAINERD_VERSION}\nRuntimeApiVersion:  v1\n` };
}
