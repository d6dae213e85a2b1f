import { describe, it, expect } from 'vitest';
import { TestCluster, pod, running, node, deployment } from './harness.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-1', { node: 'node-1', labels: { app: 'web' }, status: running() }));
  c.add(pod('web-2', { node: 'node-1', labels: { app: 'web' }, status: running(['app'], '10.244.1.6') }));
  c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data' } });
  c.add(pod('db-0', { ns: 'data', labels: { app: 'db' } }));
  c.advance(5 * 60_000);
  return c;
}

describe('kubectl get', () => {
  it('prints the pod table of the default namespace', async () => {
    const c = seeded();
    const r = await c.run('get pods');
    expect(r).toEqual({
      stdout: 'NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          5m\nweb-2   1/1     Running   0          5m\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('accepts short names, TYPE/NAME, flags anywhere and -n forms', async () => {
    const c = seeded();
    const expected = 'NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          5m\n';
    for (const line of ['get po web-1', 'get pod/web-1', 'get po/web-1 -n default', '-n default get pods web-1', 'get --namespace=default pods web-1', 'get pods web-1 -ndefault']) {
      expect((await c.run(line)).stdout, line).toBe(expected);
    }
  });

  it('says No resources found on stderr with exit 0', async () => {
    const c = seeded();
    expect(await c.run('get pods -n kube-public')).toEqual({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', exitCode: 0 });
    expect(await c.run('get pods -A -l app=nothing')).toEqual({ stdout: '', stderr: 'No resources found\n', exitCode: 0 });
  });

  it('reports NotFound per name, group-qualified, and keeps the found ones', async () => {
    const c = seeded();
    expect(await c.run('get pods x y')).toEqual({
      stdout: '',
      stderr: 'Error from server (NotFound): pods "x" not found\nError from server (NotFound): pods "y" not found\n',
      exitCode: 1,
    });
    expect((await c.run('get deploy x')).stderr).toBe('Error from server (NotFound): deployments.apps "x" not found\n');
    const mixed = await c.run('get pods web-1 x');
    expect(mixed.stdout).toBe('NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          5m\n');
    expect(mixed.exitCode).toBe(1);
  });

  it('adds NAMESPACE with -A and filters with -l', async () => {
    const c = seeded();
    expect((await c.run('get pods -A -l app=db')).stdout).toBe('NAMESPACE   NAME   READY   STATUS    RESTARTS   AGE\ndata        db-0   0/1     Pending   0          5m\n');
  });

  it('prints -o name, jsonpath and custom-columns', async () => {
    const c = seeded();
    expect((await c.run('get pods -o name')).stdout).toBe('pod/web-1\npod/web-2\n');
    expect((await c.run("get pods -o jsonpath='{.items[*].status.podIP}'")).stdout).toBe('10.244.1.5 10.244.1.6');
    expect((await c.run('get pod web-1 -o jsonpath={.spec.nodeName}')).stdout).toBe('node-1');
    expect((await c.run(`get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}'`)).stdout).toBe('web-1\tRunning\nweb-2\tRunning\n');
    expect((await c.run('get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,X:.spec.missing')).stdout).toBe(
      'NAME    NODE     X\nweb-1   node-1   <none>\nweb-2   node-1   <none>\n',
    );
  });

  it('prints yaml of one object bare and of a list as List', async () => {
    const c = seeded();
    const one = await c.run('get ns kube-public -o yaml');
    expect(one.stdout.startsWith('apiVersion: v1\nkind: Namespace\nmetadata:\n')).toBe(true);
    const list = await c.run('get pods -n kube-public -o yaml');
    expect(list).toEqual({ stdout: 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n', stderr: '', exitCode: 0 });
  });

  it('prints one table per type with kind prefixes and a blank line between', async () => {
    const c = seeded();
    c.add(deployment('api', 1));
    const r = await c.run('get deploy,pods');
    expect(r.stdout).toBe(
      'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/api   0/1     0            0           0s\n\n' +
        'NAME        READY   STATUS    RESTARTS   AGE\npod/web-1   1/1     Running   0          5m\npod/web-2   1/1     Running   0          5m\n',
    );
    expect((await c.run('get pods,deploy --no-headers')).stdout).toBe('pod/web-1   1/1   Running   0     5m\npod/web-2   1/1   Running   0     5m\ndeployment.apps/api   0/1   0     0     0s\n');
  });

  it('sorts with --sort-by and shows labels', async () => {
    const c = seeded();
    expect((await c.run('get pods --sort-by=.status.podIP -o name')).stdout).toBe('pod/web-1\npod/web-2\n');
    expect((await c.run("get pods --sort-by='{.metadata.name}' --show-labels")).stdout).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE   LABELS\nweb-1   1/1     Running   0          5m    app=web\nweb-2   1/1     Running   0          5m    app=web\n',
    );
  });

  it('errors on unknown types, flags and output formats like kubectl', async () => {
    const c = seeded();
    expect(await c.run('get foo')).toEqual({ stdout: '', stderr: 'error: the server doesn\'t have a resource type "foo"\n', exitCode: 1 });
    expect(await c.run('get pods --foo')).toEqual({ stdout: '', stderr: "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n", exitCode: 1 });
    expect(await c.run('get pods -z')).toEqual({ stdout: '', stderr: "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.\n", exitCode: 1 });
    expect((await c.run('get pods -o foo')).stderr).toBe(
      'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
    expect((await c.run('get pod web-1 -A')).stderr).toBe('error: a resource cannot be retrieved by name across all namespaces\n');
  });

  it('lists cluster-scoped kinds without a namespace column even with -A', async () => {
    const c = seeded();
    const r = await c.run('get nodes -A');
    expect(r.stdout.split('\n')[0]).toBe('NAME     STATUS   ROLES    AGE   VERSION');
  });

  it('serves --raw paths', async () => {
    const c = seeded();
    expect(await c.run('get --raw /healthz')).toEqual({ stdout: 'ok', stderr: '', exitCode: 0 });
  });
});
