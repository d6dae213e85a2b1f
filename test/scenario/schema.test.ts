import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateQuizJsonSchema, generateScenarioJsonSchema, QUIZ_SCHEMA_FILE, SCHEMA_FILE } from '../../scripts/generate-schema.js';
import { parseDuration } from '../../src/scenario/duration.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { allCauseIds, causeBelongsTo, componentIds, findCause, TAXONOMY } from '../../src/scenario/taxonomy.js';

const ROOT = join(import.meta.dirname, '../..');

/** The smallest scenario the schema accepts. */
function minimal(): Record<string, unknown> {
  return {
    apiVersion: 'kubedrill/v1',
    kind: 'Scenario',
    metadata: { id: 'tiny', title: 'Tiny', difficulty: 'beginner', topics: ['scheduler'], estimatedMinutes: 5 },
    briefing: 'Something is wrong.',
    cluster: { nodes: [{ name: 'cp-1', role: 'control-plane' }, { name: 'node-1', cpu: 8, memory: '16Gi' }] },
    diagnosis: { component: 'kubelet', cause: 'stopped', accept: ['kubelet stopped'] },
    evidence: [{ command: 'kubectl get nodes', shows: 'NotReady' }],
    goal: [{ nodeReady: 'node-1' }],
    solution: ['ssh node-1', 'sudo systemctl start kubelet', 'exit'],
    hints: ['Look at the nodes.'],
    explanation: 'The kubelet was stopped.',
  };
}

