/**
 * A straightforward reference of the default profile's Filter and Score
 * plugins (the scheduler's code before its per-cycle fast path): every plugin
 * recomputes what it needs from the pod on every node, with plain arrays and
 * records. The property test checks the fast path against it. Upstream:
 * `pkg/scheduler/framework/plugins/{nodeunschedulable,nodename,tainttoleration,
 * nodeaffinity,nodeports,noderesources,imagelocality}` (v1.32).
 */
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1.js';
import { matchesRequiredNodeAffinity, matchNodeSelectorTerm } from '../../../src/cluster/scheduler/node-selector.js';
import { normalizedImageName } from '../../../src/cluster/scheduler/node-info.js';
import type { NodeInfoLister } from '../../../src/cluster/scheduler/snapshot.js';
import { toleratesTaint } from '../../../src/cluster/scheduler/taints.js';
import type { HostPort, NodeInfo, Resources, Status } from '../../../src/cluster/scheduler/types.js';
import { parseBytes, parseCpuMilli, tryParseQuantityExact } from '../../../src/cluster/quantity.js';

const ok: Status = { code: 'Success', reasons: [] };

function tolerates(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

function amount(name: string, value: string | number): number {
  if (tryParseQuantityExact(value) === undefined) return 0;
  return name === 'cpu' ? parseCpuMilli(value) : parseBytes(value);
}

/** Sum of the app containers' requests (limits fill missing requests), cpu/memory defaults when `nonZero`. */
export function referenceRequests(pod: Pod, nonZero: boolean): Resources {
  const r: Resources = { milliCpu: 0, memory: 0, ephemeralStorage: 0, scalar: {} };
  for (const c of pod.spec?.containers ?? []) {
    const list = new Map<string, number>();
    for (const [k, v] of Object.entries(c.resources?.requests ?? {})) list.set(k, amount(k, v as string));
    for (const [k, v] of Object.entries(c.resources?.limits ?? {})) if (!list.has(k)) list.set(k, amount(k, v as string));
    if (nonZero && !list.has('cpu')) list.set('cpu', 100);
    if (nonZero && !list.has('memory')) list.set('memory', 200 * 1024 * 1024);
    for (const [k, v] of list) {
      if (k === 'cpu') r.milliCpu += v;
      else if (k === 'memory') r.memory += v;
      else if (k === 'ephemeral-storage') r.ephemeralStorage += v;
      else if (k.includes('/')) r.scalar[k] = (r.scalar[k] ?? 0) + v;
    }
  }
  return r;
}

function hostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) {
      if ((p.hostPort ?? 0) > 0) out.push({ protocol: p.protocol || 'TCP', hostIP: p.hostIP || '0.0.0.0', port: p.hostPort as number });
    }
  }
  return out;
}

