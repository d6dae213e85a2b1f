import { describe, it, expect } from 'vitest';
import { createCluster } from '../../src/cluster/cluster.js';
import { evaluateGoal, evaluatePredicate } from '../../src/scenario/predicates.js';
import type { GoalPredicate } from '../../src/scenario/schema.js';
import { netfilterOf } from '../../src/cluster/network/netfilter.js';
import { worldNode } from '../cluster/kubelet/harness.js';

const NOW = Date.parse('2026-11-10T12:00:00Z');
const manifests = [
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web-np', namespace: 'default' }, spec: { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 30080 }] } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'typo', namespace: 'default' }, spec: { selector: { app: 'wbe' }, ports: [{ port: 80 }] } },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' }, spec: { containers: [{ name: 'a', image: 'nginx:1.27', resources: { requests: { cpu: '64' } } }] } },
];
const cluster = createCluster(
  { version: 'v1.32.4', now: NOW, createdAgoMs: 10 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), { ...worldNode('node-2'), unschedulable: true }], images: {} },
  { seed: 2, timeline: [{ at: NOW - 30 * 60_000, run: (c) => manifests.forEach((m) => c.apply(structuredClone(m))) }] },
);
const client = cluster.systemClient();
const holds = (p: GoalPredicate) => evaluatePredicate(client, p).holds;

