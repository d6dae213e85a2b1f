/** kubectl inputs that used to hang or crash, answered as kubectl (or, for replicas, the simulation) does. */
import { describe, it, expect } from 'vitest';
import { TestCluster, pod, node, deployment } from './harness.js';
import { MAX_REPLICAS } from '../../../src/cluster/apiserver/validation.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-1', { labels: { app: 'web' }, node: 'node-1' }));
  c.add(deployment('web'));
  return c;
}

describe('kubectl: budgets and crashers', () => {
  it('refuses more replicas than the simulation can run, as a validation error that names kubedrill', async () => {
    const c = seeded();
    const started = performance.now();
    expect(await c.run('scale deploy web --replicas=1000000')).toEqual({
      stdout: '',
      stderr: `The Deployment "web" is invalid: spec.replicas: Invalid value: 1000000: kubedrill: this simulated cluster allows at most ${MAX_REPLICAS} replicas\n`,
      exitCode: 1,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await c.run(`scale deploy web --replicas=${MAX_REPLICAS}`)).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
    expect(await c.run(`patch deploy web -p '{"spec":{"replicas":1000000}}'`)).toMatchObject({ stderr: expect.stringContaining('kubedrill: this simulated cluster allows at most'), exitCode: 1 });
    expect(await c.run('create deployment big --image=nginx --replicas=1000000')).toEqual({
      stdout: '',
      stderr: `The Deployment "big" is invalid: spec.replicas: Invalid value: 1000000: kubedrill: this simulated cluster allows at most ${MAX_REPLICAS} replicas\n`,
      exitCode: 1,
    });
  });

  it('refuses a new workload with more replicas than the simulation can run (apply -f, create -f)', async () => {
    const c = seeded();
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: huge, namespace: default}',
      'spec:',
      '  replicas: 1000000',
      '  selector: {matchLabels: {app: huge}}',
      '  template:',
      '    metadata: {labels: {app: huge}}',
      '    spec: {containers: [{name: c, image: nginx}]}',
      '',
    ].join('\n');
    for (const verb of ['apply', 'create']) {
      const r = await c.run(`${verb} -f -`, manifest);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(`spec.replicas: Invalid value: 1000000: kubedrill: this simulated cluster allows at most ${MAX_REPLICAS} replicas`);
    }
    expect((await c.run('get deploy huge')).stderr).toBe('Error from server (NotFound): deployments.apps "huge" not found\n');
  });

  it('unquotes jsonpath string literals as client-go UnquoteExtend (Go strconv.UnquoteChar) does', async () => {
    const c = seeded();
    // parser.go parseQuote + UnquoteExtend: \x1b is the ESC character, \101 octal, \u00e9 a rune.
    expect((await c.run(`get pod web-1 -o jsonpath='{"\\x1b"}'`)).stdout).toBe('\x1b');
    expect((await c.run(`get pod web-1 -o jsonpath='{"\\101\\u00e9\\t"}'`)).stdout).toBe('Aé\t');
    // parseInsideAction: a '...' literal is text too.
    expect((await c.run(`get pod web-1 -o jsonpath="{'a\\tb'}"`)).stdout).toBe('a\tb');
    expect(await c.run(`get pod web-1 -o jsonpath='{"\\q"}'`)).toEqual({
      stdout: '',
      stderr: 'error: error parsing jsonpath {"\\q"}, unquote string "\\q" error invalid syntax\n',
      exitCode: 1,
    });
  });

  it('an unterminated [ in a path is "unterminated array" (client-go parser.go parseArray)', async () => {
    const c = seeded();
    expect(await c.run("get pods -o 'custom-columns=A:.y['")).toEqual({ stdout: '', stderr: 'error: unterminated array\n', exitCode: 1 });
    expect(await c.run("get pods -o 'jsonpath={.y[}'")).toEqual({ stdout: '', stderr: 'error: error parsing jsonpath {.y[}, unterminated array\n', exitCode: 1 });
  });
});
