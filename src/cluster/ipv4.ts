/**
 * IPv4 addresses and CIDR blocks of the simulated network: the node subnet
 * (where node IPs come from), the pod subnet the node IPAM controller carves
 * into per-node /24s, and the kubeadm Service range. Pure arithmetic, no state.
 */

/** A parsed IPv4 CIDR block. */
export interface Cidr {
  /** The network address as an unsigned 32-bit number. */
  base: number;
  /** Prefix length, 0-32. */
  prefix: number;
}

/** The nodes' own network (10.0.0.0/16): node addresses start at 10.0.0.10, as they always have. */
export const NODE_SUBNET = '10.0.0.0/16';

/** kubeadm's default Service range (--service-cluster-ip-range). */
export const SERVICE_SUBNET = '10.96.0.0/12';

/** The default pod network (kubeadm `podSubnet` as flannel's manifest expects it). */
export const DEFAULT_POD_SUBNET = '10.244.0.0/16';

/**
 * kube-controller-manager's --node-cidr-mask-size for IPv4 (default 24), and
 * the largest gap kubeadm allows between it and the pod subnet's prefix
 * (cmd/kubeadm/app/apis/kubeadm/validation ValidatePodSubnetNodeMask,
 * constants.PodSubnetNodeMaskMaxDiff = 16).
 */
export const NODE_CIDR_MASK_SIZE = 24;
const CLUSTER_SUBNET_MAX_DIFF = 16;

/** First host number of a node address in the node subnet: 10.0.0.10 (the control plane of every scenario so far). */
const FIRST_NODE_HOST = 10;

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const ADDRESS = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/** The number of a dotted-quad address, or undefined when it is not one. */
export function parseIPv4(text: string): number | undefined {
  if (!ADDRESS.test(text)) return undefined;
  return text.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

/** The dotted-quad form of an address number. */
export function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Parses `a.b.c.d/n`; undefined when malformed. Host bits may be set (see {@link cidrProblem}). */
export function parseCidr(text: string): Cidr | undefined {
  const m = /^([^/]+)\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const ip = parseIPv4(m[1]);
  const prefix = Number(m[2]);
  if (ip === undefined || prefix > 32) return undefined;
  return { base: ip, prefix };
}

/** The block's size in addresses. */
function size(c: Cidr): number {
  return 2 ** (32 - c.prefix);
}

/** Whether two blocks share an address. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  return a.base < b.base + size(b) && b.base < a.base + size(a);
}

/**
 * What is wrong with a pod subnet, or undefined when kube-controller-manager
 * can carve it into /24 node CIDRs and it does not collide with the node or
 * Service networks.
 */
export function podSubnetProblem(text: string): string | undefined {
  const c = parseCidr(text);
  if (!c) return `invalid CIDR "${text}": expected an IPv4 block like ${DEFAULT_POD_SUBNET}`;
  if (c.base % size(c) !== 0) {
    return `invalid CIDR "${text}": host bits are set (the block starts at ${formatIPv4(c.base - (c.base % size(c)))}/${c.prefix})`;
  }
  if (c.prefix > NODE_CIDR_MASK_SIZE) return `pod subnet ${text} is smaller than one node's /${NODE_CIDR_MASK_SIZE}: kube-controller-manager needs a prefix of /${NODE_CIDR_MASK_SIZE} or shorter`;
  if (NODE_CIDR_MASK_SIZE - c.prefix > CLUSTER_SUBNET_MAX_DIFF) {
    return `pod subnet ${text} is too large: kubeadm allows at most ${CLUSTER_SUBNET_MAX_DIFF} bits between the cluster CIDR and the node mask /${NODE_CIDR_MASK_SIZE} (use /${NODE_CIDR_MASK_SIZE - CLUSTER_SUBNET_MAX_DIFF} or longer)`;
  }
  for (const [name, other] of [['node network', NODE_SUBNET], ['Service range', SERVICE_SUBNET]] as const) {
    if (cidrsOverlap(c, parseCidr(other)!)) return `pod subnet ${text} overlaps the ${name} ${other}`;
  }
  return undefined;
}

/** How many node CIDRs (/24) a valid pod subnet holds. */
export function nodeCidrCount(subnet: Cidr): number {
  return 2 ** (NODE_CIDR_MASK_SIZE - subnet.prefix);
}

/** The `index`-th /24 of a pod subnet, e.g. 10.244.3.0/24 (cidr_set.go indexToCIDRBlock). */
export function nodeCidr(subnet: Cidr, index: number): string {
  return `${formatIPv4(subnet.base + index * 2 ** (32 - NODE_CIDR_MASK_SIZE))}/${NODE_CIDR_MASK_SIZE}`;
}

/** The index of a /24 inside a pod subnet, or undefined when it is not one of its node CIDRs. */
export function nodeCidrIndex(subnet: Cidr, cidr: string): number | undefined {
  const c = parseCidr(cidr);
  if (!c || c.prefix !== NODE_CIDR_MASK_SIZE) return undefined;
  const offset = c.base - subnet.base;
  const step = 2 ** (32 - NODE_CIDR_MASK_SIZE);
  if (offset < 0 || offset % step !== 0 || offset / step >= nodeCidrCount(subnet)) return undefined;
  return offset / step;
}

/**
 * The address of the `index`-th node (declaration order) in {@link NODE_SUBNET}:
 * 10.0.0.10 … 10.0.0.254 for the first 245 nodes (as always), then
 * 10.0.1.1 … 10.0.1.254, 10.0.2.1 … and so on. Addresses ending in .0 or
 * .255 are skipped, so no node looks like a /24's network or broadcast address.
 */
export function nodeIP(index: number): string {
  const firstBlock = 255 - FIRST_NODE_HOST;
  if (index < firstBlock) return `10.0.0.${FIRST_NODE_HOST + index}`;
  const rest = index - firstBlock;
  const third = 1 + Math.floor(rest / 254);
  if (third > 255) throw new RangeError(`node ${index + 1}: the node network ${NODE_SUBNET} is full`);
  return `10.0.${third}.${1 + (rest % 254)}`;
}

/**
 * A control-plane endpoint as kubeadm's controlPlaneEndpoint takes it, here
 * an address only: `IP` or `IP:PORT` (port 6443 when omitted). Undefined
 * when the text is not one.
 */
export function parseEndpoint(text: string): { ip: string; port: number } | undefined {
  const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m || parseIPv4(m[1]!) === undefined) return undefined;
  const port = m[2] === undefined ? 6443 : Number(m[2]);
  return port >= 1 && port <= 65535 ? { ip: m[1]!, port } : undefined;
}
