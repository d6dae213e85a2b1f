import { describe, it, expect } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { cycleStatesBuilt } from '../../../src/cluster/scheduler/cycle-state.js';
import { buildNodeInfos, podHostPorts } from '../../../src/cluster/scheduler/node-info.js';
import { podNonZeroRequests, podRequests, specFacts } from '../../../src/cluster/scheduler/pod-resources.js';
import { prioritizeNodes, schedulePod } from '../../../src/cluster/scheduler/schedule-one.js';
import { Snapshot } from '../../../src/cluster/scheduler/snapshot.js';
import { fixedRandom, makeNode, makePod } from './fixtures.js';

// Upstream computes what the plugins need from the pod in PreFilter/PreScore and keeps it in the cycle's
// CycleState (pkg/scheduler/framework/cycle_state.go); the filters and scores then only read it per node.
describe('per-pod work is done once per scheduling cycle, not once per node', () => {
  const nodes = Array.from({ length: 300 }, (_, i) => makeNode(`node-${String(i).padStart(3, '0')}`));

  it('a pod that fits: one cycle state for 144 nodes filtered and scored', () => {
    const snapshot = Snapshot.of(buildNodeInfos(nodes, []));
    const before = cycleStatesBuilt();
    const r = schedulePod(makePod('web', { cpu: '100m' }), snapshot, { random: fixedRandom(0.5) });
    expect(r.ok && r.scores.length).toBe(144);
    expect(cycleStatesBuilt() - before).toBe(1);
  });

  it('a pod that fits nowhere: one cycle state for 300 filtered nodes and the preemption dry runs on each', () => {
    const running = nodes.map((n, i) => makePod(`low-${i}`, { nodeName: n.metadata?.name, cpu: '1500m', priority: 0 }));
    const snapshot = Snapshot.of(buildNodeInfos(nodes, running));
    const before = cycleStatesBuilt();
    const r = schedulePod(makePod('db', { cpu: '1', priority: 1000 }), snapshot, { random: fixedRandom(0.5) });
    expect(!r.ok && r.preemption?.victims.length).toBe(1);
    expect(cycleStatesBuilt() - before).toBe(1);
  });
});

describe('spec facts (requests, host ports) are shared by the versions of a pod', () => {
  const pending = makePod('web', {
    containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }], resources: { requests: { cpu: '250m' } } }],
  });

  it('a status write, the assumed copy and the bound copy reuse the pending pod’s requests and ports', () => {
    const status: Pod = { ...pending, status: { phase: 'Pending', message: 'x' } };
    // Binding copies the spec and sets nodeName (the containers stay the same objects).
    const bound: Pod = { ...pending, spec: { ...pending.spec!, nodeName: 'node-1' } };
    const requests = podRequests(pending);
    for (const version of [status, bound]) {
      expect(specFacts(version)).toBe(specFacts(pending));
      expect(podRequests(version)).toBe(requests);
      expect(podHostPorts(version)).toBe(podHostPorts(pending));
    }
    expect(requests.milliCpu).toBe(250);
    expect(podNonZeroRequests(bound).memory).toBe(200 * 1024 * 1024);
  });

  it('the same containers with other init containers or overhead are counted anew', () => {
    const withInit: Pod = {
      ...pending,
      spec: { ...pending.spec!, initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { cpu: '2' } } }] },
    };
    const withOverhead: Pod = { ...pending, spec: { ...pending.spec!, overhead: { cpu: '50m' } } };
    expect(podRequests(pending).milliCpu).toBe(250);
    expect(podRequests(withInit).milliCpu).toBe(2000);
    expect(podRequests(withOverhead).milliCpu).toBe(300);
    expect(specFacts(withInit)).not.toBe(specFacts(pending));
    // Versions sharing one containers array, looked up in turn: each still gets its own requests.
    for (let i = 0; i < 2; i++) {
      expect(podRequests(withInit).milliCpu).toBe(2000);
      expect(podRequests(pending).milliCpu).toBe(250);
      expect(podRequests(withOverhead).milliCpu).toBe(300);
    }
  });
});

describe('a cycle’s result', () => {
  it('keeps the scores of its own cycle after later cycles reuse the score buffers', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((n) => makeNode(n, { cpu: '4', memory: '8Gi' }));
    const running = [makePod('x', { nodeName: 'a', cpu: '3' }), makePod('y', { nodeName: 'b', memory: '6Gi' })];
    const infos = buildNodeInfos(nodes, running);
    const snapshot = Snapshot.of(infos);
    const small = makePod('small', { cpu: '100m', memory: '100Mi' });
    const big = makePod('big', { cpu: '900m', memory: '1Gi' });
    const first = schedulePod(small, snapshot, { random: fixedRandom(0.5) });
    const second = schedulePod(big, snapshot, { random: fixedRandom(0.5) });
    if (!first.ok || !second.ok) throw new Error('expected both to fit');
    expect(first.scores).toEqual(prioritizeNodes(small, infos, snapshot));
    expect(second.scores).toEqual(prioritizeNodes(big, infos, snapshot));
    expect(first.scores).not.toEqual(second.scores);
  });
});
