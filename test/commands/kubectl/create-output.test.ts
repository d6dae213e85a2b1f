/**
 * `kubectl create configmap|secret ... -o name|jsonpath|go-template` through
 * create's PrintFlags. Expected outputs are what real kubectl v1.32.4 printed
 * for the same `--dry-run=client` lines (no server needed to check them).
 */
import { describe, expect, it } from 'vitest';
import { TestCluster } from './harness.js';

const ALLOWED = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

describe('kubectl create -o (PrintFlags)', () => {
  const cases: [string, string, string, number][] = [
    ['create configmap x --from-literal=a=b --dry-run=client -o name', 'configmap/x\n', '', 0],
    ['create configmap x --from-literal=a=b --dry-run=client -o go-template={{.metadata.name}}:{{.data.a}}', 'x:b', '', 0],
    ['create configmap x --from-literal=a=b --dry-run=client -o jsonpath={.kind}', 'ConfigMap', '', 0],
    ['create secret generic s --from-literal=a=b --dry-run=client -o go-template={{.type}}', '<no value>', '', 0],
    ['create configmap x --from-literal=a=b --dry-run=client -o go-template={{.nope.x}}', '<no value>', '', 0],
    ['create configmap x --from-literal=a=b --dry-run=client -o wide', '', `error: unable to match a printer suitable for the output format "wide", allowed formats are: ${ALLOWED}\n`, 1],
  ];
  for (const [line, stdout, stderr, exitCode] of cases) {
    it(line, async () => {
      expect(await new TestCluster().run(line)).toEqual({ stdout, stderr, exitCode });
    });
  }

  it('prints the created object (not `created`) when -o is given, and refuses a bad -o before creating anything', async () => {
    const k = new TestCluster();
    expect((await k.run('create configmap y --from-literal=a=b -o name')).stdout).toBe('configmap/y\n');
    expect((await k.run('create configmap z --from-literal=a=b -o jsonpath={.metadata.namespace}')).stdout).toBe('default');
    expect((await k.run('create configmap w --from-literal=a=b -o custom-columns=N:.metadata.name')).exitCode).toBe(1);
    expect((await k.run('get configmap w')).exitCode).toBe(1);
  });
});
