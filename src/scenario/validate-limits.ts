/**
 * What a scenario pack may not do to the learner's machine or to the
 * simulation, checked by `kubedrill validate` (and every load, which runs the
 * same checks): no control characters in any text (they would reach the
 * terminal), object names the API server accepts and that are safe to type
 * into a shell, and sizes the simulation can warm up in seconds.
 */
import { resourceForKind } from '../cluster/apiserver/resources.js';
import { ApiServer } from '../cluster/apiserver/server.js';
import type { KubeObject } from '../cluster/apiserver/types.js';
import { EventQueue } from '../cluster/clock/event-queue.js';
import { Random } from '../cluster/clock/random.js';
import { Store } from '../cluster/store/store.js';
import { validateMetaMaps, validateObjectName } from '../cluster/apiserver/validation.js';
import { SYSTEM_NAMESPACES } from '../cluster/bootstrap/kubeadm.js';
import type { FieldError } from '../cluster/apiserver/errors.js';
import { escapeControlCharacters, findControlCharacter } from '../shell/sanitize.js';
import { parseDuration } from './duration.js';
import { formatPath, type DocPath, type PositionMap, type ScenarioError } from './load.js';
import type { Scenario } from './schema.js';

/** Simulation bounds: the cluster is warmed up from its creation to `now` at every start. */
export const SCENARIO_LIMITS = {
  /** Desired pods of one workload (spec.replicas). */
  replicasPerWorkload: 500,
  /** Desired pods of all manifests together (workload replicas, DaemonSet pods, bare Pods). */
  podsPerScenario: 1000,
  /** Nodes in the cluster. */
  nodes: 50,
  /** createdAgo and every other duration (ten years of 365 days). */
  durationMs: 3650 * 86_400_000,
} as const;

const LONGEST = '3650d';

/** Kinds whose spec.replicas asks for that many pods (default 1). */
const REPLICATED_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

// Shell syntax a learner would have to quote: the API server lets RBAC names carry it, scenario packs may not.
const SHELL_UNSAFE = /[\s"'`$\\;&|<>(){}[\]*?!#~^]/;

type Report = (path: DocPath, message: string, at?: 'key' | 'value') => void;

/** Every limit and safety check on a schema-valid scenario, as `file:line:col` errors. */
export function checkScenarioLimits(scenario: Scenario, positions: PositionMap, file: string): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const report: Report = (path, message, at = 'value') =>
    errors.push({ file, ...(at === 'key' ? positions.keyAt(path) : positions.valueAt(path)), message });
  checkText(scenario, [], report);
  checkNames(scenario, report);
  checkKindsAndNamespaces(scenario, report);
  checkSizes(scenario, report);
  checkDurations(scenario, report);
  return errors;
}

/** Rejects control characters (ESC, BEL, CR, C1...) in every string and key: `\n` and `\t` are text. */
function checkText(value: unknown, path: DocPath, report: Report): void {
  // Iterative walk: a scenario's manifests may nest deeply.
  const stack: [unknown, DocPath][] = [[value, path]];
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      const hit = findControlCharacter(v);
      if (hit) report(p, `${formatPath(p)}: control character ${escapeControlCharacters(hit.char)} in text "${shorten(escapeControlCharacters(v))}": scenario text is shown in the learner's terminal; write plain text`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, [...p, i]]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const hit = findControlCharacter(k);
        if (hit) report([...p, k], `${formatPath(p)}: control character ${escapeControlCharacters(hit.char)} in key "${shorten(escapeControlCharacters(k))}"`, 'key');
        stack.push([child, [...p, k]]);
      }
    }
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Manifest names: the API server's rules per kind, then kubedrill's: nothing a shell would interpret. */
function checkNames(scenario: Scenario, report: Report): void {
  scenario.cluster.manifests.forEach((m, i) => {
    const path: DocPath = ['cluster', 'manifests', i, 'metadata', 'name'];
    const name = m.metadata.name;
    const apiErrors = validateObjectName(m.apiVersion, m.kind, name);
    for (const e of apiErrors) report(path, `cluster.manifests[${i}]: ${m.kind} "${name}" is invalid: ${e.field}: ${e.detail}`);
    if (apiErrors.length === 0 && SHELL_UNSAFE.test(name)) {
      report(path, `cluster.manifests[${i}]: ${m.kind} name "${name}" contains whitespace or shell syntax; learners type object names into a shell, so scenario packs use letters, digits, '-', '.', ':' and '@'`);
    }
     const metaErrors: FieldError[] = [];
    validateMetaMaps(m.metadata, metaErrors);
    for (const e of metaErrors) report(['cluster', 'manifests', i, 'metadata', e.field.split('.')[1]!], `cluster.manifests[${i}]: ${m.kind} "${name}" is invalid: ${e.field}: ${e.detail}`);
  });
  scenario.cluster.nodes.forEach((n, i) => {
    const metaErrors: FieldError[] = [];
    validateMetaMaps({ labels: n.labels }, metaErrors);
    for (const e of metaErrors) report(['cluster', 'nodes', i, 'labels'], `cluster.nodes[${i}]: Node "${n.name}" is invalid: ${e.field}: ${e.detail}`);
  });
}

