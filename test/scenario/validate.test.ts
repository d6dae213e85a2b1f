import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatError,
  loadValidScenarioFile,
  validateScenarioFile,
  validateScenarioText,
} from '../../src/scenario/validate.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/scenarios');
const GOOD_FILE = join(FIXTURES, 'pending-insufficient-cpu.yaml');
const GOOD = readFileSync(GOOD_FILE, 'utf8');

/** Validates the good fixture with one textual edit (under its own file name). */
function errorsAfter(from: string, to: string): string[] {
  expect(GOOD).toContain(from);
  return validateScenarioText(GOOD.replace(from, to), 'pending-insufficient-cpu.yaml').map(formatError);
}

describe('validateScenarioFile', () => {
  it('accepts the valid fixture', () => {
    expect(validateScenarioFile(GOOD_FILE)).toEqual([]);
    const r = loadValidScenarioFile(GOOD_FILE);
    expect(r.ok).toBe(true);
  });

  it('reports every meaning error at its node, in file order', () => {
    const file = join(FIXTURES, 'bad/semantic-errors.yaml');
    expect(validateScenarioFile(file).map(formatError)).toEqual([
      `${file}:4:7: metadata.id "wrong-id" must equal the file name "semantic-errors"`,
      `${file}:14:17: cluster.workloadsAgo (50d) must be less than cluster.createdAgo (45d): workloads are applied after the cluster is created`,
      `${file}:21:13: cluster.nodes[2].name: duplicate node name "node-1"`,
      `${file}:38:35: faults[0].node: no node named "node-9" (nodes: cp-1, node-1)`,
      `${file}:41:10: diagnosis.cause: "runtime-down" is not a cause of component scheduler; its causes: insufficient-resources, untolerated-taint, node-selector-mismatch, host-port-conflict, all-nodes-unschedulable, no-scheduler-for-pod, unbound-volume-claim, not-running`,
      `${file}:45:12: evidence[1].host: no host named "node-3" (use workstation or a node: cp-1, node-1)`,
      `${file}:48:17: goal[1]: no node named "node-7" (nodes: cp-1, node-1)`,
      `${file}:52:5: solution[1]: ssh to unknown host "node-5" (nodes: cp-1, node-1)`,
    ]);
    const r = loadValidScenarioFile(file);
    expect(r.ok ? 0 : r.errors.length).toBe(8);
  });

  it('returns schema errors first (no meaning checks on an invalid document)', () => {
    const file = join(FIXTURES, 'bad/misspelled-field.yaml');
    expect(validateScenarioFile(file).map(formatError)).toEqual([
      `${file}:3:5: metadata: unknown field "idd" (did you mean "id"?)`,
    ]);
  });

  it('reports an unreadable file as a whole-file error', () => {
    const file = join(FIXTURES, 'missing.yaml');
    expect(validateScenarioFile(file).map(formatError)).toEqual([`${file}: cannot read scenario: no such file`]);
  });
});

