import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultParamSchemas } from '../../src/faults/param-schemas.js';
import { formatError, loadScenarioFile, loadScenarioText } from '../../src/scenario/load.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/scenarios');
const GOOD_FILE = join(FIXTURES, 'pending-insufficient-cpu.yaml');
const GOOD = readFileSync(GOOD_FILE, 'utf8');

/** Loads the good fixture with one textual edit and returns the formatted errors. */
function errorsAfter(from: string, to: string): string[] {
  expect(GOOD).toContain(from);
  const r = loadScenarioText(GOOD.replace(from, to), 's.yaml');
  return r.ok ? [] : r.errors.map(formatError);
}

describe('loadScenarioFile', () => {
  it('loads a valid scenario and applies defaults', () => {
    const r = loadScenarioFile(GOOD_FILE);
    if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
    const s = r.scenario;
    expect(s.metadata.id).toBe('pending-insufficient-cpu');
    expect(s.cluster.version).toBe('v1.32.4');
    expect(s.cluster.now).toBe('2026-11-30T09:00:00Z');
    expect(s.cluster.seed).toBe(1);
    expect(s.cluster.nodes.map((n) => [n.name, n.role, n.cpu, n.memory, n.pods, n.ephemeralStorage])).toEqual([
      ['cp-1', 'control-plane', '2', '8Gi', 110, '50Gi'],
      ['node-1', 'worker', '2', '4Gi', 110, '50Gi'],
      ['node-2', 'worker', '4', '8Gi', 110, '50Gi'],
    ]);
    expect(s.cluster.nodes[2]?.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    expect(s.cluster.images['shop/batch:2.0']).toEqual({
      listens: [],
      readyAfter: '0s',
      exits: { code: 0, after: '90s' },
      logs: ['batch starting'],
      missing: false,
    });
    expect(s.faults).toEqual([{ type: 'kubelet-stopped', node: 'node-2', since: '6h' }]);
    expect(s.evidence[0]).toEqual({ host: 'workstation', command: 'kubectl describe pod batch', shows: 'Insufficient cpu' });
    expect(s.goal).toEqual([
      { podScheduled: { namespace: 'default', name: 'batch' } },
      { nodeReady: 'node-2' },
      { not: { objectField: { resource: 'pods', namespace: 'default', name: 'batch', path: 'spec.nodeName', exists: false } } },
    ]);
    // Manifests pass through untouched.
    expect(s.cluster.manifests[0]?.spec).toEqual({
      containers: [{ name: 'main', image: 'shop/batch:2.0', resources: { requests: { cpu: '8' } } }],
    });
  });

  it('reports a misspelled field at its key, with a suggestion', () => {
    const file = join(FIXTURES, 'bad/misspelled-field.yaml');
    const r = loadScenarioFile(file);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map(formatError)).toEqual([`${file}:3:5: metadata: unknown field "idd" (did you mean "id"?)`]);
  });

  it('reports YAML syntax errors at js-yaml\'s position, 1-based', () => {
    const file = join(FIXTURES, 'bad/yaml-syntax-error.yaml');
    const r = loadScenarioFile(file);
    if (r.ok) throw new Error('expected an error');
    expect(r.errors.map(formatError)).toEqual([`${file}:8:3: YAML: missed comma between flow collection entries`]);
  });

  it('reports an unreadable file without throwing', () => {
    const r = loadScenarioFile(join(FIXTURES, 'nope.yaml'));
    if (r.ok) throw new Error('expected an error');
    expect(r.errors.map(formatError)).toEqual([`${join(FIXTURES, 'nope.yaml')}: cannot read scenario: no such file`]);
  });
});

