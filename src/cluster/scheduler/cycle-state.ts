/**
 * What the Filter and Score plugins need from the pod, read once per
 * scheduling cycle instead of once per node: upstream keeps the same in the
 * framework's CycleState, written by PreFilter (NodeResourcesFit's requests,
 * NodePorts' host ports) and PreScore (TaintToleration's PreferNoSchedule
 * tolerations, NodeAffinity's preferred terms, the resource scorers'
 * requests). After `pkg/scheduler/framework/cycle_state.go` and the
 * PreFilter/PreScore methods of `pkg/scheduler/framework/plugins/...` (v1.32).
 */
import type { NodeSelectorTerm, Pod, PreferredSchedulingTerm, Toleration } from 'kubernetes-types/core/v1.js';
import { normalizedImageName, podHostPorts } from './node-info.js';
import { sharedImages } from './shared-facts.js';
import { podNonZeroRequests, podRequests, specFacts } from './pod-resources.js';
import type { SpecFacts } from './pod-resources.js';
import type { NodeInfoLister } from './snapshot.js';
import { tolerationsTolerateTaint } from './taints.js';
import type { HostPort, Resources } from './types.js';

/** The per-cycle view of the pod being scheduled. Plugins read it; nothing changes it. */
export interface CycleState {
  readonly pod: Pod;
  /** spec.nodeName ('' when unset): NodeName. */
  readonly nodeName: string;
  /** Whether the pod tolerates `node.kubernetes.io/unschedulable:NoSchedule`: NodeUnschedulable. */
  readonly toleratesUnschedulable: boolean;
  /** spec.tolerations: TaintToleration Filter. */
  readonly tolerations: readonly Toleration[];
  /** spec.nodeSelector as [key, value, key, value, ...]: NodeAffinity Filter. */
  readonly nodeSelector: readonly string[];
  /** Required node affinity terms (undefined: none required): NodeAffinity Filter. */
  readonly requiredTerms: readonly NodeSelectorTerm[] | undefined;
  /** Host ports the pod asks for: NodePorts PreFilter. */
  readonly hostPorts: readonly HostPort[];
  /** Effective requests: NodeResourcesFit PreFilter (computeInsufficientResources reads them). */
  readonly requests: Resources;
  /** Names of the scalar resources the pod requests a positive amount of, sorted (the order reasons are listed in). */
  readonly requestedScalarNames: readonly string[];
  /** Requests with scoring defaults: NodeResourcesFit PreScore (LeastAllocated). */
  readonly nonZeroRequests: Resources;
  /** Tolerations with an empty or PreferNoSchedule effect: TaintToleration PreScore. */
  readonly preferNoScheduleTolerations: readonly Toleration[];
  /** Preferred node affinity terms with a non-zero weight: NodeAffinity PreScore. */
  readonly preferredTerms: readonly PreferredSchedulingTerm[];
  /** Normalized images of the init and app containers, in order: ImageLocality. */
  readonly images: readonly string[];
  /**
   * ImageLocality's per-cycle part: for each of `images`, the share of the
   * snapshot's nodes holding it (ImageStateSummary.NumNodes / totalNumNodes),
   * for the snapshot it was computed from. Written by image-locality.ts's spread, on first use.
   */
  imageSpread?: { readonly snapshot: NodeInfoLister; readonly shares: readonly number[] };
}

const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' } as const;

let built = 0;

/** How many cycle states were built so far (tests assert per-pod work is done once per cycle, not per node). */
export function cycleStatesBuilt(): number {
  return built;
}

/** Reads what the plugins need from the pod (the PreFilter and PreScore steps). */
export function cycleStateOf(pod: Pod): CycleState {
  built += 1;
  const spec = pod.spec;
  const tolerations = spec?.tolerations ?? [];
  const nodeSelector: string[] = [];
  for (const [k, v] of Object.entries(spec?.nodeSelector ?? {})) nodeSelector.push(k, v);
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const facts = specFacts(pod);
  const requests = podRequests(pod, facts);
  const requestedScalarNames = Object.keys(requests.scalar).filter((name) => (requests.scalar[name] as number) > 0);
  // Go ranges over a map (random order); sorted, so the reasons come in a stable order.
  if (requestedScalarNames.length > 1) requestedScalarNames.sort();
  const preferred = spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  return {
    pod,
    nodeName: spec?.nodeName ?? '',
    toleratesUnschedulable: tolerationsTolerateTaint(tolerations, UNSCHEDULABLE_TAINT),
    tolerations,
    nodeSelector,
    requiredTerms: required ? (required.nodeSelectorTerms ?? []) : undefined,
    hostPorts: podHostPorts(pod, facts),
    requests,
    requestedScalarNames,
    nonZeroRequests: podNonZeroRequests(pod, facts),
    preferNoScheduleTolerations: tolerations.filter((t) => !t.effect || t.effect === 'PreferNoSchedule'),
    preferredTerms: preferred.filter((term) => term.weight !== 0),
    images: podImages(pod, facts),
  };
}

/** The normalized image of every init and app container, in order; shared per pod spec. */
function podImages(pod: Pod, facts: SpecFacts): readonly string[] {
  if (facts.images) return facts.images;
  const images: string[] = [];
  for (const c of pod.spec?.initContainers ?? []) images.push(normalizedImageName(c.image ?? ''));
  for (const c of pod.spec?.containers ?? []) images.push(normalizedImageName(c.image ?? ''));
  return (facts.images = sharedImages(images));
}
