import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import { netfilterOf, type NetfilterRule } from '../../../src/cluster/network/netfilter.js';
import { firewallRule } from '../../../src/faults/host-firewall-rule.js';
import type { DialResult, NetSource } from '../../../src/cluster/network/network.js';

// A node's own connections (the kubelet's requests, its probes of its pods)
// replay a remembered path while the tables it crossed are unchanged. Each
// step below dials twice from the node (the second a replay) and holds both
// to `look`, which traces the whole path afresh and remembers nothing.
// node-1 is 10.0.0.11.

const cluster = smallCluster({
  'shop/api:1': { listens: [8080], readyAfterMs: 3000, http: { '/': { status: 200, body: 'hello\n' } } },
  'shop/agent:1': { listens: [9100], http: { '/': { status: 200, body: 'metrics\n' } } },
});
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'other', { nodeName: 'node-1', containers: [{ name: 'other', image: 'shop/api:1' }] });
cluster.advance(1_000);
const ipOf = (pod: string): string => getPod(cluster, pod).status.podIP;
const node1: NetSource = { kind: 'host', node: 'node-1' };
const filter = () => netfilterOf(cluster.nodes.get('node-1')!.host).filterTable;
const nat = () => netfilterOf(cluster.nodes.get('node-1')!.host).natTable;

/** A dial's outcome as a comparable text: who answered, or why nobody did. */
function outcome(r: DialResult): string {
  if (!r.ok) return r.failure;
  return r.peer.kind === 'container' ? `${r.peer.container.name}@${r.ip}:${r.port}` : r.peer.kind;
}

/** Dials twice (the second replays the remembered path) and traces once: all three must agree. */
function dialed(ip: string, port: number): string {
  const first = outcome(cluster.network.dial(node1, ip, port));
  const again = outcome(cluster.network.dial(node1, ip, port));
  const traced = outcome(cluster.network.look(node1, ip, port));
  expect(again).toBe(first);
  expect(traced).toBe(first);
  return first;
}

function rule(spec: string): NetfilterRule {
  const r = firewallRule(spec);
  if (!r) throw new Error(`not a rule: ${spec}`);
  return r;
}

describe("a node's remembered connection to one of its own pods", () => {
  it('follows the process (not yet listening, then serving), the tables on the way and back, and DNAT', () => {
    expect(dialed(ipOf('api'), 8080)).toBe('refused');
    cluster.advance(5_000);
    expect(dialed(ipOf('api'), 8080)).toBe(`api@${ipOf('api')}:8080`);
    expect(dialed(ipOf('api'), 9090)).toBe('refused');
    // The SYN-ACK dropped on the node's INPUT: the replayed connect times out too.
    filter().insert('INPUT', 0, rule(`-s ${ipOf('api')} -p tcp --sport 8080 -j DROP`));
    expect(dialed(ipOf('api'), 8080)).toBe('timeout');
    filter().remove('INPUT', 0);
    expect(dialed(ipOf('api'), 8080)).toBe(`api@${ipOf('api')}:8080`);
    filter().insert('OUTPUT', 0, rule(`-d ${ipOf('api')} -p tcp --dport 8080 -j REJECT`));
    expect(dialed(ipOf('api'), 8080)).toBe('refused');
    filter().remove('OUTPUT', 0);
    // A DNAT in the node's nat OUTPUT sends the same connection to the other pod (a translated path is never replayed).
    nat().insert('OUTPUT', 0, { protocol: 'tcp', destination: ipOf('api'), dport: 8080, target: 'DNAT', toDestination: `${ipOf('other')}:8080` });
    expect(dialed(ipOf('api'), 8080)).toBe(`other@${ipOf('other')}:8080`);
    nat().remove('OUTPUT', 0);
    expect(dialed(ipOf('api'), 8080)).toBe(`api@${ipOf('api')}:8080`);
  });

  it('follows the sandbox: once the pod is gone, nobody holds its address', () => {
    const ip = ipOf('other');
    expect(dialed(ip, 8080)).toBe(`other@${ip}:8080`);
    const runtime = cluster.nodes.get('node-1')!.runtime;
    const sandbox = [...runtime.sandboxes.values()].find((s) => s.podName === 'other')!;
    for (const c of runtime.containers.values()) if (c.sandboxId === sandbox.id) runtime.stopContainer(c.id);
    expect(dialed(ip, 8080)).toBe('refused');
    runtime.removePodSandbox(sandbox.id);
    expect(dialed(ip, 8080)).toBe('timeout');
  });
});

