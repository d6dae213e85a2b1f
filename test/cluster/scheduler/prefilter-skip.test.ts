import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { nodeAffinityFilter } from '../../../src/cluster/scheduler/plugins/filter/node-affinity.js';
import { nodeNameFilter } from '../../../src/cluster/scheduler/plugins/filter/node-name.js';
import { nodePortsFilter } from '../../../src/cluster/scheduler/plugins/filter/node-ports.js';
import { nodeResourcesFitFilter } from '../../../src/cluster/scheduler/plugins/filter/node-resources-fit.js';
import { nodeUnschedulable } from '../../../src/cluster/scheduler/plugins/filter/node-unschedulable.js';
import { nodeAffinityScore } from '../../../src/cluster/scheduler/plugins/score/node-affinity.js';
import { taintTolerationScore } from '../../../src/cluster/scheduler/plugins/score/taint-toleration.js';
import { schedulePod } from '../../../src/cluster/scheduler/schedule-one.js';
import { Snapshot } from '../../../src/cluster/scheduler/snapshot.js';
import { fixedRandom, makeNode, makePod } from './fixtures.js';

// Upstream's PreFilter returns Skip for a plugin with nothing to check for the pod (NodePorts without host ports,
// NodeAffinity without nodeSelector or required affinity; pkg/scheduler/framework/runtime/framework.go then leaves
// it out of RunFilterPlugins), and PreScore Skip does the same for Score (NodeAffinity without preferred terms).

function cluster(n: number, cordoned = -1) {
  const nodes = Array.from({ length: n }, (_, i) => makeNode(`node-${i}`, { labels: { zone: i % 2 ? 'a' : 'b' }, unschedulable: i === cordoned }));
  return Snapshot.of(buildNodeInfos(nodes, []));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PreFilter Skip', () => {
  it('a pod with no host ports, node selector, required affinity or node name runs none of those filters', () => {
    const spies = [nodePortsFilter, nodeAffinityFilter, nodeNameFilter].map((p) => vi.spyOn(p, 'filter'));
    const fit = vi.spyOn(nodeResourcesFitFilter, 'filter');
    const result = schedulePod(makePod('web', { cpu: '100m' }), cluster(5), { random: fixedRandom(0) });
    expect(result.ok).toBe(true);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    // The filters that have something to check still run on every node.
    expect(fit).toHaveBeenCalledTimes(5);
  });

  it('a pod that asks for what a filter checks runs it, with the same outcome', () => {
    const ports = vi.spyOn(nodePortsFilter, 'filter');
    const affinity = vi.spyOn(nodeAffinityFilter, 'filter');
    const pod = makePod('web', {
      containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80, hostPort: 80 }] }],
      spec: { nodeSelector: { zone: 'a' } },
    });
    const result = schedulePod(pod, cluster(4), { random: fixedRandom(0) });
    expect(ports).toHaveBeenCalledTimes(2);
    expect(affinity).toHaveBeenCalledTimes(4);
    expect(result.ok && ['node-1', 'node-3'].includes(result.node)).toBe(true);
  });
});

describe('filters that pass every node of the snapshot', () => {
  it('NodeUnschedulable runs only while some node is cordoned, with the same outcome', () => {
    const spy = vi.spyOn(nodeUnschedulable, 'filter');
    expect(schedulePod(makePod('a', { cpu: '100m' }), cluster(3), { random: fixedRandom(0) }).ok).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    const result = schedulePod(makePod('b', { cpu: '100m' }), cluster(3, 1), { random: fixedRandom(0) });
    expect(spy).toHaveBeenCalledTimes(3);
    if (!result.ok) throw new Error('expected a node');
    expect(result.scores.map((s) => s.name)).toEqual(['node-0', 'node-2']);
  });
});

describe('Score plugins that rank every node alike', () => {
  it('are not scored for the choice of node, but are in the result’s scores', () => {
    const affinity = vi.spyOn(nodeAffinityScore, 'scoreNodes');
    const taints = vi.spyOn(taintTolerationScore, 'scoreNodes');
    const result = schedulePod(makePod('web', { cpu: '100m' }), cluster(3), { random: fixedRandom(0) });
    expect(affinity).not.toHaveBeenCalled();
    expect(taints).not.toHaveBeenCalled();
    if (!result.ok) throw new Error('expected a node');
    expect(result.scores.map((s) => [s.scores.NodeAffinity, s.scores.TaintToleration])).toEqual([
      [0, 300],
      [0, 300],
      [0, 300],
    ]);
  });
});
