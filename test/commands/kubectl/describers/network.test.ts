/**
 * kubectl views of Services' backends and of NetworkPolicies, pinned to kubectl 1.32:
 * describeEndpoints, describeEndpointSliceV1, describeNetworkPolicy (+ printNetworkPolicySpecIngressFrom /
 * printNetworkPolicySpecEgressTo) of kubernetes/kubectl pkg/describe/describe.go at v0.32.9, and
 * printNetworkPolicy of kubernetes/kubernetes pkg/printers/internalversion/printers.go (NAME POD-SELECTOR AGE).
 * The NetworkPolicy sample is the one of the upstream documentation
 * (https://kubernetes.io/docs/concepts/services-networking/network-policies/, "kubectl describe networkpolicy").
 */
import { describe, it, expect } from 'vitest';
import type { Endpoints } from 'kubernetes-types/core/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1.js';
import { describeEndpointSlice, describeEndpoints, describeNetworkPolicy } from '../../../../src/commands/kubectl/describers/network.js';
import { printTable } from '../../../../src/commands/kubectl/output/table.js';
import { printerFor } from '../../../../src/commands/kubectl/printers/index.js';
import { TestCluster, T0 } from '../harness.js';

const docsPolicy: NetworkPolicy = {
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: { name: 'test-network-policy', namespace: 'default', creationTimestamp: '2026-11-28T01:23:42Z' },
  spec: {
    podSelector: { matchLabels: { role: 'db' } },
    policyTypes: ['Ingress', 'Egress'],
    ingress: [
      {
        from: [{ ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24'] } }, { namespaceSelector: { matchLabels: { project: 'myproject' } } }, { podSelector: { matchLabels: { role: 'frontend' } } }],
        ports: [{ protocol: 'TCP', port: 6379 }],
      },
    ],
    egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/24' } }], ports: [{ protocol: 'TCP', port: 5978 }] }],
  },
};

describe('kubectl describe networkpolicy', () => {
  it('prints the documentation example word for word (Created on is Go time.Time.String() in UTC)', () => {
    expect(describeNetworkPolicy(docsPolicy)).toBe(
      `Name:         test-network-policy
Namespace:    default
Created on:   2026-11-28 01:23:42 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     role=db
  Allowing ingress traffic:
    To Port: 6379/TCP
    From:
      IPBlock:
        CIDR: 172.17.0.0/16
        Except: 172.17.1.0/24
    From:
      NamespaceSelector: project=myproject
    From:
      PodSelector: role=frontend
  Allowing egress traffic:
    To Port: 5978/TCP
    To:
      IPBlock:
        CIDR: 10.0.0.0/24
        Except: 
  Policy Types: Ingress, Egress
`,
    );
  });

  it('prints a default-deny policy, several rules, ranges and both selectors of one peer', () => {
    const deny: NetworkPolicy = { metadata: { name: 'default-deny', namespace: 'shop', creationTimestamp: '2026-11-30T03:00:00Z' }, spec: { podSelector: {}, policyTypes: ['Ingress'] } };
    expect(describeNetworkPolicy(deny)).toBe(
      `Name:         default-deny
Namespace:    shop
Created on:   2026-11-30 03:00:00 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    <none> (Selected pods are isolated for ingress connectivity)
  Not affecting egress traffic
  Policy Types: Ingress
`,
    );
    const mixed: NetworkPolicy = {
      metadata: { name: 'mixed', namespace: 'shop', creationTimestamp: '2026-11-30T03:00:00Z' },
      spec: {
        podSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['web', 'api'] }] },
        policyTypes: ['Egress'],
        egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }], ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 'dns-tcp' }] }, { ports: [{ protocol: 'TCP', port: 32000, endPort: 32768 }] }, {}],
      },
    };
    expect(describeNetworkPolicy(mixed).split('Spec:\n')[1]).toBe(
      `  PodSelector:     tier in (api,web)
  Not affecting ingress traffic
  Allowing egress traffic:
    To Port: 53/UDP
    To Port: dns-tcp/TCP
    To:
      NamespaceSelector: kubernetes.io/metadata.name=kube-system
      PodSelector: k8s-app=kube-dns
    ----------
    To Port Range: 32000-32768/TCP
    To: <any> (traffic not restricted by destination)
    ----------
    To Port: <any> (traffic allowed to all ports)
    To: <any> (traffic not restricted by destination)
  Policy Types: Egress
`,
    );
  });
});

describe('kubectl get networkpolicies (printNetworkPolicy)', () => {
  it('prints NAME POD-SELECTOR AGE, <none> for the empty selector', () => {
    const now = Date.parse('2026-11-30T04:00:00Z');
    const list: NetworkPolicy[] = [
      { metadata: { name: 'default-deny', creationTimestamp: '2026-11-30T03:00:00Z' }, spec: { podSelector: {} } },
      { metadata: { name: 'test-network-policy', creationTimestamp: '2026-11-28T01:23:42Z' }, spec: { podSelector: { matchLabels: { role: 'db' } } } },
    ];
    expect(printTable(printerFor('NetworkPolicy'), list, { now })).toBe(
      `NAME                  POD-SELECTOR   AGE
default-deny          <none>         60m
test-network-policy   role=db        2d2h
`,
    );
  });

  it('kubectl get netpol, describe netpol and delete go through the API server', async () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'default-deny', namespace: 'default' }, spec: { podSelector: {} } });
    expect((await c.run('get netpol')).stdout).toBe('NAME           POD-SELECTOR   AGE\ndefault-deny   <none>         0s\n');
    const d = await c.run('describe networkpolicy default-deny');
    expect(d.stdout).toContain(`Created on:   ${new Date(T0).toISOString().slice(0, 19).replace('T', ' ')} +0000 UTC\n`);
    expect(d.stdout).toContain('  Allowing ingress traffic:\n    <none> (Selected pods are isolated for ingress connectivity)\n  Not affecting egress traffic\n  Policy Types: Ingress\n');
    expect((await c.run('delete netpol default-deny')).stdout).toBe('networkpolicy.networking.k8s.io "default-deny" deleted\n');
    expect((await c.run('get networkpolicies')).stderr).toBe('No resources found in default namespace.\n');
  });
});

