/**
 * DefaultPreemption PostFilter: can evicting lower-priority pods make room?
 * Either a candidate node with its victims, or the `preemption: ...` message.
 * After `pkg/scheduler/framework/preemption/preemption.go` (Preempt,
 * findCandidates, DryRunPreemption, nodesWherePreemptionMightHelp,
 * pickOneNodeForPreemption) and
 * `pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go`
 * (PodEligibleToPreemptOthers, SelectVictimsOnNode, calculateNumCandidates).
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import { fitErrorMessage, statusOfNode } from './fit-error.js';
import type { Diagnosis } from './fit-error.js';
import { nodeName, withPods, withoutPods } from './node-info.js';
import { podPriority } from './pod-resources.js';
import { cycleStateOf } from './cycle-state.js';
import type { CycleState } from './cycle-state.js';
import { DEFAULT_FILTER_PLUGINS } from './plugins/filter/index.js';
import { runFiltersWithNominatedPods } from './run-filters.js';
import { status } from './types.js';
import type { NodeInfo, RandomSource, Status } from './types.js';

/** Reason for nodes where preemption cannot help. */
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
/** Reason for nodes without any lower-priority pod. */
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';

/** A node where evicting `victims` lets the pod fit. */
export interface PreemptionCandidate {
  readonly nodeName: string;
  /** Pods to evict, most important first. */
  readonly victims: readonly Pod[];
}

/** The PostFilter outcome: a candidate to nominate, or the message explaining why not. */
export type PreemptionResult =
  | { readonly ok: true; readonly candidate: PreemptionCandidate }
  | { readonly ok: false; readonly message: string };

function isTerminatingByPreemption(pod: Pod): boolean {
  if (!pod.metadata?.deletionTimestamp) return false;
  return (pod.status?.conditions ?? []).some(
    (c) => c.type === 'DisruptionTarget' && c.status === 'True' && c.reason === 'PreemptionByScheduler',
  );
}

/** PodEligibleToPreemptOthers: undefined when eligible, else the reason text. */
export function preemptionIneligibility(pod: Pod, nodeInfos: readonly NodeInfo[], diagnosis: Pick<Diagnosis, 'nodeToStatus' | 'absentNodesStatus'>): string | undefined {
  if (pod.spec?.preemptionPolicy === 'Never') return 'not eligible due to preemptionPolicy=Never.';
  const nominated = pod.status?.nominatedNodeName;
  if (nominated) {
    if (statusOfNode(diagnosis, nominated).code === 'UnschedulableAndUnresolvable') return undefined;
    const info = nodeInfos.find((n) => nodeName(n) === nominated);
    const priority = podPriority(pod);
    if (info?.pods.some((p) => podPriority(p) < priority && isTerminatingByPreemption(p))) {
      return 'not eligible due to a terminating pod on the nominated node.';
    }
  }
  return undefined;
}

function startTime(pod: Pod): number {
  const t = pod.status?.startTime;
  // A pod that has not started counts as starting now, i.e. latest.
  return t ? Date.parse(t) : Number.POSITIVE_INFINITY;
}

/** util.MoreImportantPod: higher priority first, then the one that started earlier. */
export function moreImportantFirst(a: Pod, b: Pod): number {
  const pa = podPriority(a);
  const pb = podPriority(b);
  if (pa !== pb) return pb - pa;
  return startTime(a) - startTime(b) || 0;
}

/** SelectVictimsOnNode (PDBs not simulated): the victims, or the status of the node. */
export function selectVictimsOnNode(
  pod: Pod,
  nodeInfo: NodeInfo,
  nominatedPods: readonly Pod[],
  state: CycleState = cycleStateOf(pod),
): { victims: Pod[] } | { status: Status } {
  const priority = podPriority(pod);
  const potential = nodeInfo.pods.filter((p) => podPriority(p) < priority);
  if (potential.length === 0) {
    return { status: status('UnschedulableAndUnresolvable', [NO_PREEMPTION_VICTIMS], 'DefaultPreemption') };
  }
  let current = withoutPods(nodeInfo, potential);
  const fits = runFiltersWithNominatedPods(pod, current, nominatedPods, DEFAULT_FILTER_PLUGINS, state);
  if (fits.code !== 'Success') return { status: fits };
  // Reprieve as many pods as possible, most important first.
  const victims: Pod[] = [];
  for (const p of [...potential].sort(moreImportantFirst)) {
    const tried = withPods(current, [p]);
    if (runFiltersWithNominatedPods(pod, tried, nominatedPods, DEFAULT_FILTER_PLUGINS, state).code === 'Success') current = tried;
    else victims.push(p);
  }
  return { victims };
}

