/**
 * Meaning checks on a schema-valid scenario: references resolve, names are
 * unique, times are ordered. Each problem is a `file:line:col` error pointing
 * at the node that has to change. `kubedrill validate` runs these.
 */
import { basename, extname } from 'node:path';
import { quote } from '../shell/sanitize.js';
import { nodeIP, parseEndpoint } from '../cluster/ipv4.js';
import { WORKSTATION_IP } from '../cluster/network/network.js';
import { durationProblem, parseDuration } from './duration.js';
import {
  formatError,
  formatPath,
  parseScenarioText,
  readText,
  type DocPath,
  type LoadResult,
  type PositionMap,
  type ScenarioError,
} from './load.js';
import { WORKSTATION_HOST, clusterNodeCount, clusterNodes, diagnosisItems, type ClusterNode, type GoalPredicate, type Scenario } from './schema.js';
import { causeBelongsTo, findComponent } from './taxonomy.js';
import { checkScenarioLimits, SCENARIO_LIMITS } from './validate-limits.js';
import { checkObjectFields } from './validate-goals.js';
import { IMAGE_FIELD_SUPPORT } from './modelled.js';
import { duplicateIdMessage } from './scenario-ids.js';
import { prevalidatedScenario } from './prevalidated.js';

export { formatError };
export type { ScenarioError };

/** Fault parameters that hold a duration ("how long ago the fault began"). */
const FAULT_DURATION_PARAMS = ['since'];

/** Node names for an error message: all of a small cluster, the first few of a large one. */
function knownNodes(names: readonly string[]): string {
  const SHOWN = 12;
  return names.length <= SHOWN ? names.join(', ') : `${names.slice(0, SHOWN).join(', ')}, … ${names.length - SHOWN} more`;
}

/** Node names a goal predicate refers to, with the path of each reference (recursing into `not`). */
function goalNodeRefs(goal: GoalPredicate, path: DocPath): { name: string; path: DocPath }[] {
  if ('nodeReady' in goal) return [{ name: goal.nodeReady, path: [...path, 'nodeReady'] }];
  if ('nodeSchedulable' in goal) return [{ name: goal.nodeSchedulable, path: [...path, 'nodeSchedulable'] }];
  if ('noPodsOnNode' in goal) return [{ name: goal.noPodsOnNode.node, path: [...path, 'noPodsOnNode', 'node'] }];
  if ('nodeHasTaint' in goal) return [{ name: goal.nodeHasTaint.node, path: [...path, 'nodeHasTaint', 'node'] }];
  if ('nodePortAnswers' in goal) return [{ name: goal.nodePortAnswers.node, path: [...path, 'nodePortAnswers', 'node'] }];
  if ('serviceAnswers' in goal && goal.serviceAnswers.from !== undefined) return [{ name: goal.serviceAnswers.from, path: [...path, 'serviceAnswers', 'from'] }];
  if ('not' in goal) return goalNodeRefs(goal.not, [...path, 'not']);
  return [];
}

/** What the checks of one file need to know about the others. */
export interface ScenarioCheckOptions {
  /** Another file of the pack that comes first with this file's id (scenario-ids.ts). */
  readonly idUsedBy?: string;
}

/**
 * Checks what the schema cannot: the id matches the file name, node names are
 * unique, faults/goals/evidence/solution name existing nodes, the diagnosis cause
 * belongs to its component, fault and workload times fall inside the cluster's
 * life, and no manifest is declared twice.
 */
