/**
 * /etc/resolv.conf of pods and nodes. The kubelet forms each pod's DNS
 * configuration from its `clusterDNS`, `clusterDomain` and `resolvConf`
 * settings and the pod's dnsPolicy/dnsConfig (pkg/kubelet/network/dns/dns.go
 * GetPodDNS); containerd writes it into the sandbox (CRI plugin
 * parseDNSOptions: `search`, then `nameserver` lines, then `options`) and
 * bind-mounts it into every container. Nodes run systemd-resolved: their
 * /etc/resolv.conf points at its 127.0.0.53 stub, and the uplink file
 * /run/systemd/resolve/resolv.conf (what kubeadm gives the kubelet) names the
 * network's DNS server.
 */
import type { Network, NetSource } from '../network/network.js';
import type { ContainerRuntime } from '../runtime/runtime.js';
import { intern } from '../flat-string.js';

type Obj = Record<string, any>;

/** A CRI DNSConfig. */
export interface DnsConfig {
  servers: string[];
  searches: string[];
  options: string[];
}

/** What the kubelet's DNS configurer is built from (its config file and the node's files). */
export interface DnsConfigurer {
  clusterDNS: string[];
  clusterDomain: string;
  /** The text of the file `resolvConf` names ('' when the setting is empty; undefined when the file is missing). */
  hostResolvConf: string | undefined;
  /** True when the `resolvConf` setting is the empty string. */
  noResolvConf?: boolean;
}

/** The address of the network's DNS server nodes use upstream (the node subnet's gateway; it reaches no internet). */
export const UPSTREAM_DNS = '10.0.0.1';

/** The node's /etc/resolv.conf: systemd-resolved's stub file (Ubuntu 22.04/24.04). */
export const NODE_STUB_RESOLV_CONF = `# This is /run/systemd/resolve/stub-resolv.conf managed by man:systemd-resolved(8).
# Do not edit.
#
# This file might be symlinked as /etc/resolv.conf. If you're looking at
# /etc/resolv.conf and seeing this text, you have followed the symlink.
#
# This is a dynamic resolv.conf file for connecting local clients to the
# internal DNS stub resolver of systemd-resolved. This file lists all
# configured search domains.
#
# Run "resolvectl status" to see details about the uplink DNS servers
# currently in use.
#
# Third party programs should typically not access this file directly, but only
# through the symlink at /etc/resolv.conf. To manage man:resolv.conf(5) in a
# different way, replace this symlink by a static file or a different symlink.
#
# See man:systemd-resolved.service(8) for details about the supported modes of
# operation for /etc/resolv.conf.

nameserver 127.0.0.53
options edns0 trust-ad
search .
`;

/** /run/systemd/resolve/resolv.conf: the uplink servers systemd-resolved learned (DHCP). */
export const NODE_UPLINK_RESOLV_CONF = `# This is /run/systemd/resolve/resolv.conf managed by man:systemd-resolved(8).
# Do not edit.
#
# This file might be symlinked as /etc/resolv.conf. If you're looking at
# /etc/resolv.conf and seeing this text, you have followed the symlink.
#
# This is a dynamic resolv.conf file for connecting local clients directly to
# all known uplink DNS servers. This file lists all configured search domains.
#
# Third party programs should typically not access this file directly, but only
# through the symlink at /etc/resolv.conf. To manage man:resolv.conf(5) in a
# different way, replace this symlink by a static file or a different symlink.
#
# See man:systemd-resolved.service(8) for details about the supported modes of
# operation for /etc/resolv.conf.

nameserver ${UPSTREAM_DNS}
`;

/** dns.go parseResolvConf: nameservers accumulate, the last search/options line wins, `.` alone is no domain. */
export function parseResolvConf(text: string): DnsConfig {
  const cfg: DnsConfig = { servers: [], searches: [], options: [] };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) continue;
    const fields = line.split(/\s+/).filter(Boolean);
    if (fields.length === 0) continue;
    if (fields[0] === 'nameserver' && fields.length >= 2) cfg.servers.push(fields[1]);
    if (fields[0] === 'search') cfg.searches = fields.slice(1).filter((s) => s !== '.').map((s) => s.replace(/\.$/, ''));
    if (fields[0] === 'options') cfg.options = fields.slice(1);
  }
  return cfg;
}

/**
 * {@link parseResolvConf} of a node's resolv.conf text, parsed once per text:
 * every pod sandbox of the node asks, and a node's file seldom changes. The
 * lists are frozen, as pods share them.
 */
function parsedHostResolvConf(text: string): DnsConfig {
  let cfg = HOST_RESOLV_CONFS.get(text);
  if (!cfg) {
    const parsed = parseResolvConf(text);
    cfg = Object.freeze({ servers: Object.freeze(parsed.servers), searches: Object.freeze(parsed.searches), options: Object.freeze(parsed.options) }) as DnsConfig;
    // Learners may write many texts: remember a bounded few.
    if (HOST_RESOLV_CONFS.size >= 64) HOST_RESOLV_CONFS.clear();
    HOST_RESOLV_CONFS.set(text, cfg);
  }
  return cfg;
}

