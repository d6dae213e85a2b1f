import { describe, it, expect } from 'vitest';
import { TestCluster, pod, node } from './harness.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(node('node-2', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }));
  c.add(pod('web-1', { labels: { app: 'web' } }));
  return c;
}

const spec = async (c: TestCluster, name: string) => (await c.run(`get node ${name} -o jsonpath={.spec}`)).stdout;

describe('kubectl cordon / uncordon', () => {
  it('cordons and uncordons with kubectl lines', async () => {
    const c = seeded();
    expect(await c.run('cordon node-1')).toEqual({ stdout: 'node/node-1 cordoned\n', stderr: '', exitCode: 0 });
    expect(await spec(c, 'node-1')).toBe('{"unschedulable":true}');
    expect(await c.run('cordon node-1')).toEqual({ stdout: 'node/node-1 already cordoned\n', stderr: '', exitCode: 0 });
    expect(await c.run('uncordon node-1')).toEqual({ stdout: 'node/node-1 uncordoned\n', stderr: '', exitCode: 0 });
    expect(await c.run('uncordon node-1')).toEqual({ stdout: 'node/node-1 already uncordoned\n', stderr: '', exitCode: 0 });
  });

  it('reports unknown nodes', async () => {
    const c = seeded();
    expect(await c.run('cordon node-9')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): nodes "node-9" not found\n', exitCode: 1 });
  });
});

describe('kubectl taint', () => {
  it('adds, overwrites and removes taints', async () => {
    const c = seeded();
    expect(await c.run('taint nodes node-1 dedicated=db:NoSchedule')).toEqual({ stdout: 'node/node-1 tainted\n', stderr: '', exitCode: 0 });
    expect(await spec(c, 'node-1')).toBe('{"taints":[{"effect":"NoSchedule","key":"dedicated","value":"db"}]}');
    expect(await c.run('taint nodes node-1 dedicated=web:NoSchedule')).toEqual({
      stdout: '',
      stderr: 'error: node node-1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n',
      exitCode: 1,
    });
    expect((await c.run('taint node/node-1 dedicated=web:NoSchedule --overwrite')).stdout).toBe('node/node-1 modified\n');
    expect(await c.run('taint nodes node-1 dedicated:NoSchedule-')).toEqual({ stdout: 'node/node-1 untainted\n', stderr: '', exitCode: 0 });
    expect(await spec(c, 'node-1')).toBe('{}');
  });

  it('removes by key alone and reports missing taints', async () => {
    const c = seeded();
    expect((await c.run('taint no node-2 node.kubernetes.io/unschedulable-')).stdout).toBe('node/node-2 untainted\n');
    expect(await c.run('taint nodes node-1 foo:NoSchedule-')).toEqual({ stdout: '', stderr: 'error: taint "foo:NoSchedule" not found\n', exitCode: 1 });
  });

  it('rejects bad specs and missing updates', async () => {
    const c = seeded();
    expect((await c.run('taint nodes node-1 a=b:Sometimes')).stderr).toBe('error: invalid taint effect: Sometimes, unsupported taint effect\n');
    expect((await c.run('taint nodes node-1')).stderr).toBe("error: at least one taint update is required\nSee 'kubectl taint -h' for help and examples\n");
    expect((await c.run('taint pods web-1 a=b:NoSchedule')).stderr).toBe('error: invalid resource type pods, only node types are supported\n');
  });
});

describe('kubectl label / annotate', () => {
  it('labels, refuses to overwrite, overwrites and removes', async () => {
    const c = seeded();
    expect(await c.run('label pod web-1 tier=front')).toEqual({ stdout: 'pod/web-1 labeled\n', stderr: '', exitCode: 0 });
    expect(await c.run('label pods web-1 app=api')).toEqual({ stdout: '', stderr: "error: 'app' already has a value (web), and --overwrite is false\n", exitCode: 1 });
    expect((await c.run('label po/web-1 app=api --overwrite')).stdout).toBe('pod/web-1 labeled\n');
    expect((await c.run('label pod web-1 tier-')).stdout).toBe('pod/web-1 unlabeled\n');
    expect((await c.run('get pod web-1 -o jsonpath={.metadata.labels}')).stdout).toBe('{"app":"api"}');
  });

  it('annotates with --overwrite rules', async () => {
    const c = seeded();
    expect((await c.run('annotate pod web-1 owner=team-a')).stdout).toBe('pod/web-1 annotated\n');
    expect((await c.run('annotate pod web-1 owner=team-b')).stderr).toBe("error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (team-a)\n");
    expect((await c.run('annotate pod web-1 owner-')).stdout).toBe('pod/web-1 annotated\n');
  });

  it('needs an update and a name', async () => {
    const c = seeded();
    expect((await c.run('label pod web-1')).stderr).toBe("error: at least one label update is required\nSee 'kubectl label -h' for help and examples\n");
    expect((await c.run('label pods a=b')).stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect((await c.run('label pods -l app=web team=x')).stdout).toBe('pod/web-1 labeled\n');
  });
});