export function checkScenario(scenario: Scenario, positions: PositionMap, file: string, options: ScenarioCheckOptions = {}): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const at = (path: DocPath, message: string) => errors.push({ file, ...positions.valueAt(path), message });

  if (options.idUsedBy !== undefined) at(['metadata', 'id'], duplicateIdMessage(scenario.metadata.id, options.idUsedBy));

  const expectedId = basename(file, extname(file));
  if (scenario.metadata.id !== expectedId) {
    at(['metadata', 'id'], `metadata.id ${quote(scenario.metadata.id)} must equal the file name ${quote(expectedId)}`);
  }

  // A pack may declare `count: 1000` many times over: refuse it on the count alone, before expanding any names.
  if (clusterNodeCount(scenario.cluster) > SCENARIO_LIMITS.nodes) {
    errors.push(...checkScenarioLimits(scenario, positions, file));
    return errors.sort((a, b) => a.line - b.line || a.col - b.col);
  }

  const nodes = new Map<string, ClusterNode>();
  const entries = scenario.cluster.nodes;
  const reported = new Set<number>();
  for (const node of clusterNodes(scenario.cluster)) {
    const i = node.entry;
    if (!nodes.has(node.name)) nodes.set(node.name, node);
    else if (!reported.has(i)) {
      // One error per entry, even when its count repeats many names.
      reported.add(i);
      const count = entries[i].count;
      const made = count === undefined ? '' : ` (count: ${count} makes ${entries[i].name}-1 … ${entries[i].name}-${count})`;
      at(['cluster', 'nodes', i, 'name'], `cluster.nodes[${i}].name: duplicate node name ${quote(node.name)}${made}`);
    }
  }
  const known = knownNodes([...nodes.keys()]);

  const endpoint = scenario.cluster.controlPlaneEndpoint;
  if (endpoint !== undefined) {
    const ip = parseEndpoint(endpoint)?.ip;
    const taken = [...nodes.keys()].findIndex((_, i) => nodeIP(i) === ip);
    if (!entries.some((n) => n.role === 'control-plane')) at(['cluster', 'controlPlaneEndpoint'], 'cluster.controlPlaneEndpoint: no node has role control-plane: the load balancer has no API server behind it');
    else if (ip === WORKSTATION_IP || taken >= 0) at(['cluster', 'controlPlaneEndpoint'], `cluster.controlPlaneEndpoint: ${ip} is the address of ${taken >= 0 ? `node ${[...nodes.keys()][taken]}` : 'the workstation'}; the load balancer needs one of its own`);
  }

  const createdMs = parseDuration(scenario.cluster.createdAgo);
  // The node that ran `kubeadm init`: the first control-plane node, or the first node (cluster.ts bootstrap).
  const initNode = Math.max(0, entries.findIndex((n) => n.role === 'control-plane'));
  entries.forEach((n, i) => {
    if (n.joinedAgo === undefined || durationProblem(n.joinedAgo) !== undefined) return;
    if (parseDuration(n.joinedAgo) > createdMs) {
      at(['cluster', 'nodes', i, 'joinedAgo'], `cluster.nodes[${i}].joinedAgo (${n.joinedAgo}) is before the cluster was created (createdAgo ${scenario.cluster.createdAgo})`);
    } else if (i === initNode) {
      at(['cluster', 'nodes', i, 'joinedAgo'], `cluster.nodes[${i}].joinedAgo: ${n.name} is the first control-plane node: it ran \`kubeadm init\` and was created with the cluster (createdAgo)`);
    }
  });
  const workloadsMs = parseDuration(scenario.cluster.workloadsAgo);
  if (workloadsMs >= createdMs) {
    at(
      ['cluster', 'workloadsAgo'],
      `cluster.workloadsAgo (${scenario.cluster.workloadsAgo}) must be less than cluster.createdAgo (${scenario.cluster.createdAgo}): workloads are applied after the cluster is created`,
    );
  }

  scenario.faults.forEach((fault, i) => {
    if (typeof fault.node === 'string' && !nodes.has(fault.node)) {
      at(['faults', i, 'node'], `faults[${i}].node: no node named ${quote(fault.node)} (nodes: ${known})`);
    }
    const joinedAgo = typeof fault.node === 'string' ? nodes.get(fault.node)?.joinedAgo : undefined;
    for (const param of FAULT_DURATION_PARAMS) {
      const value = fault[param];
      if (typeof value !== 'string') continue;
      const problem = durationProblem(value);
      if (problem !== undefined) {
        at(['faults', i, param], `faults[${i}].${param}: ${problem}`);
      } else if (parseDuration(value) > createdMs) {
        at(['faults', i, param], `faults[${i}].${param} (${value}) is before the cluster was created (createdAgo ${scenario.cluster.createdAgo})`);
      } else if (joinedAgo !== undefined && durationProblem(joinedAgo) === undefined && parseDuration(value) > parseDuration(joinedAgo)) {
        at(['faults', i, param], `faults[${i}].${param} (${value}) is before ${fault.node} joined (joinedAgo ${joinedAgo})`);
      }
    }
  });

  const seen = new Map<string, number>();
  scenario.cluster.manifests.forEach((m, i) => {
    const group = m.apiVersion.includes('/') ? m.apiVersion.split('/')[0] : '';
    const key = `${group}/${m.kind}/${m.metadata.namespace ?? ''}/${m.metadata.name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      at(['cluster', 'manifests', i, 'metadata', 'name'], `cluster.manifests[${i}]: ${m.kind} ${quote(m.metadata.name)} is already declared by cluster.manifests[${first}]`);
    } else seen.set(key, i);
  });

  const single = !Array.isArray(scenario.diagnosis);
  diagnosisItems(scenario.diagnosis).forEach((d, i) => {
    const base: DocPath = single ? ['diagnosis'] : ['diagnosis', i];
    const name = single ? 'diagnosis' : `diagnosis[${i}]`;
    const entries = [{ ...d, path: base, name }, ...d.also.map((a, j) => ({ ...a, path: [...base, 'also', j], name: `${name}.also[${j}]` }))];
    for (const e of entries) {
      if (!causeBelongsTo(e.component, e.cause)) {
        const causes = findComponent(e.component)?.causes.map((c) => c.id).join(', ') ?? '';
        at([...e.path, 'cause'], `${e.name}.cause: ${quote(e.cause)} is not a cause of component ${e.component}; its causes: ${causes}`);
      }
    }
  });

  scenario.evidence.forEach((e, i) => {
    if (e.host !== WORKSTATION_HOST && !nodes.has(e.host)) {
      at(['evidence', i, 'host'], `evidence[${i}].host: no host named ${quote(e.host)} (use ${WORKSTATION_HOST} or a node: ${known})`);
    }
    if (e.nodeCondition && !nodes.has(e.nodeCondition.node)) {
      at(['evidence', i, 'nodeCondition', 'node'], `evidence[${i}].nodeCondition.node: no node named ${quote(e.nodeCondition.node)} (nodes: ${known})`);
    }
  });

  scenario.goal.forEach((g, i) => {
    for (const ref of goalNodeRefs(g, ['goal', i])) {
      if (!nodes.has(ref.name)) at(ref.path, `goal[${i}]: no node named ${quote(ref.name)} (nodes: ${known})`);
    }
  });

  checkObjectFields(scenario, at);

  // Image behaviour the schema reads but the simulation does not act on (modelled.ts).
  for (const [ref, behaviour] of Object.entries(scenario.cluster.images)) {
    for (const [key, entry] of Object.entries(IMAGE_FIELD_SUPPORT)) {
      if (entry.support === 'not-simulated' && (behaviour as Record<string, unknown>)[key] !== undefined) {
        errors.push({ file, ...positions.keyAt(['cluster', 'images', ref, key]), message: `${formatPath(['cluster', 'images', ref, key])} is not simulated: ${entry.note}` });
      }
    }
  }

  scenario.solution.forEach((line, i) => {
    const host = /^\s*ssh\s+(?:\S+@)?([^\s@]+)\s*$/.exec(line)?.[1];
    if (host !== undefined && !nodes.has(host)) at(['solution', i], `solution[${i}]: ssh to unknown host ${quote(host)} (nodes: ${known})`);
  });

  errors.push(...checkScenarioLimits(scenario, positions, file));
  return errors.sort((a, b) => a.line - b.line || a.col - b.col);
}

/** Schema and meaning checks of scenario text; an empty array means valid. */
export function validateScenarioText(text: string, fileName: string, options: ScenarioCheckOptions = {}): ScenarioError[] {
  const parsed = parseScenarioText(text, fileName);
  return parsed.ok ? checkScenario(parsed.scenario, parsed.positions, fileName, options) : parsed.errors;
}

/** Schema and meaning checks of a scenario file; an empty array means valid. Never throws. */
export function validateScenarioFile(path: string, options: ScenarioCheckOptions = {}): ScenarioError[] {
  const text = readText(path);
  return typeof text === 'string' ? validateScenarioText(text, path, options) : [text];
}

/**
 * Loads a scenario file and accepts it only when it passes both the schema and the meaning checks
 * (a shipped file the build validated is taken as the build left it: prevalidated.ts).
 */
export function loadValidScenarioFile(path: string): LoadResult {
  const text = readText(path);
  if (typeof text !== 'string') return { ok: false, errors: [text] };
  const known = prevalidatedScenario(text, path);
  return known ? { ok: true, scenario: known } : loadValidScenarioText(text, path);
}

/** Accepts scenario text only when it passes both the schema and the meaning checks; `path` names it in errors. */
export function loadValidScenarioText(text: string, path: string): LoadResult {
  const parsed = parseScenarioText(text, path);
  if (!parsed.ok) return parsed;
  const errors = checkScenario(parsed.scenario, parsed.positions, path);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, scenario: parsed.scenario };
}
