import { describe, it, expect } from 'vitest';
import { testCluster, livePods } from './harness.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

function replicaSet(name: string, replicas: number, extra: Obj = {}): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name, tier: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } }, ...extra },
  };
}

describe('ReplicaSet controller', () => {
  it('creates pods named <rs>-<5 chars> with template labels and a controller owner reference', () => {
    const c = testCluster();
    c.addNode('node-1');
    const rs = c.create('replicasets', replicaSet('web', 3));
    c.advance(5000);
    const pods = livePods(c, 'web');
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.metadata.labels).toEqual({ app: 'web', tier: 'web' });
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
    const created = c.events('SuccessfulCreate').map((e) => [e.message, e.source.component, e.involvedObject.kind]);
    const expected = pods.map((p) => [`Created pod: ${p.metadata.name}`, 'replicaset-controller', 'ReplicaSet']);
    expect(created.sort()).toEqual(expected.sort());
  });

  it('reports replicas, fullyLabeledReplicas, readyReplicas, availableReplicas and observedGeneration', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('replicasets', replicaSet('web', 2, { minReadySeconds: 10 }));
    c.advance(4000);
    expect(c.get('replicasets', 'default', 'web')!.status).toEqual({ replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, observedGeneration: 1 });
    c.advance(12_000);
    expect(c.get('replicasets', 'default', 'web')!.status).toEqual({ replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1 });
  });

  it('deletes not-ready pods before ready ones when scaling down', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('replicasets', replicaSet('web', 3));
    c.advance(4000);
    const [, second] = livePods(c, 'web');
    c.unready.add(`default/${second.metadata.name}`);
    c.advance(2000);
    const rs = c.get('replicasets', 'default', 'web')!;
    c.admin.update('replicasets', 'default', { ...rs, spec: { ...(rs.spec as Obj), replicas: 2 } });
    c.advance(3000);
    const names = livePods(c, 'web').map((p) => p.metadata.name);
    expect(names).toHaveLength(2);
    expect(names).not.toContain(second.metadata.name);
    expect(c.events('SuccessfulDelete').map((e) => e.message)).toEqual([`Deleted pod: ${second.metadata.name}`]);
  });

  it('ignores terminating pods when counting and replaces them', () => {
    const c = testCluster();
    const node = c.addNode('node-1');
    c.create('replicasets', replicaSet('web', 2));
    c.advance(3000);
    node.alive = false; // the kubelet will never finish the deletion
    const victim = livePods(c, 'web')[0];
    c.admin.delete('pods', 'default', victim.metadata.name!);
    c.advance(2000);
    const all = c.list('pods', 'default');
    expect(all).toHaveLength(3);
    expect(all.filter((p) => p.metadata.deletionTimestamp).map((p) => p.metadata.name)).toEqual([victim.metadata.name]);
    expect(c.get('replicasets', 'default', 'web')!.status).toMatchObject({ replicas: 2 });
  });

  it('adopts a matching orphan pod instead of creating one', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray', labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } });
    const rs = c.create('replicasets', replicaSet('web', 2));
    c.advance(3000);
    const pods = livePods(c, 'web');
    expect(pods).toHaveLength(2);
    const stray = c.get('pods', 'default', 'stray') as KubeObject;
    expect(stray.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', uid: rs.metadata.uid, controller: true });
    expect(c.events('SuccessfulCreate')).toHaveLength(1);
  });

  it('records FailedCreate with the API error and a ReplicaFailure condition', () => {
    const c = testCluster({ controllers: ['replicaset-controller'] });
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } }, undefined);
    c.create('replicasets', replicaSet('api', 0), 'doomed');
    c.admin.delete('namespaces', undefined, 'doomed');
    const rs = c.get('replicasets', 'doomed', 'api')!;
    c.admin.update('replicasets', 'doomed', { ...rs, spec: { ...(rs.spec as Obj), replicas: 1 } });
    c.advance(2000);
    const failed = c.events('FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ type: 'Warning', source: { component: 'replicaset-controller' } });
    expect(failed[0].message).toMatch(/^Error creating: pods ".*" is forbidden: unable to create new content in namespace doomed because it is being terminated$/);
    const cond = (c.get('replicasets', 'doomed', 'api')!.status as Obj).conditions[0];
    expect(cond).toMatchObject({ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' });
    expect(cond.message).toBe(failed[0].message.slice('Error creating: '.length));
  });
});

describe('podFromTemplate', () => {
  it('builds the pod without editing the (stored, immutable) template, and the API server keeps its own copy', async () => {
    const { podFromTemplate } = await import('../../../src/cluster/controllers/replicaset.js');
    const { deepFreeze } = await import('../../../src/cluster/json.js');
    const { harness, ok } = await import('../apiserver/harness.js');
    const template = deepFreeze({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], tolerations: [{ key: 'a', operator: 'Exists' }] } });
    const owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-1', namespace: 'default', uid: 'u-1' } } as KubeObject;
    const pod = podFromTemplate(template, owner);
    // What the DaemonSet controller does to it: sets top-level spec fields.
    (pod.spec as Obj).tolerations = [...(pod.spec as Obj).tolerations, { key: 'b', operator: 'Exists' }];
    expect(template.spec.tolerations).toEqual([{ key: 'a', operator: 'Exists' }]);
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod));
    expect((created.spec as Obj).containers).not.toBe(template.spec.containers);
    expect((created.spec as Obj).containers[0]).toMatchObject({ name: 'app', image: 'nginx:1.27' });
  });
});
