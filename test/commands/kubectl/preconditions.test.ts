import { describe, it, expect, beforeEach } from 'vitest';
import { TestCluster } from './harness.js';

// kubectl's preconditions: scale checks --current-replicas and --resource-version against the object it read
// (scale.ScalePrecondition, "Expected X to be Y, was Z"); label and annotate send --resource-version with the
// change, so the API server refuses it when the object has moved on (409 Conflict).
const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
};

describe('kubectl preconditions', () => {
  let c: TestCluster;
  let rv: string;
  beforeEach(() => {
    c = new TestCluster();
    rv = c.add(DEPLOYMENT).metadata.resourceVersion!;
  });
  const replicas = () => {
    const d = c.sys.get('deployments', 'default', 'web');
    return d.ok ? (d.value.spec as { replicas: number }).replicas : undefined;
  };

  it('scale --current-replicas scales only from that size', async () => {
    expect(await c.run('scale deployment web --replicas=3 --current-replicas=1')).toEqual({ stdout: '', stderr: 'error: Expected replicas to be 1, was 2\n', exitCode: 1 });
    expect(replicas()).toBe(2);
    expect((await c.run('scale deployment web --replicas=3 --current-replicas=2')).stdout).toBe('deployment.apps/web scaled\n');
    expect(replicas()).toBe(3);
  });

  it('scale --resource-version scales only the object at that version', async () => {
    expect(await c.run('scale deployment web --replicas=3 --resource-version=1')).toEqual({ stdout: '', stderr: `error: Expected resource version to be 1, was ${rv}\n`, exitCode: 1 });
    expect(replicas()).toBe(2);
    expect((await c.run(`scale deployment web --replicas=3 --resource-version=${rv}`)).stdout).toBe('deployment.apps/web scaled\n');
    expect(replicas()).toBe(3);
  });

  it('label and annotate --resource-version are refused with a Conflict once the object has changed', async () => {
    expect(await c.run('label deployment web tier=front --resource-version=1')).toEqual({
      stdout: '',
      stderr: 'Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again\n',
      exitCode: 1,
    });
    expect((await c.run('annotate deployment web owner=team-a --resource-version=1')).stderr).toContain('Error from server (Conflict)');
    expect((await c.run(`label deployment web tier=front --resource-version=${rv}`)).stdout).toBe('deployment.apps/web labeled\n');
  });
});