function argMin<T>(items: readonly T[], key: (t: T) => number): T[] {
  let best = Number.POSITIVE_INFINITY;
  let out: T[] = [];
  for (const it of items) {
    const k = key(it);
    if (k < best) {
      best = k;
      out = [it];
    } else if (k === best) out.push(it);
  }
  return out;
}

/** pickOneNodeForPreemption: fewest/least important victims, latest-started, then first. */
export function pickOneNodeForPreemption(candidates: readonly PreemptionCandidate[]): PreemptionCandidate | undefined {
  if (candidates.length <= 1) return candidates[0];
  // minHighestPriority → minSumPriorities (shifted so fewer victims win) → minNumPods → latest earliest-start.
  let rest = argMin(candidates, (c) => (c.victims[0] ? podPriority(c.victims[0]) : Number.NEGATIVE_INFINITY));
  rest = argMin(rest, (c) => c.victims.reduce((sum, v) => sum + podPriority(v) + 2 ** 31, 0));
  rest = argMin(rest, (c) => c.victims.length);
  rest = argMin(rest, (c) => -Math.min(...c.victims.map(startTime)));
  return rest[0];
}

/** MinCandidateNodesPercentage and MinCandidateNodesAbsolute, the DefaultPreemption defaults. */
const MIN_CANDIDATE_NODES_PERCENTAGE = 10;
const MIN_CANDIDATE_NODES_ABSOLUTE = 100;

/** calculateNumCandidates: the dry run stops after this many candidates (every node below 100). */
export function numPreemptionCandidates(numNodes: number): number {
  const n = Math.max(Math.trunc((numNodes * MIN_CANDIDATE_NODES_PERCENTAGE) / 100), MIN_CANDIDATE_NODES_ABSOLUTE);
  return Math.min(n, numNodes);
}

/**
 * Preempt: returns a candidate (evict its victims and nominate its node), or
 * the PostFilter message (`preemption: ...`) that ends the FitError text.
 */
export function preempt(
  pod: Pod,
  nodeInfos: readonly NodeInfo[],
  diagnosis: Pick<Diagnosis, 'nodeToStatus' | 'absentNodesStatus'>,
  options: { readonly random: RandomSource; readonly nominatedPods?: readonly Pod[]; readonly state?: CycleState },
): PreemptionResult {
  const ineligible = preemptionIneligibility(pod, nodeInfos, diagnosis);
  if (ineligible) return { ok: false, message: `preemption: ${ineligible}` };
  const potential = nodeInfos.filter((n) => statusOfNode(diagnosis, nodeName(n)).code !== 'UnschedulableAndUnresolvable');
  const nodeToStatus = new Map<string, Status>();
  const candidates: PreemptionCandidate[] = [];
  if (potential.length > 0) {
    const state = options.state ?? cycleStateOf(pod);
    // DryRunPreemption starts at a random offset (GetOffsetAndNumCandidates).
    const offset = Math.floor(options.random() * potential.length);
    const numCandidates = numPreemptionCandidates(potential.length);
    for (let i = 0; i < potential.length && candidates.length < numCandidates; i++) {
      const info = potential[(offset + i) % potential.length] as NodeInfo;
      const result = selectVictimsOnNode(pod, info, options.nominatedPods ?? [], state);
      if (!('victims' in result)) nodeToStatus.set(nodeName(info), result.status);
      else if (result.victims.length > 0) candidates.push({ nodeName: nodeName(info), victims: result.victims });
      // No victims yet still a fit: upstream reports an error for the node; the
      // histogram does not count it.
    }
  }
  const best = pickOneNodeForPreemption(candidates);
  if (best) return { ok: true, candidate: best };
  const message = fitErrorMessage(nodeInfos.length, {
    nodeToStatus,
    absentNodesStatus: status('UnschedulableAndUnresolvable', [PREEMPTION_NOT_HELPFUL]),
    unschedulablePlugins: new Set(),
  });
  return { ok: false, message: `preemption: ${message}` };
}
