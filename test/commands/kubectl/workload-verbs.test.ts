import { describe, it, expect } from 'vitest';
import { TestCluster, pod, node, deployment } from './harness.js';
import { FORCE_WARNING } from '../../../src/commands/kubectl/delete.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-1', { labels: { app: 'web' } }));
  c.add(pod('web-2', { labels: { app: 'web' }, node: 'node-1' }));
  c.add(deployment('web'));
  return c;
}

describe('kubectl delete', () => {
  it('deletes by name with kubectl lines', async () => {
    const c = seeded();
    expect(await c.run('delete pod web-1')).toEqual({ stdout: 'pod "web-1" deleted\n', stderr: '', exitCode: 0 });
    expect(await c.run('delete deploy/web')).toEqual({ stdout: 'deployment.apps "web" deleted\n', stderr: '', exitCode: 0 });
    expect(await c.run('delete pod web-1')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "web-1" not found\n', exitCode: 1 });
  });

  it('force-deletes with the warning', async () => {
    const c = seeded();
    expect(await c.run('delete pod web-2 --grace-period=0 --force')).toEqual({ stdout: 'pod "web-2" force deleted\n', stderr: FORCE_WARNING, exitCode: 0 });
    expect((await c.run('get pods -o name')).stdout).toBe('pod/web-1\n');
  });

  it('deletes by selector and --all; says when nothing matched', async () => {
    const c = seeded();
    expect(await c.run('delete pods -l app=nothing')).toEqual({ stdout: '', stderr: 'No resources found\n', exitCode: 0 });
    expect((await c.run('delete pods --all --grace-period=0 --force')).stdout).toBe('pod "web-1" force deleted\npod "web-2" force deleted\n');
  });

  it('needs a name or selector', async () => {
    const c = seeded();
    expect((await c.run('delete pods')).stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect((await c.run('delete')).stderr).toBe(
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
    );
  });
});

describe('kubectl scale', () => {
  it('scales and reports the server validation', async () => {
    const c = seeded();
    expect(await c.run('scale deploy web --replicas=5')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o jsonpath={.spec.replicas}')).stdout).toBe('5');
    expect((await c.run('scale deployment/web --replicas=-1')).stderr).toBe('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n');
    expect((await c.run('scale deployment/web')).stderr).toBe('error: required flag(s) "replicas" not set\n');
    expect((await c.run('scale deploy web --replicas=x')).stderr).toBe(
      `error: invalid argument "x" for "--replicas" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee 'kubectl scale --help' for usage.\n`,
    );
    expect((await c.run('scale deploy nope --replicas=1')).stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });
});

describe('kubectl set', () => {
  it('sets images by container name', async () => {
    const c = seeded();
    expect(await c.run('set image deployment/web app=nginx:1.27')).toEqual({ stdout: 'deployment.apps/web image updated\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o jsonpath={.spec.template.spec.containers[0].image}')).stdout).toBe('nginx:1.27');
    expect((await c.run('set image deploy web nope=x')).stderr).toBe('error: unable to find container named "nope"\n');
    expect((await c.run('set image pod/web-1 *=busybox')).stdout).toBe('pod/web-1 image updated\n');
  });

  it('sets resource requests and limits', async () => {
    const c = seeded();
    expect((await c.run('set resources deploy web -c app --requests=cpu=100m,memory=64Mi --limits=memory=128Mi')).stdout).toBe('deployment.apps/web resource requirements updated\n');
    expect((await c.run('get deploy web -o jsonpath={.spec.template.spec.containers[0].resources}')).stdout).toBe('{"limits":{"memory":"128Mi"},"requests":{"cpu":"100m","memory":"64Mi"}}');
    expect((await c.run('set resources deploy web')).stderr).toBe('error: you must specify an update to requests or limits (in the form of --requests/--limits)\n');
  });

  it('sends each quantity in canonical form and refuses what is not one, as populateResourceListV1 does', async () => {
    const c = seeded();
    expect((await c.run('set resources deploy web --requests=cpu=0.5,memory=1.5Gi')).stdout).toBe('deployment.apps/web resource requirements updated\n');
    expect((await c.run('get deploy web -o jsonpath={.spec.template.spec.containers[0].resources.requests}')).stdout).toBe('{"cpu":"500m","memory":"1536Mi"}');
    expect(await c.run('set resources deploy web --limits=cpu=lots')).toEqual({ stdout: '', stderr: "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n", exitCode: 1 });
    expect((await c.run('set resources deploy web --limits=cpu=1=2')).stderr).toBe('error: Invalid argument syntax cpu=1=2, expected <resource>=<value>\n');
  });

  it('reports a template the API server refuses as the command wraps it', async () => {
    const c = seeded();
    // set_resources.go wraps the server's error with %v and no colon; checkErr prints it as it is.
    expect(await c.run('set resources deploy web --requests=cpu=900m --limits=cpu=100m')).toEqual({
      stdout: '',
      stderr: 'error: failed to patch resources update to pod template Deployment.apps "web" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "900m": must be less than or equal to cpu limit of 100m\n',
      exitCode: 1,
    });
    // set_image.go wraps it with a colon.
    expect((await c.run('set image deploy/web app=')).stderr).toBe('error: failed to patch image update to pod template: Deployment.apps "web" is invalid: spec.template.spec.containers[0].image: Required value\n');
  });
});

describe('kubectl patch', () => {
  it('patches with strategic, merge and json types', async () => {
    const c = seeded();
    expect(await c.run(`patch deploy web -p '{"spec":{"replicas":2}}'`)).toEqual({ stdout: 'deployment.apps/web patched\n', stderr: '', exitCode: 0 });
    expect((await c.run(`patch deploy web -p '{"spec":{"replicas":2}}'`)).stdout).toBe('deployment.apps/web patched (no change)\n');
    expect((await c.run(`patch deploy web --type merge -p 'spec: {replicas: 4}'`)).stdout).toBe('deployment.apps/web patched\n');
    expect((await c.run(`patch deploy web --type=json -p '[{"op":"replace","path":"/spec/replicas","value":1}]'`)).stdout).toBe('deployment.apps/web patched\n');
    expect((await c.run('get deploy web -o jsonpath={.spec.replicas}')).stdout).toBe('1');
  });

  it('prints Invalid as kubectl does', async () => {
    const c = seeded();
    expect(await c.run(`patch deploy web -p '{"spec":{"replicas":-1}}'`)).toEqual({
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n',
      exitCode: 1,
    });
  });

  it('rejects bad types and missing patches', async () => {
    const c = seeded();
    expect((await c.run(`patch deploy web --type foo -p '{}'`)).stderr).toBe('error: --type must be one of [json merge strategic], not "foo"\n');
    expect((await c.run('patch deploy web')).stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
  });
});