describe('loadScenarioText errors', () => {
  it('unknown top-level and nested fields', () => {
    expect(errorsAfter('  manifests:', '  manifest:')).toEqual([
      's.yaml:24:3: cluster: unknown field "manifest" (did you mean "manifests"?)',
    ]);
    expect(errorsAfter('hints:', 'hint:')).toEqual(['s.yaml:55:1: unknown field "hint" (did you mean "hints"?)']);
    expect(errorsAfter('explanation: |', 'extra: 1\nexplanation: |')).toEqual(['s.yaml:58:1: unknown field "extra"']);
  });

  it('wrong enum value points at the value', () => {
    expect(errorsAfter('  difficulty: beginner', '  difficulty: easy')).toEqual([
      's.yaml:6:15: metadata.difficulty: expected one of beginner, intermediate, advanced',
    ]);
    expect(errorsAfter('effect: NoSchedule}', 'effect: NoSchedul}')).toEqual([
      's.yaml:23:53: cluster.nodes[2].taints[0].effect: unknown value "NoSchedul" (did you mean "NoSchedule"?); expected one of NoSchedule, PreferNoSchedule, NoExecute',
    ]);
  });

  it('missing required field points at the parent mapping', () => {
    expect(errorsAfter('  title: A batch job that never starts\n', '')).toEqual([
      's.yaml:4:3: metadata: missing required field "title"',
    ]);
    expect(errorsAfter('command: kubectl describe pod batch, shows', 'shows')).toEqual([
      's.yaml:44:5: evidence[0]: missing required field "command"',
    ]);
    // An evidence item states exactly one fact.
    expect(errorsAfter('kubectl describe pod batch, shows: "Insufficient cpu"}', 'kubectl describe pod batch}')).toEqual([
      's.yaml:44:5: evidence[0]: needs one fact: shows, objectField, log, nodeCondition',
    ]);
    expect(errorsAfter('explanation: |\n  The pod requests 8 CPUs; no node has that much allocatable CPU.\n', '')).toEqual([
      's.yaml:1:1: missing required field "explanation"',
    ]);
  });

  it('unknown fault type names the known faults', () => {
    expect(errorsAfter('{type: kubelet-stopped,', '{type: kubelet-stoped,')).toEqual([
      // The known list is whatever the fault registry holds.
      `s.yaml:38:12: faults[0].type: unknown fault "kubelet-stoped" (did you mean "kubelet-stopped"?); known: ${Object.keys(faultParamSchemas()).join(', ')}`,
    ]);
    expect(errorsAfter('node: node-2, since: 6h}', 'node: node-2, since: 6h, for: 1h}')).toEqual([
      's.yaml:38:54: faults[0]: unknown field "for"',
    ]);
  });

  it('wrong types, durations, quantities and names', () => {
    expect(errorsAfter('  estimatedMinutes: 10', '  estimatedMinutes: ten')).toEqual([
      's.yaml:8:21: metadata.estimatedMinutes: expected a number, got string "ten"',
    ]);
    expect(errorsAfter('  createdAgo: 45d', '  createdAgo: 45days')).toEqual([
      's.yaml:13:15: cluster.createdAgo: invalid duration "45days": unknown unit "days" (use s, m, h or d)',
    ]);
    expect(errorsAfter('      memory: 4Gi', '      memory: 4GB')).toEqual([
      's.yaml:20:15: cluster.nodes[1].memory: invalid quantity "4GB" (e.g. 500m, 2, 8Gi)',
    ]);
    expect(errorsAfter('exits: {code: 0,', 'exits: {code: 300,')).toEqual([
      's.yaml:36:21: cluster.images["shop/batch:2.0"].exits.code: must be at most 255',
    ]);
    expect(errorsAfter('    shop/batch:2.0:', '    "shop batch":')).toEqual([
      's.yaml:34:5: cluster.images: invalid image reference "shop batch"',
    ]);
    expect(errorsAfter('hints:\n', 'hints: []\nx:\n').slice(0, 1)).toEqual(['s.yaml:55:8: hints: expected at least 1 item']);
  });

  it('goal predicates: unknown name, two in one item, nested field', () => {
    expect(errorsAfter('  - {podScheduled: {name: batch}}', '  - {podSchedule: {name: batch}}')).toEqual([
      's.yaml:47:6: goal[0]: unknown field "podSchedule" (did you mean "podScheduled"?)',
    ]);
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {nodeReady: node-2, podRunning: {name: x}}')).toEqual([
      's.yaml:48:5: goal[1]: one predicate per goal item; found nodeReady, podRunning',
    ]);
    expect(errorsAfter('path: spec.nodeName, exists: false}', 'path: spec.nodeName}')).toEqual([
      's.yaml:49:24: goal[2].not.objectField: needs one of equals, exists, lessThan, greaterThan',
    ]);
  });

  it('unknown diagnosis cause lists the causes of the component', () => {
    expect(errorsAfter('  cause: insufficient-resources', '  cause: insufficent-resources')).toEqual([
      's.yaml:41:10: diagnosis.cause: unknown cause "insufficent-resources" (did you mean "insufficient-resources"?); causes for component scheduler: insufficient-resources, untolerated-taint, node-selector-mismatch, host-port-conflict, all-nodes-unschedulable, no-scheduler-for-pod, unbound-volume-claim, not-running',
    ]);
  });

  it('a list of diagnoses is checked item by item, at file:line:col', () => {
    const list = 'diagnosis:\n  - component: scheduler\n    cause: insufficient-resources\n  - component: kubelet\n    cause: stoped\n    concept: {object: [node-2]}\n';
    expect(errorsAfter('diagnosis:\n  component: scheduler\n  cause: insufficient-resources\n  accept: ["not enough cpu", "requests too much cpu"]\n', list)).toEqual([
      's.yaml:43:12: diagnosis[1].cause: unknown cause "stoped" (did you mean "stopped"?); causes for component kubelet: client-certificate-expired, invalid-config, pleg-unhealthy, stopped',
      's.yaml:44:5: diagnosis[1]: unknown field "concept" (did you mean "concepts"?)',
    ]);
    expect(errorsAfter('  cause: insufficient-resources\n', '  cause: insufficient-resources\n  also: [{component: workload, cause: requests-too-large, why: 1}]\n')).toEqual([
      's.yaml:42:59: diagnosis.also[0]: unknown field "why"',
    ]);
  });

  it('new goal predicates reject unknown fields at their key', () => {
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {noPodsOnNode: {selector: app=batch, node: node-1, nodes: x}}')).toEqual([
      's.yaml:48:56: goal[1].noPodsOnNode: unknown field "nodes" (did you mean "node"?)',
    ]);
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {deploymentRunsImage: {name: batch, image: shop/batch:2.0, tag: x}}')).toEqual([
      's.yaml:48:64: goal[1].deploymentRunsImage: unknown field "tag"',
    ]);
  });

  it('another apiVersion is the only error reported', () => {
    expect(errorsAfter('apiVersion: kubedrill/v1', 'apiVersion: kubedrill/v2\nbogus: 1')).toEqual([
      's.yaml:1:13: apiVersion: unsupported version "kubedrill/v2"; this build reads kubedrill/v1',
    ]);
  });

  it('empty values point at their key, empty list items at the dash line', () => {
    expect(errorsAfter('metadata:\n', 'metadata:\nfoo:\n')).toEqual([
      's.yaml:3:1: metadata: expected a mapping, got null',
      's.yaml:4:1: unknown field "foo"',
    ]);
    expect(errorsAfter('  nodes:\n', '  nodes:\n    -\n')).toEqual(['s.yaml:16:5: cluster.nodes[0]: expected a mapping, got null']);
    expect(errorsAfter('  - What does the scheduler say about the pod?', '  - 42')).toEqual([
      's.yaml:56:5: hints[0]: expected a string, got number 42',
    ]);
  });

  it('YAML-level problems: duplicate keys, tabs', () => {
    expect(errorsAfter('kind: Scenario', 'kind: Scenario\nkind: Other')).toEqual(['s.yaml:3:1: YAML: duplicated mapping key']);
    const r = loadScenarioText('apiVersion: kubedrill/v1\n\tkind: x\n', 't.yaml');
    expect(r.ok ? [] : r.errors.map(formatError)).toEqual(['t.yaml:2:1: YAML: tab characters must not be used in indentation']);
  });

  it('empty files and non-mapping documents', () => {
    const empty = loadScenarioText('# nothing\n', 'e.yaml');
    expect(empty.ok ? [] : empty.errors.map(formatError)).toEqual([
      'e.yaml:1:1: empty file; expected a scenario starting with "apiVersion: kubedrill/v1"',
    ]);
    const list = loadScenarioText('- a\n- b\n', 'l.yaml');
    expect(list.ok ? [] : list.errors.map(formatError)).toEqual(['l.yaml:1:1: expected a mapping at the top level, got a list']);
  });
});