describe('validateScenarioText meaning checks', () => {
  it('fault durations parse and fall inside the cluster life', () => {
    expect(errorsAfter('since: 6h}', 'since: 6hours}')).toEqual([
      'pending-insufficient-cpu.yaml:38:50: faults[0].since: invalid duration "6hours": unknown unit "hours" (use s, m, h or d)',
    ]);
    expect(errorsAfter('since: 6h}', 'since: 60d}')).toEqual([
      'pending-insufficient-cpu.yaml:38:50: faults[0].since (60d) is before the cluster was created (createdAgo 45d)',
    ]);
  });

  it('node references inside `not` goals are checked', () => {
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {not: {nodeSchedulable: node-0}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:29: goal[1]: no node named "node-0" (nodes: cp-1, node-1, node-2)',
    ]);
  });

  it('node references of noPodsOnNode and nodeHasTaint are checked', () => {
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {noPodsOnNode: {selector: app=batch, node: node-5}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:48: goal[1]: no node named "node-5" (nodes: cp-1, node-1, node-2)',
    ]);
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {not: {nodeHasTaint: {node: node-5, key: a}}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:33: goal[1]: no node named "node-5" (nodes: cp-1, node-1, node-2)',
    ]);
  });

  it('node references of nodePortAnswers and serviceAnswers.from are checked', () => {
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {nodePortAnswers: {node: node-5, port: 30080}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:30: goal[1]: no node named "node-5" (nodes: cp-1, node-1, node-2)',
    ]);
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {serviceAnswers: {name: web, from: node-5}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:40: goal[1]: no node named "node-5" (nodes: cp-1, node-1, node-2)',
    ]);
  });

  it('every accepted taxonomy entry of a diagnosis must exist', () => {
    expect(errorsAfter('  cause: insufficient-resources\n', '  cause: insufficient-resources\n  also: [{component: workload, cause: stopped}]\n')).toEqual([
      'pending-insufficient-cpu.yaml:42:39: diagnosis.also[0].cause: "stopped" is not a cause of component workload; its causes: bad-command, wrong-image-tag, requests-too-large, wrong-node-selector, wrong-scheduler-name, host-port-taken, missing-configmap, missing-secret, failing-probe, oom-killed, wrong-container-port',
    ]);
  });

  it('the same object declared twice', () => {
    const dup = '  manifests:\n    - {apiVersion: v1, kind: ConfigMap, metadata: {name: cfg}}\n    - {apiVersion: v1, kind: ConfigMap, metadata: {name: cfg}}\n';
    expect(errorsAfter('  manifests:\n', dup)).toEqual([
      'pending-insufficient-cpu.yaml:26:58: cluster.manifests[1]: ConfigMap "cfg" is already declared by cluster.manifests[0]',
    ]);
  });

  it('evidence on a node, ssh with a user, and a defaulted host are fine', () => {
    expect(errorsAfter('  - ssh node-2', '  - ssh admin@node-2')).toEqual([]);
  });

  it('workloadsAgo defaults to 20m and must be below createdAgo', () => {
    expect(errorsAfter('  createdAgo: 45d\n  workloadsAgo: 20m\n', '  createdAgo: 10m\n')).toEqual([
      // workloadsAgo is absent, so the error points at the cluster mapping (its first key).
      'pending-insufficient-cpu.yaml:13:3: cluster.workloadsAgo (20m) must be less than cluster.createdAgo (10m): workloads are applied after the cluster is created',
      'pending-insufficient-cpu.yaml:37:50: faults[0].since (6h) is before the cluster was created (createdAgo 10m)',
    ]);
  });

  it('evidence facts: one per item, a known node, a pattern RE2 compiles', () => {
    const line = '{host: node-2, command: systemctl status kubelet, shows: "inactive (dead)"}';
    expect(errorsAfter(line, '{command: kubectl get nodes, nodeCondition: {node: node-9, type: Ready, status: Unknown}}')).toEqual([
      'pending-insufficient-cpu.yaml:45:56: evidence[1].nodeCondition.node: no node named "node-9" (nodes: cp-1, node-1, node-2)',
    ]);
    expect(errorsAfter(line, '{host: node-2, command: journalctl -u kubelet, log: {unit: kubelet, matches: "(?<=a)b"}}').map((e) => e.replace(/:\d+:\d+:/, ':'))).toEqual([
      'pending-insufficient-cpu.yaml: evidence[1].log.matches: not a valid RE2 regular expression',
    ]);
    expect(errorsAfter(line, '{command: kubectl get pods -o yaml, objectField: {resource: podz, name: batch, path: spec.nodeName}}')).toEqual([
      'pending-insufficient-cpu.yaml:45:65: evidence[1].objectField.resource: the API server serves no resource "podz"',
    ]);
    expect(errorsAfter(line, '{command: kubectl get nodes, shows: NotReady, nodeCondition: {node: node-2, type: Ready, status: Unknown}}')).toEqual([
      'pending-insufficient-cpu.yaml:45:5: evidence[1]: one fact per evidence item; found shows, nodeCondition',
    ]);
  });
});

