/**
 * kubectl --dry-run (cmdutil.GetDryRunStrategy; PrintFlags.Complete's
 * "%s (dry run)" and "%s (server dry run)"): client sends no write, server
 * sends it with dryRun=All, so the API server validates and admits it and
 * stores nothing. Until this was honoured, every verb but run and
 * create configmap/secret really made the change.
 */
import { describe, expect, it } from 'vitest';
import { TestCluster, deployment, node, pod } from './harness.js';

const cluster = (): TestCluster => {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-1'));
  c.add(deployment('web', 2));
  return c;
};

describe('kubectl --dry-run', () => {
  it('client: create deployment prints the object it would send and creates nothing', async () => {
    const c = cluster();
    const r = await c.run('create deployment api --image=nginx --dry-run=client -o yaml');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\nmetadata:\n {2}creationTimestamp: null\n {2}labels:\n {4}app: api\n {2}name: api\n/);
    expect((await c.run('get deployment api')).stderr).toBe('Error from server (NotFound): deployments.apps "api" not found\n');
    expect((await c.run('create namespace tools --dry-run=client')).stdout).toBe('namespace/tools created (dry run)\n');
    expect((await c.run('get namespace tools')).exitCode).toBe(1);
  });

  it("client: prints kubectl 1.32's famous manifests, every zero creationTimestamp as null", async () => {
    const c = cluster();
    expect((await c.run('run nginx --image=nginx --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    run: nginx\n  name: nginx\nspec:\n  containers:\n  - image: nginx\n    name: nginx\n    resources: {}\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n',
    );
    expect((await c.run('create deployment nginx --image=nginx --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: nginx\n  name: nginx\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: nginx\n  strategy: {}\n  template:\n    metadata:\n      creationTimestamp: null\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - image: nginx\n        name: nginx\n        resources: {}\nstatus: {}\n',
    );
  });

  it('client: -o json is the typed object Go marshals, keys in struct order', async () => {
    const c = cluster();
    const out = (await c.run('create deployment nginx --image=nginx --dry-run=client -o json')).stdout;
    expect(out.startsWith('{\n    "kind": "Deployment",\n    "apiVersion": "apps/v1",\n    "metadata": {\n        "name": "nginx",\n        "creationTimestamp": null,\n        "labels": {')).toBe(true);
    // DeploymentSpec: replicas, selector, template, strategy.
    expect(Object.keys(JSON.parse(out).spec)).toEqual(['replicas', 'selector', 'template', 'strategy']);
    // PodSpec: containers, restartPolicy, dnsPolicy.
    expect(Object.keys(JSON.parse((await c.run('run nginx --image=nginx --dry-run=client -o json')).stdout).spec)).toEqual(['containers', 'restartPolicy', 'dnsPolicy']);
  });

  it('server: the API server validates and admits, and stores nothing', async () => {
    const c = cluster();
    expect(await c.run('create deployment api --image=nginx --dry-run=server')).toEqual({ stdout: 'deployment.apps/api created (server dry run)\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deployment api')).exitCode).toBe(1);
    // A name the server refuses is refused under a server dry run; a client dry run never asks.
    expect((await c.run('create deployment Bad_Name --image=nginx --dry-run=server')).stderr).toMatch(/^The Deployment "Bad_Name" is invalid: /);
    expect((await c.run('create deployment Bad_Name --image=nginx --dry-run=client')).stdout).toBe('deployment.apps/Bad_Name created (dry run)\n');
  });

  it('changes nothing for label, cordon, scale, patch and delete, and says so on each line', async () => {
    const c = cluster();
    for (const mode of ['client', 'server']) {
      const suffix = mode === 'client' ? ' (dry run)' : ' (server dry run)';
      expect((await c.run(`label node node-1 tier=front --dry-run=${mode}`)).stdout).toBe(`node/node-1 labeled${suffix}\n`);
      expect((await c.run(`cordon node-1 --dry-run=${mode}`)).stdout).toBe(`node/node-1 cordoned${suffix}\n`);
      expect((await c.run(`scale deployment web --replicas=5 --dry-run=${mode}`)).stdout).toBe(`deployment.apps/web scaled${suffix}\n`);
      expect((await c.run(`patch deployment web -p '{"spec":{"replicas":7}}' --dry-run=${mode}`)).stdout).toBe(`deployment.apps/web patched${suffix}\n`);
      expect((await c.run(`patch deployment web -p '{"spec":{"replicas":2}}' --dry-run=${mode}`)).stdout).toBe(`deployment.apps/web patched (no change)${suffix}\n`);
      expect((await c.run(`delete pod web-1 --dry-run=${mode}`)).stdout).toBe(`pod "web-1" deleted${suffix}\n`);
    }
    expect((await c.run('get node node-1 -o jsonpath={.metadata.labels.tier}/{.spec.unschedulable}')).stdout).toBe('/');
    expect((await c.run('get deployment web -o jsonpath={.spec.replicas}')).stdout).toBe('2');
    expect((await c.run('get pod web-1 -o name')).stdout).toBe('pod/web-1\n');
  });

  it('takes the deprecated forms and refuses other values as GetDryRunStrategy does', async () => {
    const c = cluster();
    expect((await c.run('create namespace tools --dry-run')).stdout).toBe('namespace/tools created (dry run)\n');
    expect((await c.run('create namespace tools --dry-run=true')).stdout).toBe('namespace/tools created (dry run)\n');
    expect((await c.run('get namespace tools')).exitCode).toBe(1);
    expect(await c.run('create namespace tools --dry-run=maybe')).toEqual({ stdout: '', stderr: 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n', exitCode: 1 });
    expect((await c.run('create namespace tools --dry-run=none')).stdout).toBe('namespace/tools created\n');
  });

  it('applies with the three-way patch it would send', async () => {
    const c = cluster();
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n';
    expect((await c.run('apply -f - --dry-run=client', manifest)).stdout).toBe('configmap/settings created (dry run)\n');
    expect((await c.run('get configmap settings')).exitCode).toBe(1);
    await c.run('apply -f -', manifest);
    expect((await c.run('apply -f - --dry-run=server', manifest.replace('fast', 'slow'))).stdout).toBe('configmap/settings configured (server dry run)\n');
    expect((await c.run('get configmap settings -o jsonpath={.data.mode}')).stdout).toBe('fast');
  });
});

// Flags kubectl takes whose work is not simulated are refused, not parsed and ignored.
describe('kubectl flags whose work is not simulated', () => {
  it('refuses --server-side, --prune and --local instead of doing something else', async () => {
    const c = cluster();
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';
    expect(await c.run('apply -f - --server-side', manifest)).toEqual({ stdout: '', stderr: 'error: --server-side is not simulated by kubedrill\n', exitCode: 1 });
    expect((await c.run('apply -f - --prune', manifest)).stderr).toBe('error: --prune is not simulated by kubedrill\n');
    expect((await c.run('label pod web-1 tier=front --local')).stderr).toBe('error: --local is not simulated by kubedrill\n');
    expect((await c.run('get pod web-1 -o jsonpath={.metadata.labels.tier}')).stdout).toBe('');
    expect((await c.run('apply -f - --server-side=false', manifest)).stdout).toBe('configmap/settings created\n');
  });
});

// delete_flags.go GetCascadingStrategy: only background deletion (the default) is simulated.
describe('kubectl delete --cascade', () => {
  it('deletes in the background by default and refuses orphan and foreground as not simulated', async () => {
    const c = cluster();
    expect((await c.run('delete deployment web --cascade=orphan')).stderr).toBe('error: --cascade=orphan is not simulated by kubedrill: dependents are deleted in the background\n');
    expect((await c.run('delete deployment web --cascade=sideways')).stderr).toBe('error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan".\n');
    expect((await c.run('get deployment web -o name')).stdout).toBe('deployment.apps/web\n');
    expect((await c.run('delete deployment web --cascade')).stdout).toBe('deployment.apps "web" deleted\n');
  });
});

// run.go: --privileged and --overrides (cmdutil.Overrider, --override-type merge by default) shape the generated pod.
describe('kubectl run --privileged and --overrides', () => {
  it('sets the container privileged and merges the overrides into the pod', async () => {
    const c = cluster();
    const out = (await c.run(`run tools --image=busybox --privileged --overrides='{"spec":{"nodeName":"node-1"}}' --dry-run=client -o json`)).stdout;
    const pod = JSON.parse(out);
    expect(pod.spec.nodeName).toBe('node-1');
    expect(pod.spec.containers[0].securityContext).toEqual({ privileged: true });
    expect((await c.run(`run tools --image=busybox --overrides='{"spec":' --dry-run=client`)).exitCode).toBe(1);
    expect((await c.run(`run tools --image=busybox --overrides='{}' --override-type=sideways`)).stderr).toBe('error: invalid override type: sideways\n');
  });
});

// PrintFlags with an operation: -o prints the objects the server answered instead of the result lines.
describe('-o on commands that change objects', () => {
  it('prints what the server answered for create, apply and a server dry run', async () => {
    const c = cluster();
    expect((await c.run('create namespace tools -o name')).stdout).toBe('namespace/tools\n');
    expect((await c.run('create deployment api --image=nginx -o jsonpath={.metadata.uid}')).stdout).toMatch(/^[0-9a-f-]{36}$/);
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n';
    const applied = (await c.run('apply -f - --dry-run=server -o yaml', manifest)).stdout;
    expect(applied).toMatch(/^apiVersion: v1\nkind: ConfigMap\nmetadata:\n {2}annotations:\n/);
    expect(applied.split('---\n')).toHaveLength(2);
    expect((await c.run('get configmap a')).exitCode).toBe(1);
    expect((await c.run('apply -f - -o name', manifest)).stdout).toBe('configmap/a\nconfigmap/b\n');
    expect((await c.run('apply -f - -o wide', manifest)).stderr).toMatch(/^error: unable to match a printer suitable for the output format "wide", allowed formats are: /);
  });
});
