import { describe, it, expect } from 'vitest';
import { createCluster, type WorldNode } from '../../../src/cluster/cluster.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import type { CommandContext } from '../../../src/commands/types.js';
import { T0, words } from './harness.js';

const worldNode = (name: string, role: WorldNode['role']): WorldNode => ({ name, role, cpu: '4', memory: '8Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false });

describe('kubectl against the simulated cluster', () => {
  it('reads what the components produced and changes it through the API', async () => {
    const cluster = createCluster(
      { version: 'v1.32.4', now: T0, createdAgoMs: 45 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1', 'worker')], images: {} },
      {
        seed: 1,
        timeline: [
          {
            at: T0 - 3_600_000,
            run: (c) => {
              c.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } } } });
            },
          },
        ],
      },
    );
    const ctx: CommandContext = { cluster, host: 'workstation', stdin: '', env: {} };
    const k = (line: string) => runKubectl(words(line), ctx);
    expect((await k('get nodes')).stdout).toBe('NAME     STATUS   ROLES           AGE   VERSION\ncp-1     Ready    control-plane   45d   v1.32.4\nnode-1   Ready    <none>          44d   v1.32.4\n');
    expect((await k('rollout status deploy/web')).stdout).toBe('deployment "web" successfully rolled out\n');
    expect((await k('get deploy web --no-headers')).stdout).toBe('web   2/2   2     2     60m\n');
    expect((await k('scale deploy web --replicas=3')).stdout).toBe('deployment.apps/web scaled\n');
    cluster.advance(60_000);
    expect((await k('get deploy web -o jsonpath={.status.readyReplicas}')).stdout).toBe('3');
  });
});