describe('goal and guard objectFields name what can exist', () => {
  const guard = 'not: {objectField: {resource: pods, namespace: default, name: batch, path: spec.nodeName, exists: false}}';

  it('a guard on a resource the API server does not serve', () => {
    expect(errorsAfter(guard, guard.replace('resource: pods', 'resource: podz'))).toEqual([
      'pending-insufficient-cpu.yaml:49:35: goal[2].not.objectField.resource: the API server serves no resource "podz"',
    ]);
  });

  it('a guard whose path starts with a field the kind does not have (it would always hold)', () => {
    expect(errorsAfter(guard, guard.replace('path: spec.nodeName', 'path: sepc.nodeName'))).toEqual([
      'pending-insufficient-cpu.yaml:49:80: goal[2].not.objectField.path: Pod objects have no field "sepc" (top-level fields: apiVersion, kind, metadata, spec, status)',
    ]);
    expect(errorsAfter(guard, guard.replace('path: spec.nodeName', 'path: metadata.label.app'))).toEqual([
      'pending-insufficient-cpu.yaml:49:80: goal[2].not.objectField.path: metadata has no field "label"',
    ]);
    expect(errorsAfter(guard, guard.replace('path: spec.nodeName', 'path: spec..nodeName'))).toEqual([
      'pending-insufficient-cpu.yaml:49:80: goal[2].not.objectField.path: path "spec..nodeName" has an empty segment: it names no field',
    ]);
  });

  it('a goal and an evidence item on kinds shaped otherwise than spec/status', () => {
    expect(errorsAfter('  - {nodeReady: node-2}', '  - {objectField: {resource: cm, namespace: default, name: app, path: spec.data, exists: true}}')).toEqual([
      'pending-insufficient-cpu.yaml:48:71: goal[1].objectField.path: ConfigMap objects have no field "spec" (top-level fields: apiVersion, kind, metadata, data, binaryData, immutable)',
    ]);
    const line = '{host: node-2, command: systemctl status kubelet, shows: "inactive (dead)"}';
    expect(errorsAfter(line, '{command: kubectl get ep, objectField: {resource: endpoints, namespace: default, name: web, path: status.subsets}}')).toEqual([
      'pending-insufficient-cpu.yaml:45:103: evidence[1].objectField.path: Endpoints objects have no field "status" (top-level fields: apiVersion, kind, metadata, subsets)',
    ]);
  });

  it('deeper segments, metadata fields and kinds without a known shape are not judged (no false errors)', () => {
    expect(errorsAfter(guard, guard.replace('path: spec.nodeName', 'path: spec.notAFieldYet'))).toEqual([]);
    expect(errorsAfter(guard, guard.replace('path: spec.nodeName', 'path: .metadata.labels.app'))).toEqual([]);
    expect(errorsAfter(guard, guard.replace('resource: pods', 'resource: events').replace('path: spec.nodeName', 'path: reason'))).toEqual([]);
  });
});

describe('scenario values quoted in messages', () => {
  it('a newline or escape in a value is escaped, never printed raw (it could forge a line or drive the terminal)', () => {
    const errors = errorsAfter('{nodeReady: node-2}', '{nodeReady: "node-2\\nx.yaml:1:1: ok\\x1b]0;pwned\\x07"}');
    expect(errors).toEqual([
      'pending-insufficient-cpu.yaml:48:17: goal[1]: no node named "node-2\\nx.yaml:1:1: ok\\x1b]0;pwned\\x07" (nodes: cp-1, node-1, node-2)',
      'pending-insufficient-cpu.yaml:48:17: goal[1].nodeReady: control character \\x1b in text "node-2\\nx.yaml:1:1: ok\\x1b]0;pwned\\x07": scenario text is shown in the learner\'s terminal; write plain text',
    ]);
    expect(errors.join('')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });

  it('schema messages quote the value the same way', () => {
    const errors = errorsAfter('id: pending-insufficient-cpu', 'id: "bad\\tid\\u009b2J"');
    expect(errors[0]).toContain('invalid id "bad\\tid\\x9b2J": must be kebab-case');
    expect(errors.join('')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });
});
