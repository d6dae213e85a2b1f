/**
 * `kubectl describe` for Endpoints, EndpointSlices and NetworkPolicies:
 * describeEndpoints, describeEndpointSliceV1, describeNetworkPolicy and
 * describeNetworkPolicySpec of kubernetes/kubectl pkg/describe/describe.go (v0.32).
 */
import type { Endpoints } from 'kubernetes-types/core/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import type { NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from 'kubernetes-types/networking/v1.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { describeEvents, type AnyEvent } from './events.js';
import { formatLabelSelector } from '../output/labels.js';

/** The describe text of an Endpoints object: per subset its ready and not-ready addresses and ports, then events. */
export function describeEndpoints(ep: Endpoints, events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ep.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${ep.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', ep.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', ep.metadata?.annotations);
    w.write(LEVEL_0, 'Subsets:\n');
    for (const subset of ep.subsets ?? []) {
      w.write(LEVEL_1, `Addresses:\t${(subset.addresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
      w.write(LEVEL_1, `NotReadyAddresses:\t${(subset.notReadyAddresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
      const ports = subset.ports ?? [];
      if (ports.length > 0) {
        w.write(LEVEL_1, 'Ports:\n');
        w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
        w.write(LEVEL_2, '----\t----\t--------\n');
        for (const p of ports) w.write(LEVEL_2, `${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? ''}\n`);
      }
      w.write(LEVEL_0, '\n');
    }
    if (events) describeEvents(events, w, now);
  });
}

/** The describe text of a discovery.k8s.io/v1 EndpointSlice: its ports table and each endpoint with its conditions. */
export function describeEndpointSlice(eps: EndpointSlice, events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${eps.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${eps.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', eps.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', eps.metadata?.annotations);
    w.write(LEVEL_0, `AddressType:\t${eps.addressType ?? ''}\n`);
    const ports = eps.ports ?? [];
    if (ports.length === 0) w.write(LEVEL_0, 'Ports: <unset>\n');
    else {
      w.write(LEVEL_0, 'Ports:\n');
      w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_1, '----\t----\t--------\n');
      for (const p of ports) w.write(LEVEL_1, `${p.name || '<unset>'}\t${p.port != null ? String(p.port) : '<unset>'}\t${p.protocol ?? ''}\n`);
    }
    const endpoints = eps.endpoints ?? [];
    if (endpoints.length === 0) w.write(LEVEL_0, 'Endpoints: <none>\n');
    else {
      w.write(LEVEL_0, 'Endpoints:\n');
      for (const e of endpoints) {
        w.write(LEVEL_1, `- Addresses:\t${(e.addresses ?? []).join(', ') || '<none>'}\n`);
        w.write(LEVEL_2, 'Conditions:\n');
        // strconv.FormatBool of the pointer, `<unset>` when nil.
        w.write(LEVEL_3, `Ready:\t${e.conditions?.ready != null ? String(e.conditions.ready) : '<unset>'}\n`);
        w.write(LEVEL_2, `Hostname:\t${e.hostname ?? '<unset>'}\n`);
        if (e.targetRef) w.write(LEVEL_2, `TargetRef:\t${e.targetRef.kind ?? ''}/${e.targetRef.name ?? ''}\n`);
        w.write(LEVEL_2, `NodeName:\t${e.nodeName ?? '<unset>'}\n`);
        w.write(LEVEL_2, `Zone:\t${e.zone ?? '<unset>'}\n`);
      }
    }
    if (events) describeEvents(events, w, now);
  });
}

/** The describe text of a NetworkPolicy (its describer shows no events). */
export function describeNetworkPolicy(np: NetworkPolicy): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${np.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${np.metadata?.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Created on:\t${goTimeString(np.metadata?.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', np.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', np.metadata?.annotations);
    describeNetworkPolicySpec(np.spec ?? { podSelector: {} }, w);
  });
}

