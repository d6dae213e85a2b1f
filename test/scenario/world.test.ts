import { describe, it, expect } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { scenarioWorld } from '../../src/scenario/world.js';
import { createCluster } from '../../src/cluster/cluster.js';
import type { Scenario } from '../../src/scenario/schema.js';

type Obj = Record<string, any>;

function fixture(): Scenario {
  const r = loadScenarioFile('test/fixtures/scenarios/pending-insufficient-cpu.yaml');
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

describe('scenarioWorld', () => {
  const scenario = fixture();
  const { world, timeline } = scenarioWorld(scenario);
  const now = Date.parse(scenario.cluster.now);

  it('resolves the cluster: now, age, nodes, image behaviours in milliseconds', () => {
    expect(world.now).toBe(now);
    expect(world.createdAgoMs).toBe(45 * 86_400_000);
    expect(world.version).toBe(scenario.cluster.version);
    expect(world.nodes.map((n) => [n.name, n.role])).toEqual([['cp-1', 'control-plane'], ['node-1', 'worker'], ['node-2', 'worker']]);
    expect(world.nodes[1]).toMatchObject({ cpu: '2', memory: '4Gi' });
    expect(world.nodes[2]).toMatchObject({ labels: { disk: 'ssd' }, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] });
    expect(world.images['shop/batch:2.0']).toMatchObject({ logs: ['batch starting'], exits: { code: 0, afterMs: 90_000 } });
  });

  it('puts manifests at now - workloadsAgo and each fault at now - since', () => {
    expect(timeline.map((t) => now - t.at).sort((a, b) => a - b)).toEqual([20 * 60_000, 6 * 3_600_000]);
  });

  it('builds a cluster whose history matches: the pod is 20m old, node-2\'s kubelet has been down 6h', () => {
    const cluster = createCluster(world, { seed: 1, timeline });
    const client = cluster.systemClient();
    const pod = (client.get('pods', 'default', 'batch') as { ok: true; value: Obj }).value;
    expect(Date.parse(pod.metadata.creationTimestamp)).toBe(now - 20 * 60_000);
    expect(pod.status.phase).toBe('Pending');
    const node2 = (client.get('nodes', undefined, 'node-2') as { ok: true; value: Obj }).value;
    const ready = node2.status.conditions.find((c: Obj) => c.type === 'Ready');
    expect(ready.status).toBe('Unknown');
    const since = now - Date.parse(ready.lastTransitionTime);
    expect(since).toBeGreaterThan(6 * 3_600_000 - 120_000);
    expect(since).toBeLessThanOrEqual(6 * 3_600_000);
    expect(cluster.nodes.get('node-2')!.kubelet.running()).toBe(false);
  });

  it('a manifest the API server rejects fails loudly, naming the object', () => {
    const bad = structuredClone(scenario);
    (bad.cluster.manifests as Obj[]).push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'Bad_Name', namespace: 'default' }, spec: { containers: [{ name: 'a', image: 'nginx' }] } });
    const { world: w, timeline: t } = scenarioWorld(bad);
    expect(() => createCluster(w, { seed: 1, timeline: t })).toThrow(/^Pod "Bad_Name": Pod "Bad_Name" is invalid: metadata\.name: Invalid value/);
  });
});
