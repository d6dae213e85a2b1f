import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Container, Node, Pod, Taint, Toleration } from 'kubernetes-types/core/v1.js';
import { buildNodeInfos } from '../../../src/cluster/scheduler/node-info.js';
import { cycleStateOf } from '../../../src/cluster/scheduler/cycle-state.js';
import { DEFAULT_FILTER_PLUGINS } from '../../../src/cluster/scheduler/plugins/filter/index.js';
import { filtersToRun, runFilterPlugins } from '../../../src/cluster/scheduler/run-filters.js';
import { prioritizeNodes, schedulePod, scoreNodes, selectionTotals } from '../../../src/cluster/scheduler/schedule-one.js';
import { selectHost } from '../../../src/cluster/scheduler/select-host.js';
import { Snapshot } from '../../../src/cluster/scheduler/snapshot.js';
import { fixedRandom, makeNode } from './fixtures.js';
import { referenceFilter, referenceScores } from './reference-plugins.js';

// The filters and scores read per-pod data prepared once per cycle (as upstream's PreFilter/PreScore keep it in
// CycleState); whatever nodes and pods, they must answer exactly what recomputing everything per node answers.

const TAINTS: Taint[] = [
  { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
  { key: 'dedicated', value: 'db', effect: 'PreferNoSchedule' },
  { key: 'spot', effect: 'PreferNoSchedule' },
  { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
  { key: 'maintenance', value: 'soon', effect: 'PreferNoSchedule' },
];
const TOLERATIONS: Toleration[] = [
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
  { key: 'dedicated', operator: 'Exists' },
  { key: 'spot', operator: 'Exists', effect: 'PreferNoSchedule' },
  { operator: 'Exists' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'maintenance', value: 'soon' },
];
const IMAGES = ['nginx:1.27', 'redis', 'registry.local:5000/app', 'busybox:1.36'];
const CPU = ['0', '100m', '250m', '500m', '1', '2', '3500m'];
const MEMORY = ['0', '64Mi', '256Mi', '1Gi', '3Gi'];

const hostPort = fc.record({
  port: fc.constantFrom(80, 443, 8080),
  protocol: fc.constantFrom('TCP', 'UDP', undefined),
  hostIP: fc.constantFrom('0.0.0.0', '10.0.0.1', '10.0.0.2', undefined),
});

const container = fc.record({
  image: fc.constantFrom(...IMAGES),
  cpu: fc.option(fc.constantFrom(...CPU)),
  memory: fc.option(fc.constantFrom(...MEMORY)),
  limitCpu: fc.option(fc.constantFrom(...CPU)),
  gpu: fc.option(fc.constantFrom('1', '2')),
  ports: fc.array(hostPort, { maxLength: 2 }),
});

type ContainerCase = typeof container extends fc.Arbitrary<infer T> ? T : never;

function toContainer(c: ContainerCase, i: number): Container {
  const requests: Record<string, string> = {};
  if (c.cpu !== null) requests.cpu = c.cpu;
  if (c.memory !== null) requests.memory = c.memory;
  if (c.gpu !== null) requests['example.com/gpu'] = c.gpu;
  const limits: Record<string, string> = c.limitCpu !== null ? { cpu: c.limitCpu } : {};
  return {
    name: `c${i}`,
    image: c.image,
    resources: { requests, limits },
    ports: c.ports.map((p) => ({ containerPort: p.port, hostPort: p.port, ...(p.protocol ? { protocol: p.protocol } : {}), ...(p.hostIP ? { hostIP: p.hostIP } : {}) })),
  };
}

const podSpec = fc.record({
  containers: fc.array(container, { minLength: 1, maxLength: 3 }),
  tolerations: fc.subarray(TOLERATIONS),
  zone: fc.option(fc.constantFrom('a', 'b')),
  requiredZones: fc.option(fc.subarray(['a', 'b', 'c'], { minLength: 1 })),
  preferred: fc.array(fc.record({ weight: fc.integer({ min: 0, max: 100 }), zone: fc.constantFrom('a', 'b', 'c') }), { maxLength: 3 }),
});

type PodCase = typeof podSpec extends fc.Arbitrary<infer T> ? T : never;

function toPod(name: string, s: PodCase, nodeName?: string): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      containers: s.containers.map(toContainer),
      tolerations: s.tolerations,
      ...(nodeName ? { nodeName } : {}),
      ...(s.zone !== null ? { nodeSelector: { zone: s.zone } } : {}),
      affinity: {
        nodeAffinity: {
          ...(s.requiredZones !== null
            ? { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: s.requiredZones }] }] } }
            : {}),
          preferredDuringSchedulingIgnoredDuringExecution: s.preferred.map((p) => ({
            weight: p.weight,
            preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: [p.zone] }] },
          })),
        },
      },
    },
    status: { phase: nodeName ? 'Running' : 'Pending' },
  };
}

const nodeSpec = fc.record({
  cpu: fc.constantFrom('0', '1', '2', '4'),
  memory: fc.constantFrom('0', '1Gi', '4Gi', '8Gi'),
  pods: fc.constantFrom('1', '2', '110'),
  gpu: fc.option(fc.constantFrom('1', '4')),
  zone: fc.constantFrom('a', 'b', 'c'),
  taints: fc.subarray(TAINTS),
  unschedulable: fc.boolean(),
  images: fc.subarray(IMAGES),
  running: fc.array(podSpec, { maxLength: 3 }),
});

