import { describe, it, expect } from 'vitest';
import { testCluster, deployment, livePods, type TestCluster } from './harness.js';
import { computeHash } from '../../../src/cluster/controllers/hash.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

function rsOf(c: TestCluster, name: string): KubeObject[] {
  return c.list('replicasets', 'default').filter((rs) => rs.metadata.ownerReferences?.[0]?.name === name);
}

function patchDeployment(c: TestCluster, name: string, patch: unknown): void {
  const r = c.admin.patch('deployments', 'default', name, 'strategic', patch);
  if (!r.ok) throw new Error(r.status.message);
}

describe('Deployment controller', () => {
  it('creates one ReplicaSet <deploy>-<hash> and 3 pods with pod-template-hash labels and owners', () => {
    const c = testCluster();
    c.addNode('node-1');
    const d = c.create('deployments', deployment('web', 3));
    c.advance(5000);
    const rss = rsOf(c, 'web');
    expect(rss).toHaveLength(1);
    const rs = rss[0];
    const hash = computeHash((d.spec as Obj).template);
    expect(hash).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(rs.metadata.name).toBe(`web-${hash}`);
    expect(rs.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs.metadata.annotations).toEqual({ 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4', 'deployment.kubernetes.io/revision': '1' });
    expect(rs.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect((rs.spec as Obj).selector).toEqual({ matchLabels: { app: 'web', 'pod-template-hash': hash } });
    const pods = livePods(c, 'web');
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(new RegExp(`^web-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
      expect(p.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
      expect(p.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', name: rs.metadata.name, uid: rs.metadata.uid });
    }
    const events = c.events('ScalingReplicaSet').map((e) => [e.message, e.source.component, e.involvedObject.name]);
    expect(events).toEqual([[`Scaled up replica set web-${hash} from 0 to 3`, 'deployment-controller', 'web']]);
  });

  it('the hash is deterministic for the same template and changes with collisionCount', () => {
    const t = deployment('web', 1).spec.template;
    expect(computeHash(t)).toBe(computeHash(structuredClone(t)));
    expect(computeHash(t, 1)).not.toBe(computeHash(t));
  });

  it('reports status and the Available/Progressing conditions of a complete rollout', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 2));
    c.advance(6000);
    const d = c.get('deployments', 'default', 'web')!;
    const rs = rsOf(c, 'web')[0];
    const status = d.status as Obj;
    expect({ ...status, conditions: undefined }).toEqual({ observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, conditions: undefined });
    expect(status.conditions.map((x: Obj) => [x.type, x.status, x.reason, x.message])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.'],
      ['Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${rs.metadata.name}" has successfully progressed.`],
    ]);
  });

  it('scales the ReplicaSet up and down with ScalingReplicaSet events', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 3));
    c.advance(5000);
    const name = rsOf(c, 'web')[0].metadata.name;
    patchDeployment(c, 'web', { spec: { replicas: 5 } });
    c.advance(5000);
    expect(livePods(c, 'web')).toHaveLength(5);
    patchDeployment(c, 'web', { spec: { replicas: 2 } });
    c.advance(5000);
    expect(livePods(c, 'web')).toHaveLength(2);
    expect(c.events('ScalingReplicaSet').map((e) => e.message)).toEqual([
      `Scaled up replica set ${name} from 0 to 3`,
      `Scaled up replica set ${name} from 3 to 5`,
      `Scaled down replica set ${name} from 5 to 2`,
    ]);
    expect(rsOf(c, 'web')[0].metadata.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('2');
  });

  it('rolls an image change within maxSurge and maxUnavailable', () => {
    const c = testCluster();
    c.addNode('node-1', { readyDelayMs: 3000 });
    c.create('deployments', deployment('web', 4, 'nginx:1.27', { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } } }));
    c.advance(10_000);
    const oldRS = rsOf(c, 'web')[0].metadata.name;
    patchDeployment(c, 'web', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } });
    let maxTotal = 0;
    let minAvailable = Infinity;
    for (let i = 0; i < 60; i++) {
      c.advance(1000);
      const rss = rsOf(c, 'web');
      maxTotal = Math.max(maxTotal, rss.reduce((n, rs) => n + ((rs.spec as Obj).replicas as number), 0));
      minAvailable = Math.min(minAvailable, rss.reduce((n, rs) => n + (((rs.status as Obj).availableReplicas as number) ?? 0), 0));
    }
    expect(maxTotal).toBe(5);
    expect(minAvailable).toBe(3);
    const rss = rsOf(c, 'web');
    expect(rss).toHaveLength(2);
    const newRS = rss.find((rs) => rs.metadata.name !== oldRS)!;
    expect(newRS.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
    expect((newRS.spec as Obj).replicas).toBe(4);
    expect((rss.find((rs) => rs.metadata.name === oldRS)!.spec as Obj).replicas).toBe(0);
    expect(livePods(c, 'web').every((p) => ((p.spec as Obj).containers[0].image as string) === 'nginx:1.28')).toBe(true);
    const msgs = c.events('ScalingReplicaSet').map((e) => e.message);
    expect(msgs[1]).toBe(`Scaled up replica set ${newRS.metadata.name} from 0 to 1`);
    expect(msgs[2]).toBe(`Scaled down replica set ${oldRS} from 4 to 3`);
    expect(msgs.at(-1)).toBe(`Scaled down replica set ${oldRS} from 1 to 0`);
  });

  it('a rollout restart annotation makes a new ReplicaSet; Recreate scales old to 0 first', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 2, 'nginx:1.27', { strategy: { type: 'Recreate' } }));
    c.advance(5000);
    const oldRS = rsOf(c, 'web')[0].metadata.name;
    patchDeployment(c, 'web', { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': '2025-01-01T00:00:05Z' } } } } });
    c.advance(10_000);
    const rss = rsOf(c, 'web');
    const newRS = rss.find((rs) => rs.metadata.name !== oldRS)!;
    expect(c.events('ScalingReplicaSet').map((e) => e.message)).toEqual([
      `Scaled up replica set ${oldRS} from 0 to 2`,
      `Scaled down replica set ${oldRS} from 2 to 0`,
      `Scaled up replica set ${newRS.metadata.name} from 0 to 2`,
    ]);
    expect(livePods(c, 'web').every((p) => p.metadata.annotations?.['kubectl.kubernetes.io/restartedAt'] === '2025-01-01T00:00:05Z')).toBe(true);
  });

  it('reports ProgressDeadlineExceeded when pods never become ready', () => {
    const c = testCluster();
    c.addNode('node-1', { readyDelayMs: 10 ** 9 });
    c.create('deployments', deployment('web', 1, 'nginx:1.27', { progressDeadlineSeconds: 30 }));
    c.advance(20_000);
    let prog = ((c.get('deployments', 'default', 'web')!.status as Obj).conditions as Obj[]).find((x) => x.type === 'Progressing')!;
    expect(prog.reason).toBe('ReplicaSetUpdated');
    c.advance(30_000);
    const status = c.get('deployments', 'default', 'web')!.status as Obj;
    prog = (status.conditions as Obj[]).find((x) => x.type === 'Progressing')!;
    const rs = rsOf(c, 'web')[0].metadata.name;
    expect([prog.status, prog.reason, prog.message]).toEqual(['False', 'ProgressDeadlineExceeded', `ReplicaSet "${rs}" has timed out progressing.`]);
    expect((status.conditions as Obj[]).find((x) => x.type === 'Available')).toMatchObject({ status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });
    expect(status.unavailableReplicas).toBe(1);
  });

  it('keeps revisionHistoryLimit old ReplicaSets', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 1, 'img:0', { revisionHistoryLimit: 1 }));
    c.advance(5000);
    for (const tag of ['img:1', 'img:2', 'img:3']) {
      patchDeployment(c, 'web', { spec: { template: { spec: { containers: [{ name: 'app', image: tag }] } } } });
      c.advance(15_000);
    }
    const revs = rsOf(c, 'web').map((rs) => rs.metadata.annotations?.['deployment.kubernetes.io/revision']).sort();
    expect(revs).toEqual(['3', '4']);
  });
});
