/**
 * kube-proxy's iptables mode, v1.32 (pkg/proxy/iptables/proxier.go
 * syncProxyRules and writeServiceToEndpointRules): the jump rules from the
 * built-in chains (iptablesJumpChains, ensured by prepending), then the
 * equivalent of one `iptables-restore --noflush` of the filter and nat
 * tables: every chain kube-proxy owns is flushed and refilled with the
 * rules upstream writes, in upstream's words, and service chains no longer
 * in use are deleted. Rules go through the same parser `iptables` uses, so
 * they are normalized as the kernel would keep them.
 *
 * Both traffic policies (Cluster and Local) are followed; session affinity,
 * externalIPs, load-balancer IPs and topology hints are not modelled;
 * detect-local is ClusterCIDR when the configuration has a clusterCIDR.
 */
import type { Netfilter, NetfilterRule, NetfilterTable } from '../network/netfilter.js';
import { isRuleError, parseRuleSpec, sameRule } from '../network/netfilter-rules.js';
import { endpointChainName, externalChainName, localChainName, serviceChainName } from './chain-names.js';
import { categorizeEndpoints, externallyAccessible, portKey, usesClusterEndpoints, usesLocalEndpoints, type Endpoint, type ServicePort } from './service-ports.js';

/** What one sync programs. */
export interface ProxierState {
  /** The Service ports with a ClusterIP. */
  readonly services: readonly ServicePort[];
  /** Their endpoints, by {@link portKey}. */
  readonly endpoints: ReadonlyMap<string, readonly Endpoint[]>;
  /** The node kube-proxy runs on (its endpoints are the local ones). */
  readonly nodeName: string;
  /** KubeProxyConfiguration.clusterCIDR ('' = none: no `! -s` masquerade rule). */
  readonly clusterCIDR: string;
}

const MASQ_MARK = '0x004000';