/** The default filters in order; the first rejection wins (RunFilterPlugins). */
export function referenceFilter(pod: Pod, info: NodeInfo): Status {
  const node = info.node;
  if (node.spec?.unschedulable && !tolerates(pod.spec?.tolerations, { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' })) {
    return { code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'], plugin: 'NodeUnschedulable' };
  }
  if (pod.spec?.nodeName && pod.spec.nodeName !== node.metadata?.name) {
    return { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match the requested node name"], plugin: 'NodeName' };
  }
  const taint = (node.spec?.taints ?? []).find(
    (t) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerates(pod.spec?.tolerations, t),
  );
  if (taint) {
    return { code: 'UnschedulableAndUnresolvable', reasons: [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`], plugin: 'TaintToleration' };
  }
  if (!matchesRequiredNodeAffinity(pod, node)) {
    return { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"], plugin: 'NodeAffinity' };
  }
  const clash = hostPorts(pod).some((want) =>
    info.usedPorts.some((u) => u.protocol === want.protocol && u.port === want.port && (want.hostIP === '0.0.0.0' || u.hostIP === '0.0.0.0' || u.hostIP === want.hostIP)),
  );
  if (clash) return { code: 'Unschedulable', reasons: ["node(s) didn't have free ports for the requested pod ports"], plugin: 'NodePorts' };
  const req = referenceRequests(pod, false);
  const reasons: string[] = [];
  if (info.pods.length + 1 > info.allowedPodNumber) reasons.push('Too many pods');
  const check = (name: string, want: number, have: number, used: number) => {
    if (want > 0 && want > have - used) reasons.push(`Insufficient ${name}`);
  };
  check('cpu', req.milliCpu, info.allocatable.milliCpu, info.requested.milliCpu);
  check('memory', req.memory, info.allocatable.memory, info.requested.memory);
  check('ephemeral-storage', req.ephemeralStorage, info.allocatable.ephemeralStorage, info.requested.ephemeralStorage);
  for (const name of Object.keys(req.scalar).sort()) check(name, req.scalar[name] as number, info.allocatable.scalar[name] ?? 0, info.requested.scalar[name] ?? 0);
  if (reasons.length > 0) return { code: 'Unschedulable', reasons, plugin: 'NodeResourcesFit' };
  return ok;
}

function normalize(scores: number[], reverse: boolean): number[] {
  const max = Math.max(0, ...scores);
  if (max === 0) return scores.map((s) => (reverse ? 100 : s));
  return scores.map((s) => (reverse ? 100 - Math.trunc((100 * s) / max) : Math.trunc((100 * s) / max)));
}

function vectors(pod: Pod, info: NodeInfo, useRequested: boolean): { requested: number[]; allocatable: number[] } {
  const pr = referenceRequests(pod, !useRequested);
  const nr = useRequested ? info.requested : info.nonZeroRequested;
  const a = info.allocatable;
  return {
    requested: [a.milliCpu === 0 ? 0 : nr.milliCpu + pr.milliCpu, a.memory === 0 ? 0 : nr.memory + pr.memory],
    allocatable: [a.milliCpu, a.memory],
  };
}

/** Weighted, normalized score of every feasible node per plugin, and the totals. */
export function referenceScores(pod: Pod, feasible: readonly NodeInfo[], snapshot: NodeInfoLister): { name: string; totalScore: number; scores: Record<string, number> }[] {
  const preferNoSchedule = (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
  const taint = feasible.map(
    (info) => (info.node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !tolerates(preferNoSchedule, t)).length,
  );
  const affinity = feasible.map((info) =>
    (pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).reduce(
      (sum, term) => sum + (term.weight !== 0 && matchNodeSelectorTerm(term.preference, info.node) ? term.weight : 0),
      0,
    ),
  );
  const least = feasible.map((info) => {
    const v = vectors(pod, info, false);
    let total = 0;
    let n = 0;
    v.requested.forEach((r, i) => {
      const cap = v.allocatable[i] as number;
      if (cap === 0) return;
      total += r > cap ? 0 : Math.trunc(((cap - r) * 100) / cap);
      n += 1;
    });
    return n === 0 ? 0 : Math.trunc(total / n);
  });
  const balanced = feasible.map((info) => {
    const v = vectors(pod, info, true);
    const fractions = v.requested.flatMap((r, i) => ((v.allocatable[i] as number) === 0 ? [] : [Math.min(1, r / (v.allocatable[i] as number))]));
    const std = fractions.length === 2 ? Math.abs(((fractions[0] as number) - (fractions[1] as number)) / 2) : 0;
    return Math.trunc((1 - std) * 100);
  });
  const images = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => normalizedImageName(c.image ?? ''));
  const locality = feasible.map((info) => {
    let sum = 0;
    for (const name of images) {
      const size = info.images.get(name);
      if (size !== undefined) sum += Math.trunc(size * (snapshot.imageNumNodes(name) / snapshot.nodeInfoList.length));
    }
    const MB = 1024 * 1024;
    const maxT = 1000 * MB * images.length;
    const clamped = Math.min(Math.max(sum, 23 * MB), maxT);
    return Math.trunc((100 * (clamped - 23 * MB)) / (maxT - 23 * MB));
  });
  const table: [string, number, number[]][] = [
    ['TaintToleration', 3, normalize(taint, true)],
    ['NodeAffinity', 2, normalize(affinity, false)],
    ['NodeResourcesFit', 1, least],
    ['NodeResourcesBalancedAllocation', 1, balanced],
    ['ImageLocality', 1, locality],
  ];
  return feasible.map((info, i) => {
    const scores: Record<string, number> = {};
    for (const [name, weight, values] of table) scores[name] = (values[i] as number) * weight;
    return { name: info.node.metadata?.name ?? '', totalScore: Object.values(scores).reduce((a, b) => a + b, 0), scores };
  });
}
