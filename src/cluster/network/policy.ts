/**
 * NetworkPolicy as a policy-enforcing CNI plugin applies it
 * (https://kubernetes.io/docs/concepts/services-networking/network-policies/):
 *
 * - A pod is isolated for ingress when a policy of its namespace with
 *   policyTypes Ingress selects it, and for egress likewise; an isolated pod
 *   accepts (sends) only what at least one of those policies allows. Policies
 *   are additive; a connection needs the source's egress and the
 *   destination's ingress.
 * - A rule allows a peer (podSelector in the policy's namespace,
 *   namespaceSelector, both combined, or an ipBlock with its excepts) on its
 *   ports (numbers, ranges with endPort, or names resolved against the
 *   destination pod's container ports), per protocol. A rule without peers
 *   allows every peer; one without ports, every port.
 * - Traffic to and from the node where a pod runs is always allowed (the
 *   kubelet's probes come from there), and a pod never blocks itself.
 *
 * Enforcement belongs to the CNI plugin, not to Kubernetes: flannel, the
 * default network here as on many kubeadm clusters, ignores NetworkPolicy
 * entirely (a policy is stored and shown, and changes nothing). Each side is
 * judged by the plugin of the node it runs on: ingress on the destination
 * pod's node, egress on the source pod's node ({@link PolicyReads.enforcing}).
 *
 * The engine reads the current objects at dial time, as the plugin's agent
 * works from its watch cache; with no NetworkPolicy at all it answers at once.
 */
import type { NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from 'kubernetes-types/networking/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { PolicyCheck } from './network.js';
import type { Sandbox } from '../runtime/runtime.js';
import { matchesLabelSelector, type LabelSelector } from '../apiserver/selectors.js';
import { parseCidr, parseIPv4 } from '../ipv4.js';
import { cidrContains } from '../apiserver/validation-networking.js';
import { loadCniNetwork, type CniFiles } from '../runtime/cni.js';
import type { Store } from '../store/store.js';

/** What the engine reads: the objects and the nodes' plugins. */
export interface PolicyReads {
  /** How many NetworkPolicies exist in the whole cluster (cheap: the no-policy case stops here). */
  count(): number;
  /** The NetworkPolicies of a namespace. */
  policies(namespace: string): readonly NetworkPolicy[];
  /** A pod by namespace and name. */
  pod(namespace: string, name: string): Pod | undefined;
  /** A namespace's labels (undefined: no such namespace). */
  namespaceLabels(namespace: string): Record<string, string> | undefined;
  /** Does the CNI plugin of this node enforce NetworkPolicy? */
  enforcing(node: string): boolean;
  /** The node's own address. */
  nodeIP(node: string): string | undefined;
}

/** One end of a connection as the engine judges it. */
interface End {
  ip: string;
  /** The node the end is on (a pod's node, or the host itself). */
  node?: string;
  /** The pod, when the end is a pod with its own network namespace. */
  pod?: Pod;
  sandbox?: Sandbox;
}

/** The CNI plugin types that enforce NetworkPolicy (Calico's `calico` plugin; its agent, Felix, writes the rules). */
export const POLICY_ENFORCING_PLUGINS: ReadonlySet<string> = new Set(['calico']);

/** Builds the network's policy hook over `reads`. */
export function networkPolicyEngine(reads: PolicyReads): PolicyCheck {
  return (src, dst, port, proto) => {
    // The common case: no policy anywhere, nothing to look up.
    if (reads.count() === 0) return true;
    if (proto !== 'tcp' && proto !== 'udp') return true;
    const from: End = { ip: src.ip, node: src.node, sandbox: src.sandbox, pod: podOf(reads, src.sandbox) };
    const to: End = { ip: dst.ip, node: dst.node, sandbox: dst.sandbox, pod: podOf(reads, dst.sandbox) };
    if (from.sandbox && from.sandbox === to.sandbox) return true;
    const protocol = proto === 'udp' ? 'UDP' : 'TCP';
    if (to.pod && to.node && reads.enforcing(to.node) && !admits(reads, 'Ingress', to.pod, from, to, port, protocol)) return false;
    if (from.pod && from.node && reads.enforcing(from.node) && !admits(reads, 'Egress', from.pod, to, to, port, protocol)) return false;
    return true;
  };
}

/** The pod behind a sandbox with its own network namespace (a host-network pod is its node, for policy). */
function podOf(reads: PolicyReads, sandbox: Sandbox | undefined): Pod | undefined {
  if (!sandbox || sandbox.hostNetwork) return undefined;
  const pod = reads.pod(sandbox.namespace, sandbox.podName);
  return pod && pod.metadata?.uid === sandbox.podUid ? pod : undefined;
}

/**
 * Does `subject` (the pod whose policies of `type` are judged) admit the
 * connection with `peer` to `target` (the destination, whose ports names refer to)?
 */
function admits(reads: PolicyReads, type: 'Ingress' | 'Egress', subject: Pod, peer: End, target: End, port: number, protocol: string): boolean {
  const namespace = subject.metadata?.namespace ?? 'default';
  // Traffic with the node the pod runs on is always allowed.
  const ownNode = subject.spec?.nodeName;
  if (ownNode && peer.ip === reads.nodeIP(ownNode)) return true;
  let isolated = false;
  for (const policy of reads.policies(namespace)) {
    const spec = policy.spec;
    if (!spec || !(spec.policyTypes ?? []).includes(type)) continue;
    if (!matchesLabelSelector((spec.podSelector ?? {}) as LabelSelector, subject.metadata?.labels)) continue;
    isolated = true;
    const rules = type === 'Ingress' ? (spec.ingress ?? []).map((r) => ({ peers: r.from, ports: r.ports })) : (spec.egress ?? []).map((r) => ({ peers: r.to, ports: r.ports }));
    for (const rule of rules) {
      if (!portsMatch(rule.ports, target.pod, port, protocol)) continue;
      if (!rule.peers || rule.peers.length === 0 || rule.peers.some((p) => peerMatches(reads, p, namespace, peer))) return true;
    }
  }
  return !isolated;
}

/** Does a rule's port list admit `port`/`protocol` on the destination (`pod`, when it is one)? */
function portsMatch(ports: readonly NetworkPolicyPort[] | undefined, pod: Pod | undefined, port: number, protocol: string): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined || p.port === null) return true;
    if (typeof p.port === 'number') return p.endPort != null ? port >= p.port && port <= p.endPort : port === p.port;
    // A named port means the destination pod's container port of that name and protocol.
    return namedPort(pod, p.port, protocol) === port;
  });
}

