/**
 * The folded steady state (docs/performance.md, "Warm-up design") against the
 * reference that replays it event by event (`fold: false`): the same objects,
 * resourceVersions and node conditions at every sampled time, and the node
 * lifecycle controller still sees a node go silent.
 */
import { describe, it, expect } from 'vitest';
import { createCluster, type Cluster } from '../../src/cluster/cluster.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { warmCluster } from '../../src/practice/run.js';
import { NOW, worldNode } from './kubelet/harness.js';
import { dumpStore } from '../helpers/store-dump.js';

type Obj = Record<string, any>;

function threeNodes(fold: boolean): Cluster {
  return createCluster({ version: 'v1.32.4', now: NOW, createdAgoMs: 30 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: {} }, { seed: 7, fold });
}


const readyOf = (cluster: Cluster, node: string): Obj => {
  const n = cluster.store.get('nodes', undefined, node)!;
  return ((n.status as Obj).conditions as Obj[]).find((c) => c.type === 'Ready')!;
};

/** Runs both clusters forward together, `stepMs` at a time, expecting the same store at every step. */
function stepTogether(folded: Cluster, replayed: Cluster, steps: number, stepMs: number): void {
  for (let i = 0; i < steps; i++) {
    folded.queue.runUntil(folded.queue.now() + stepMs);
    replayed.queue.runUntil(replayed.queue.now() + stepMs);
    expect(dumpStore(folded)).toBe(dumpStore(replayed));
  }
}

describe('the folded steady state', () => {
  it('stores exactly what the replayed one does: objects, resourceVersions, revision, node conditions', () => {
    const folded = threeNodes(true);
    const replayed = threeNodes(false);
    // Folding left work out: fewer events ran for the same history.
    expect(folded.queue.eventsRun()).toBeLessThan(replayed.queue.eventsRun());
    expect(dumpStore(folded)).toBe(dumpStore(replayed));
    // Steps of 1.3 s land on every phase of the 2 s, 5 s and 10 s periods.
    stepTogether(folded, replayed, 20, 1_300);
    // A kubelet that stops: its lease ages, and the node lifecycle controller acts on the same pass in both.
    for (const c of [folded, replayed]) c.nodes.get('node-2')!.host.unit('kubelet')!.stop();
    stepTogether(folded, replayed, 30, 2_500);
    expect(readyOf(folded, 'node-2').status).toBe('Unknown');
  });

  it('warms a shipped scenario whose node stops renewing to the same store', () => {
    const loaded = loadValidScenarioFile('scenarios/nodes/node-unreachable-partition.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const folded = warmCluster(loaded.scenario, undefined, true);
    const replayed = warmCluster(loaded.scenario, undefined, false);
    expect(dumpStore(folded)).toBe(dumpStore(replayed));
    stepTogether(folded, replayed, 8, 3_700);
  });

  it('marks a node whose kubelet stopped Unknown once the grace period has passed since its last renewal, and not a renewing one', () => {
    const c = threeNodes(true);
    const renewedAt = (node: string) => Date.parse((c.store.get('leases', 'kube-node-lease', node)!.spec as Obj).renewTime);
    // Three minutes of renewals: node-2 stays Ready, its lease renewed every 10 s.
    const renewals = new Set<number>();
    for (let i = 0; i < 180; i++) {
      c.queue.runUntil(c.queue.now() + 1_000);
      expect(readyOf(c, 'node-2').status).toBe('True');
      renewals.add(renewedAt('node-2'));
      expect(c.queue.now() - renewedAt('node-2')).toBeLessThanOrEqual(10_000);
    }
    expect(renewals.size).toBeGreaterThanOrEqual(17);
    c.nodes.get('node-2')!.host.unit('kubelet')!.stop();
    const last = renewedAt('node-2');
    // --node-monitor-grace-period 50s, counted from the monitor pass (every 5 s) that saw the last renewal:
    // the first pass after that pass + 50 s acts, at most 5 + 50 + 5 s after the renewal.
    let unknownAt: number | undefined;
    for (let i = 0; i < 90 && unknownAt === undefined; i++) {
      c.queue.runUntil(c.queue.now() + 1_000);
      if (readyOf(c, 'node-2').status === 'Unknown') unknownAt = c.queue.now();
      else expect(c.queue.now() - last).toBeLessThan(60_000 + 1_000);
    }
    expect(unknownAt).toBeDefined();
    expect(unknownAt! - last).toBeGreaterThan(50_000);
    expect(readyOf(c, 'node-1').status).toBe('True');
    expect(renewedAt('node-2')).toBe(last);
  });
});
