/**
 * /run/flannel/subnet.env: what flanneld writes once it holds its node's
 * subnet (pkg/subnet/subnet.go WriteSubnetFile) and what the flannel CNI
 * plugin reads on every ADD (flannel-io/cni-plugin flannel.go
 * loadFlannelSubnetEnv). The plugin cannot give a pod an address until the
 * file is there, which ties every pod sandbox on a node to its flanneld.
 */
import { formatIPv4, parseIPv4 } from '../ipv4.js';

/** flanneld's --subnet-file default, the path the plugin reads (defaultSubnetFile). */
export const FLANNEL_SUBNET_FILE = '/run/flannel/subnet.env';

/** The MTU of the vxlan backend: the uplink's 1500 less 50 bytes of VXLAN encapsulation. */
export const FLANNEL_VXLAN_MTU = 1450;

/** WriteSubnetFile's text: the network, the first address of the node's subnet, the MTU and --ip-masq. */
export function subnetEnvText(network: string, subnet: string, mtu: number, ipMasq: boolean): string {
  const [address, prefix] = subnet.split('/');
  // sn.IncrementIP(): the subnet's first usable address.
  const first = formatIPv4((parseIPv4(address) ?? 0) + 1);
  return `FLANNEL_NETWORK=${network}\nFLANNEL_SUBNET=${first}/${prefix}\nFLANNEL_MTU=${mtu}\nFLANNEL_IPMASQ=${ipMasq}\n`;
}

/**
 * The node's subnet as the plugin hands it to host-local IPAM
 * (flannel-io/cni-plugin flannel_linux.go: ranges of FLANNEL_SUBNET), e.g.
 * `10.244.1.1/24`; undefined when the file has none.
 */
export function flannelSubnet(text: string | undefined): string | undefined {
  const m = /^FLANNEL_SUBNET=(\S+)$/m.exec(text ?? '');
  return m ? m[1] : undefined;
}

/**
 * Why loadFlannelSubnetEnv fails for a file's content (undefined content:
 * there is no file), or undefined when the plugin can use it.
 */
export function subnetEnvError(text: string | undefined, path = FLANNEL_SUBNET_FILE): string | undefined {
  if (text === undefined) return `open ${path}: no such file or directory`;
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    seen.add(eq < 0 ? line : line.slice(0, eq));
  }
  // subnetEnv.missing(): the keys it still lacks, joined by ", ".
  const missing: string[] = [];
  if (!seen.has('FLANNEL_NETWORK') && !seen.has('FLANNEL_IPV6_NETWORK')) missing.push('FLANNEL_NETWORK', 'FLANNEL_IPV6_NETWORK');
  if (!seen.has('FLANNEL_SUBNET') && !seen.has('FLANNEL_IPV6_SUBNET')) missing.push('FLANNEL_SUBNET', 'FLANNEL_IPV6_SUBNET');
  if (!seen.has('FLANNEL_MTU')) missing.push('FLANNEL_MTU');
  if (!seen.has('FLANNEL_IPMASQ')) missing.push('FLANNEL_IPMASQ');
  return missing.length ? `${path} is missing ${missing.join(', ')}` : undefined;
}