describe('scenarioSchema', () => {
  it('applies cluster and node defaults; numeric quantities become strings', () => {
    const s = scenarioSchema().parse(minimal());
    expect(s.cluster).toEqual({
      version: 'v1.32.4',
      now: '2026-11-30T09:00:00Z',
      createdAgo: '30d',
      workloadsAgo: '20m',
      seed: 1,
      podSubnet: '10.244.0.0/16',
      cni: 'flannel',
      nodes: [
        { name: 'cp-1', role: 'control-plane', cpu: '2', memory: '8Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false },
        { name: 'node-1', role: 'worker', cpu: '8', memory: '16Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false },
      ],
      manifests: [],
      images: {},
    });
    expect(s.faults).toEqual([]);
  });

  it('accepts every goal predicate form, nested `not` included', () => {
    const goal = [
      { podsReady: { selector: 'app=web', count: 3 } },
      { deploymentAvailable: { namespace: 'shop', name: 'web', minReplicas: 3 } },
      { nodeReady: 'node-1' },
      { nodeSchedulable: 'node-1' },
      { podScheduled: { name: 'batch' } },
      { podRunning: { name: 'batch' } },
      { serviceHasEndpoints: { name: 'web' } },
      { not: { not: { nodeReady: 'node-1' } } },
      { objectField: { resource: 'deployments', namespace: 'default', name: 'web', path: 'spec.replicas', equals: 3 } },
      { objectField: { resource: 'nodes', name: 'node-1', path: 'spec.unschedulable', exists: false } },
    ];
    const s = scenarioSchema().parse({ ...minimal(), goal });
    expect(s.goal[0]).toEqual({ podsReady: { namespace: 'default', selector: 'app=web', count: 3 } });
    expect(s.goal[7]).toEqual({ not: { not: { nodeReady: 'node-1' } } });
  });

  it('rejects a goal item with no predicate, and objectField with two comparators', () => {
    const r = scenarioSchema().safeParse({
      ...minimal(),
      goal: [{}, { objectField: { resource: 'pods', name: 'a', path: 'x', exists: true, equals: 1 } }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['goal.0', 'expected one predicate: podsReady, deploymentAvailable, nodeReady, nodeSchedulable, podScheduled, podRunning, serviceHasEndpoints, serviceAnswers, nodePortAnswers, apiServerAnswers, noPodsOnNode, nodeHasTaint, deploymentRunsImage, objectField, not'],
      ['goal.1.objectField', 'give only one of equals, exists, lessThan, greaterThan; found equals, exists'],
    ]);
  });
});

describe('scenario.schema.json', () => {
  it('is exactly what scripts/generate-schema.ts produces (regenerate, never hand-edit)', () => {
    // On failure: npx tsx scripts/generate-schema.ts
    expect(readFileSync(join(ROOT, SCHEMA_FILE), 'utf8')).toBe(generateScenarioJsonSchema());
  });

  it('quiz.schema.json is exactly what scripts/generate-schema.ts produces too', () => {
    // On failure: npx tsx scripts/generate-schema.ts
    expect(readFileSync(join(ROOT, QUIZ_SCHEMA_FILE), 'utf8')).toBe(generateQuizJsonSchema());
  });

  it('documents every property and bounds goal items to one predicate', () => {
    const json = JSON.parse(generateScenarioJsonSchema()) as Record<string, unknown>;
    const undocumented: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const [key, prop] of Object.entries((n.properties as Record<string, Record<string, unknown>>) ?? {})) {
        if (typeof prop.description !== 'string' && typeof prop.$ref !== 'string') undocumented.push(`${where}.${key}`);
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`);
    };
    walk(json, '');
    // Fault parameters are described by the fault modules (src/faults), not here.
    expect(undocumented.filter((p) => !p.startsWith('/properties/faults/'))).toEqual([]);
    const defs = json.$defs as Record<string, Record<string, unknown>>;
    expect([defs.GoalPredicate?.minProperties, defs.GoalPredicate?.maxProperties]).toEqual([1, 1]);
  });
});

describe('parseDuration', () => {
  it('parses single and compound durations to milliseconds', () => {
    expect(['90s', '10m', '6h', '45d', '1h30m', '2d3h', '0s'].map(parseDuration)).toEqual([
      90_000, 600_000, 21_600_000, 3_888_000_000, 5_400_000, 183_600_000, 0,
    ]);
  });

  it('explains what is wrong', () => {
    const msg = (t: string) => {
      try {
        parseDuration(t);
        return 'ok';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(['', '10', '5x', '30m1h', '1.5h', '1h 30m'].map(msg)).toEqual([
      'empty duration; expected a duration like 90s, 10m, 6h, 45d, 1h30m or 2d3h',
      'invalid duration "10": "10" has no unit (s, m, h or d)',
      'invalid duration "5x": unknown unit "x" (use s, m, h or d)',
      'invalid duration "30m1h": units must appear once each, largest first (e.g. 1h30m)',
      'invalid duration "1.5h": expected a duration like 90s, 10m, 6h, 45d, 1h30m or 2d3h',
      'invalid duration "1h 30m": expected a duration like 90s, 10m, 6h, 45d, 1h30m or 2d3h',
    ]);
  });
});

describe('TAXONOMY', () => {
  it('has the components in request-path order, each with labelled causes', () => {
    expect(componentIds()).toEqual([
      'workload', 'api-server', 'etcd', 'scheduler', 'controller-manager',
      'kubelet', 'container-runtime', 'image-registry', 'node', 'networking',
    ]);
    for (const c of TAXONOMY) {
      expect(c.causes.length).toBeGreaterThan(0);
      expect(new Set(c.causes.map((k) => k.id)).size).toBe(c.causes.length);
      for (const k of c.causes) expect(k.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('never gives the answer away: every component offers at least three plausible causes, each with phrasings', () => {
    for (const c of TAXONOMY) {
      expect(c.causes.length, c.id).toBeGreaterThanOrEqual(3);
      expect(c.synonyms.length, c.id).toBeGreaterThan(0);
      for (const k of c.causes) expect(k.synonyms.length, `${c.id}/${k.id}`).toBeGreaterThan(0);
    }
  });

  it('has the entries that name a workload\'s own mistakes, not only the component that reports them', () => {
    expect(findCause('workload', 'requests-too-large')?.label).toBe('Resource requests larger than any node can fit');
    expect(findCause('workload', 'wrong-node-selector')).toBeDefined();
    expect(findCause('workload', 'wrong-scheduler-name')).toBeDefined();
    expect(findCause('node', 'leftover-taint')).toBeDefined();
    expect(findCause('node', 'cordoned')).toBeDefined();
  });

  it('looks causes up per component', () => {
    expect(findCause('kubelet', 'client-certificate-expired')?.label).toBe('Client certificate expired');
    expect(causeBelongsTo('scheduler', 'untolerated-taint')).toBe(true);
    expect(causeBelongsTo('scheduler', 'runtime-down')).toBe(false);
    expect(causeBelongsTo('nope', 'stopped')).toBe(false);
    expect(allCauseIds()).toContain('service-selector-mismatch');
  });
});
