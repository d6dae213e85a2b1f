import { describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { scenarioId, scenarioYaml } from '../../bench/generate.js';
import { validateScenarioText } from '../../src/scenario/validate.js';

type Doc = { cluster: { podSubnet?: string; nodes: { name: string; count?: number; role?: string }[]; manifests: { spec: { replicas: number } }[] } };
const parse = (text: string) => yaml.load(text) as Doc;

describe('generated benchmark scenarios', () => {
  it('declares the workers as one counted entry and exactly the asked workload pods', () => {
    const doc = parse(scenarioYaml({ nodes: 1000, pods: 30_000 }));
    expect(doc.cluster.nodes).toEqual([
      { name: 'cp-1', role: 'control-plane' },
      expect.objectContaining({ name: 'node', count: 999 }),
    ]);
    expect(doc.cluster.manifests.reduce((n, m) => n + m.spec.replicas, 0)).toBe(30_000);
  });

  it('declares a pod subnet only past the 256 nodes of the default /16 with a /24 each (kubeadm)', () => {
    expect(parse(scenarioYaml({ nodes: 256, pods: 0 })).cluster.podSubnet).toBeUndefined();
    expect(parse(scenarioYaml({ nodes: 257, pods: 0 })).cluster.podSubnet).toBe('10.240.0.0/12');
    expect(parse(scenarioYaml({ nodes: 10, pods: 0 }, { podSubnet: '10.8.0.0/14' })).cluster.podSubnet).toBe('10.8.0.0/14');
  });

  it('writes every node out in list form, with a last partial Deployment', () => {
    const doc = parse(scenarioYaml({ nodes: 4, pods: 120 }, { nodesAs: 'list' }));
    expect(doc.cluster.nodes.map((n) => n.name)).toEqual(['cp-1', 'node-1', 'node-2', 'node-3']);
    expect(doc.cluster.manifests.map((m) => m.spec.replicas)).toEqual([50, 50, 20]);
  });

  it('refuses more pods than the workers can hold', () => {
    expect(() => scenarioYaml({ nodes: 2, pods: 111 })).toThrow(/do not fit/);
    expect(() => scenarioYaml({ nodes: 1, pods: 1 })).toThrow(/worker/);
  });

  it('writes scenarios this build accepts in list form at sizes within its limits', () => {
    const small = { nodes: 10, pods: 200 };
    const tiny = { nodes: 1, pods: 0 };
    expect(validateScenarioText(scenarioYaml(small, { nodesAs: 'list' }), `${scenarioId(small)}.yaml`)).toEqual([]);
    expect(validateScenarioText(scenarioYaml(tiny, { nodesAs: 'list', createdAgo: '2m', workloadsAgo: '1m' }), `${scenarioId(tiny)}.yaml`)).toEqual([]);
  });
});
