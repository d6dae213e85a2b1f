import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/scenario/load.js';
import { formatError, validateScenarioText } from '../../src/scenario/validate.js';
import { scenarioWorld } from '../../src/scenario/world.js';

const GOOD = readFileSync(join(import.meta.dirname, '../fixtures/scenarios/pending-insufficient-cpu.yaml'), 'utf8');
const FILE = 'pending-insufficient-cpu.yaml';

/** The good fixture with one textual edit. */
function edited(from: string, to: string): string {
  expect(GOOD).toContain(from);
  return GOOD.replace(from, to);
}
const errorsAfter = (from: string, to: string) => validateScenarioText(edited(from, to), FILE).map(formatError);
/** Adds node entries after the fixture's three. */
const withNodes = (lines: string) => edited('  manifests:\n', `${lines}  manifests:\n`);

function world(text: string) {
  const parsed = parseScenarioText(text, FILE);
  if (!parsed.ok) throw new Error(parsed.errors.map(formatError).join('\n'));
  return { scenario: parsed.scenario, ...scenarioWorld(parsed.scenario) };
}

describe('node entries with count', () => {
  it('expand to <name>-1 … <name>-N with the same shape, in order', () => {
    const { world: w } = world(withNodes('    - {name: pool, count: 3, cpu: "8", labels: {tier: batch}}\n'));
    expect(w.nodes.map((n) => n.name)).toEqual(['cp-1', 'node-1', 'node-2', 'pool-1', 'pool-2', 'pool-3']);
    for (const n of w.nodes.slice(3)) expect(n).toMatchObject({ role: 'worker', cpu: '8', memory: '8Gi', labels: { tier: 'batch' } });
    // Each node owns its labels: the cluster may change one node's without touching its siblings.
    w.nodes[3].labels.tier = 'changed';
    expect(w.nodes[4].labels.tier).toBe('batch');
  });

  it('expanded names are names like any other: goals, faults and ssh may use them', () => {
    const text = withNodes('    - {name: pool, count: 3}\n').replace('{type: kubelet-stopped, node: node-2', '{type: kubelet-stopped, node: pool-3').replace('  - {nodeReady: node-2}', '  - {nodeReady: pool-2}');
    expect(validateScenarioText(text, FILE).map(formatError)).toEqual([]);
  });

  it('a generated name that collides is an error at the entry, once', () => {
    expect(errorsAfter('  manifests:\n', '    - {name: node, count: 4}\n  manifests:\n')).toEqual([
      `${FILE}:24:14: cluster.nodes[3].name: duplicate node name "node-1" (count: 4 makes node-1 … node-4)`,
    ]);
  });

  it('count is a whole number from 1 to 1000, and the last name must still be a DNS label', () => {
    expect(errorsAfter('  manifests:\n', '    - {name: pool, count: 0}\n  manifests:\n')).toEqual([`${FILE}:24:27: cluster.nodes[3].count: must be at least 1`]);
    const stem = 'p'.repeat(61);
    expect(errorsAfter('  manifests:\n', `    - {name: ${stem}, count: 10}\n  manifests:\n`)).toEqual([
      `${FILE}:24:14: cluster.nodes[3].name: "${stem}-10" (the last name count makes) is longer than 63 characters`,
    ]);
  });
});

describe('joinedAgo', () => {
  it('sets when the node joined; nodes without it join with the rest', () => {
    const { world: w } = world(withNodes('    - {name: late, joinedAgo: 1d}\n'));
    const now = Date.parse('2026-11-30T09:00:00Z');
    expect(w.nodes.find((n) => n.name === 'late')!.joinedAt).toBe(now - 86_400_000);
    expect(w.nodes.find((n) => n.name === 'node-1')!.joinedAt).toBeUndefined();
  });

  it('must fall inside the cluster\'s life, not on the kubeadm-init node, and before the node\'s faults', () => {
    expect(errorsAfter('  manifests:\n', '    - {name: late, joinedAgo: 50d}\n  manifests:\n')).toEqual([
      `${FILE}:24:31: cluster.nodes[3].joinedAgo (50d) is before the cluster was created (createdAgo 45d)`,
    ]);
    expect(errorsAfter('      role: control-plane\n', '      role: control-plane\n      joinedAgo: 1d\n')).toEqual([
      `${FILE}:18:18: cluster.nodes[0].joinedAgo: cp-1 is the first control-plane node: it ran \`kubeadm init\` and was created with the cluster (createdAgo)`,
    ]);
    // node-2's kubelet-stopped fault began 6h ago.
    expect(errorsAfter('    - name: node-2\n', '    - name: node-2\n      joinedAgo: 2h\n')).toEqual([
      `${FILE}:39:50: faults[0].since (6h) is before node-2 joined (joinedAgo 2h)`,
    ]);
    expect(errorsAfter('    - name: node-2\n', '    - name: node-2\n      joinedAgo: 6h\n')).toEqual([]);
  });
});

describe('cluster.podSubnet', () => {
  it('defaults to 10.244.0.0/16 and reaches the world', () => {
    expect(world(GOOD).world.podSubnet).toBe('10.244.0.0/16');
    expect(world(edited('  createdAgo: 45d\n', '  createdAgo: 45d\n  podSubnet: 10.244.0.0/15\n')).world.podSubnet).toBe('10.244.0.0/15');
  });

  it('reports a block kube-controller-manager cannot use at file:line:col', () => {
    expect(errorsAfter('  createdAgo: 45d\n', '  createdAgo: 45d\n  podSubnet: 10.96.0.0/16\n')).toEqual([
      `${FILE}:14:14: cluster.podSubnet: pod subnet 10.96.0.0/16 overlaps the Service range 10.96.0.0/12`,
    ]);
    expect(errorsAfter('  createdAgo: 45d\n', '  createdAgo: 45d\n  podSubnet: 10.244.0.0/25\n')).toEqual([
      `${FILE}:14:14: cluster.podSubnet: pod subnet 10.244.0.0/25 is smaller than one node's /24: kube-controller-manager needs a prefix of /24 or shorter`,
    ]);
  });
});
