import { describe, it, expect, vi } from 'vitest';
import { WorkQueue } from '../../../src/cluster/controllers/work-queue.js';
import { testCluster, deployment, livePods, iso } from './harness.js';

type Obj = Record<string, any>;

describe('garbage collector', () => {
  it('deletes the ReplicaSets of a deleted Deployment, then their pods', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 2));
    c.advance(5000);
    expect(livePods(c, 'web')).toHaveLength(2);
    c.admin.delete('deployments', 'default', 'web');
    c.advance(3000);
    expect(c.list('replicasets', 'default')).toEqual([]);
    expect(c.list('pods', 'default')).toEqual([]);
  });

  it('leaves objects alone while one owner still exists', () => {
    const c = testCluster();
    const a = c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
    const b = c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } });
    const ref = (o: typeof a) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata.name, uid: o.metadata.uid });
    c.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'dep', ownerReferences: [ref(a), ref(b)] } });
    c.admin.delete('configmaps', 'default', 'a');
    c.advance(2000);
    expect(c.get('secrets', 'default', 'dep')).toBeDefined();
    c.admin.delete('configmaps', 'default', 'b');
    c.advance(2000);
    expect(c.get('secrets', 'default', 'dep')).toBeUndefined();
  });

  it('looks up no new dependent whose owners it has observed, as the graph builder enqueues only virtual owners', () => {
    const c = testCluster();
    c.addNode('node-1');
    const gets: string[] = [];
    const get = c.api.get.bind(c.api);
    vi.spyOn(c.api, 'get').mockImplementation((credential, resource, ns, name) => {
      if (JSON.stringify(credential).includes('garbage-collector') || JSON.stringify(credential).includes('kube-controller-manager')) gets.push(`${resource}/${name}`);
      return get(credential, resource, ns, name);
    });
    c.create('deployments', deployment('web', 3));
    c.advance(5000);
    expect(livePods(c, 'web')).toHaveLength(3);
    // Neither the ReplicaSet (owned by the Deployment) nor its pods were fetched to check their owners.
    expect(gets.filter((g) => g.startsWith('pods/') || g.startsWith('replicasets/') || g.startsWith('deployments/'))).toEqual([]);
    // An owner it has never observed is still checked, and its dependent collected.
    c.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'orphan', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'never', uid: 'never-seen' }] } });
    c.advance(2000);
    expect(gets).toContain('configmaps/never');
    expect(c.get('secrets', 'default', 'orphan')).toBeUndefined();
  });

  it('removes an object whose owner UID no longer matches (owner re-created)', () => {
    const c = testCluster();
    c.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'dep', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'no-such-uid' }] } });
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'gone' } });
    c.advance(2000);
    expect(c.get('secrets', 'default', 'dep')).toBeUndefined();
  });
});

describe('node IPAM controller', () => {
  it('assigns 10.244.<i>.0/24 in order, skipping CIDRs already taken', () => {
    const c = testCluster();
    c.addNode('cp-1');
    c.addNode('node-1');
    c.advance(1000);
    c.addNode('node-2');
    c.advance(1000);
    const cidrs = ['cp-1', 'node-1', 'node-2'].map((n) => (c.get('nodes', undefined, n)!.spec as Obj).podCIDRs);
    expect(cidrs).toEqual([['10.244.0.0/24'], ['10.244.1.0/24'], ['10.244.2.0/24']]);
    expect((c.get('nodes', undefined, 'node-2')!.spec as Obj).podCIDR).toBe('10.244.2.0/24');
  });
});

describe('namespace controller', () => {
  it('deletes the contents of a Terminating namespace and finalizes it', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, spec: { finalizers: ['kubernetes'] } }, undefined);
    c.create('deployments', deployment('web', 2), 'shop');
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' } }, 'shop');
    c.advance(5000);
    c.admin.delete('namespaces', undefined, 'shop');
    c.advance(1);
    const ns = c.get('namespaces', undefined, 'shop');
    expect((ns?.status as Obj | undefined)?.phase).toBe('Terminating');
    c.advance(10_000);
    for (const r of ['deployments', 'replicasets', 'pods', 'configmaps']) expect(c.list(r, 'shop')).toEqual([]);
    const after = c.get('namespaces', undefined, 'shop');
    // Gone, or (until the API server removes finalized namespaces) Terminating with no finalizers left.
    if (after) expect((after.spec as Obj | undefined)?.finalizers ?? []).toEqual([]);
    if (after) expect(((after.status as Obj).conditions as Obj[]).find((x) => x.type === 'NamespaceContentRemaining')).toMatchObject({ status: 'False', reason: 'ContentRemoved' });
  });
});

