/**
 * The pure core of one scheduling cycle for one pod: PreFilter, Filter,
 * PostFilter (preemption) on failure, Score and selectHost on success. After
 * `pkg/scheduler/schedule_one.go` (schedulePod, findNodesThatFitPod,
 * findNodesThatPassFilters, numFeasibleNodesToFind, prioritizeNodes,
 * selectHost) with the default profile.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { fitErrorMessage, NO_NODES_AVAILABLE_MSG } from './fit-error.js';
import type { Diagnosis } from './fit-error.js';
import { nodeName } from './node-info.js';
import { nodeAffinityPreFilter } from './plugins/filter/node-affinity.js';
import { DEFAULT_SCORE_PLUGINS } from './plugins/score/index.js';
import type { ScorePlugin } from './plugins/score/index.js';
import { preempt } from './preemption.js';
import type { PreemptionCandidate } from './preemption.js';
import { filtersToRun, runFilterPlugins, runFiltersWithNominatedPods } from './run-filters.js';
import { cycleStateOf } from './cycle-state.js';
import type { CycleState } from './cycle-state.js';
import { selectHostIndex } from './select-host.js';
import type { NodeScore } from './select-host.js';
import { Snapshot } from './snapshot.js';
import type { NodeInfoLister } from './snapshot.js';
import { status } from './types.js';
import type { NodeInfo, RandomSource, Status } from './types.js';

/** Message for nodes a PreFilter result excluded (note the singular "node is"). */
export const FILTERED_BY_PREFILTER = 'node is filtered out by the prefilter result';

/** Below this many nodes every node is filtered (minFeasibleNodesToFind); above, at least this many feasible ones are sought. */
const MIN_FEASIBLE_NODES_TO_FIND = 100;
/** The adaptive percentage never goes below this (minFeasibleNodesPercentageToFind). */
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * numFeasibleNodesToFind: how many feasible nodes end the Filter search.
 * `percentageOfNodesToScore` 0 (the default) means adaptive: 50 − nodes/125 percent, at least 5%.
 */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = percentageOfNodesToScore;
  if (percentage === 0) {
    // Go's int32 division truncates.
    percentage = 50 - Math.trunc(numAllNodes / 125);
    if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  }
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return numNodes < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : numNodes;
}

/** Where the next Filter search starts (the scheduler's nextStartNodeIndex), carried from cycle to cycle. */
export interface FilterRotation {
  nextStartNodeIndex: number;
}