/**
 * Manifests are created in order through the API server when the scenario
 * loads: their kind must be served and their namespace must exist by then (a
 * kubeadm namespace or a Namespace declared earlier), or the scenario cannot start.
 */
function checkKindsAndNamespaces(scenario: Scenario, report: Report): void {
  const namespaces = new Set(SYSTEM_NAMESPACES);
  // A scratch API server with kubeadm's namespaces: each manifest that passed the checks above is
  // created on it as the scenario start will, so whatever the server refuses is reported here.
  const queue = new EventQueue(0);
  const api = new ApiServer({ store: new Store(queue), queue, random: new Random(1), version: { gitVersion: scenario.cluster.version, major: '1', minor: '32' } });
  const system = api.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
  for (const name of SYSTEM_NAMESPACES) system.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  scenario.cluster.manifests.forEach((m, i) => {
    const info = resourceForKind(m.apiVersion, m.kind);
    if (!info) {
      report(['cluster', 'manifests', i, 'kind'], `cluster.manifests[${i}]: no matches for kind "${m.kind}" in version "${m.apiVersion}" (the simulated API server does not serve it)`);
      return;
    }
    const ns = m.metadata.namespace ?? 'default';
    if (info.namespaced && !namespaces.has(ns)) {
      report(['cluster', 'manifests', i, 'metadata', 'namespace'], `cluster.manifests[${i}]: namespaces "${ns}" not found (declare a Namespace before it in cluster.manifests)`);
      return;
    }
    if (m.kind === 'Namespace') namespaces.add(m.metadata.name);
    const metaErrors: FieldError[] = [];
    validateMetaMaps(m.metadata, metaErrors);
    // Name, label and annotation problems are reported by checkNames, at their fields.
    if (metaErrors.length > 0 || validateObjectName(m.apiVersion, m.kind, m.metadata.name).length > 0) return;
    let created: ReturnType<typeof system.create>;
    try {
      created = system.create(info.name, info.namespaced ? ns : undefined, structuredClone(m) as unknown as KubeObject);
    } catch {
      // The simulation works on decoded objects: a mapping where a list belongs (or the reverse) cannot be loaded.
      report(['cluster', 'manifests', i], `cluster.manifests[${i}]: ${m.kind} "${m.metadata.name}" cannot be decoded: a field holds the wrong type (a scalar, list or mapping where another is expected)`);
      return;
    }
    if (!created.ok && created.status.reason !== 'AlreadyExists') report(['cluster', 'manifests', i], `cluster.manifests[${i}]: ${created.status.message}`);
  });
}

/** Pods the manifests ask for, and nodes: bounded so the warm-up stays within seconds. */
function checkSizes(scenario: Scenario, report: Report): void {
  const { nodes, manifests } = scenario.cluster;
  if (nodes.length > SCENARIO_LIMITS.nodes) {
    report(['cluster', 'nodes', SCENARIO_LIMITS.nodes], `cluster.nodes: ${nodes.length} nodes; a scenario may have at most ${SCENARIO_LIMITS.nodes}`);
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
    } else if (m.kind === 'DaemonSet') pods = nodes.length;
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