const HOST_RESOLV_CONFS = new Map<string, DnsConfig>();

/** getPodDNSType: which configuration a pod's dnsPolicy (and hostNetwork) asks for. */
export function podDnsType(spec: Obj): 'none' | 'cluster' | 'host' {
  const policy: string = spec.dnsPolicy ?? 'ClusterFirst';
  return policy === 'None' ? 'none' : policy === 'ClusterFirstWithHostNet' || (policy === 'ClusterFirst' && !spec.hostNetwork) ? 'cluster' : 'host';
}

/** GetPodDNS: the pod's DNS configuration, or undefined when the resolvConf file cannot be read (the kubelet fails the sandbox). */
export function podDnsConfig(pod: Obj, c: DnsConfigurer): DnsConfig | undefined {
  const spec = (pod.spec ?? {}) as Obj;
  if (c.hostResolvConf === undefined && !c.noResolvConf) return undefined;
  let cfg = c.noResolvConf ? { servers: [], searches: [], options: [] } : parsedHostResolvConf(c.hostResolvConf ?? '');
  const type = podDnsType(spec);
  if (type === 'none') cfg = { servers: [], searches: [], options: [] };
  else if (type === 'cluster' && c.clusterDNS.length > 0) {
    const cluster = c.clusterDomain ? [`${pod.metadata?.namespace ?? 'default'}.svc.${c.clusterDomain}`, `svc.${c.clusterDomain}`, c.clusterDomain] : [];
    cfg = { servers: [...c.clusterDNS], searches: unique([...cluster, ...cfg.searches]), options: ['ndots:5'] };
  } else if (c.noResolvConf) {
    cfg = { servers: ['127.0.0.1'], searches: ['.'], options: [] };
  }
  const extra = spec.dnsConfig as Obj | undefined;
  if (extra) {
    cfg = {
      servers: unique([...cfg.servers, ...((extra.nameservers as string[]) ?? [])]),
      searches: unique([...cfg.searches, ...((extra.searches as string[]) ?? [])]),
      options: mergeOptions(cfg.options, (extra.options as Obj[]) ?? []),
    };
  }
  // formDNSConfigFitsLimits: at most 3 nameservers and 32 search domains.
  return { servers: cfg.servers.slice(0, 3), searches: cfg.searches.slice(0, 32), options: cfg.options };
}

/** containerd's parseDNSOptions: the sandbox's resolv.conf text (empty config: a copy of the host's /etc/resolv.conf). */
export function resolvConfText(cfg: DnsConfig, hostEtcResolvConf: string | undefined): string {
  // A configuration the kubelet shares between pods (frozen) has its text made once.
  const made = resolvConfTexts.get(cfg);
  if (made !== undefined) return made;
  let text = '';
  if (cfg.searches.length > 0) text += `search ${cfg.searches.join(' ')}\n`;
  if (cfg.servers.length > 0) text += `nameserver ${cfg.servers.join('\nnameserver ')}\n`;
  if (cfg.options.length > 0) text += `options ${cfg.options.join(' ')}\n`;
  // Pods of a namespace share the same text: one flat copy (flat-string.ts).
  if (text === '') return hostEtcResolvConf ?? '';
  text = intern(text);
  // Not an empty one: that is the host's file, which may change.
  if (Object.isFrozen(cfg)) resolvConfTexts.set(cfg, text);
  return text;
}

/** The text of each frozen (shared, never changed) configuration resolvConfText was given, when it is not the host's file. */
const resolvConfTexts = new WeakMap<DnsConfig, string>();

/** The /etc/resolv.conf a process at `from` reads (undefined: none). */
export function resolvConfOf(network: Network, from: NetSource): string | undefined {
  if (from.kind === 'workstation') return undefined;
  const node = network.node(from.node);
  if (!node) return undefined;
  if (from.kind === 'host') return node.host.fs.read('/etc/resolv.conf');
  return node.runtime.sandboxes.get(from.sandboxId)?.resolvConf;
}

/** The resolv.conf of a pod's ready sandbox on a node (what `kubectl exec <pod> -- cat /etc/resolv.conf` reads). */
export function podResolvConf(runtime: ContainerRuntime, podUid: string): string | undefined {
  for (const s of runtime.sandboxes.values()) if (s.podUid === podUid && s.state === 'SANDBOX_READY') return s.resolvConf;
  return undefined;
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** mergeDNSOptions: pod options override the base ones by name (kept in first-seen order; upstream's map order is random). */
function mergeOptions(base: string[], extra: Obj[]): string[] {
  const map = new Map<string, string>();
  for (const op of base) {
    const i = op.indexOf(':');
    if (i === -1) map.set(op, '');
    else map.set(op.slice(0, i), op.slice(i + 1));
  }
  for (const op of extra) map.set(String(op.name), op.value === undefined || op.value === null ? '' : String(op.value));
  return [...map].map(([k, v]) => (v === '' ? k : `${k}:${v}`));
}
