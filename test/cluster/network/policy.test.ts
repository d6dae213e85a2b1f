/**
 * NetworkPolicy semantics, pinned to the upstream documentation
 * (https://kubernetes.io/docs/concepts/services-networking/network-policies/):
 * isolation per direction, additive rules, peers (podSelector in the policy's
 * namespace, namespaceSelector, both combined in one peer, ipBlock with
 * except), ports (number, endPort range, named ports of the destination pod,
 * protocol), "traffic to and from the node where a Pod is running is always
 * allowed" and "a pod cannot block access to itself".
 */
import { describe, it, expect } from 'vitest';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { networkPolicyEngine, type PolicyReads } from '../../../src/cluster/network/policy.js';
import type { Sandbox } from '../../../src/cluster/runtime/runtime.js';
import type { PolicyCheck } from '../../../src/cluster/network/network.js';

const NODE_IP: Record<string, string> = { 'node-1': '10.0.0.11', 'node-2': '10.0.0.12' };

interface World {
  pods: Pod[];
  policies: NetworkPolicy[];
  namespaces: Record<string, Record<string, string>>;
  enforcing?: string[];
}

function pod(namespace: string, name: string, node: string, ip: string, labels: Record<string, string>, ports: { name?: string; containerPort: number; protocol?: string }[] = []): { pod: Pod; sandbox: Sandbox } {
  const uid = `${namespace}-${name}-uid`;
  return {
    pod: { metadata: { name, namespace, uid, labels }, spec: { nodeName: node, containers: [{ name: 'c', image: 'x', ports }] } } as Pod,
    sandbox: { id: `sb-${name}`, podUid: uid, podName: name, namespace, attempt: 0, ip, createdAt: 0, state: 'SANDBOX_READY' },
  };
}

function policy(namespace: string, name: string, spec: Record<string, unknown>): NetworkPolicy {
  const s = { podSelector: {}, ...spec } as Record<string, any>;
  // The API server's defaults (pkg/apis/networking/v1/defaults.go).
  s.policyTypes ??= Array.isArray(s.egress) && s.egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace }, spec: s } as NetworkPolicy;
}

function engine(w: World): { check: PolicyCheck; reads: PolicyReads & { counted: number; listed: number } } {
  const reads = {
    counted: 0,
    listed: 0,
    count() {
      this.counted++;
      return w.policies.length;
    },
    policies(ns: string) {
      this.listed++;
      return w.policies.filter((p) => p.metadata?.namespace === ns);
    },
    pod: (ns: string, name: string) => w.pods.find((p) => p.metadata?.namespace === ns && p.metadata?.name === name),
    namespaceLabels: (ns: string) => w.namespaces[ns],
    enforcing: (node: string) => (w.enforcing ?? ['node-1', 'node-2']).includes(node),
    nodeIP: (node: string) => NODE_IP[node],
  };
  return { check: networkPolicyEngine(reads), reads };
}

const web = pod('shop', 'web', 'node-1', '10.244.1.10', { app: 'web' }, [{ name: 'http', containerPort: 8080 }, { name: 'metrics', containerPort: 9090 }]);
const frontend = pod('shop', 'frontend', 'node-2', '10.244.2.20', { app: 'frontend' });
const other = pod('shop', 'other', 'node-2', '10.244.2.21', { app: 'other' });
const monitor = pod('monitoring', 'prom', 'node-2', '10.244.2.30', { app: 'prometheus' });
const rogue = pod('dev', 'rogue', 'node-2', '10.244.2.40', { app: 'prometheus' });
const dns = pod('kube-system', 'coredns', 'node-1', '10.244.1.2', { 'k8s-app': 'kube-dns' }, [{ name: 'dns', containerPort: 53, protocol: 'UDP' }, { name: 'dns-tcp', containerPort: 53 }]);
const ALL = [web, frontend, other, monitor, rogue, dns];
const NAMESPACES = { shop: { 'kubernetes.io/metadata.name': 'shop' }, monitoring: { 'kubernetes.io/metadata.name': 'monitoring', team: 'obs' }, dev: { 'kubernetes.io/metadata.name': 'dev' }, 'kube-system': { 'kubernetes.io/metadata.name': 'kube-system' } };

type P = ReturnType<typeof pod>;
const src = (p: P) => ({ ip: p.sandbox.ip, sandbox: p.sandbox, node: p.pod.spec!.nodeName });
const dst = (p: P) => ({ ip: p.sandbox.ip, sandbox: p.sandbox, node: p.pod.spec!.nodeName });