describe('kubectl describe endpoints (describeEndpoints)', () => {
  it('lists ready and not-ready addresses per subset, then the ports table', () => {
    const ep: Endpoints = {
      metadata: { name: 'web', namespace: 'default', labels: { app: 'web' }, annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '2026-11-30T04:00:00Z' } },
      subsets: [{ addresses: [{ ip: '10.244.1.15' }, { ip: '10.244.2.7' }], notReadyAddresses: [{ ip: '10.244.2.9' }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }, { port: 9090, protocol: 'TCP' }] }],
    };
    expect(describeEndpoints(ep, [], T0)).toBe(
      `Name:         web
Namespace:    default
Labels:       app=web
Annotations:  endpoints.kubernetes.io/last-change-trigger-time: 2026-11-30T04:00:00Z
Subsets:
  Addresses:          10.244.1.15,10.244.2.7
  NotReadyAddresses:  10.244.2.9
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    http     8080  TCP
    <unset>  9090  TCP

Events:  <none>
`,
    );
  });

  it('prints <none> for an empty address list and nothing under Subsets without subsets', () => {
    const notReady: Endpoints = { metadata: { name: 'api', namespace: 'default' }, subsets: [{ notReadyAddresses: [{ ip: '10.244.1.8' }], ports: [{ port: 8080, protocol: 'TCP' }] }] };
    expect(describeEndpoints(notReady, undefined, T0)).toContain('Subsets:\n  Addresses:          <none>\n  NotReadyAddresses:  10.244.1.8\n');
    const empty: Endpoints = { metadata: { name: 'api', namespace: 'default' } };
    expect(describeEndpoints(empty, [], T0)).toBe('Name:         api\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nSubsets:\nEvents:  <none>\n');
  });
});

describe('kubectl describe endpointslice (describeEndpointSliceV1)', () => {
  it('prints the ports table and each endpoint with its conditions, hostname, target, node and zone', () => {
    const slice: EndpointSlice = {
      addressType: 'IPv4',
      metadata: { name: 'web-8xk2p', namespace: 'default', labels: { 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', 'kubernetes.io/service-name': 'web' } },
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      endpoints: [
        { addresses: ['10.244.1.15'], conditions: { ready: true, serving: true, terminating: false }, targetRef: { kind: 'Pod', name: 'web-7d4b9c8f5-abcde', namespace: 'default' }, nodeName: 'node-1' },
        { addresses: ['10.244.2.9'], conditions: { ready: false }, targetRef: { kind: 'Pod', name: 'web-7d4b9c8f5-fghij', namespace: 'default' }, nodeName: 'node-2' },
      ],
    };
    expect(describeEndpointSlice(slice, [], T0)).toBe(
      `Name:         web-8xk2p
Namespace:    default
Labels:       endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io
              kubernetes.io/service-name=web
Annotations:  <none>
AddressType:  IPv4
Ports:
  Name  Port  Protocol
  ----  ----  --------
  http  8080  TCP
Endpoints:
  - Addresses:  10.244.1.15
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/web-7d4b9c8f5-abcde
    NodeName:   node-1
    Zone:       <unset>
  - Addresses:  10.244.2.9
    Conditions:
      Ready:    false
    Hostname:   <unset>
    TargetRef:  Pod/web-7d4b9c8f5-fghij
    NodeName:   node-2
    Zone:       <unset>
Events:         <none>
`,
    );
  });

  it('says <unset> without ports and <none> without endpoints', () => {
    const slice: EndpointSlice = { addressType: 'IPv4', metadata: { name: 'api-q7r4m', namespace: 'default' }, endpoints: [] };
    expect(describeEndpointSlice(slice, undefined, T0)).toBe('Name:         api-q7r4m\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nAddressType:  IPv4\nPorts: <unset>\nEndpoints: <none>\n');
  });
});

describe('kubectl describe endpoints/endpointslice and get svc -o wide, end to end', () => {
  it('dispatches to the describers and the wide service printer', async () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, clusterIP: '10.96.20.30', clusterIPs: ['10.96.20.30'], ports: [{ port: 80, targetPort: 8080 }] } });
    c.add({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', namespace: 'default' }, subsets: [{ notReadyAddresses: [{ ip: '10.244.1.8' }], ports: [{ port: 8080, protocol: 'TCP' }] }] });
    c.add({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abcde', namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } }, addressType: 'IPv4', ports: [{ port: 8080, protocol: 'TCP' }], endpoints: [{ addresses: ['10.244.1.8'], conditions: { ready: false }, nodeName: 'node-1' }] });
    expect((await c.run('describe endpoints web')).stdout).toContain('Subsets:\n  Addresses:          <none>\n  NotReadyAddresses:  10.244.1.8\n  Ports:\n');
    expect((await c.run('describe endpointslice web-abcde')).stdout).toContain('Endpoints:\n  - Addresses:  10.244.1.8\n    Conditions:\n      Ready:   false\n    Hostname:  <unset>\n    NodeName:  node-1\n');
    expect((await c.run('get svc web -o wide')).stdout).toBe('NAME   TYPE        CLUSTER-IP    EXTERNAL-IP   PORT(S)   AGE   SELECTOR\nweb    ClusterIP   10.96.20.30   <none>        80/TCP    0s    app=web\n');
  });
});
