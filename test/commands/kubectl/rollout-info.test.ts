import { describe, it, expect } from 'vitest';
import { TestCluster, deployment } from './harness.js';

type Obj = Record<string, any>;

/** A deployment with two ReplicaSets (revisions 1 and 2) and a status. */
function seeded(status: Obj = { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 }): TestCluster {
  const c = new TestCluster();
  const d = deployment('web', 3, 'nginx:1.26');
  d.metadata.annotations = { 'deployment.kubernetes.io/revision': '2' };
  d.status = status;
  const created = c.add(d);
  const rs = (rev: number, image: string, hash: string): Obj => ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`,
      annotations: { 'deployment.kubernetes.io/revision': String(rev) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: created.metadata.uid!, controller: true }],
    },
    spec: { replicas: rev === 2 ? 3 : 0, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: { metadata: { labels: { app: 'web', 'pod-template-hash': hash } }, spec: { containers: [{ name: 'app', image }] } } },
  });
  c.add(rs(1, 'nginx:1.25', '5d4f8'));
  c.add(rs(2, 'nginx:1.26', '7c9b2'));
  return c;
}

describe('kubectl rollout', () => {
  it('status reports success, the waiting line once with --watch=false, or the deadline error', async () => {
    expect(await seeded().run('rollout status deployment/web')).toMatchObject({ stdout: 'deployment "web" successfully rolled out\n', stderr: '', exitCode: 0 });
    const waiting = seeded({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 1 });
    expect((await waiting.run('rollout status deploy web --watch=false')).stdout).toBe('Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...\n');
    const stuck = seeded({ observedGeneration: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] });
    expect(await stuck.run('rollout status deploy/web')).toMatchObject({ stdout: '', stderr: 'error: deployment "web" exceeded its progress deadline\n', exitCode: 1 });
  });

  it('status without --watch=false waits; with nothing moving the rollout on it times out (--timeout)', async () => {
    const waiting = seeded({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 1 });
    expect(await waiting.run('rollout status deploy/web --timeout=3s')).toMatchObject({
      stdout: 'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...\n',
      stderr: 'error: timed out waiting for the condition\n',
      exitCode: 1,
    });
  });

  it('history lists revisions', async () => {
    expect((await seeded().run('rollout history deploy/web')).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
  });

  it('undo goes back to the previous template', async () => {
    const c = seeded();
    expect(await c.run('rollout undo deploy/web')).toEqual({ stdout: 'deployment.apps/web rolled back\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o jsonpath={.spec.template.spec.containers[0].image}')).stdout).toBe('nginx:1.25');
    expect((await c.run('rollout undo deploy/web --to-revision=9')).stderr).toBe('error: unable to find specified revision 9 in history\n');
  });

  it('restart stamps the template', async () => {
    const c = seeded();
    expect(await c.run('rollout restart deployment web')).toEqual({ stdout: 'deployment.apps/web restarted\n', stderr: '', exitCode: 0 });
    expect((await c.run(`get deploy web -o jsonpath="{.spec.template.metadata.annotations['kubectl.kubernetes.io/restartedAt']}"`)).stdout).toBe('2026-11-30T04:00:00Z');
  });

  it('names unknown sub-commands', async () => {
    expect((await seeded().run('rollout frob deploy/web')).stderr).toBe("error: unknown command \"frob\" for \"kubectl rollout\"\nRun 'kubectl rollout --help' for usage.\n");
  });
});

describe('kubectl version, cluster-info, api-resources', () => {
  it('prints versions', async () => {
    const c = new TestCluster();
    expect(await c.run('version')).toEqual({ stdout: 'Client Version: v1.32.4\nKustomize Version: v5.5.0\nServer Version: v1.32.4\n', stderr: '', exitCode: 0 });
    expect((await c.run('version --client')).stdout).toBe('Client Version: v1.32.4\nKustomize Version: v5.5.0\n');
  });

  it('prints cluster-info from the kubernetes endpoints and cluster services', async () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'kubernetes', namespace: 'default' }, subsets: [{ addresses: [{ ip: '10.0.0.10' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }] });
    c.add({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' } },
      spec: { selector: { 'k8s-app': 'kube-dns' }, ports: [{ name: 'dns', port: 53, protocol: 'UDP' }] },
    });
    expect((await c.run('cluster-info')).stdout).toBe(
      'Kubernetes control plane is running at https://10.0.0.10:6443\nCoreDNS is running at https://10.0.0.10:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n\n' +
        "To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n",
    );
  });

  it('prints api-resources', async () => {
    const r = await new TestCluster().run('api-resources --api-group=apps');
    expect(r.stdout).toBe(
      'NAME           SHORTNAMES   APIVERSION   NAMESPACED   KIND\n' +
        'daemonsets     ds           apps/v1      true         DaemonSet\n' +
        'deployments    deploy       apps/v1      true         Deployment\n' +
        'replicasets    rs           apps/v1      true         ReplicaSet\n' +
        'statefulsets   sts          apps/v1      true         StatefulSet\n',
    );
  });
});
