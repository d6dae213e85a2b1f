/**
 * containerd's CNI integration as the CRI plugin does it (containerd 1.7
 * internal/cri/server, github.com/containerd/go-cni): the network
 * configuration is the first file of /etc/cni/net.d in lexical order, re-read
 * whenever the directory changes; a pod sandbox's network is set up by running
 * each plugin of the list, whose binary must exist in /opt/cni/bin.
 */
import { FLANNEL_SUBNET_FILE, subnetEnvError } from '../flannel/subnet-env.js';

/** Where containerd looks for network configuration (conf_dir). */
export const CNI_CONF_DIR = '/etc/cni/net.d';
/** Where containerd looks for plugin binaries (bin_dir). */
export const CNI_BIN_DIR = '/opt/cni/bin';

/**
 * Plugins the kubernetes-cni package installs, plus flannel (installed by the
 * kube-flannel DaemonSet's init container).
 */
export const INSTALLED_CNI_PLUGINS = ['bandwidth', 'bridge', 'dhcp', 'dummy', 'firewall', 'flannel', 'host-device', 'host-local', 'ipvlan', 'loopback', 'macvlan', 'portmap', 'ptp', 'sbr', 'static', 'tap', 'tuning', 'vlan', 'vrf'];

/** The size of the flannel plugin binary (flannel-cni-plugin v1.6.2-flannel1's /flannel). */
export const FLANNEL_CNI_BINARY_SIZE = 2_842_912;

/** The message containerd's Status reports while no network config is loaded (go-cni ErrCNINotInitialized). */
export const CNI_NOT_INITIALIZED = 'cni plugin not initialized';

/** The part of a host filesystem the CNI code reads. */
export interface CniFiles {
  read(path: string): string | undefined;
  exists(path: string): 'file' | 'dir' | undefined;
  list(path: string): { name: string; kind: 'file' | 'dir' }[] | undefined;
  write(path: string, content: string | (() => string), options?: { mode?: number; sizeBytes?: number; size?: () => number }): void;
  /** Removes a file or (recursively) a directory. */
  remove?(path: string, recursive?: boolean): boolean;
  /** Sets the apparent size of the computed file `content` was written as (a growing log). */
  resize?(path: string, sizeBytes: number, content: () => string): boolean;
  /** Grows with every change to the files (a loaded configuration stays valid while it holds). */
  readonly version?: number;
  /** Changes when an entry directly in the directory changes (a narrower {@link version}). */
  dirVersion?(path: string): number;
}

/** A loaded network configuration list. */
export interface CniNetwork {
  /** The file it came from. */
  file: string;
  name: string;
  /** Plugin types, in order. */
  plugins: string[];
}

/** What loading /etc/cni/net.d gives: a network, or why none loaded. */
export type CniLoad = { ok: true; network: CniNetwork } | { ok: false; error: string };

/**
 * Loads the network configuration as go-cni loadFromConfDir(max=1) does:
 * files ending in .conf, .conflist or .json, sorted; the first one must parse.
 */
export function loadCniNetwork(fs: CniFiles): CniLoad {
  // containerd's Status asks on every kubelet status loop; nothing is re-read until a file of the directory changes.
  // Nothing changed at all since the last look (the common case) needs no look at the directory.
  const seen = fs.version === undefined ? undefined : bySystem.get(fs);
  if (seen && seen.fsVersion === fs.version) return seen.load;
  const version = fs.dirVersion ? fs.dirVersion(CNI_CONF_DIR) : fs.version;
  if (seen && seen.version === version) {
    seen.fsVersion = fs.version!;
    return seen.load;
  }
  const load = readCniNetwork(fs);
  if (version !== undefined) bySystem.set(fs, { fsVersion: fs.version!, version, load });
  return load;
}

/** Per filesystem: the load, the directory version it was read at, and the last whole-filesystem version it held at. */
const bySystem = new WeakMap<CniFiles, { fsVersion: number; version: number; load: CniLoad }>();

function readCniNetwork(fs: CniFiles): CniLoad {
  const files = (fs.list(CNI_CONF_DIR) ?? []).filter((e) => e.kind === 'file' && /\.(conflist|conf|json)$/.test(e.name)).map((e) => `${CNI_CONF_DIR}/${e.name}`);
  if (files.length === 0) return { ok: false, error: `no network config found in ${CNI_CONF_DIR}: ${CNI_NOT_INITIALIZED}` };
  const file = files[0];
  return parseCniNetwork(file, fs.read(file) ?? '');
}

function parseCniNetwork(file: string, text: string): CniLoad {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // libcni ConfListFromBytes: "error parsing configuration list: <encoding/json error>".
    return { ok: false, error: `failed to load CNI config list file ${file}: error parsing configuration list: ${goJsonError(text, e)}` };
  }
  const obj = (parsed ?? {}) as Record<string, any>;
  const list: Record<string, any>[] = file.endsWith('.conflist') ? (Array.isArray(obj.plugins) ? obj.plugins : []) : [obj];
  if (file.endsWith('.conflist') && !obj.name) return { ok: false, error: `failed to load CNI config list file ${file}: error parsing configuration list: no name` };
  if (list.length === 0) return { ok: false, error: `CNI config list in config file ${obj.name ?? file} has no networks, skipping: invalid cni config` };
  const plugins = list.map((p) => String(p?.type ?? ''));
  return { ok: true, network: { file, name: String(obj.name ?? ''), plugins } };
}