describe('DaemonSet controller', () => {
  const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'agent:1' }] } } } };

  it('runs one pinned pod per node, with the daemon tolerations, and counts them', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.addNode('node-2');
    c.addNode('cp-1', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] });
    c.create('daemonsets', ds);
    c.advance(5000);
    const pods = c.list('pods', 'default');
    expect(pods.map((p) => (p.spec as Obj).nodeName).sort()).toEqual(['node-1', 'node-2']);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^agent-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      const spec = p.spec as Obj;
      expect(spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [spec.nodeName] }] }]);
      expect(spec.tolerations.map((t: Obj) => `${t.key}:${t.effect}`)).toEqual([
        'node.kubernetes.io/not-ready:NoExecute',
        'node.kubernetes.io/unreachable:NoExecute',
        'node.kubernetes.io/disk-pressure:NoSchedule',
        'node.kubernetes.io/memory-pressure:NoSchedule',
        'node.kubernetes.io/pid-pressure:NoSchedule',
        'node.kubernetes.io/unschedulable:NoSchedule',
      ]);
      expect(p.metadata.labels?.['pod-template-generation']).toBe('1');
    }
    expect(c.get('daemonsets', 'default', 'agent')!.status).toEqual({ currentNumberScheduled: 2, numberMisscheduled: 0, desiredNumberScheduled: 2, numberReady: 2, observedGeneration: 1, updatedNumberScheduled: 2, numberAvailable: 2 });
    expect(c.events('SuccessfulCreate').map((e) => e.source.component)).toEqual(['daemonset-controller', 'daemonset-controller']);
  });

  it('ignores node updates that change neither labels nor taints (heartbeats), and follows a label that starts to match (daemon_controller.go updateNode)', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.addNode('node-2');
    c.create('daemonsets', { ...ds, spec: { ...ds.spec, template: { ...ds.spec.template, spec: { ...ds.spec.template.spec, nodeSelector: { disk: 'ssd' } } } } });
    c.advance(5000);
    expect(c.list('pods', 'default')).toEqual([]);
    const added = vi.spyOn(WorkQueue.prototype, 'add');
    const wakes = () => added.mock.calls.filter(([key]) => key === 'default/agent').length;
    try {
      const node = c.get('nodes', undefined, 'node-1')!;
      // A status-only write, as the kubelet's heartbeat: the DaemonSet is not woken.
      expect(c.admin.updateStatus('nodes', undefined, { ...node, status: { ...(node.status as Obj), conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: iso(c.queue.now()) }] } }).ok).toBe(true);
      c.advance(1000);
      expect(wakes()).toBe(0);
      // A label that makes the node match the selector wakes it, and the daemon pod follows.
      const labelled = c.get('nodes', undefined, 'node-1')!;
      expect(c.admin.update('nodes', undefined, { ...labelled, metadata: { ...labelled.metadata, labels: { ...labelled.metadata.labels, disk: 'ssd' } } }).ok).toBe(true);
      c.advance(5000);
      expect(wakes()).toBeGreaterThan(0);
    } finally {
      added.mockRestore();
    }
    expect(c.list('pods', 'default').map((p) => (p.spec as Obj).nodeName)).toEqual(['node-1']);
  });

  it('keeps its per-node state through a node deleted and added again, and a DaemonSet created again under its name', () => {
    const c = testCluster();
    for (const n of ['node-1', 'node-2', 'node-3']) c.addNode(n);
    c.create('daemonsets', ds);
    c.advance(5000);
    const status = () => c.get('daemonsets', 'default', 'agent')!.status as Obj;
    expect(status()).toMatchObject({ desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0 });
    // A deleted node's pod stays (no pod GC here): it is on a node that should not run it.
    const node2 = c.get('nodes', undefined, 'node-2')!;
    expect(c.admin.delete('nodes', undefined, 'node-2').ok).toBe(true);
    c.advance(2000);
    expect(status()).toMatchObject({ desiredNumberScheduled: 2, currentNumberScheduled: 2, numberMisscheduled: 1 });
    expect(c.admin.create('nodes', undefined, { ...node2, metadata: { name: 'node-2', labels: node2.metadata.labels } }).ok).toBe(true);
    c.advance(2000);
    expect(status()).toMatchObject({ desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0 });
    // Created again, the DaemonSet (a new UID) starts from the informers: node-2, added last, comes last.
    c.admin.delete('daemonsets', 'default', 'agent');
    c.advance(5000);
    expect(c.list('pods', 'default')).toEqual([]);
    const before = c.events('SuccessfulCreate').length;
    c.create('daemonsets', ds);
    c.advance(5000);
    const nodeOf = new Map(c.list('pods', 'default').map((p) => [p.metadata.name, (p.spec as Obj).nodeName]));
    const created = c.events('SuccessfulCreate').slice(before).map((e) => nodeOf.get(/Created pod: (\S+)/.exec(e.message)![1]));
    expect(created).toEqual(['node-1', 'node-3', 'node-2']);
    expect(status()).toMatchObject({ desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 3 });
  });
});
