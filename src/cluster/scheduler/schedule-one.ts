/**
 * The pure core of one scheduling cycle for one pod: PreFilter, Filter,
 * PostFilter (preemption) on failure, Score and selectHost on success. After
 * `pkg/scheduler/schedule_one.go` (schedulePod, findNodesThatFitPod,
 * prioritizeNodes, selectHost) with the default profile.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { fitErrorMessage, NO_NODES_AVAILABLE_MSG } from './fit-error.js';
import type { Diagnosis } from './fit-error.js';
import { nodeName } from './node-info.js';
import { nodeAffinityPreFilter } from './plugins/filter/node-affinity.js';
import { DEFAULT_SCORE_PLUGINS } from './plugins/score/index.js';
import { preempt } from './preemption.js';
import type { PreemptionCandidate } from './preemption.js';
import { runFiltersWithNominatedPods } from './run-filters.js';
import { selectHost } from './select-host.js';
import type { NodeScore } from './select-host.js';
import { status } from './types.js';
import type { NodeInfo, RandomSource, Status } from './types.js';

/** Message for nodes a PreFilter result excluded (note the singular "node is"). */
export const FILTERED_BY_PREFILTER = 'node is filtered out by the prefilter result';

/** Inputs of a scheduling cycle besides the pod and the snapshot. */
export interface ScheduleOptions {
  /** Seeded random source for tie-breaking and the preemption offset. */
  readonly random: RandomSource;
  /** Pending pods with status.nominatedNodeName set (counted on their node when at least as important). */
  readonly nominatedPods?: readonly Pod[];
}

/** The pod fits: where, and how the feasible nodes scored (empty when only one node was feasible). */
export interface ScheduleSuccess {
  readonly ok: true;
  readonly node: string;
  readonly scores: readonly NodeScore[];
}

/** The pod does not fit: the FailedScheduling text and why. */
export interface ScheduleFailure {
  readonly ok: false;
  /** PodScheduled condition reason: `Unschedulable` for a FitError, `SchedulerError` for "no nodes". */
  readonly reason: 'Unschedulable' | 'SchedulerError';
  /** Exact FailedScheduling event / condition message. */
  readonly message: string;
  readonly diagnosis: Diagnosis;
  /** Set when preemption found a node: evict the victims and nominate the node. */
  readonly preemption?: PreemptionCandidate;
}

/** Outcome of one scheduling cycle. */
export type ScheduleResult = ScheduleSuccess | ScheduleFailure;

function fail(pod: Pod, nodeInfos: readonly NodeInfo[], diagnosis: Diagnosis, options: ScheduleOptions): ScheduleFailure {
  const post = preempt(pod, nodeInfos, diagnosis, options);
  if (post.ok) {
    return { ok: false, reason: 'Unschedulable', message: fitErrorMessage(nodeInfos.length, diagnosis), diagnosis, preemption: post.candidate };
  }
  const withPost: Diagnosis = { ...diagnosis, postFilterMsg: post.message };
  return { ok: false, reason: 'Unschedulable', message: fitErrorMessage(nodeInfos.length, withPost), diagnosis: withPost };
}

/** Scores the feasible nodes with the default Score plugins (normalized, weighted). */
export function prioritizeNodes(pod: Pod, feasible: readonly NodeInfo[], allNodes: readonly NodeInfo[]): NodeScore[] {
  const perNode = feasible.map(() => ({} as Record<string, number>));
  for (const plugin of DEFAULT_SCORE_PLUGINS) {
    const raw = feasible.map((info) => plugin.score(pod, info, allNodes));
    const normalized = plugin.normalize ? plugin.normalize(raw) : raw;
    normalized.forEach((s, i) => {
      (perNode[i] as Record<string, number>)[plugin.name] = s * plugin.weight;
    });
  }
  return feasible.map((info, i) => {
    const scores = perNode[i] as Record<string, number>;
    const totalScore = Object.values(scores).reduce((a, b) => a + b, 0);
    return { name: nodeName(info), totalScore, scores };
  });
}

/** Runs one scheduling cycle for `pod` against the snapshot `nodeInfos`. */
export function schedulePod(pod: Pod, nodeInfos: readonly NodeInfo[], options: ScheduleOptions): ScheduleResult {
  if (nodeInfos.length === 0) {
    const diagnosis: Diagnosis = { nodeToStatus: new Map(), unschedulablePlugins: new Set() };
    return { ok: false, reason: 'SchedulerError', message: NO_NODES_AVAILABLE_MSG, diagnosis };
  }

  const pre = nodeAffinityPreFilter(pod);
  if (pre.kind === 'rejected') {
    const diagnosis: Diagnosis = {
      nodeToStatus: new Map(),
      absentNodesStatus: pre.status,
      unschedulablePlugins: new Set([pre.status.plugin ?? 'NodeAffinity']),
      preFilterMsg: pre.status.reasons.join(', '),
    };
    return fail(pod, nodeInfos, diagnosis, options);
  }

  let candidates = nodeInfos;
  let absentNodesStatus: Status | undefined;
  if (pre.kind === 'nodes') {
    candidates = nodeInfos.filter((n) => pre.nodeNames.has(nodeName(n)));
    absentNodesStatus = status('UnschedulableAndUnresolvable', [FILTERED_BY_PREFILTER]);
  }

  const nodeToStatus = new Map<string, Status>();
  const feasible: NodeInfo[] = [];
  for (const info of candidates) {
    const s = runFiltersWithNominatedPods(pod, info, options.nominatedPods ?? []);
    if (s.code === 'Success') feasible.push(info);
    else nodeToStatus.set(nodeName(info), s);
  }

  if (feasible.length === 0) {
    const unschedulablePlugins = new Set<string>();
    for (const s of nodeToStatus.values()) if (s.plugin) unschedulablePlugins.add(s.plugin);
    const diagnosis: Diagnosis = absentNodesStatus
      ? { nodeToStatus, absentNodesStatus, unschedulablePlugins }
      : { nodeToStatus, unschedulablePlugins };
    return fail(pod, nodeInfos, diagnosis, options);
  }

  // With a single feasible node upstream skips scoring entirely.
  if (feasible.length === 1) return { ok: true, node: nodeName(feasible[0] as NodeInfo), scores: [] };

  const scores = prioritizeNodes(pod, feasible, nodeInfos);
  return { ok: true, node: selectHost(scores, options.random) as string, scores };
}