/**
 * Runs the ADD of every plugin for a new sandbox (containerd sets up the
 * loopback network first), in the list's order: libcni finds each binary,
 * then runs it. Returns the error text containerd wraps in
 * `failed to setup network for sandbox "<id>": ...`, or undefined.
 */
export function setupNetwork(fs: CniFiles, network: CniNetwork): string | undefined {
  // Every sandbox asks; which binary is missing holds while /opt/cni/bin keeps its entries and the network is the same one.
  const version = fs.dirVersion?.(CNI_BIN_DIR);
  const seen = version === undefined ? undefined : pluginChecks.get(fs);
  let missing: string | undefined;
  if (seen && seen.version === version && seen.network === network) missing = seen.missing;
  else {
    missing = missingPlugin(fs, network);
    if (version !== undefined) pluginChecks.set(fs, { version, network, missing });
  }
  for (const type of ['loopback', ...network.plugins]) {
    // libcni FindInPath: `failed to find plugin %q in path %s` (the path slice prints as [a b]).
    if (type === missing) return `failed to find plugin "${type}" in path [${CNI_BIN_DIR}]`;
    // libcni addNetwork wraps a plugin's own error: `plugin type="flannel" failed (add): ...` (pluginDescription).
    const failure = type === 'flannel' ? flannelAdd(fs) : undefined;
    if (failure) return `plugin type="${type}" failed (add): ${failure}`;
  }
  return undefined;
}

const pluginChecks = new WeakMap<CniFiles, { version: number; network: CniNetwork; missing: string | undefined }>();

/** The first plugin of the list (after loopback) whose binary is not in /opt/cni/bin. */
function missingPlugin(fs: CniFiles, network: CniNetwork): string | undefined {
  for (const type of ['loopback', ...network.plugins]) if (!type || fs.exists(`${CNI_BIN_DIR}/${type}`) !== 'file') return type;
  return undefined;
}

/**
 * The flannel plugin's cmdAdd (flannel-io/cni-plugin flannel.go): it reads
 * the subnet flanneld leased for the node, then delegates to the bridge
 * plugin with host-local IPAM over that subnet.
 */
function flannelAdd(fs: CniFiles): string | undefined {
  // Every sandbox asks; the answer holds while /run/flannel and /opt/cni/bin keep their entries.
  const version = fs.dirVersion ? `${fs.dirVersion(FLANNEL_RUN_DIR)}/${fs.dirVersion(CNI_BIN_DIR)}` : undefined;
  const seen = version === undefined ? undefined : flannelChecks.get(fs);
  if (seen && seen.version === version) return seen.failure;
  const failure = flannelAddFailure(fs);
  if (version !== undefined) flannelChecks.set(fs, { version, failure });
  return failure;
}

const FLANNEL_RUN_DIR = FLANNEL_SUBNET_FILE.slice(0, FLANNEL_SUBNET_FILE.lastIndexOf('/'));
const flannelChecks = new WeakMap<CniFiles, { version: string; failure: string | undefined }>();

function flannelAddFailure(fs: CniFiles): string | undefined {
  const env = subnetEnvError(fs.read(FLANNEL_SUBNET_FILE));
  if (env) return `loadFlannelSubnetEnv failed: ${env}`;
  if (fs.exists(`${CNI_BIN_DIR}/bridge`) !== 'file') return `failed to delegate add: failed to find plugin "bridge" in path [${CNI_BIN_DIR}]`;
  return undefined;
}

/** Lays down the plugin binaries a node has when /opt/cni/bin is absent (packages installed them). */
export function seedCniPlugins(fs: CniFiles): void {
  if (fs.exists(CNI_BIN_DIR)) return;
  for (const name of INSTALLED_CNI_PLUGINS) fs.write(`${CNI_BIN_DIR}/${name}`, '\u007fELF', { mode: 0o755, sizeBytes: name === 'flannel' ? FLANNEL_CNI_BINARY_SIZE : 4_194_304 });
}

/**
 * Go's encoding/json error for the usual hand-editing mistakes (texts of
 * encoding/json scanner.go): a trailing comma, a cut-off file, a stray character.
 */
export function goJsonError(text: string, e: unknown): string {
  const trailing = /,\s*([}\]])/.exec(text);
  if (trailing) return `invalid character '${trailing[1]}' looking for beginning of ${trailing[1] === '}' ? 'object key string' : 'value'}`;
  const message = e instanceof Error ? e.message : String(e);
  const token = /Unexpected token '?(.)'?/.exec(message);
  if (!token || /end of JSON/i.test(message)) return 'unexpected end of JSON input';
  return `invalid character '${token[1]}' looking for beginning of value`;
}