interface Case {
  name: string;
  policies: NetworkPolicy[];
  from: P | { host: string };
  to: P;
  port: number;
  proto?: 'tcp' | 'udp';
  allowed: boolean;
}

const denyAllIngress = policy('shop', 'deny-all', {});
const denyAllEgress = policy('shop', 'deny-egress', { policyTypes: ['Egress'] });

const CASES: Case[] = [
  { name: 'no policy: everything connects', policies: [], from: frontend, to: web, port: 8080, allowed: true },
  { name: 'deny-all ingress isolates every pod of the namespace', policies: [denyAllIngress], from: frontend, to: web, port: 8080, allowed: false },
  { name: 'deny-all ingress in another namespace does not apply', policies: [policy('dev', 'deny-all', {})], from: frontend, to: web, port: 8080, allowed: true },
  { name: 'a policy selecting other pods leaves this one open', policies: [policy('shop', 'db-only', { podSelector: { matchLabels: { app: 'db' } } })], from: frontend, to: web, port: 8080, allowed: true },
  { name: 'an ingress-only policy does not restrict the pod\'s egress', policies: [policy('shop', 'web-in', { podSelector: { matchLabels: { app: 'web' } } })], from: web, to: frontend, port: 80, allowed: true },
  {
    name: 'allow from pods of the same namespace by label',
    policies: [denyAllIngress, policy('shop', 'allow-frontend', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'frontend' } } }] }] })],
    from: frontend,
    to: web,
    port: 8080,
    allowed: true,
  },
  {
    name: 'policies are additive: a pod the rule does not name stays blocked',
    policies: [denyAllIngress, policy('shop', 'allow-frontend', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'frontend' } } }] }] })],
    from: other,
    to: web,
    port: 8080,
    allowed: false,
  },
  {
    name: 'a podSelector peer alone means the policy\'s own namespace',
    policies: [policy('shop', 'allow-prom', { ingress: [{ from: [{ podSelector: { matchLabels: { app: 'prometheus' } } }] }] })],
    from: monitor,
    to: web,
    port: 8080,
    allowed: false,
  },
  {
    name: 'allow from a namespace by label',
    policies: [policy('shop', 'allow-obs', { ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'obs' } } }] }] })],
    from: monitor,
    to: web,
    port: 8080,
    allowed: true,
  },
  {
    name: 'namespaceSelector and podSelector in one peer: both must match (AND)',
    policies: [policy('shop', 'allow-obs-prom', { ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'obs' } }, podSelector: { matchLabels: { app: 'prometheus' } } }] }] })],
    from: rogue,
    to: web,
    port: 8080,
    allowed: false,
  },
  {
    name: 'namespaceSelector and podSelector as two peers: either matches (OR)',
    policies: [policy('shop', 'allow-obs-or-prom', { ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'obs' } } }, { podSelector: { matchLabels: { app: 'prometheus' } } }] }] })],
    from: rogue,
    to: web,
    port: 8080,
    allowed: false /* rogue is prometheus-labelled but in dev: the podSelector peer means shop only */,
  },
  {
    name: 'an empty namespaceSelector selects every namespace',
    policies: [policy('shop', 'allow-all-ns', { ingress: [{ from: [{ namespaceSelector: {} }] }] })],
    from: rogue,
    to: web,
    port: 8080,
    allowed: true,
  },
  { name: 'port-restricted rule: the named port', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 8080, protocol: 'TCP' }] }] })], from: frontend, to: web, port: 8080, allowed: true },
  { name: 'port-restricted rule: another port is dropped', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 8080, protocol: 'TCP' }] }] })], from: frontend, to: web, port: 9090, allowed: false },
  { name: 'port-restricted rule: same number, other protocol', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 8080, protocol: 'UDP' }] }] })], from: frontend, to: web, port: 8080, allowed: false },
  { name: 'a named port resolves against the destination pod\'s container ports', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 'metrics', protocol: 'TCP' }] }] })], from: frontend, to: web, port: 9090, allowed: true },
  { name: 'a named port the pod does not have matches nothing', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 'admin', protocol: 'TCP' }] }] })], from: frontend, to: web, port: 9090, allowed: false },
  { name: 'endPort makes a range', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 8000, endPort: 8100, protocol: 'TCP' }] }] })], from: frontend, to: web, port: 8080, allowed: true },
  { name: 'endPort range excludes ports beyond it', policies: [policy('shop', 'p', { ingress: [{ ports: [{ port: 8000, endPort: 8050, protocol: 'TCP' }] }] })], from: frontend, to: web, port: 8080, allowed: false },
  {
    name: 'ipBlock admits a source in the CIDR',
    policies: [policy('shop', 'p', { ingress: [{ from: [{ ipBlock: { cidr: '10.244.2.0/24' } }] }] })],
    from: frontend,
    to: web,
    port: 8080,
    allowed: true,
  },
  {
    name: 'ipBlock except carves a source out',
    policies: [policy('shop', 'p', { ingress: [{ from: [{ ipBlock: { cidr: '10.244.2.0/24', except: ['10.244.2.16/28'] } }] }] })],
    from: frontend,
    to: web,
    port: 8080,
    allowed: false,
  },
  { name: 'egress deny-all blocks DNS to CoreDNS (after the ClusterIP is translated)', policies: [denyAllEgress], from: web, to: dns, port: 53, proto: 'udp', allowed: false },
  {
    name: 'egress allowing DNS to kube-system by namespace label',
    policies: [
      denyAllEgress,
      policy('shop', 'allow-dns', {
        policyTypes: ['Egress'],
        egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } } }], ports: [{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }] }],
      }),
    ],
    from: web,
    to: dns,
    port: 53,
    proto: 'udp',
    allowed: true,
  },
  { name: 'egress named port resolves against the destination pod', policies: [policy('shop', 'p', { policyTypes: ['Egress'], egress: [{ ports: [{ port: 'dns', protocol: 'UDP' }] }] })], from: web, to: dns, port: 53, proto: 'udp', allowed: true },
  { name: 'egress deny applies only to the selected source', policies: [denyAllEgress], from: monitor, to: dns, port: 53, proto: 'udp', allowed: true },
  { name: 'the kubelet on the pod\'s own node always reaches it (probes)', policies: [denyAllIngress], from: { host: 'node-1' }, to: web, port: 8080, allowed: true },
  { name: 'another node\'s address is an ordinary source', policies: [denyAllIngress], from: { host: 'node-2' }, to: web, port: 8080, allowed: false },
  { name: 'a pod never blocks itself', policies: [denyAllIngress, denyAllEgress], from: web, to: web, port: 8080, allowed: true },
];

