/**
 * Synthetic scenarios for the benchmarks (written to a temp dir, never
 * shipped). Every node is joined well before `now`, and a cluster of more
 * than 256 nodes declares a pod subnet large enough: kubeadm's
 * controller-manager hands each node a /24 (--node-cidr-mask-size; upstream
 * defaultNodeMaskCIDRIPv4 = 24 in cmd/kube-controller-manager/app/core.go), so
 * the default 10.244.0.0/16 holds 256 nodes and 10.240.0.0/12 holds 4,096.
 *
 * The scenario format for large clusters (`cluster.podSubnet`, node entries
 * with `count: N` expanding to name-1 … name-N, nodes joining in parallel) is
 * the one of issue 7; `nodesAs: 'list'` writes every node out instead, which
 * older builds read too. Adjust here if the schema moves.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What to generate. */
export interface ClusterSize {
  /** All nodes, the control plane included (one control-plane node, the rest workers). */
  nodes: number;
  /** Workload pods (Deployments' replicas); system pods (kube-proxy, static pods, CoreDNS) come on top. */
  pods: number;
}

/** How the nodes and history are written. */
export interface GenerateOptions {
  /** `count`: one `{name: node, count: N}` entry; `list`: N entries. */
  nodesAs?: 'count' | 'list';
  /** Pod CIDR; default: none below 257 nodes (the product's 10.244.0.0/16), 10.240.0.0/12 above. */
  podSubnet?: string;
  /** Cluster age (the history warm-up covers). */
  createdAgo?: string;
  /** When the workloads were applied. */
  workloadsAgo?: string;
}

/** Replicas per generated Deployment. */
const PER_DEPLOYMENT = 50;
/** kubelet's default --max-pods. */
const MAX_PODS_PER_NODE = 110;
/** Nodes the default /16 pod subnet holds with a /24 per node. */
const DEFAULT_SUBNET_NODES = 256;

/** The scenario id of a size: bench-<nodes>n-<pods>p. */
export function scenarioId(size: ClusterSize): string {
  return `bench-${size.nodes}n-${size.pods}p`;
}

/** A scenario YAML with `size.nodes` nodes and `size.pods` workload pods spread over Deployments of 50. */
export function scenarioYaml(size: ClusterSize, options: GenerateOptions = {}): string {
  const { nodesAs = 'count', createdAgo = '30d', workloadsAgo = '10m' } = options;
  const workers = size.nodes - 1;
  if (size.pods > 0 && workers < 1) throw new Error('pods need at least one worker node');
  if (workers > 0 && size.pods / workers > MAX_PODS_PER_NODE) throw new Error(`${size.pods} pods do not fit ${workers} workers of ${MAX_PODS_PER_NODE} pods`);
  const podSubnet = options.podSubnet ?? (size.nodes > DEFAULT_SUBNET_NODES ? '10.240.0.0/12' : undefined);
  const worker = 'cpu: "64", memory: 256Gi';
  const lines: string[] = [
    'apiVersion: kubedrill/v1',
    'kind: Scenario',
    'metadata:',
    `  id: ${scenarioId(size)}`,
    '  title: Benchmark cluster',
    '  difficulty: advanced',
    '  topics: [bench]',
    '  estimatedMinutes: 1',
    'briefing: A generated cluster for the benchmarks.',
    'cluster:',
    `  createdAgo: ${createdAgo}`,
    `  workloadsAgo: ${workloadsAgo}`,
    ...(podSubnet ? [`  podSubnet: ${podSubnet}`] : []),
    '  nodes:',
    '    - {name: cp-1, role: control-plane}',
  ];
  if (workers > 0) {
    if (nodesAs === 'count') lines.push(`    - {name: node, count: ${workers}, ${worker}}`);
    else for (let i = 1; i <= workers; i++) lines.push(`    - {name: node-${i}, ${worker}}`);
  }
  const deployments = Math.ceil(size.pods / PER_DEPLOYMENT);
  lines.push(deployments === 0 ? '  manifests: []' : '  manifests:');
  for (let d = 0; d < deployments; d++) {
    const replicas = Math.min(PER_DEPLOYMENT, size.pods - d * PER_DEPLOYMENT);
    lines.push(
      '    - apiVersion: apps/v1',
      '      kind: Deployment',
      `      metadata: {name: app-${d}, namespace: default}`,
      '      spec:',
      `        replicas: ${replicas}`,
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
    'evidence: [{command: kubectl get nodes, shows: cp-1}]',
    'goal: [{nodeReady: cp-1}]',
    'solution: [kubectl get nodes]',
    'hints: [none]',
    'explanation: benchmark',
  );
  return `${lines.join('\n')}\n`;
}

/** Writes the scenario of a size into `dir`; returns its path. */
export function writeScenario(dir: string, size: ClusterSize, options: GenerateOptions = {}): string {
  const file = join(dir, `${scenarioId(size)}.yaml`);
  writeFileSync(file, scenarioYaml(size, options));
  return file;
}