describe('goal predicates over the simulated state', () => {
  it('nodeReady and nodeSchedulable', () => {
    expect([holds({ nodeReady: 'node-1' }), holds({ nodeReady: 'ghost' })]).toEqual([true, false]);
    expect([holds({ nodeSchedulable: 'node-1' }), holds({ nodeSchedulable: 'node-2' }), holds({ nodeSchedulable: 'ghost' })]).toEqual([true, false, false]);
  });

  it('podScheduled and podRunning', () => {
    expect(holds({ podScheduled: { namespace: 'default', name: 'big' } })).toBe(false);
    expect(holds({ podRunning: { namespace: 'default', name: 'big' } })).toBe(false);
    expect(holds({ podRunning: { namespace: 'kube-system', name: 'etcd-cp-1' } })).toBe(true);
  });

  it('podsReady counts Ready pods matching a selector', () => {
    expect(evaluatePredicate(client, { podsReady: { namespace: 'default', selector: 'app=web', count: 2 } })).toEqual({ holds: true, description: '2 pods matching app=web in default are Ready (2 now)' });
    expect(holds({ podsReady: { namespace: 'default', selector: 'app=web', count: 3 } })).toBe(false);
  });

  it('deploymentAvailable needs the Available condition and enough available replicas', () => {
    expect(evaluatePredicate(client, { deploymentAvailable: { namespace: 'default', name: 'web' } } as GoalPredicate)).toEqual({ holds: true, description: 'deployment default/web is available with 2 replicas (2 now)' });
    expect(holds({ deploymentAvailable: { namespace: 'default', name: 'web', minReplicas: 3 } } as GoalPredicate)).toBe(false);
    expect(holds({ deploymentAvailable: { namespace: 'default', name: 'ghost' } } as GoalPredicate)).toBe(false);
  });

  it('serviceAnswers sends an HTTP GET to the ClusterIP from a worker, through kube-proxy, the endpoints and nginx', () => {
    expect(evaluatePredicate(client, { serviceAnswers: { namespace: 'default', name: 'web' } }, cluster.network)).toEqual({ holds: true, description: 'service default/web answers HTTP on port 80' });
    // No endpoints: kube-proxy's REJECT; an nginx path it does not serve: 404; no network given: cannot be judged.
    expect(evaluatePredicate(client, { serviceAnswers: { namespace: 'default', name: 'typo' } }, cluster.network).holds).toBe(false);
    expect(evaluatePredicate(client, { serviceAnswers: { namespace: 'default', name: 'web', path: '/missing' } }, cluster.network).holds).toBe(false);
    expect(holds({ serviceAnswers: { namespace: 'default', name: 'web' } })).toBe(false);
  });

  it('serviceAnswers from a given node starts the request there', () => {
    expect(evaluatePredicate(client, { serviceAnswers: { namespace: 'default', name: 'web', from: 'cp-1' } }, cluster.network)).toEqual({ holds: true, description: 'service default/web answers HTTP on port 80 from node cp-1' });
    expect(evaluatePredicate(client, { serviceAnswers: { namespace: 'default', name: 'web', from: 'ghost' } }, cluster.network).holds).toBe(false);
  });

  it('nodePortAnswers dials the node\'s address from the workstation, through that node\'s firewall', () => {
    const np = (node: string) => evaluatePredicate(client, { nodePortAnswers: { node, port: 30080 } }, cluster.network);
    expect(np('node-1')).toEqual({ holds: true, description: 'node node-1 answers HTTP on NodePort 30080' });
    expect(np('node-2').holds).toBe(true);
    expect(evaluatePredicate(client, { nodePortAnswers: { node: 'node-1', port: 30081 } }, cluster.network).holds).toBe(false);
    // Both web pods run on node-1 (node-2 is cordoned). PREROUTING translates the NodePort before the filter table sees the
    // packet, so node-2's FORWARD chain judges it by the pod's port: a drop of port 80 there cuts the NodePort through node-2.
    const filter = netfilterOf(cluster.nodes.get('node-2')!.host).filterTable;
    filter.insert('FORWARD', 0, { protocol: 'tcp', dport: 80, target: 'DROP' });
    expect([np('node-1').holds, np('node-2').holds, np('ghost').holds]).toEqual([true, false, false]);
    filter.remove('FORWARD', 0);
    expect(np('node-2').holds).toBe(true);
  });

  it('serviceHasEndpoints reads the Endpoints the controller filled', () => {
    expect(holds({ serviceHasEndpoints: { namespace: 'default', name: 'web' } })).toBe(true);
    expect(holds({ serviceHasEndpoints: { namespace: 'default', name: 'typo' } })).toBe(false);
  });

  it('objectField compares a field: equals, exists, lessThan, greaterThan', () => {
    const f = (extra: Record<string, unknown>) => ({ objectField: { resource: 'deployments', namespace: 'default', name: 'web', path: 'spec.replicas', ...extra } }) as GoalPredicate;
    expect([holds(f({ equals: 2 })), holds(f({ equals: 3 })), holds(f({ exists: true })), holds(f({ lessThan: 3 })), holds(f({ greaterThan: 2 }))]).toEqual([true, false, true, true, false]);
    expect(holds({ objectField: { resource: 'pods', namespace: 'default', name: 'big', path: 'spec.nodeName', exists: false } } as GoalPredicate)).toBe(true);
    expect(holds({ objectField: { resource: 'pods', namespace: 'default', name: 'ghost', path: 'spec.nodeName', exists: false } } as GoalPredicate)).toBe(false);
    expect(evaluatePredicate(client, f({ equals: 2 })).description).toBe('deployments default/web spec.replicas = 2');
  });

  it('objectField paths read own fields only: constructor and __proto__ name nothing', () => {
    const path = (p: string) => ({ objectField: { resource: 'deployments', namespace: 'default', name: 'web', path: p, exists: true } }) as GoalPredicate;
    expect([holds(path('constructor')), holds(path('spec.__proto__')), holds(path('metadata.name.length'))]).toEqual([false, false, false]);
  });

  it('not inverts, and evaluateGoal evaluates each item', () => {
    const r = evaluatePredicate(client, { not: { nodeReady: 'node-1' } });
    expect(r).toEqual({ holds: false, description: 'not (node node-1 is Ready)' });
    expect(evaluateGoal(client, [{ nodeReady: 'node-1' }, { podScheduled: { namespace: 'default', name: 'big' } }]).map((g) => g.holds)).toEqual([true, false]);
  });

  it('noPodsOnNode: no pod matching the selector is bound to the node', () => {
    expect(evaluatePredicate(client, { noPodsOnNode: { namespace: 'default', selector: 'app=web', node: 'node-1' } })).toEqual({ holds: false, description: 'no pod matching app=web in default runs on node node-1 (2 now)' });
    expect(holds({ noPodsOnNode: { namespace: 'default', selector: 'app=web', node: 'node-2' } })).toBe(true);
    expect(holds({ noPodsOnNode: { namespace: 'kube-system', selector: 'component=etcd', node: 'cp-1' } })).toBe(false);
  });

  it('nodeHasTaint: the taint is there wherever it sits, with value and effect when asked', () => {
    const t = (extra: Record<string, string>) => holds({ nodeHasTaint: { node: 'cp-1', key: 'node-role.kubernetes.io/control-plane', ...extra } } as GoalPredicate);
    expect([t({}), t({ effect: 'NoSchedule' }), t({ effect: 'NoExecute' }), t({ value: 'x' })]).toEqual([true, true, false, false]);
    expect(holds({ nodeHasTaint: { node: 'node-1', key: 'node-role.kubernetes.io/control-plane' } })).toBe(false);
    expect(holds({ nodeHasTaint: { node: 'ghost', key: 'a' } })).toBe(false);
  });

  it('deploymentRunsImage: the reference as containerd resolves it, and what the running containers report', () => {
    const runs = (image: string, name = 'web') => evaluatePredicate(client, { deploymentRunsImage: { namespace: 'default', name, image } });
    // The template says nginx:1.27: every spelling of that reference is the same image, other tags are not.
    for (const image of ['nginx:1.27', 'docker.io/library/nginx:1.27', 'docker.io/nginx:1.27', 'library/nginx:1.27', 'index.docker.io/library/nginx:1.27']) {
      expect(runs(image).holds, image).toBe(true);
    }
    expect(runs('nginx:1.27').description).toBe('deployment default/web runs docker.io/library/nginx:1.27');
    for (const image of ['nginx', 'nginx:1.26', 'shop/nginx:1.27', 'quay.io/nginx:1.27']) expect(runs(image).holds, image).toBe(false);
    // A digest matches the image ID the runtime resolved for the running containers.
    const pods = client.list('pods', 'default', { labelSelector: 'app=web' });
    const imageId = pods.ok ? String((pods.value.items[0]!.status as Record<string, any>).containerStatuses[0].imageID) : '';
    expect(imageId).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(runs(`nginx@${imageId.split('@')[1]}`).holds).toBe(false); // the template names a tag, not this digest
    expect(runs('ghost-image', 'ghost').holds).toBe(false);
  });

  it('deploymentRunsImage judges the running pods, not only the template', () => {
    const c = createCluster(
      { version: 'v1.32.4', now: NOW, createdAgoMs: 10 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1')], images: {} },
      { seed: 3, timeline: [{ at: NOW - 30 * 60_000, run: (x) => void x.apply(structuredClone(manifests[0]!)) }] },
    );
    const admin = c.adminClient();
    const p = { deploymentRunsImage: { namespace: 'default', name: 'web', image: 'nginx:1.26' } };
    expect(evaluatePredicate(admin, p).holds).toBe(false);
    const d = admin.get('deployments', 'default', 'web');
    if (!d.ok) throw new Error('no deployment');
    const spec = structuredClone(d.value) as Record<string, any>;
    spec.spec.template.spec.containers[0].image = 'docker.io/library/nginx:1.26';
    expect(admin.update('deployments', 'default', spec as never).ok).toBe(true);
    // The template already says 1.26, but the pods that run are still 1.27 until the rollout replaces them.
    expect(evaluatePredicate(admin, p)).toEqual({ holds: false, description: 'deployment default/web runs docker.io/library/nginx:1.26 (2 running containers run docker.io/library/nginx:1.27)' });
    c.advance(120_000);
    expect(evaluatePredicate(admin, p).holds).toBe(true);
  });

  it('reads through the API server with the client\'s identity', () => {
    const stranger = cluster.api.client({ type: 'x509', commonName: 'jane', organizations: [], notBefore: 0, notAfter: NOW * 2 });
    expect(evaluatePredicate(stranger, { nodeReady: 'node-1' }).holds).toBe(false);
  });
});

describe('a goal on an object that does not exist', () => {
  const describeOf = (p: GoalPredicate) => evaluatePredicate(client, p).description;

  it('says "no such object" rather than a count or a state it cannot have', () => {
    expect(describeOf({ deploymentAvailable: { namespace: 'default', name: 'ghost' } } as GoalPredicate)).toBe('deployment default/ghost is available with 1 replicas (no such object)');
    expect(describeOf({ podRunning: { namespace: 'default', name: 'ghost' } })).toBe('pod default/ghost is Running (no such object)');
    expect(describeOf({ nodeReady: 'ghost' })).toBe('node ghost is Ready (no such object)');
    expect(describeOf({ serviceHasEndpoints: { namespace: 'default', name: 'ghost' } })).toBe('service default/ghost has ready endpoints (no such object)');
    expect(describeOf({ objectField: { resource: 'deployments', namespace: 'default', name: 'ghost', path: 'spec.replicas', exists: false } } as GoalPredicate)).toBe(
      'deployments default/ghost spec.replicas is not set (no such object)',
    );
    expect(evaluatePredicate(client, { not: { objectField: { resource: 'deployments', namespace: 'default', name: 'ghost', path: 'spec.replicas', exists: true } } } as GoalPredicate)).toEqual({
      holds: true,
      description: 'not (deployments default/ghost spec.replicas is set (no such object))',
    });
  });

  it('an existing object keeps its plain description', () => {
    expect(describeOf({ podRunning: { namespace: 'default', name: 'big' } })).toBe('pod default/big is Running');
    expect(describeOf({ serviceHasEndpoints: { namespace: 'default', name: 'typo' } })).toBe('service default/typo has ready endpoints');
  });
});

describe('fieldAt', () => {
  it('follows a dotted path, with \\. for a dot inside a key', async () => {
    const { fieldAt } = await import('../../src/scenario/predicates.js');
    const quota = { spec: { hard: { 'requests.cpu': '4', pods: '20' } }, metadata: { labels: { 'app.kubernetes.io/name': 'shop' } } };
    expect(fieldAt(quota, 'spec.hard.requests\\.cpu')).toBe('4');
    expect(fieldAt(quota, 'metadata.labels.app\\.kubernetes\\.io/name')).toBe('shop');
    expect(fieldAt(quota, 'spec.hard.requests.cpu')).toBeUndefined();
    expect(fieldAt(quota, 'spec.hard.pods')).toBe('20');
  });
});
