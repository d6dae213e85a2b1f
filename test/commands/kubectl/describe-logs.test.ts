import { describe, it, expect } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { TestCluster, pod, running, node } from './harness.js';
import { describePod } from '../../../src/commands/kubectl/describers/pod.js';
import type { PodLogOptions } from '../../../src/cluster/apiserver/types.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-abc12', { node: 'node-1', labels: { app: 'web' }, status: running() }));
  c.add(pod('web-def34', { node: 'node-1', labels: { app: 'web' }, containers: ['app', 'sidecar'], status: running(['app', 'sidecar']) }));
  c.add({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-abc12.1', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'web-abc12', namespace: 'default', uid: 'wrong' },
    reason: 'Pulled',
    message: 'elsewhere',
    type: 'Normal',
  });
  return c;
}

const podOf = async (c: TestCluster, name: string) => JSON.parse((await c.run(`get pod ${name} -o json`)).stdout) as Pod;

describe('kubectl describe', () => {
  it('describes a pod with its own events only', async () => {
    const c = seeded();
    const p = await podOf(c, 'web-abc12');
    c.add({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web-abc12.2', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'web-abc12', namespace: 'default', uid: p.metadata!.uid },
      reason: 'Started',
      message: 'Started container app',
      type: 'Normal',
      source: { component: 'kubelet', host: 'node-1' },
      count: 1,
      firstTimestamp: '2026-11-30T04:00:00Z',
      lastTimestamp: '2026-11-30T04:00:00Z',
    });
    c.advance(60_000);
    const r = await c.run('describe pod web-abc12');
    const events = JSON.parse((await c.run('get events --field-selector reason=Started -o json')).stdout).items;
    expect(r).toEqual({ stdout: describePod(p, events, c.queue.now()), stderr: '', exitCode: 0 });
    expect(r.stdout).toContain('Normal  Started  60s   kubelet  Started container app\n');
  });

  it('matches name prefixes and separates descriptions', async () => {
    const c = seeded();
    const a = describePod(await podOf(c, 'web-abc12'), [], c.queue.now());
    const b = describePod(await podOf(c, 'web-def34'), [], c.queue.now());
    expect((await c.run('describe pod web')).stdout).toBe(`${a}\n${b}\n`);
    expect((await c.run('describe pods')).stdout).toBe(`${a}\n\n${b}`);
    expect((await c.run('describe po/web')).stderr).toBe('Error from server (NotFound): pods "web" not found\n');
    expect(await c.run('describe pods -n kube-public')).toEqual({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', exitCode: 0 });
  });

  it('describes a node with its pods and reports a missing lease', async () => {
    const c = seeded();
    const r = await c.run('describe node node-1');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Lease:              Failed to get lease: leases.coordination.k8s.io "node-1" not found\n');
    expect(r.stdout).toContain('Non-terminated Pods:          (2 in total)\n');
  });
});

describe('kubectl logs', () => {
  function withKubelet(c: TestCluster, calls: PodLogOptions[]): void {
    c.api.registerKubelet('node-1', '10.0.0.11', {
      serving: () => true,
      containerLogs: (p, container, options) => {
        calls.push(options);
        return { ok: true, value: `${p.metadata.name}/${container}\n` };
      },
    });
  }

  it('prints a pod log and passes the flags', async () => {
    const c = seeded();
    const calls: PodLogOptions[] = [];
    withKubelet(c, calls);
    expect(await c.run('logs web-abc12 --tail 5 -p --timestamps --since 2m')).toEqual({ stdout: 'web-abc12/app\n', stderr: '', exitCode: 0 });
    expect(calls[0]).toEqual({ container: 'app', previous: true, timestamps: true, tailLines: 5, sinceSeconds: 120 });
  });

  it('defaults the container like kubectl and honours -c', async () => {
    const c = seeded();
    withKubelet(c, []);
    expect(await c.run('logs web-def34')).toEqual({ stdout: 'web-def34/app\n', stderr: 'Defaulted container "app" out of: app, sidecar\n', exitCode: 0 });
    expect((await c.run('logs web-def34 -c sidecar')).stdout).toBe('web-def34/sidecar\n');
    expect((await c.run('logs web-def34 -c nope')).stderr).toBe('Error from server (BadRequest): container nope is not valid for pod web-def34\n');
  });

  it('reports missing pods, a down kubelet and usage', async () => {
    const c = seeded();
    expect((await c.run('logs nope')).stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect((await c.run('logs web-abc12')).stderr).toBe(
      'Error from server: Get "https://node-1:10250/containerLogs/default/web-abc12/app": dial tcp node-1:10250: connect: connection refused\n',
    );
    expect((await c.run('logs')).stderr).toBe(
      "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n",
    );
  });

  it('picks the first pod of a deployment', async () => {
    const c = seeded();
    withKubelet(c, []);
    c.add({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } });
    expect(await c.run('logs deploy/web')).toEqual({ stdout: 'web-abc12/app\n', stderr: 'Found 2 pods, using pod/web-abc12\n', exitCode: 0 });
  });
});
