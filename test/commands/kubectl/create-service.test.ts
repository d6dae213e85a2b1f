/** `kubectl create service clusterip|nodeport|loadbalancer|externalname` (kubectl v0.32 create_service.go). */
import { describe, expect, it } from 'vitest';
import { TestCluster } from './harness.js';

describe('kubectl create service', () => {
  it("prints kubectl 1.32's manifest: app=NAME labels and selector, ports named <port>-<targetPort>", async () => {
    const c = new TestCluster();
    expect((await c.run('create service clusterip my-svc --tcp=5678:8080 --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: my-svc\n  name: my-svc\nspec:\n  ports:\n  - name: 5678-8080\n    port: 5678\n    protocol: TCP\n    targetPort: 8080\n  selector:\n    app: my-svc\n  type: ClusterIP\nstatus:\n  loadBalancer: {}\n',
    );
  });

  it('creates a NodePort Service with the node port asked for, and refuses what Validate refuses', async () => {
    const c = new TestCluster();
    expect((await c.run('create svc nodeport web --tcp=80:8080 --node-port=30080')).stdout).toBe('service/web created\n');
    expect((await c.run('get service web -o jsonpath={.spec.type}/{.spec.ports[0].nodePort}/{.spec.ports[0].targetPort}')).stdout).toBe('NodePort/30080/8080');
    expect((await c.run('create service clusterip x')).stderr).toBe('error: at least one tcp port specifier must be provided\n');
    expect((await c.run('create service nodeport x --clusterip=None')).stderr).toBe('error: ClusterIP=None can only be used with ClusterIP service type\n');
    expect((await c.run('create service externalname ext')).stderr).toBe('error: external-name must be specified\n');
    expect((await c.run('create service externalname ext --external-name=db.example.com')).stdout).toBe('service/ext created\n');
  });
});