/** Go's time.Time.String() of a metav1.Time in UTC: `2026-11-28 01:23:42 +0000 UTC`; the zero time when unset. */
function goTimeString(timestamp: string | undefined): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return '0001-01-01 00:00:00 +0000 UTC';
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} +0000 UTC`;
}

/** metav1.FormatLabelSelector: the selector string, `<none>` when it selects everything. */
const formatSelector = (s: Parameters<typeof formatLabelSelector>[0]): string => formatLabelSelector(s) || '<none>';

function describeNetworkPolicySpec(spec: NonNullable<NetworkPolicy['spec']>, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Spec:\n');
  w.write(LEVEL_1, 'PodSelector: ');
  const sel = spec.podSelector;
  if (Object.keys(sel?.matchLabels ?? {}).length === 0 && (sel?.matchExpressions ?? []).length === 0) {
    w.write(LEVEL_2, '<none> (Allowing the specific traffic to all pods in this namespace)\n');
  } else w.write(LEVEL_2, `${formatSelector(sel)}\n`);
  const types = spec.policyTypes ?? [];
  if (types.includes('Ingress')) {
    w.write(LEVEL_1, 'Allowing ingress traffic:\n');
    printRules((spec.ingress ?? []).map((r) => ({ ports: r.ports, peers: r.from })), 'ingress', w);
  } else w.write(LEVEL_1, 'Not affecting ingress traffic\n');
  if (types.includes('Egress')) {
    w.write(LEVEL_1, 'Allowing egress traffic:\n');
    printRules((spec.egress ?? []).map((r) => ({ ports: r.ports, peers: r.to })), 'egress', w);
  } else w.write(LEVEL_1, 'Not affecting egress traffic\n');
  // policyTypesToString: ", "-joined, `<none>` when empty.
  w.write(LEVEL_1, `Policy Types: ${types.join(', ') || '<none>'}\n`);
}

/** printNetworkPolicySpecIngressFrom / printNetworkPolicySpecEgressTo, with their initial indent of four spaces. */
function printRules(rules: { ports?: NetworkPolicyPort[]; peers?: NetworkPolicyPeer[] }[], dir: 'ingress' | 'egress', w: PrefixWriter): void {
  const indent = '    ';
  if (rules.length === 0) {
    w.write(LEVEL_0, `${indent}<none> (Selected pods are isolated for ${dir} connectivity)\n`);
    return;
  }
  const peerWord = dir === 'ingress' ? 'From' : 'To';
  rules.forEach((rule, i) => {
    const ports = rule.ports ?? [];
    if (ports.length === 0) w.write(LEVEL_0, `${indent}To Port: <any> (traffic allowed to all ports)\n`);
    for (const p of ports) {
      const proto = p.protocol ?? 'TCP';
      // %s of a nil *intstr.IntOrString prints <nil>.
      const port = p.port === undefined || p.port === null ? '<nil>' : String(p.port);
      if (p.endPort == null) w.write(LEVEL_0, `${indent}To Port: ${port}/${proto}\n`);
      else w.write(LEVEL_0, `${indent}To Port Range: ${port}-${p.endPort}/${proto}\n`);
    }
    const peers = rule.peers ?? [];
    if (peers.length === 0) {
      w.write(LEVEL_0, dir === 'ingress' ? `${indent}From: <any> (traffic not restricted by source)\n` : `${indent}To: <any> (traffic not restricted by destination)\n`);
    }
    for (const peer of peers) {
      w.write(LEVEL_0, `${indent}${peerWord}:\n`);
      if (peer.podSelector && peer.namespaceSelector) {
        w.write(LEVEL_1, `${indent}NamespaceSelector: ${formatSelector(peer.namespaceSelector)}\n`);
        w.write(LEVEL_1, `${indent}PodSelector: ${formatSelector(peer.podSelector)}\n`);
      } else if (peer.podSelector) w.write(LEVEL_1, `${indent}PodSelector: ${formatSelector(peer.podSelector)}\n`);
      else if (peer.namespaceSelector) w.write(LEVEL_1, `${indent}NamespaceSelector: ${formatSelector(peer.namespaceSelector)}\n`);
      else if (peer.ipBlock) {
        w.write(LEVEL_1, `${indent}IPBlock:\n`);
        w.write(LEVEL_2, `${indent}CIDR: ${peer.ipBlock.cidr}\n`);
        w.write(LEVEL_2, `${indent}Except: ${(peer.ipBlock.except ?? []).join(', ')}\n`);
      }
    }
    if (i !== rules.length - 1) w.write(LEVEL_0, `${indent}----------\n`);
  });
}