/** The number of a pod's container port named `name` with `protocol`. */
function namedPort(pod: Pod | undefined, name: string, protocol: string): number | undefined {
  for (const c of pod?.spec?.containers ?? []) {
    for (const cp of c.ports ?? []) if (cp.name === name && (cp.protocol ?? 'TCP') === protocol) return cp.containerPort;
  }
  return undefined;
}

/** Is the other end of the connection one of this peer (pods of the policy's namespace, of selected namespaces, or addresses)? */
function peerMatches(reads: PolicyReads, peer: NetworkPolicyPeer, policyNamespace: string, end: End): boolean {
  if (peer.ipBlock) return ipBlockMatches(peer.ipBlock.cidr, peer.ipBlock.except, end.ip);
  if (!end.pod) return false;
  const podNamespace = end.pod.metadata?.namespace ?? 'default';
  if (peer.namespaceSelector) {
    if (!matchesLabelSelector(peer.namespaceSelector as LabelSelector, reads.namespaceLabels(podNamespace) ?? {})) return false;
  } else if (podNamespace !== policyNamespace) return false;
  return !peer.podSelector || matchesLabelSelector(peer.podSelector as LabelSelector, end.pod.metadata?.labels);
}

/** Is `ip` in `cidr` and in none of `except`? */
function ipBlockMatches(cidr: string, except: readonly string[] | undefined, ip: string): boolean {
  const address = parseIPv4(ip);
  const block = parseCidr(cidr);
  if (address === undefined || !block || !cidrContains(block, address)) return false;
  return !(except ?? []).some((e) => {
    const x = parseCidr(e);
    return x !== undefined && cidrContains(x, address);
  });
}

/** A node as the engine reads it: its address and the files its CNI configuration lives in. */
export interface PolicyNode {
  ip: string;
  fs: CniFiles;
}

/**
 * The engine's reads from the cluster's store (the plugin agent's always
 * current watch cache) and nodes: a node enforces when the CNI network
 * containerd loaded from its /etc/cni/net.d has a policy-enforcing plugin.
 */
export function storePolicyReads(store: Store, node: (name: string) => PolicyNode | undefined): PolicyReads {
  return {
    count: () => store.count('networkpolicies'),
    policies: (namespace) => store.list('networkpolicies', namespace) as unknown as NetworkPolicy[],
    pod: (namespace, name) => store.get('pods', namespace, name) as unknown as Pod | undefined,
    namespaceLabels: (namespace) => {
      const ns = store.get('namespaces', undefined, namespace);
      return ns ? (ns.metadata.labels ?? {}) : undefined;
    },
    enforcing: (name) => {
      const n = node(name);
      if (!n) return false;
      const load = loadCniNetwork(n.fs);
      return load.ok && load.network.plugins.some((p) => POLICY_ENFORCING_PLUGINS.has(p));
    },
    nodeIP: (name) => node(name)?.ip,
  };
}
