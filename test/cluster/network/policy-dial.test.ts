/**
 * NetworkPolicy on the one network: enforced where the nodes run a
 * policy-enforcing CNI plugin (calico), ignored under flannel, which does not
 * implement NetworkPolicy (https://github.com/flannel-io/flannel: "Flannel is
 * focused on networking. For network policy, other projects such as Calico can be used").
 */
import { describe, it, expect } from 'vitest';
import { createCluster, type Cluster } from '../../../src/cluster/cluster.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { NOW, worldNode, createPod, getPod } from '../kubelet/harness.js';

type Obj = Record<string, any>;

function cluster(cni: 'flannel' | 'calico' | undefined): Cluster {
  const c = createCluster(
    { version: 'v1.32.4', now: NOW, createdAgoMs: 30 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: { 'shop/api:1': { listens: [8080], readyAfterMs: 0, http: { '/': { status: 200, body: 'ok\n' } } } }, ...(cni ? { cni } : {}) },
    { seed: 1 },
  );
  createPod(c, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1', ports: [{ name: 'http', containerPort: 8080 }] }] });
  createPod(c, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
  c.advance(10_000);
  return c;
}

const denyAll = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'default-deny', namespace: 'default' }, spec: { podSelector: {} } } as unknown as KubeObject;

function clientOf(c: Cluster) {
  const sandbox = [...c.nodes.get('node-2')!.runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { kind: 'pod' as const, node: 'node-2', sandboxId: sandbox.id };
}

describe('NetworkPolicy on dials', () => {
  it('calico: a default-deny policy makes the dial time out; deleting it lets it connect again', () => {
    const c = cluster('calico');
    const ip = getPod(c, 'api').status.podIP;
    expect(c.network.dial(clientOf(c), ip, 8080).ok).toBe(true);
    expect(c.systemClient().create('networkpolicies', 'default', structuredClone(denyAll)).ok).toBe(true);
    expect(c.network.dial(clientOf(c), ip, 8080)).toEqual({ ok: false, failure: 'timeout' });
    // The kubelet of the pod's own node still reaches it (probes keep passing).
    expect(c.network.dial({ kind: 'host', node: 'node-1' }, ip, 8080).ok).toBe(true);
    expect(c.network.dial({ kind: 'host', node: 'node-2' }, ip, 8080)).toEqual({ ok: false, failure: 'timeout' });
    c.systemClient().delete('networkpolicies', 'default', 'default-deny');
    expect(c.network.dial(clientOf(c), ip, 8080).ok).toBe(true);
  });

  it('calico: a policy allowing the client by label on the named port lets it through', () => {
    const c = cluster('calico');
    const ip = getPod(c, 'api').status.podIP;
    c.systemClient().create('networkpolicies', 'default', structuredClone(denyAll));
    c.systemClient().patch('pods', 'default', 'client', 'merge', { metadata: { labels: { role: 'client' } } });
    const allow = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-client' }, spec: { podSelector: {}, ingress: [{ from: [{ podSelector: { matchLabels: { role: 'client' } } }], ports: [{ port: 'http' }] }] } };
    expect(c.systemClient().create('networkpolicies', 'default', allow as unknown as KubeObject).ok).toBe(true);
    expect(c.network.dial(clientOf(c), ip, 8080).ok).toBe(true);
  });

  it('calico: an egress deny-all stops a pod reaching another node\'s address, not its own node', () => {
    const c = cluster('calico');
    const deny = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny-egress' }, spec: { podSelector: {}, policyTypes: ['Egress'] } };
    expect(c.systemClient().create('networkpolicies', 'default', deny as unknown as KubeObject).ok).toBe(true);
    // The client runs on node-2 (10.0.0.12); both kubelets listen on 10250.
    expect(c.network.dial(clientOf(c), '10.0.0.11', 10250)).toEqual({ ok: false, failure: 'timeout' });
    expect(c.network.dial(clientOf(c), '10.0.0.12', 10250).ok).toBe(true);
    expect(c.network.dial(clientOf(c), getPod(c, 'api').status.podIP, 8080)).toEqual({ ok: false, failure: 'timeout' });
  });

  it('flannel (the default) stores the policy and enforces nothing', () => {
    const c = cluster(undefined);
    const ip = getPod(c, 'api').status.podIP;
    expect(c.systemClient().create('networkpolicies', 'default', structuredClone(denyAll)).ok).toBe(true);
    expect(c.network.dial(clientOf(c), ip, 8080).ok).toBe(true);
  });

  it('the CNI choice is visible on the nodes: the conflist and the plugin binaries', () => {
    const calico = cluster('calico').nodes.get('node-1')!.host.fs;
    expect(calico.list('/etc/cni/net.d')!.map((e) => e.name)).toEqual(['10-calico.conflist']);
    expect(JSON.parse(calico.read('/etc/cni/net.d/10-calico.conflist')!).plugins.map((p: Obj) => p.type)).toEqual(['calico', 'portmap', 'bandwidth']);
    expect(calico.exists('/opt/cni/bin/calico')).toBe('file');
    const flannel = cluster('flannel').nodes.get('node-1')!.host.fs;
    expect(flannel.list('/etc/cni/net.d')!.map((e) => e.name)).toEqual(['10-flannel.conflist']);
    expect(flannel.exists('/opt/cni/bin/calico')).toBeUndefined();
  });
});

describe('the networkpolicies resource', () => {
  it('defaults policyTypes as upstream: Ingress always, Egress when egress rules exist; ports default to TCP', () => {
    const c = cluster('flannel');
    const r = c.systemClient().create('networkpolicies', 'default', { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'a' }, spec: { egress: [{ ports: [{ port: 53 }] }] } } as unknown as KubeObject);
    expect(r.ok && (r.value.spec as Obj)).toEqual({ podSelector: {}, egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] });
    const b = c.systemClient().create('networkpolicies', 'default', { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'b' }, spec: { podSelector: {}, policyTypes: ['Egress'] } } as unknown as KubeObject);
    expect(b.ok && (b.value.spec as Obj).policyTypes).toEqual(['Egress']);
  });

  it('rejects what upstream validation rejects, with its field paths and wording', () => {
    const c = cluster('flannel');
    const r = c.systemClient().create('networkpolicies', 'default', {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'bad' },
      spec: {
        podSelector: {},
        ingress: [{ from: [{}, { ipBlock: { cidr: '10.0.0.0/16', except: ['10.1.0.0/24'] }, podSelector: {} }], ports: [{ port: 70000, protocol: 'ICMP' }, { port: 'http', endPort: 90 }] }],
        policyTypes: ['Ingress', 'Sideways'],
      },
    } as unknown as KubeObject);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // pkg/apis/networking/validation/validation.go ValidateNetworkPolicySpec.
    expect(r.status.message).toBe(
      'NetworkPolicy.networking.k8s.io "bad" is invalid: [' +
        [
          'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
          'spec.ingress[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
          'spec.ingress[0].ports[1].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
          'spec.ingress[0].from[0]: Required value: must specify a peer',
          'spec.ingress[0].from[1].ipBlock.except[0]: Invalid value: "10.1.0.0/24": must be a strict subset of `cidr`',
          'spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer',
          'spec.policyTypes[1]: Unsupported value: "Sideways": supported values: "Ingress", "Egress"',
        ].join(', ') +
        ']',
    );
  });
});
