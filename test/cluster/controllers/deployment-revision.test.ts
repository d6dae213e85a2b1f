/**
 * The Deployment carries its newest ReplicaSet's revision in
 * `deployment.kubernetes.io/revision` (deployment sync.go getNewReplicaSet →
 * SetDeploymentRevision, written with UpdateStatus, whose strategy keeps
 * annotations), and rolling back moves it to a new revision number.
 */
import { describe, it, expect } from 'vitest';
import { testCluster, deployment } from './harness.js';

const REVISION = 'deployment.kubernetes.io/revision';

describe('Deployment revision annotation', () => {
  it('is 1 after creation, 2 after a template change, 3 after undoing back to the first template', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 2, 'nginx:1.27'));
    c.advance(5000);
    const get = () => c.admin.get('deployments', 'default', 'web');
    const d1 = get();
    expect(d1.ok && d1.value.metadata.annotations).toEqual({ [REVISION]: '1' });
    const p = c.admin.patch('deployments', 'default', 'web', 'strategic', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } });
    expect(p.ok).toBe(true);
    c.advance(30_000);
    const d2 = get();
    expect(d2.ok && d2.value.metadata.annotations?.[REVISION]).toBe('2');
    // Back to the first template: its ReplicaSet is found again and takes the next revision (MaxRevision + 1).
    c.admin.patch('deployments', 'default', 'web', 'strategic', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } } } });
    c.advance(30_000);
    const d3 = get();
    expect(d3.ok && d3.value.metadata.annotations?.[REVISION]).toBe('3');
    const revs = c.list('replicasets', 'default').map((rs) => rs.metadata.annotations?.[REVISION]).sort();
    expect(revs).toEqual(['2', '3']);
  });

  it('a status update keeps the request annotations for deployments only', () => {
    const c = testCluster();
    c.create('deployments', deployment('web', 1));
    const d = c.admin.get('deployments', 'default', 'web');
    if (!d.ok) throw new Error('no deployment');
    const r = c.admin.updateStatus('deployments', 'default', { ...d.value, metadata: { ...d.value.metadata, annotations: { a: 'b' }, labels: { x: 'y' } } });
    expect(r.ok && r.value.metadata.annotations).toEqual({ a: 'b' });
    // The strategy resets labels (and spec) to the stored object's.
    expect(r.ok && r.value.metadata.labels).toEqual(d.value.metadata.labels);
  });
});
