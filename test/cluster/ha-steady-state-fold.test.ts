/**
 * The folded steady state of an HA control plane against the replayed
 * reference (`fold: false`): three schedulers and controller managers
 * campaigning, three etcd members, the load balancer in between.
 */
import { describe, it, expect } from 'vitest';
import { createCluster, type Cluster } from '../../src/cluster/cluster.js';
import { NOW, worldNode } from './kubelet/harness.js';
import { dumpStore } from '../helpers/store-dump.js';

function haCluster(fold: boolean): Cluster {
  return createCluster(
    { version: 'v1.32.4', now: NOW, createdAgoMs: 2 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('cp-2', 'control-plane'), worldNode('cp-3', 'control-plane'), worldNode('node-1')], images: {}, controlPlaneEndpoint: { ip: '10.0.0.5', port: 6443 } },
    { seed: 3, fold },
  );
}


describe('the folded steady state of an HA control plane', () => {
  it('stores exactly what the replayed one does, before and after a failover', () => {
    const folded = haCluster(true);
    const replayed = haCluster(false);
    expect(folded.queue.eventsRun()).toBeLessThan(replayed.queue.eventsRun());
    expect(dumpStore(folded)).toBe(dumpStore(replayed));
    for (const c of [folded, replayed]) c.nodes.get('cp-1')!.host.fs.remove('/etc/kubernetes/manifests/kube-controller-manager.yaml');
    for (let i = 0; i < 30; i++) {
      folded.queue.runUntil(folded.queue.now() + 1_300);
      replayed.queue.runUntil(replayed.queue.now() + 1_300);
      expect(dumpStore(folded)).toBe(dumpStore(replayed));
    }
    expect(String((folded.store.get('leases', 'kube-system', 'kube-controller-manager')!.spec as { holderIdentity: string }).holderIdentity)).not.toMatch(/^cp-1_/);
  });
});
