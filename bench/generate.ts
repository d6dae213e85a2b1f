/** Generates large synthetic scenarios for the benchmarks (written to a temp dir, never shipped). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes a scenario with `nodes` workers and about `pods` pods spread over deployments; returns its path. */
export function writeLargeScenario(nodes: number, pods: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kubedrill-bench-'));
  const id = `bench-${nodes}-${pods}`;
  const perDeployment = 50;
  const deployments = Math.ceil(pods / perDeployment);
  const lines: string[] = [
    'apiVersion: kubedrill/v1',
    'kind: Scenario',
    'metadata:',
    `  id: ${id}`,
    '  title: Benchmark cluster',
    '  difficulty: advanced',
    '  topics: [bench]',
    '  estimatedMinutes: 1',
    'briefing: A large generated cluster.',
    'cluster:',
    '  createdAgo: 30d',
    '  workloadsAgo: 10m',
    '  nodes:',
    '    - {name: cp-1, role: control-plane}',
  ];
  for (let i = 1; i <= nodes; i++) lines.push(`    - {name: node-${i}, cpu: "64", memory: 256Gi, pods: 250}`);
  lines.push('  manifests:');
  for (let d = 0; d < deployments; d++) {
    lines.push(
      '    - apiVersion: apps/v1',
      '      kind: Deployment',
      `      metadata: {name: app-${d}, namespace: default}`,
      '      spec:',
      `        replicas: ${perDeployment}`,
      `        selector: {matchLabels: {app: app-${d}}}`,
      '        template:',
      `          metadata: {labels: {app: app-${d}}}`,
      '          spec:',
      '            containers: [{name: web, image: nginx:1.27, resources: {requests: {cpu: 10m, memory: 16Mi}}}]',
    );
  }
  lines.push(
    'faults: []',
    'diagnosis: {component: scheduler, cause: insufficient-resources, accept: [bench]}',
    'evidence: [{command: kubectl get pods -A, shows: app-0}]',
    'goal: [{nodeReady: node-1}]',
    'solution: [kubectl get nodes]',
    'hints: [none]',
    'explanation: benchmark',
  );
  const file = join(dir, `${id}.yaml`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
