/**
 * A small simulated cluster (cp-1 + node-1, 45 days old, an nginx Deployment)
 * with the learner's shell on top, as ScenarioRun builds it, for host tools.
 */
import { createCluster, type Cluster, type WorldNode } from '../../../src/cluster/cluster.js';
import type { ClusterView, CommandContext } from '../../../src/commands/types.js';
import { createShellSession, type ShellSession } from '../../../src/shell/session.js';
import { hostFiles } from '../../../src/shell/host-files.js';

/** 2026-11-30T09:12:04Z: "now" at the end of warm-up. */
export const NOW = Date.parse('2026-11-30T09:12:04Z');

const worldNode = (name: string, role: WorldNode['role']): WorldNode => ({ name, role, cpu: '4', memory: '8Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false });

/** A cluster and a shell over it. */
export interface HostHarness {
  cluster: Cluster;
  shell: ShellSession;
  /** Runs a line and returns what the terminal shows, with the exit code. */
  run(line: string): Promise<{ stdout: string; stderr: string; output: string; exitCode: number }>;
}

/** Builds the cluster (seed 7) and a shell already on `host` (default node-1), with `openEditor` if given (vi, kubectl edit). */
export async function hostHarness(host = 'node-1', openEditor?: CommandContext['openEditor']): Promise<HostHarness> {
  const cluster = createCluster(
    { version: 'v1.32.4', now: NOW, createdAgoMs: 45 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1', 'worker')], images: {} },
    {
      seed: 7,
      timeline: [
        {
          at: NOW - 3 * 3_600_000,
          run: (c) => {
            c.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } });
          },
        },
      ],
    },
  );
  const view: ClusterView = {
    now: () => cluster.now(),
    adminClient: () => cluster.adminClient(),
    nodeNames: () => cluster.nodeNames(),
    advance: (ms) => cluster.advance(ms),
    node: (name) => cluster.nodes.get(name),
    net: () => cluster.network,
  };
  const shell = createShellSession({ cluster: view, files: hostFiles(cluster), openEditor });
  if (host !== 'workstation') await shell.exec(`ssh ${host}`);
  return {
    cluster,
    shell,
    async run(line) {
      const r = await shell.exec(line);
      cluster.queue.drain();
      return { stdout: r.stdout, stderr: r.stderr, output: r.output, exitCode: r.exitCode };
    },
  };
}
