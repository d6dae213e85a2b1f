import { describe, it, expect } from 'vitest';
import { testCluster, T0 } from './harness.js';
import { ControllerManager, CONTROLLER_NAMES } from '../../../src/cluster/controllers/controller-manager.js';

type Obj = Record<string, any>;

describe('ControllerManager', () => {
  it('takes the kube-system/kube-controller-manager Lease and runs every controller while leading', () => {
    const c = testCluster({ rootCA: '-----BEGIN CERTIFICATE-----\n' });
    const lease = c.get('leases', 'kube-system', 'kube-controller-manager')!;
    const spec = lease.spec as Obj;
    expect(spec.holderIdentity).toBe(c.cm.identity());
    expect(spec.holderIdentity).toMatch(/^cp-1_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(spec).toEqual({ holderIdentity: spec.holderIdentity, leaseDurationSeconds: 15, acquireTime: expect.stringMatching(/^2025-01-01T00:00:00\.000\d{3}Z$/), renewTime: expect.stringMatching(/^2025-01-01T00:00:00\.000\d{3}Z$/), leaseTransitions: 0 });
    expect(c.cm.isLeader()).toBe(true);
    expect(c.cm.runningControllers()).toEqual([...CONTROLLER_NAMES]);
  });

  it('runs no root CA publisher without a root CA to publish', () => {
    expect(testCluster().cm.runningControllers()).toEqual(CONTROLLER_NAMES.filter((n) => n !== 'root-ca-certificate-publisher-controller'));
  });

  it('renews every 2s with microsecond timestamps', () => {
    const c = testCluster();
    c.advance(5000);
    const spec = c.get('leases', 'kube-system', 'kube-controller-manager')!.spec as Obj;
    expect(spec.renewTime).toMatch(/^2025-01-01T00:00:04\.000\d{3}Z$/);
    expect(spec.acquireTime).toMatch(/^2025-01-01T00:00:00\.000\d{3}Z$/);
  });

  it('renews optimistically while it holds a valid lease: an update, no GET (client-go fast path)', () => {
    const c = testCluster();
    const calls: string[] = [];
    const get = c.api.get.bind(c.api);
    const update = c.api.update.bind(c.api);
    c.api.get = (credential, resource, namespace, name) => {
      if (resource === 'leases' && name === 'kube-controller-manager') calls.push('get');
      return get(credential, resource, namespace, name);
    };
    c.api.update = (credential, resource, namespace, object, subresource) => {
      if (resource === 'leases' && object.metadata.name === 'kube-controller-manager') calls.push('update');
      return update(credential, resource, namespace, object, subresource);
    };
    c.advance(10_000);
    expect(calls).toEqual(['update', 'update', 'update', 'update', 'update']);
  });

  it('falls back to GET and update when the lease changed under it (a conflict), and keeps leading', () => {
    const c = testCluster();
    c.advance(2_000);
    // Somebody else writes the Lease: the elector's copy is now stale.
    const lease = c.get('leases', 'kube-system', 'kube-controller-manager')!;
    expect(c.admin.update('leases', 'kube-system', { ...lease, metadata: { ...lease.metadata, labels: { touched: 'yes' } } }).ok).toBe(true);
    c.advance(2_000);
    const spec = c.get('leases', 'kube-system', 'kube-controller-manager')!.spec as Obj;
    expect(spec.renewTime).toMatch(/^2025-01-01T00:00:04\.000\d{3}Z$/);
    expect(spec.leaseTransitions).toBe(0);
    expect(c.cm.isLeader()).toBe(true);
  });

  it('a second instance waits; it takes over 15s after the leader stops, counting a transition', () => {
    const c = testCluster();
    const standby = new ControllerManager(c.ctx, { hostName: 'cp-2' });
    standby.start();
    c.advance(10_000);
    expect(standby.isLeader()).toBe(false);
    expect(standby.runningControllers()).toEqual([]);
    c.cm.stop();
    expect(c.cm.running()).toBe(false);
    expect(c.cm.runningControllers()).toEqual([]);
    // Last renewal at +10s; the standby saw it at +10s and waits the full lease duration from then.
    c.queue.runUntil(T0 + 24_000);
    expect(standby.isLeader()).toBe(false);
    c.queue.runUntil(T0 + 26_000);
    expect(standby.isLeader()).toBe(true);
    const spec = c.get('leases', 'kube-system', 'kube-controller-manager')!.spec as Obj;
    expect(spec.holderIdentity).toMatch(/^cp-2_/);
    expect(spec.leaseTransitions).toBe(1);
    expect(spec.acquireTime).toMatch(/^2025-01-01T00:00:26\.000\d{3}Z$/);
  });

  it('a stopped controller-manager does nothing: no ReplicaSet for a new Deployment', () => {
    const c = testCluster();
    c.cm.stop();
    c.create('deployments', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } });
    c.advance(30_000);
    expect(c.list('replicasets', 'default')).toEqual([]);
    c.cm.start();
    c.advance(20_000);
    expect(c.list('replicasets', 'default')).toHaveLength(1);
  });

  it('runs only the controllers asked for', () => {
    const c = testCluster({ controllers: ['replicaset-controller', 'deployment-controller'] });
    expect(c.cm.runningControllers()).toEqual(['replicaset-controller', 'deployment-controller']);
  });
});
