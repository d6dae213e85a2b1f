import { describe, it, expect, afterEach } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import { netfilterOf, type FilterChain } from '../../../src/cluster/network/netfilter.js';
import { firewallRule } from '../../../src/faults/host-firewall-rule.js';
import type { NetSource } from '../../../src/cluster/network/network.js';

// A TCP connection needs its SYN-ACK back, a DNS query its answer: the reply
// leaves the answering side through OUTPUT (a host) or FORWARD (a pod) and
// reaches the sender through INPUT (a host) or FORWARD (a pod), as conntrack
// state ESTABLISHED, from the translated address of a DNAT'ed connection.
// cp-1 is 10.0.0.10, node-1 10.0.0.11, node-2 10.0.0.12.

const cluster = smallCluster({ 'shop/api:1': { listens: [8080], http: { '/': { status: 200, body: 'hello\n' } } } });
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(5_000);
const apiIP = (): string => getPod(cluster, 'api').status.podIP;
const host = (node: string): NetSource => ({ kind: 'host', node });
const clientPod = (): NetSource => {
  const sandbox = [...cluster.nodes.get('node-2')!.runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { kind: 'pod', node: 'node-2', sandboxId: sandbox.id };
};
const dial = (from: NetSource, ip: string, port: number, proto: 'tcp' | 'udp' = 'tcp') => {
  const r = cluster.network.dial(from, ip, port, proto);
  return r.ok ? 'connected' : r.failure;
};

/** Rules inserted first in a chain by a test, removed after it (kube-proxy's own rules stay). */
const inserted: { node: string; chain: FilterChain }[] = [];
function insert(node: string, chain: FilterChain, spec: string): void {
  const rule = firewallRule(spec);
  if (!rule) throw new Error(`not a rule: ${spec}`);
  netfilterOf(cluster.nodes.get(node)!.host).filterTable.insert(chain, 0, rule);
  inserted.push({ node, chain });
}
afterEach(() => {
  for (const { node, chain } of inserted.splice(0).reverse()) netfilterOf(cluster.nodes.get(node)!.host).filterTable.remove(chain, 0);
});

describe('the reply path of a dial', () => {
  it("a DROP on the sender's INPUT for the destination's address drops the SYN-ACK: the connect times out", () => {
    expect(dial(host('node-2'), '10.0.0.10', 6443)).toBe('connected');
    insert('node-2', 'INPUT', '-s 10.0.0.10 -j DROP');
    // Only the answer is dropped: the SYN left through an OUTPUT chain that accepts it.
    expect(dial(host('node-2'), '10.0.0.10', 6443)).toBe('timeout');
    // The same rule drops the SYN of the control plane's own connections to node-2.
    expect(dial(host('cp-1'), '10.0.0.12', 10250)).toBe('timeout');
    // Other peers' answers pass.
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('connected');
    // An echo reply is an answer as well.
    expect(cluster.network.ping(host('node-2'), '10.0.0.10')).toBe(false);
    expect(cluster.network.ping(host('node-2'), '10.0.0.11')).toBe(true);
  });

  it('a conntrack ESTABLISHED accept before the DROP lets answers in, while connections from there stay dropped', () => {
    insert('node-2', 'INPUT', '-s 10.0.0.10 -j DROP');
    insert('node-2', 'INPUT', '-m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT');
    expect(dial(host('node-2'), '10.0.0.10', 6443)).toBe('connected');
    expect(dial(host('cp-1'), '10.0.0.12', 10250)).toBe('timeout');
  });

  it("a reply dropped on the receiver's OUTPUT (matched by its source port) times the connect out", () => {
    insert('cp-1', 'OUTPUT', '-p tcp --sport 6443 -j DROP');
    expect(dial(host('node-2'), '10.0.0.10', 6443)).toBe('timeout');
    expect(dial({ kind: 'workstation' }, '10.0.0.10', 6443)).toBe('timeout');
    // cp-1's kubelet on 10250 answers through the same chain.
    expect(dial(host('node-2'), '10.0.0.10', 10250)).toBe('connected');
  });

  it("a pod's answer leaves through its node's FORWARD and reaches a pod sender through its node's FORWARD", () => {
    expect(dial(clientPod(), apiIP(), 8080)).toBe('connected');
    insert('node-1', 'FORWARD', '-p tcp --sport 8080 -j DROP');
    expect(dial(clientPod(), apiIP(), 8080)).toBe('timeout');
    inserted.splice(0).forEach(({ node, chain }) => netfilterOf(cluster.nodes.get(node)!.host).filterTable.remove(chain, 0));
    insert('node-2', 'FORWARD', `-s ${apiIP()} -j DROP`);
    expect(dial(clientPod(), apiIP(), 8080)).toBe('timeout');
  });

  it("a DNAT'ed connection's answer comes from the translated address: conntrack undoes the DNAT after the filter", () => {
    // The kubernetes Service (10.96.0.1:443) is DNAT'ed by kube-proxy's rules to the API server at 10.0.0.10:6443.
    expect(dial(host('node-2'), '10.96.0.1', 443)).toBe('connected');
    insert('node-2', 'INPUT', '-s 10.96.0.1 -j DROP');
    expect(dial(host('node-2'), '10.96.0.1', 443)).toBe('connected');
    insert('node-2', 'INPUT', '-s 10.0.0.10 -p tcp --sport 6443 -j DROP');
    expect(dial(host('node-2'), '10.96.0.1', 443)).toBe('timeout');
  });

  it('a DNS answer dropped on the way back is a timeout for UDP as well', () => {
    const coredns = [...cluster.network.nodeList()].flatMap((n) => [...n.runtime.sandboxes.values()]).find((s) => s.podName.startsWith('coredns-') && s.state === 'SANDBOX_READY')!;
    expect(dial(host('node-2'), coredns.ip, 53, 'udp')).toBe('connected');
    insert('node-2', 'INPUT', '-p udp --sport 53 -j DROP');
    expect(dial(host('node-2'), coredns.ip, 53, 'udp')).toBe('timeout');
  });

  it("a REJECT's error comes back too: dropped on the sender's INPUT, the refusal turns into a timeout", () => {
    insert('node-1', 'INPUT', '-p tcp --dport 10250 -j REJECT');
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('refused');
    // icmp-port-unreachable is RELATED to the connection, from node-1's address.
    insert('node-2', 'INPUT', '-s 10.0.0.11 -p icmp -j DROP');
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('timeout');
  });
});

describe("a node's remembered connection", () => {
  it('follows changes to the tables on either end and to who serves the port', () => {
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('connected');
    insert('node-1', 'OUTPUT', '-p tcp --sport 10250 -j DROP');
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('timeout');
    inserted.splice(0).forEach(({ node, chain }) => netfilterOf(cluster.nodes.get(node)!.host).filterTable.remove(chain, 0));
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('connected');
    // The kubelet stops: its port is closed (an RST comes back), with the path unchanged.
    const kubelet = cluster.nodes.get('node-1')!.host.unit('kubelet')!;
    kubelet.stop();
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('refused');
    kubelet.start();
    expect(dial(host('node-2'), '10.0.0.11', 10250)).toBe('connected');
  });
});
