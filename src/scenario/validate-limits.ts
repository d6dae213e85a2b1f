/**
 * What a scenario pack may not do to the learner's terminal or to the
 * simulation, checked by `kubedrill validate` (and every load, which runs the
 * same checks): no control characters in any text (they would reach the
 * terminal), manifests the API server accepts (validate-manifests.ts), and
 * sizes the simulation can warm up in seconds.
 */
import { escapeControlCharacters, findControlCharacter, quote } from '../shell/sanitize.js';
import { MAX_REPLICAS } from '../cluster/apiserver/validation.js';
import { parseDuration } from './duration.js';
import { formatPath, type DocPath, type PositionMap, type ScenarioError } from './load.js';
import { MAX_NODES, clusterNodeCount, type Scenario } from './schema.js';
import { checkManifests, type Report } from './validate-manifests.js';

/** Simulation bounds: the cluster is warmed up from its creation to `now` at every start. */
export const SCENARIO_LIMITS = {
  /** Desired pods of one workload (spec.replicas). */
  replicasPerWorkload: MAX_REPLICAS,
  /** Desired pods of all manifests together (workload replicas, DaemonSet pods, bare Pods): issue 7's 30,000. */
  podsPerScenario: 30_000,
  /** Nodes in the cluster, `count` entries expanded: issue 7's 1,000. */
  nodes: MAX_NODES,
  /** createdAgo and every other duration (ten years of 365 days). */
  durationMs: 3650 * 86_400_000,
} as const;

const LONGEST = '3650d';

/** Kinds whose spec.replicas asks for that many pods (default 1). */
const REPLICATED_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

/** Every limit and safety check on a schema-valid scenario, as `file:line:col` errors. */
export function checkScenarioLimits(scenario: Scenario, positions: PositionMap, file: string): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const report: Report = (path, message, at = 'value') =>
    errors.push({ file, ...(at === 'key' ? positions.keyAt(path) : positions.valueAt(path)), message });
  checkPlainText(scenario, [], report);
  checkManifests(scenario, report);
  checkSizes(scenario, report);
  checkDurations(scenario, report);
  return errors;
}

/**
 * Rejects control characters (ESC, BEL, CR, C1...) in every string and key:
 * `\n` and `\t` are text. `noun` names the document (scenario, quiz bank).
 */
export function checkPlainText(value: unknown, path: DocPath, report: Report, noun = 'scenario'): void {
  // Iterative walk: a scenario's manifests may nest deeply.
  const stack: [unknown, DocPath][] = [[value, path]];
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      const hit = findControlCharacter(v);
      if (hit) report(p, `${formatPath(p)}: control character ${escapeControlCharacters(hit.char)} in text ${quote(shorten(v))}: ${noun} text is shown in the learner's terminal; write plain text`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, [...p, i]]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const hit = findControlCharacter(k);
        if (hit) report([...p, k], `${formatPath(p)}: control character ${escapeControlCharacters(hit.char)} in key ${quote(shorten(k))}`, 'key');
        stack.push([child, [...p, k]]);
      }
    }
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Pods the manifests ask for, and nodes: bounded so the warm-up stays within seconds. */
function checkSizes(scenario: Scenario, report: Report): void {
  const { nodes, manifests } = scenario.cluster;
  const nodeCount = clusterNodeCount(scenario.cluster);
  if (nodeCount > SCENARIO_LIMITS.nodes) {
    // At the entry that crosses the limit.
    let seen = 0;
    const over = nodes.findIndex((n) => (seen += n.count ?? 1) > SCENARIO_LIMITS.nodes);
    report(['cluster', 'nodes', over], `cluster.nodes: ${nodeCount} nodes; a scenario may have at most ${SCENARIO_LIMITS.nodes}`);
  }
  let total = 0;
  manifests.forEach((m, i) => {
    const spec = (m as { spec?: Record<string, unknown> }).spec;
    let pods = 0;
    if (REPLICATED_KINDS.has(m.kind)) {
      const replicas = spec?.replicas ?? 1;
      pods = typeof replicas === 'number' && Number.isFinite(replicas) ? replicas : 0;
      if (pods > SCENARIO_LIMITS.replicasPerWorkload) {
        report(['cluster', 'manifests', i, 'spec', 'replicas'], `cluster.manifests[${i}].spec.replicas: ${pods} replicas; a workload may ask for at most ${SCENARIO_LIMITS.replicasPerWorkload} (the simulation starts every pod when the scenario loads)`);
      }
    } else if (m.kind === 'DaemonSet') pods = nodeCount;
    else if (m.kind === 'Pod') pods = 1;
    total += Math.max(0, pods);
  });
  if (total > SCENARIO_LIMITS.podsPerScenario) {
    report(['cluster', 'manifests'], `cluster.manifests: ${total} pods in all; a scenario may ask for at most ${SCENARIO_LIMITS.podsPerScenario}`);
  }
}

/** createdAgo and every other duration: at most ten years (the warm-up replays the cluster's whole life). */
function checkDurations(scenario: Scenario, report: Report): void {
  const durations: [DocPath, string][] = [[['cluster', 'createdAgo'], scenario.cluster.createdAgo]];
  for (const [ref, image] of Object.entries(scenario.cluster.images)) {
    durations.push([['cluster', 'images', ref, 'readyAfter'], image.readyAfter]);
    if (image.exits) durations.push([['cluster', 'images', ref, 'exits', 'after'], image.exits.after]);
  }
  for (const [path, text] of durations) {
    if (parseDuration(text) > SCENARIO_LIMITS.durationMs) {
      report(path, `${formatPath(path)}: ${text} is longer than the ${LONGEST} (ten years) a scenario may span`);
    }
  }
}