/** iptablesJumpChains: [table, target chain, source chain, comment, extra args]. */
const JUMPS: readonly [string, string, string, string, readonly string[]][] = [
  ['filter', 'KUBE-EXTERNAL-SERVICES', 'INPUT', 'kubernetes externally-visible service portals', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-EXTERNAL-SERVICES', 'FORWARD', 'kubernetes externally-visible service portals', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-NODEPORTS', 'INPUT', 'kubernetes health check service ports', []],
  ['filter', 'KUBE-SERVICES', 'FORWARD', 'kubernetes service portals', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-SERVICES', 'OUTPUT', 'kubernetes service portals', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-FORWARD', 'FORWARD', 'kubernetes forwarding rules', []],
  ['filter', 'KUBE-PROXY-FIREWALL', 'INPUT', 'kubernetes load balancer firewall', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-PROXY-FIREWALL', 'OUTPUT', 'kubernetes load balancer firewall', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['filter', 'KUBE-PROXY-FIREWALL', 'FORWARD', 'kubernetes load balancer firewall', ['-m', 'conntrack', '--ctstate', 'NEW']],
  ['nat', 'KUBE-SERVICES', 'OUTPUT', 'kubernetes service portals', []],
  ['nat', 'KUBE-SERVICES', 'PREROUTING', 'kubernetes service portals', []],
  ['nat', 'KUBE-POSTROUTING', 'POSTROUTING', 'kubernetes postrouting rules', []],
];

const FILTER_CHAINS = ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD', 'KUBE-NODEPORTS', 'KUBE-PROXY-FIREWALL'];
const NAT_CHAINS = ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ'];
const SERVICE_CHAIN_PREFIXES = ['KUBE-SVC-', 'KUBE-SVL-', 'KUBE-EXT-', 'KUBE-FW-', 'KUBE-SEP-'];

/** A rule line: the chain and its specification, as kube-proxy writes `-A CHAIN ...`. */
type Line = readonly [chain: string, spec: readonly string[]];

/** Programs `nf` for `state`, as one full syncProxyRules does. */
export function syncProxyRules(nf: Netfilter, state: ProxierState): void {
  ensureJumps(nf);
  const filterChains = [...FILTER_CHAINS];
  const natChains = [...NAT_CHAINS];
  const filterRules: Line[] = [];
  const natRules: Line[] = [];
  natRules.push(['KUBE-POSTROUTING', ['-m', 'mark', '!', '--mark', `${MASQ_MARK}/${MASQ_MARK}`, '-j', 'RETURN']]);
  natRules.push(['KUBE-POSTROUTING', ['-j', 'MARK', '--xor-mark', MASQ_MARK]]);
  natRules.push(['KUBE-POSTROUTING', ['-m', 'comment', '--comment', 'kubernetes service traffic requiring SNAT', '-j', 'MASQUERADE', '--random-fully']]);
  natRules.push(['KUBE-MARK-MASQ', ['-j', 'MARK', '--or-mark', MASQ_MARK]]);

  const active = new Set<string>();
  const services = [...state.services].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const svc of services) {
    const all = state.endpoints.get(portKey(svc.service, svc.portName, svc.protocol)) ?? [];
    const { clusterEndpoints, localEndpoints, reachable, hasEndpoints } = categorizeEndpoints(all, svc, state.nodeName);
    const p = svc.protocol;
    const name = svc.name;
    const clusterChain = serviceChainName(name, p);
    const localChain = localChainName(name, p);
    const extChain = externalChainName(name, p);
    const usesClusterChain = clusterEndpoints.length > 0 && usesClusterEndpoints(svc);
    const usesLocalChain = localEndpoints.length > 0 && usesLocalEndpoints(svc);
    const internalChain = svc.internalLocal ? localChain : clusterChain;
    const hasInternalEndpoints = hasEndpoints && (!svc.internalLocal || localEndpoints.length > 0);
    const externalLocal = externallyAccessible(svc) && svc.externalLocal;
    const externalPolicyChain = externalLocal ? localChain : clusterChain;
    const hasExternalEndpoints = hasEndpoints && (!externalLocal || localEndpoints.length > 0);
    const usesExternalChain = hasEndpoints && externallyAccessible(svc);
    // No endpoints at all: REJECT in filter; none on this node under a Local policy: DROP.
    const internalFilter: [string, string] = hasEndpoints ? ['DROP', `${name} has no local endpoints`] : ['REJECT', `${name} has no endpoints`];
    const externalFilter = internalFilter;
    // Capture the clusterIP.
    if (hasInternalEndpoints) natRules.push(['KUBE-SERVICES', ['-m', 'comment', '--comment', `${name} cluster IP`, '-m', p, '-p', p, '-d', svc.clusterIP, '--dport', String(svc.port), '-j', internalChain]]);
    else filterRules.push(['KUBE-SERVICES', ['-m', 'comment', '--comment', internalFilter[1], '-m', p, '-p', p, '-d', svc.clusterIP, '--dport', String(svc.port), '-j', internalFilter[0]]]);
    // Capture nodeports.
    if (svc.nodePort) {
      if (hasEndpoints) natRules.push(['KUBE-NODEPORTS', ['-m', 'comment', '--comment', name, '-m', p, '-p', p, '--dport', String(svc.nodePort), '-j', extChain]]);
      if (!hasExternalEndpoints) filterRules.push(['KUBE-EXTERNAL-SERVICES', ['-m', 'comment', '--comment', externalFilter[1], '-m', 'addrtype', '--dst-type', 'LOCAL', '-m', p, '-p', p, '--dport', String(svc.nodePort), '-j', externalFilter[0]]]);
    }
    // Internal traffic: masquerade what comes from outside the cluster CIDR.
    if (hasInternalEndpoints && state.clusterCIDR) natRules.push([internalChain, ['-m', 'comment', '--comment', `${name} cluster IP`, '-m', p, '-p', p, '-d', svc.clusterIP, '--dport', String(svc.port), '!', '-s', state.clusterCIDR, '-j', 'KUBE-MARK-MASQ']]);
    // External traffic goes through KUBE-EXT first.
    if (usesExternalChain) {
      natChains.push(extChain);
      active.add(extChain);
      if (!externalLocal) natRules.push([extChain, ['-m', 'comment', '--comment', `masquerade traffic for ${name} external destinations`, '-j', 'KUBE-MARK-MASQ']]);
      else {
        // Local policy keeps the client's address, except for pods and the node itself, which go the cluster way.
        if (state.clusterCIDR) natRules.push([extChain, ['-m', 'comment', '--comment', `pod traffic for ${name} external destinations`, '-s', state.clusterCIDR, '-j', clusterChain]]);
        natRules.push([extChain, ['-m', 'comment', '--comment', `masquerade LOCAL traffic for ${name} external destinations`, '-m', 'addrtype', '--src-type', 'LOCAL', '-j', 'KUBE-MARK-MASQ']]);
        natRules.push([extChain, ['-m', 'comment', '--comment', `route LOCAL traffic for ${name} external destinations`, '-m', 'addrtype', '--src-type', 'LOCAL', '-j', clusterChain]]);
      }
      if (hasExternalEndpoints) natRules.push([extChain, ['-j', externalPolicyChain]]);
    }
    for (const [used, chain, endpoints] of [[usesClusterChain, clusterChain, clusterEndpoints], [usesLocalChain, localChain, localEndpoints]] as const) {
      if (!used) continue;
      natChains.push(chain);
      active.add(chain);
      // writeServiceToEndpointRules: each rule but the last a probabilistic match.
      endpoints.forEach((ep, i) => {
        const spec = ['-m', 'comment', '--comment', `${name} -> ${ep.endpoint}`];
        if (i < endpoints.length - 1) spec.push('-m', 'statistic', '--mode', 'random', '--probability', (1 / (endpoints.length - i)).toFixed(10));
        natRules.push([chain, [...spec, '-j', endpointChainName(name, p, ep.endpoint)]]);
      });
    }
    // The per-endpoint chains.
    for (const ep of reachable) {
      const sep = endpointChainName(name, p, ep.endpoint);
      natChains.push(sep);
      active.add(sep);
      natRules.push([sep, ['-m', 'comment', '--comment', name, '-s', ep.ip, '-j', 'KUBE-MARK-MASQ']]);
      natRules.push([sep, ['-m', 'comment', '--comment', name, '-m', p, '-p', p, '-j', 'DNAT', '--to-destination', ep.endpoint]]);
    }
  }
  // Finally, tail-call to the nodePorts chain.
  natRules.push(['KUBE-SERVICES', ['-m', 'comment', '--comment', 'kubernetes service nodeports; NOTE: this must be the last rule in this chain', '-m', 'addrtype', '--dst-type', 'LOCAL', '-j', 'KUBE-NODEPORTS']]);
  // Drop INVALID packets (nf_conntrack_tcp_be_liberal unset), accept marked and established forwarding.
  filterRules.push(['KUBE-FORWARD', ['-m', 'conntrack', '--ctstate', 'INVALID', '-j', 'DROP']]);
  filterRules.push(['KUBE-FORWARD', ['-m', 'comment', '--comment', 'kubernetes forwarding rules', '-m', 'mark', '--mark', `${MASQ_MARK}/${MASQ_MARK}`, '-j', 'ACCEPT']]);
  filterRules.push(['KUBE-FORWARD', ['-m', 'comment', '--comment', 'kubernetes forwarding conntrack rule', '-m', 'conntrack', '--ctstate', 'RELATED,ESTABLISHED', '-j', 'ACCEPT']]);

  restore(nf.filterTable, filterChains, filterRules);
  restore(nf.natTable, natChains, natRules);
  // Delete service chains no longer in use.
  for (const chain of nf.natTable.userChains()) {
    if (!active.has(chain) && SERVICE_CHAIN_PREFIXES.some((prefix) => chain.startsWith(prefix))) nf.natTable.deleteChain(chain);
  }
}

