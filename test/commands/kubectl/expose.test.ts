/**
 * `kubectl expose` (kubectl v0.32 pkg/cmd/expose/expose.go): a Service whose
 * selector, ports, protocols and labels come from the exposed object unless
 * given; `service/NAME exposed`.
 */
import { describe, expect, it } from 'vitest';
import { TestCluster, deployment, pod } from './harness.js';

const cluster = (): TestCluster => {
  const c = new TestCluster();
  const web = deployment('web', 2);
  web.metadata.labels = { app: 'web' };
  web.spec.template.spec.containers[0].ports = [{ containerPort: 8080 }, { containerPort: 9090, protocol: 'UDP' }];
  c.add(web);
  c.add(pod('solo'));
  return c;
};

describe('kubectl expose', () => {
  it("prints the Service it would make, as kubectl 1.32's client dry run does", async () => {
    const c = cluster();
    expect((await c.run('expose deployment web --port=80 --target-port=8080 --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: web\n  name: web\nspec:\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 8080\n  selector:\n    app: web\nstatus:\n  loadBalancer: {}\n',
    );
  });

  it("takes every container port, named port-N, with each one's protocol, and selects the Deployment's pods", async () => {
    const c = cluster();
    expect(await c.run('expose deploy/web')).toEqual({ stdout: 'service/web exposed\n', stderr: '', exitCode: 0 });
    const svc = JSON.parse((await c.run('get service web -o json')).stdout);
    expect(svc.spec.ports).toEqual([
      { name: 'port-1', port: 8080, protocol: 'TCP', targetPort: 8080 },
      { name: 'port-2', port: 9090, protocol: 'UDP', targetPort: 9090 },
    ]);
    expect(svc.spec.selector).toEqual({ app: 'web' });
    expect((await c.run('expose deployment web --name=web-np --type=NodePort --port=80')).stdout).toBe('service/web-np exposed\n');
    expect((await c.run('get service web-np -o jsonpath={.spec.type}')).stdout).toBe('NodePort');
  });

  it('refuses what it cannot expose, in expose.go\'s words', async () => {
    const c = cluster();
    expect((await c.run('expose pod solo --port=80')).stderr).toBe("error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed\nSee 'kubectl expose -h' for help and examples\n");
    c.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' } });
    expect((await c.run('expose configmap settings --port=80')).stderr).toBe('error: cannot expose a ConfigMap\n');
    expect((await c.run('expose pod solo --port=80 --selector=run=solo')).stdout).toBe('service/solo exposed\n');
  });
});
