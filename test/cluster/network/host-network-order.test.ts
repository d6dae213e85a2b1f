/**
 * Who answers a port of a node's own address when several host-network
 * pods listen on it: the first such sandbox in the runtime's order, whatever
 * the order its containers were created in (network.ts toHost, which finds
 * the serving containers in one walk and lets the sandboxes' order decide).
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod } from '../kubelet/harness.js';

describe('a port of the node address served by several host-network pods', () => {
  const cluster = smallCluster({ 'shop/hostd:1': { listens: [9100], http: { '/': { status: 200, body: 'hi\n' } } } });
  // `early` gets its sandbox first but its app container only after its init container: `late`'s container is listed before it.
  createPod(cluster, 'early', {
    nodeName: 'node-1',
    hostNetwork: true,
    initContainers: [{ name: 'setup', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 4'] }],
    containers: [{ name: 'd', image: 'shop/hostd:1' }],
  });
  cluster.advance(500);
  createPod(cluster, 'late', { nodeName: 'node-1', hostNetwork: true, containers: [{ name: 'd', image: 'shop/hostd:1' }] });
  cluster.advance(20_000);
  const runtime = cluster.nodes.get('node-1')!.runtime;
  const podOf = (sandboxId: string) => runtime.sandboxes.get(sandboxId)!.podName;

  it('the sandboxes and the containers are listed in opposite orders (what the test is about)', () => {
    const sandboxes = [...runtime.sandboxes.values()].filter((s) => s.hostNetwork && (s.podName === 'early' || s.podName === 'late')).map((s) => s.podName);
    const serving = [...runtime.containers.values()].filter((c) => runtime.serving(c, 9100)).map((c) => podOf(c.sandboxId));
    expect(sandboxes).toEqual(['early', 'late']);
    expect(serving).toEqual(['late', 'early']);
  });

  it("the first sandbox's container answers, from the node itself and from elsewhere, dial after dial", () => {
    for (let i = 0; i < 3; i++) {
      for (const from of [{ kind: 'host' as const, node: 'node-1' }, { kind: 'host' as const, node: 'node-2' }, { kind: 'workstation' as const }]) {
        const r = cluster.network.dial(from, '10.0.0.11', 9100);
        expect(r.ok && r.peer.kind === 'container' && podOf(r.peer.sandbox.id)).toBe('early');
      }
      const lo = cluster.network.dial({ kind: 'host', node: 'node-1' }, '127.0.0.1', 9100);
      expect(lo.ok && lo.peer.kind === 'container' && podOf(lo.peer.sandbox.id)).toBe('early');
    }
  });

  it('once the first stops serving, the next one answers; with none, the port is refused', () => {
    const early = [...runtime.containers.values()].find((c) => podOf(c.sandboxId) === 'early' && c.state === 'CONTAINER_RUNNING' && c.name === 'd')!;
    runtime.stopContainer(early.id);
    const r = cluster.network.dial({ kind: 'host', node: 'node-2' }, '10.0.0.11', 9100);
    expect(r.ok && r.peer.kind === 'container' && podOf(r.peer.sandbox.id)).toBe('late');
    const late = [...runtime.containers.values()].find((c) => podOf(c.sandboxId) === 'late' && c.state === 'CONTAINER_RUNNING')!;
    runtime.stopContainer(late.id);
    expect(cluster.network.dial({ kind: 'host', node: 'node-2' }, '10.0.0.11', 9100)).toEqual({ ok: false, failure: 'refused' });
  });
});