/** Inputs of a scheduling cycle besides the pod and the snapshot. */
export interface ScheduleOptions {
  /** Seeded random source for tie-breaking and the preemption offset. */
  readonly random: RandomSource;
  /** Pending pods with status.nominatedNodeName set (counted on their node when at least as important). */
  readonly nominatedPods?: readonly Pod[];
  /** The scheduler's search position; the cycle starts there and advances it by the nodes it processed. */
  readonly rotation?: FilterRotation;
  /** The profile's percentageOfNodesToScore (0 or absent: adaptive). */
  readonly percentageOfNodesToScore?: number;
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

function fail(state: CycleState, nodeInfos: readonly NodeInfo[], diagnosis: Diagnosis, options: ScheduleOptions): ScheduleFailure {
  const post = preempt(state.pod, nodeInfos, diagnosis, { random: options.random, nominatedPods: options.nominatedPods, state });
  if (post.ok) {
    return { ok: false, reason: 'Unschedulable', message: fitErrorMessage(nodeInfos.length, diagnosis), diagnosis, preemption: post.candidate };
  }
  const withPost: Diagnosis = { ...diagnosis, postFilterMsg: post.message };
  return { ok: false, reason: 'Unschedulable', message: fitErrorMessage(nodeInfos.length, withPost), diagnosis: withPost };
}

/** The feasible nodes' weighted scores: one row per Score plugin (profile order), and the totals. */
export interface ScoreTable {
  /** rows[p][i]: plugin p's weighted, normalized score of feasible node i. */
  readonly rows: readonly (readonly number[])[];
  /** Sum of the rows per node. */
  readonly totals: readonly number[];
}

/**
 * RunScorePlugins: PreScore once, Score per node, NormalizeScore, weights,
 * for the feasible nodes only; one array per plugin, nothing per node.
 */
export function scoreNodes(state: CycleState, feasible: readonly NodeInfo[], snapshot: NodeInfoLister): ScoreTable {
  const n = feasible.length;
  const rows = DEFAULT_SCORE_PLUGINS.map(() => [] as number[]);
  const totals = new Array<number>(n).fill(0);
  for (let p = 0; p < DEFAULT_SCORE_PLUGINS.length; p++) {
    const plugin = DEFAULT_SCORE_PLUGINS[p] as ScorePlugin;
    const scores = rows[p] as number[];
    scores.length = n;
    plugin.scoreNodes(state, feasible, snapshot, scores);
    plugin.normalize?.(scores);
    const weight = plugin.weight;
    for (let i = 0; i < n; i++) {
      const weighted = (scores[i] as number) * weight;
      scores[i] = weighted;
      totals[i] += weighted;
    }
  }
  return { rows, totals };
}

// The cycle's totals for selectHost and one row for a plugin that needs its own (normalize), reused.
const selection = { totals: [] as number[], row: [] as number[] };

/**
 * The feasible nodes' totals as selectHost needs them: each node's
 * ScoreTable total less one constant shared by all nodes. Plugins that score
 * every node alike this cycle (`uniform`, e.g. a PreScore Skip) are left out:
 * adding the same number to every total changes neither which total is
 * highest nor which totals tie, so selectHostIndex picks the same node with
 * the same random draws. Plugins without normalize add straight into the
 * totals. Written into `totals` (the cycle's reused array by default).
 */
export function selectionTotals(state: CycleState, feasible: readonly NodeInfo[], snapshot: NodeInfoLister, totals: number[] = selection.totals): number[] {
  const n = feasible.length;
  totals.length = n;
  totals.fill(0);
  for (let p = 0; p < DEFAULT_SCORE_PLUGINS.length; p++) {
    const plugin = DEFAULT_SCORE_PLUGINS[p] as ScorePlugin;
    if (plugin.uniform?.(state, feasible, snapshot)) continue;
    if (plugin.addWeightedScores && !plugin.normalize) {
      plugin.addWeightedScores(state, feasible, snapshot, totals);
      continue;
    }
    const row = selection.row;
    row.length = n;
    plugin.scoreNodes(state, feasible, snapshot, row);
    plugin.normalize?.(row);
    const weight = plugin.weight;
    for (let i = 0; i < n; i++) totals[i] += (row[i] as number) * weight;
  }
  return totals;
}

/** The table as one NodeScore per feasible node (in the nodes' order). */
export function nodeScores(feasible: readonly NodeInfo[], table: ScoreTable): NodeScore[] {
  return feasible.map((info, i) => {
    const scores: Record<string, number> = {};
    DEFAULT_SCORE_PLUGINS.forEach((plugin, p) => {
      scores[plugin.name] = (table.rows[p] as readonly number[])[i] as number;
    });
    return { name: nodeName(info), totalScore: table.totals[i] as number, scores };
  });
}

/** Scores the feasible nodes (only those) with the default Score plugins (normalized, weighted). */
export function prioritizeNodes(pod: Pod, feasible: readonly NodeInfo[], snapshot: NodeInfoLister, state: CycleState = cycleStateOf(pod)): NodeScore[] {
  return nodeScores(feasible, scoreNodes(state, feasible, snapshot));
}

function nominatedByNode(nominatedPods: readonly Pod[]): Map<string, Pod[]> {
  const byNode = new Map<string, Pod[]>();
  for (const p of nominatedPods) {
    const name = p.status?.nominatedNodeName;
    if (!name) continue;
    let list = byNode.get(name);
    if (!list) byNode.set(name, (list = []));
    list.push(p);
  }
  return byNode;
}

/**
 * findNodesThatPassFilters: filters `candidates` starting at the rotation's
 * index and wrapping, stopping once numFeasibleNodesToFind nodes fit. Upstream
 * filters in parallel, so the feasible nodes come back in any order; here
 * they come back in snapshot order, which keeps tie-breaking stable.
 */
function findNodesThatPassFilters(
  state: CycleState,
  candidates: readonly NodeInfo[],
  snapshot: NodeInfoLister,
  options: ScheduleOptions,
  nodeToStatus: Map<string, Status>,
): NodeInfo[] {
  const pod = state.pod;
  const numAllNodes = candidates.length;
  const numNodesToFind = numFeasibleNodesToFind(numAllNodes, options.percentageOfNodesToScore);
  // The index may be past the end when nodes went away since the last cycle.
  const start = (options.rotation?.nextStartNodeIndex ?? 0) % numAllNodes;
  const nominated = options.nominatedPods && options.nominatedPods.length > 0 ? nominatedByNode(options.nominatedPods) : undefined;
  // PreFilter: the filters with nothing to check for this pod are left out of every node's run.
  const filters = filtersToRun(state, snapshot);
  // Visited from `start` and wrapping: the feasible nodes at or after `start` come first, each run ascending.
  const wrapped: NodeInfo[] = [];
  const feasible: NodeInfo[] = [];
  for (let i = 0; i < numAllNodes && wrapped.length + feasible.length < numNodesToFind; i++) {
    let at = start + i;
    if (at >= numAllNodes) at -= numAllNodes;
    const info = candidates[at] as NodeInfo;
    const s = nominated
      ? runFiltersWithNominatedPods(pod, info, nominated.get(nodeName(info)) ?? [], filters, state)
      : runFilterPlugins(pod, info, filters, state);
    if (s.code !== 'Success') nodeToStatus.set(nodeName(info), s);
    else if (at >= start) feasible.push(info);
    else wrapped.push(info);
  }
  // Back in snapshot order: the wrapped-around ones (lower indexes) first.
  return wrapped.length === 0 ? feasible : wrapped.concat(feasible);
}

/** Runs one scheduling cycle for `pod` against the snapshot (or a plain list of NodeInfos). */
export function schedulePod(pod: Pod, nodes: readonly NodeInfo[] | NodeInfoLister, options: ScheduleOptions): ScheduleResult {
  const snapshot: NodeInfoLister = Array.isArray(nodes) ? Snapshot.of(nodes as readonly NodeInfo[]) : (nodes as NodeInfoLister);
  const nodeInfos = snapshot.nodeInfoList;
  if (nodeInfos.length === 0) {
    const diagnosis: Diagnosis = { nodeToStatus: new Map(), unschedulablePlugins: new Set() };
    return { ok: false, reason: 'SchedulerError', message: NO_NODES_AVAILABLE_MSG, diagnosis };
  }

  // PreFilter/PreScore: what the plugins read of the pod, once for this cycle.
  const state = cycleStateOf(pod);
  const pre = nodeAffinityPreFilter(pod);
  if (pre.kind === 'rejected') {
    const diagnosis: Diagnosis = {
      nodeToStatus: new Map(),
      absentNodesStatus: pre.status,
      unschedulablePlugins: new Set([pre.status.plugin ?? 'NodeAffinity']),
      preFilterMsg: pre.status.reasons.join(', '),
    };
    return fail(state, nodeInfos, diagnosis, options);
  }

  let candidates = nodeInfos;
  let absentNodesStatus: Status | undefined;
  if (pre.kind === 'nodes') {
    // One name (a DaemonSet pod pinned by matchFields) is a lookup, not a scan of every node.
    if (pre.nodeNames.size === 1) {
      const only = snapshot.get(pre.nodeNames.values().next().value as string);
      candidates = only ? [only] : [];
    } else candidates = nodeInfos.filter((n) => pre.nodeNames.has(nodeName(n)));
    absentNodesStatus = status('UnschedulableAndUnresolvable', [FILTERED_BY_PREFILTER]);
  }

  const nodeToStatus = new Map<string, Status>();
  const feasible = candidates.length > 0 ? findNodesThatPassFilters(state, candidates, snapshot, options, nodeToStatus) : [];
  // Always advance, so that every node gets its turn across pods.
  if (options.rotation) {
    const processed = feasible.length + nodeToStatus.size;
    options.rotation.nextStartNodeIndex = (options.rotation.nextStartNodeIndex + processed) % nodeInfos.length;
  }

  if (feasible.length === 0) {
    const unschedulablePlugins = new Set<string>();
    for (const s of nodeToStatus.values()) if (s.plugin) unschedulablePlugins.add(s.plugin);
    const diagnosis: Diagnosis = absentNodesStatus
      ? { nodeToStatus, absentNodesStatus, unschedulablePlugins }
      : { nodeToStatus, unschedulablePlugins };
    return fail(state, nodeInfos, diagnosis, options);
  }

  // With a single feasible node upstream skips scoring entirely.
  if (feasible.length === 1) return { ok: true, node: nodeName(feasible[0] as NodeInfo), scores: [] };

  const best = feasible[selectHostIndex(selectionTotals(state, feasible, snapshot), options.random) as number] as NodeInfo;
  // The per-node records (every plugin's row, uniform ones included) are built only if someone reads them
  // (the scheduler does not), scoring again: the feasible NodeInfos are never changed (the cache replaces
  // them) and the state keeps this cycle's image spread, so the table comes out the same.
  return {
    ok: true,
    node: nodeName(best),
    get scores() {
      return nodeScores(feasible, scoreNodes(state, feasible, snapshot));
    },
  };
}
