/**
 * A node's kernel modules: the ones loaded (what `lsmod` reads from
 * /proc/modules, most recently loaded first) and the ones installed under
 * /lib/modules that `modprobe` (or a netlink request from a privileged
 * kube-proxy) can load. Without the ip_vs modules, kube-proxy's IPVS mode
 * cannot start.
 */
import type { NodeHost } from './node-host.js';

/** A loaded module as /proc/modules lists it. */
export interface LoadedModule {
  readonly name: string;
  /** Size in bytes. */
  readonly size: number;
  /** Modules that depend on it ("Used by"). */
  readonly holders: string[];
}

/** Module → [size, dependencies]: Debian 12's 6.1 kernel modules a kubeadm node loads or may load. */
const CATALOG: Readonly<Record<string, readonly [number, readonly string[]]>> = {
  overlay: [163840, []],
  bridge: [311296, ['stp', 'llc']],
  stp: [16384, ['llc']],
  llc: [16384, []],
  br_netfilter: [32768, ['bridge']],
  nf_conntrack: [176128, ['nf_defrag_ipv6', 'nf_defrag_ipv4', 'libcrc32c']],
  nf_defrag_ipv6: [24576, []],
  nf_defrag_ipv4: [16384, []],
  libcrc32c: [16384, []],
  nf_nat: [57344, ['nf_conntrack']],
  xt_conntrack: [16384, ['nf_conntrack']],
  xt_MASQUERADE: [16384, ['nf_nat']],
  xt_comment: [16384, []],
  xt_mark: [16384, []],
  xt_addrtype: [16384, []],
  xt_statistic: [16384, []],
  nft_compat: [20480, ['nf_tables']],
  nf_tables: [299008, []],
  ip_vs: [196608, ['nf_conntrack']],
  ip_vs_rr: [16384, ['ip_vs']],
  ip_vs_wrr: [16384, ['ip_vs']],
  ip_vs_sh: [16384, ['ip_vs']],
};

/** What a kubeadm node has loaded once containerd, the CNI and iptables-nft ran (loaded in this order). */
const BOOT_MODULES = ['overlay', 'br_netfilter', 'nf_conntrack', 'nf_nat', 'xt_conntrack', 'xt_MASQUERADE', 'xt_comment', 'xt_mark', 'xt_addrtype', 'xt_statistic', 'nft_compat'];

/** The kernel modules of one host. */
export class KernelModules {
  /** Loaded modules, most recently loaded first. */
  readonly loaded: LoadedModule[] = [];
  /** Modules installed under /lib/modules. */
  readonly available = new Set(Object.keys(CATALOG));

  constructor() {
    for (const m of BOOT_MODULES) this.load(m);
  }

  /** Is `name` loaded? */
  isLoaded(name: string): boolean {
    return this.loaded.some((m) => m.name === name);
  }

  /** modprobe: loads `name` and what it depends on; false when a module is not installed. */
  load(name: string): boolean {
    if (this.isLoaded(name)) return true;
    const entry = CATALOG[name];
    if (!entry || !this.available.has(name)) return false;
    for (const dep of entry[1]) if (!this.load(dep)) return false;
    for (const dep of entry[1]) this.loaded.find((m) => m.name === dep)!.holders.push(name);
    this.loaded.unshift({ name, size: entry[0], holders: [] });
    return true;
  }
}

const modules = new WeakMap<NodeHost, KernelModules>();

/** The kernel modules of a host. */
export function kernelModulesOf(host: NodeHost): KernelModules {
  let m = modules.get(host);
  if (!m) modules.set(host, (m = new KernelModules()));
  return m;
}
