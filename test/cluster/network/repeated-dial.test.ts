import { describe, it, expect, vi } from 'vitest';
import { smallCluster } from '../kubelet/harness.js';
import { netfilterOf, type NetfilterRule } from '../../../src/cluster/network/netfilter.js';
import { firewallRule } from '../../../src/faults/host-firewall-rule.js';
import { RepeatedDial } from '../../../src/cluster/network/repeated-dial.js';

// node-1 (10.0.0.11) connects to the API server on cp-1 (10.0.0.10:6443), as
// its kubelet does before every request. Each answer is held to a real dial's,
// and a spy on the network counts the dials RepeatedDial made itself.

const cluster = smallCluster();
cluster.advance(60_000);
const network = cluster.network;
const apiServer = () => {
  const runtime = cluster.nodes.get('cp-1')!.runtime;
  return { runtime, container: [...runtime.containers.values()].find((c) => c.name === 'kube-apiserver' && c.state === 'CONTAINER_RUNNING')! };
};

function rule(spec: string): NetfilterRule {
  const r = firewallRule(spec);
  if (!r) throw new Error(`not a rule: ${spec}`);
  return r;
}

/** RepeatedDial's answer ('answered' or the failure), how many dials it made for it, and a real dial's answer. */
function ask(dial: RepeatedDial): { answer: string; dialled: number; real: string } {
  const spy = vi.spyOn(network, 'dial');
  const answer = dial.failure() ?? 'answered';
  const dialled = spy.mock.calls.length;
  spy.mockRestore();
  const r = network.dial({ kind: 'host', node: 'node-1' }, '10.0.0.10', 6443);
  return { answer, dialled, real: r.ok ? 'answered' : r.failure };
}

describe('repeated connections to the API server (RepeatedDial)', () => {
  it('confirms an answer without dialling while nothing changed, and dials again when a table on either end changes', () => {
    const dial = new RepeatedDial(network, 'node-1', '10.0.0.10', 6443);
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 1, real: 'answered' });
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 0, real: 'answered' });
    const src = netfilterOf(cluster.nodes.get('node-1')!.host).filterTable;
    src.insert('OUTPUT', 0, rule('-d 10.0.0.10 -p tcp --dport 6443 -j DROP'));
    expect(ask(dial)).toEqual({ answer: 'timeout', dialled: 1, real: 'timeout' });
    src.remove('OUTPUT', 0);
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 1, real: 'answered' });
    const dst = netfilterOf(cluster.nodes.get('cp-1')!.host).filterTable;
    dst.insert('INPUT', 0, rule('-s 10.0.0.11 -p tcp --dport 6443 -j REJECT'));
    expect(ask(dial)).toEqual({ answer: 'refused', dialled: 1, real: 'refused' });
    dst.remove('INPUT', 0);
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 1, real: 'answered' });
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 0, real: 'answered' });
  });

  it('dials again once the node let the remembered path go (it remembers 16 targets)', () => {
    const dial = new RepeatedDial(network, 'node-1', '10.0.0.10', 6443);
    ask(dial);
    expect(ask(dial).dialled).toBe(0);
    for (let port = 30_000; port < 30_016; port++) network.dial({ kind: 'host', node: 'node-1' }, '10.0.0.12', port);
    expect(ask(dial)).toEqual({ answer: 'answered', dialled: 1, real: 'answered' });
  });

  it('follows the container that answered: refused once it stops serving', () => {
    const dial = new RepeatedDial(network, 'node-1', '10.0.0.10', 6443);
    ask(dial);
    expect(ask(dial).dialled).toBe(0);
    const { runtime, container } = apiServer();
    runtime.stopContainer(container.id);
    expect(ask(dial)).toEqual({ answer: 'refused', dialled: 1, real: 'refused' });
  });
});
