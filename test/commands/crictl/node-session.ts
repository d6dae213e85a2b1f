/**
 * A small simulated cluster (cp-1 + node-1, 45 days old) and a shell session
 * over it whose files are the nodes' virtual filesystems: node-side command
 * tests (crictl, openssl, kubeadm) run real command lines through it.
 */
import { createCluster, type Cluster, type TimelineItem, type WorldNode } from '../../../src/cluster/cluster.js';
import type { ClusterView } from '../../../src/commands/types.js';
import { createShellSession, type ShellSession } from '../../../src/shell/session.js';
import { hostFiles } from '../../../src/shell/host-files.js';

/** 2026-11-30T04:00:00Z, the reference catalog's clock. */
export const T0 = Date.parse('2026-11-30T04:00:00Z');
export const DAY = 86_400_000;

const worldNode = (name: string, role: WorldNode['role']): WorldNode => ({ name, role, cpu: '4', memory: '8Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false });

/** A Deployment of `replicas` nginx pods created an hour before T0. */
export const webDeployment = (replicas = 2): TimelineItem => ({
  at: T0 - 3_600_000,
  run: (c) => {
    c.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } } } });
  },
});

/** Builds the cluster (`createdAgoMs` defaults to 45 days). */
export function testCluster(options: { timeline?: TimelineItem[]; createdAgoMs?: number; seed?: number } = {}): Cluster {
  return createCluster(
    { version: 'v1.32.4', now: T0, createdAgoMs: options.createdAgoMs ?? 45 * DAY, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1', 'worker')], images: {} },
    { seed: options.seed ?? 1, timeline: options.timeline ?? [] },
  );
}

/** The ClusterView commands see (as src/practice/run.ts builds it). */
export function viewOf(cluster: Cluster): ClusterView {
  return {
    now: () => cluster.now(),
    adminClient: () => cluster.adminClient(),
    nodeNames: () => cluster.nodeNames(),
    advance: (ms) => cluster.advance(ms),
    node: (name) => cluster.nodes.get(name),
    net: () => cluster.network,
    dialApiServer: (from) => cluster.dialApiServer(from),
    apiServerAddress: cluster.apiServerAddress,
  };
}

/** A shell over `cluster`, optionally already on `host` (after `ssh host`). */
export async function sessionOn(cluster: Cluster, host?: string): Promise<ShellSession> {
  const sh = createShellSession({ cluster: viewOf(cluster), files: hostFiles(cluster) });
  if (host) await sh.exec(`ssh ${host}`);
  return sh;
}
