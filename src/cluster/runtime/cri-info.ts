/**
 * What containerd 1.7's CRI plugin says about itself in a verbose Status
 * (pkg/cri/server status.go): its config, the CNI configuration it loaded
 * (NetworkReady follows it: false while /etc/cni/net.d holds no loadable
 * network), its Go version and the last CNI load's status. Each value is a
 * JSON text or a bare string, as the CRI's map<string,string> carries them.
 */
import type { CniFiles } from './cni.js';

/** Where containerd's CRI plugin looks for CNI configuration. */
const CNI_CONF_DIR = '/etc/cni/net.d';

/** containerd keeps the sandbox image pinned (pkg/cri/server: the pause image is never garbage-collected). */
export const PINNED_IMAGES: ReadonlySet<string> = new Set(['registry.k8s.io/pause:3.10']);

/** A CNI network configuration file libcni would load (conflist with plugins, or a conf with a type). */
interface CniNetwork {
  name: string;
  config: Record<string, unknown>;
}

/**
 * libcni ConfFiles + LoadConfList: *.conf, *.conflist and *.json files in
 * lexical order, parsed as JSON; the first valid one is the network.
 */
function loadCniNetworks(fs: CniFiles | undefined): CniNetwork[] {
  const entries = fs?.list(CNI_CONF_DIR) ?? [];
  const out: CniNetwork[] = [];
  for (const e of entries) {
    if (e.kind !== 'file' || !/\.(conf|conflist|json)$/.test(e.name)) continue;
    try {
      const config = JSON.parse(fs?.read(`${CNI_CONF_DIR}/${e.name}`) ?? '') as Record<string, unknown>;
      const plugins = config.plugins;
      const valid = e.name.endsWith('.conflist') ? Array.isArray(plugins) && plugins.length > 0 : typeof config.type === 'string';
      if (valid && typeof config.name === 'string') out.push({ name: config.name, config });
    } catch {
      // libcni skips files it cannot parse.
    }
  }
  return out;
}

/** runtime/v1 RuntimeHandler entries containerd reports (the default handler and runc). */
export const RUNTIME_HANDLERS: readonly unknown[] = [
  { name: '', features: { recursive_read_only_mounts: true, user_namespaces: true } },
  { name: 'runc', features: { recursive_read_only_mounts: true, user_namespaces: true } },
];

/** The verbose Status info map, read from the host's files now. */
export function containerdInfo(fs: CniFiles | undefined): Record<string, string> {
  const networks = loadCniNetworks(fs);
  const cniStatus = networks.length > 0 ? 'OK' : `cni config load failed: no network config found in ${CNI_CONF_DIR}: cni plugin not initialized: failed to load cni config`;
  const cniconfig = {
    PluginDirs: ['/opt/cni/bin'],
    PluginConfDir: CNI_CONF_DIR,
    PluginMaxConfNum: 1,
    Prefix: 'eth',
    Networks: [
      { Config: { Name: 'cni-loopback', CNIVersion: '0.3.1', Plugins: [{ Network: { type: 'loopback', ipam: {}, dns: {} }, Source: '{"type":"loopback"}' }], Source: '{\n"cniVersion": "0.3.1",\n"name": "cni-loopback",\n"plugins": [{\n  "type": "loopback"\n}]\n}' }, IFName: 'lo' },
      ...networks.slice(0, 1).map((n) => ({ Config: { Name: n.name, CNIVersion: String(n.config.cniVersion ?? ''), Plugins: ((n.config.plugins as Record<string, unknown>[] | undefined) ?? [n.config]).map((p) => ({ Network: { type: p.type, ipam: {}, dns: {} }, Source: JSON.stringify(p) })), Source: JSON.stringify(n.config) }, IFName: 'eth0' })),
    ],
  };
  const config = {
    containerd: { snapshotter: 'overlayfs', defaultRuntimeName: 'runc', runtimes: { runc: { runtimeType: 'io.containerd.runc.v2', options: { SystemdCgroup: true } } } },
    cni: { binDir: '/opt/cni/bin', confDir: CNI_CONF_DIR, maxConfNum: 1 },
    sandboxImage: 'registry.k8s.io/pause:3.10',
    enableSelinux: false,
    maxContainerLogSize: 16384,
    rootDir: '/var/lib/containerd/io.containerd.grpc.v1.cri',
    stateDir: '/run/containerd/io.containerd.grpc.v1.cri',
  };
  return { cniconfig: JSON.stringify(cniconfig), config: JSON.stringify(config), golang: JSON.stringify('go1.22.9'), lastCNILoadStatus: cniStatus, 'lastCNILoadStatus.default': cniStatus };
}