const cluster = fc.record({ nodes: fc.array(nodeSpec, { minLength: 1, maxLength: 8 }), pod: podSpec });

type ClusterCase = typeof cluster extends fc.Arbitrary<infer T> ? T : never;

function build(c: ClusterCase) {
  const nodes: Node[] = [];
  const running: Pod[] = [];
  c.nodes.forEach((n, i) => {
    const name = `node-${i}`;
    nodes.push(
      makeNode(name, {
        cpu: n.cpu,
        memory: n.memory,
        pods: n.pods,
        labels: { zone: n.zone },
        taints: n.taints,
        unschedulable: n.unschedulable,
        ...(n.gpu !== null ? { extra: { 'example.com/gpu': n.gpu } } : {}),
        images: n.images.map((image, k) => ({ names: [image], sizeBytes: (k + 1) * 150 * 1024 * 1024 })),
      }),
    );
    n.running.forEach((p, k) => running.push(toPod(`run-${i}-${k}`, p, name)));
  });
  const infos = buildNodeInfos(nodes, running);
  return { infos, snapshot: Snapshot.of(infos), pod: toPod('new', c.pod) };
}

describe('the scheduler fast path equals a per-node reference computation', () => {
  it('filters: the same status (code, reasons, plugin) on every node', () => {
    fc.assert(
      fc.property(cluster, (c) => {
        const { infos, pod } = build(c);
        for (const info of infos) expect(runFilterPlugins(pod, info)).toEqual(referenceFilter(pod, info));
      }),
      { numRuns: 300 },
    );
  });

  it('scores: the same weighted score per plugin and total on the feasible nodes', () => {
    fc.assert(
      fc.property(cluster, (c) => {
        const { infos, snapshot, pod } = build(c);
        const feasible = infos.filter((info) => referenceFilter(pod, info).code === 'Success');
        const got = prioritizeNodes(pod, feasible, snapshot).map((s) => ({ name: s.name, totalScore: s.totalScore, scores: { ...s.scores } }));
        expect(got).toEqual(referenceScores(pod, feasible, snapshot));
      }),
      { numRuns: 300 },
    );
  });

  it('a whole cycle picks the node the reference picks, or fails with the reference statuses', () => {
    fc.assert(
      fc.property(cluster, fc.double({ min: 0, max: 0.999, noNaN: true }), (c, r) => {
        const { infos, snapshot, pod } = build(c);
        const result = schedulePod(pod, snapshot, { random: fixedRandom(r) });
        const statuses = infos.map((info) => [info.node.metadata?.name ?? '', referenceFilter(pod, info)] as const);
        const feasible = infos.filter((_, i) => statuses[i]?.[1].code === 'Success');
        if (feasible.length === 0) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(new Map(result.diagnosis.nodeToStatus)).toEqual(new Map(statuses));
        } else if (feasible.length === 1) {
          expect(result.ok && result.node).toBe(feasible[0]?.node.metadata?.name);
        } else {
          expect(result.ok && result.node).toBe(selectHost(referenceScores(pod, feasible, snapshot), fixedRandom(r)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('PreFilter Skip: the filters a cycle runs answer what all of them answer, and a skipped one passes every node', () => {
    fc.assert(
      fc.property(cluster, (c) => {
        const { infos, snapshot, pod } = build(c);
        const state = cycleStateOf(pod);
        // With the snapshot, also the filters that pass every node of it (no cordoned node: NodeUnschedulable).
        const run = filtersToRun(state, snapshot);
        const skipped = DEFAULT_FILTER_PLUGINS.filter((p) => !run.includes(p));
        for (const info of infos) {
          expect(runFilterPlugins(pod, info, run, state)).toEqual(runFilterPlugins(pod, info, DEFAULT_FILTER_PLUGINS, state));
          for (const plugin of skipped) expect(plugin.filter(pod, info, state).code).toBe('Success');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('selection totals are the score table totals less one constant, and select the same node with the same draws', () => {
    fc.assert(
      fc.property(cluster, fc.integer({ min: 1, max: 2 ** 30 }), (c, seed) => {
        const { infos, snapshot, pod } = build(c);
        const feasible = infos.filter((info) => referenceFilter(pod, info).code === 'Success');
        if (feasible.length < 2) return;
        const state = cycleStateOf(pod);
        const totals = selectionTotals(state, feasible, snapshot, []);
        const table = scoreNodes(state, feasible, snapshot).totals;
        const offset = (table[0] as number) - (totals[0] as number);
        expect(table.map((t) => t - offset)).toEqual(totals);
        // A counted random stream: the same node and the same number of draws as selectHost over the full records.
        const stream = () => {
          let x = seed;
          const draw = () => {
            draw.calls += 1;
            x = (x * 48271) % 2147483647;
            return x / 2147483647;
          };
          draw.calls = 0;
          return draw;
        };
        const a = stream();
        const b = stream();
        const result = schedulePod(pod, snapshot, { random: a });
        expect(result.ok && result.node).toBe(selectHost(referenceScores(pod, feasible, snapshot), b));
        expect(a.calls).toBe(b.calls);
      }),
      { numRuns: 300 },
    );
  });
});