describe('NetworkPolicy semantics', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { check } = engine({ pods: ALL.map((p) => p.pod), policies: c.policies, namespaces: NAMESPACES });
      const from = 'host' in c.from ? { ip: NODE_IP[c.from.host], node: c.from.host } : src(c.from);
      expect(check(from, dst(c.to), c.port, c.proto ?? 'tcp')).toBe(c.allowed);
    });
  }

  it('each side is judged by its own node\'s plugin: ingress on the destination\'s, egress on the source\'s', () => {
    const world: World = { pods: ALL.map((p) => p.pod), policies: [denyAllIngress], namespaces: NAMESPACES, enforcing: ['node-2'] };
    // web (node-1) is isolated for ingress, but node-1's plugin does not enforce.
    expect(engine(world).check(src(frontend), dst(web), 8080, 'tcp')).toBe(true);
    world.policies = [denyAllEgress];
    // web's egress is judged on node-1: not enforced; frontend's (node-2) is.
    expect(engine(world).check(src(web), dst(dns), 53, 'udp')).toBe(true);
    expect(engine(world).check(src(frontend), dst(dns), 53, 'udp')).toBe(false);
  });

  it('egress to a node address: its own node is allowed, another is judged by the rules', () => {
    const { check } = engine({ pods: ALL.map((p) => p.pod), policies: [denyAllEgress], namespaces: NAMESPACES });
    expect(check(src(web), { ip: '10.0.0.11', node: 'node-1' }, 10250, 'tcp')).toBe(true);
    expect(check(src(web), { ip: '10.0.0.12', node: 'node-2' }, 10250, 'tcp')).toBe(false);
  });

  it('with no policy anywhere, answers from the count alone', () => {
    const { check, reads } = engine({ pods: ALL.map((p) => p.pod), policies: [], namespaces: NAMESPACES });
    expect(check(src(frontend), dst(web), 8080, 'tcp')).toBe(true);
    expect(reads.counted).toBe(1);
    expect(reads.listed).toBe(0);
  });
});