describe('the nat table, remembered per version', () => {
  it('rewrites a packet alike until the table changes, and draws for a statistic rule at every packet', () => {
    const packet = { proto: 'tcp' as const, src: '10.0.0.11', dst: '10.96.0.50', dport: 80 };
    const nf = netfilterOf(cluster.nodes.get('node-2')!.host);
    nf.natTable.insert('OUTPUT', 0, { protocol: 'tcp', destination: '10.96.0.50', dport: 80, target: 'DNAT', toDestination: '10.244.9.1:8080' });
    let draws = 0;
    const pick = () => (draws++, 0.9);
    expect(nf.nat('OUTPUT', packet, pick)).toMatchObject({ dst: '10.244.9.1', dport: 8080, dnat: true });
    expect(nf.nat('OUTPUT', packet, pick)).toMatchObject({ dst: '10.244.9.1', dport: 8080, dnat: true });
    nf.natTable.remove('OUTPUT', 0);
    expect(nf.nat('OUTPUT', packet, pick)).toMatchObject({ dst: '10.96.0.50', dport: 80 });
    expect(draws).toBe(0);
    nf.natTable.insert('OUTPUT', 0, { protocol: 'tcp', destination: '10.96.0.50', matches: [{ kind: 'statistic', probability: 0.5 }], target: 'DNAT', toDestination: '10.244.9.2:8080' });
    expect(nf.nat('OUTPUT', packet, pick)).toMatchObject({ dst: '10.96.0.50' });
    expect(nf.nat('OUTPUT', packet, () => (draws++, 0.1))).toMatchObject({ dst: '10.244.9.2', dnat: true });
    expect(draws).toBe(2);
    nf.natTable.remove('OUTPUT', 0);
  });
});

describe("a node's address, served by host-network pods", () => {
  it('answers from the first host-network sandbox serving the port, in the runtime order, and the next once it stops', () => {
    createPod(cluster, 'agent-a', { nodeName: 'node-2', hostNetwork: true, containers: [{ name: 'a', image: 'shop/agent:1' }] });
    createPod(cluster, 'agent-b', { nodeName: 'node-2', hostNetwork: true, containers: [{ name: 'b', image: 'shop/agent:1' }] });
    cluster.advance(5_000);
    const runtime = cluster.nodes.get('node-2')!.runtime;
    const sandboxes = [...runtime.sandboxes.values()].filter((s) => s.hostNetwork && s.podName.startsWith('agent-'));
    expect(sandboxes.map((s) => s.podName).sort()).toEqual(['agent-a', 'agent-b']);
    const containerOf = (podName: string) => [...runtime.containers.values()].find((c) => c.sandboxId === sandboxes.find((s) => s.podName === podName)!.id)!;
    const [first, second] = sandboxes.map((s) => containerOf(s.podName));
    const from: NetSource = { kind: 'host', node: 'node-2' };
    const answer = () => outcome(cluster.network.dial(from, '10.0.0.12', 9100));
    expect(answer()).toBe(`${first.name}@10.0.0.12:9100`);
    expect(outcome(cluster.network.dial({ kind: 'workstation' }, '10.0.0.12', 9100))).toBe(`${first.name}@10.0.0.12:9100`);
    runtime.stopContainer(first.id);
    expect(answer()).toBe(`${second.name}@10.0.0.12:9100`);
  });
});