/** `iptables-restore --noflush`: each listed chain is created or flushed, then the rules are appended. */
function restore(table: NetfilterTable, chains: readonly string[], rules: readonly Line[]): void {
  for (const c of chains) {
    table.ensureChain(c);
    table.flush(c);
  }
  for (const [chain, spec] of rules) table.append(chain, parsed(chain, spec));
}

/**
 * Parsed rules by their specification. Every node's kube-proxy writes the same
 * rules for the same Services: they share one frozen rule object per text
 * instead of parsing it again on every sync of every node.
 */
const PARSED = new Map<string, NetfilterRule>();
const PARSED_LIMIT = 50_000;

function parsed(chain: string, spec: readonly string[]): NetfilterRule {
  const key = spec.join('\u0000');
  let rule = PARSED.get(key);
  if (!rule) {
    const r = parseRuleSpec(spec);
    if (isRuleError(r)) throw new Error(`kube-proxy wrote a rule iptables refuses: -A ${chain} ${spec.join(' ')}`);
    if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
    PARSED.set(key, (rule = deepFreeze(r)));
  }
  return rule;
}

/** Freezes a rule and its matches (rules are shared between hosts and never edited in place). */
function deepFreeze(rule: NetfilterRule): NetfilterRule {
  for (const m of rule.matches ?? []) Object.freeze(m);
  if (rule.matches) Object.freeze(rule.matches);
  if (rule.setMark) Object.freeze(rule.setMark);
  return Object.freeze(rule);
}

/** EnsureChain + EnsureRule(Prepend) for each jump from a built-in chain. */
function ensureJumps(nf: Netfilter): void {
  // utiliptables Monitor: the canary chain whose disappearance means the tables were flushed (mangle is not modelled).
  nf.filterTable.ensureChain('KUBE-PROXY-CANARY');
  nf.natTable.ensureChain('KUBE-PROXY-CANARY');
  for (const [tableName, dst, src, comment, extra] of JUMPS) {
    const table = tableName === 'nat' ? nf.natTable : nf.filterTable;
    table.ensureChain(dst);
    const rule = parsed(src, [...extra, '-m', 'comment', '--comment', comment, '-j', dst]);
    const rules = table.chains[src];
    if (!rules.includes(rule) && !rules.some((r) => sameRule(r, rule))) table.insert(src, 0, rule);
  }
}
