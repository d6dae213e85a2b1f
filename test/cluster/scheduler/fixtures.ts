/** Builders for nodes and pods used by the scheduler tests. */
import type { Container, Node, Pod, PodSpec, Taint } from 'kubernetes-types/core/v1.js';

/** Options for a test node. */
export interface NodeOptions {
  cpu?: string;
  memory?: string;
  pods?: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  extra?: Record<string, string>;
  images?: { names: string[]; sizeBytes: number }[];
}

/** A node with allocatable cpu/memory/pods (defaults 2 CPU, 4Gi, 110 pods). */
export function makeNode(name: string, o: NodeOptions = {}): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(o.labels ?? {}) } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: {
      allocatable: { cpu: o.cpu ?? '2', memory: o.memory ?? '4Gi', pods: o.pods ?? '110', ...(o.extra ?? {}) },
      capacity: { cpu: o.cpu ?? '2', memory: o.memory ?? '4Gi', pods: o.pods ?? '110', ...(o.extra ?? {}) },
      ...(o.images ? { images: o.images } : {}),
    },
  };
}

/** The kubeadm control-plane taint. */
export const CONTROL_PLANE_TAINT: Taint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

/** Options for a test pod. */
export interface PodOptions {
  cpu?: string;
  memory?: string;
  requests?: Record<string, string>;
  nodeName?: string;
  priority?: number;
  phase?: string;
  spec?: Partial<PodSpec>;
  containers?: Container[];
  uid?: string;
}

/** A pod with one container `app` requesting the given resources. */
export function makePod(name: string, o: PodOptions = {}): Pod {
  const requests: Record<string, string> = { ...(o.requests ?? {}) };
  if (o.cpu) requests.cpu = o.cpu;
  if (o.memory) requests.memory = o.memory;
  const containers: Container[] = o.containers ?? [
    { name: 'app', image: 'nginx:1.27', ...(Object.keys(requests).length ? { resources: { requests } } : {}) },
  ];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: o.uid ?? `uid-${name}` },
    spec: {
      containers,
      schedulerName: 'default-scheduler',
      ...(o.nodeName ? { nodeName: o.nodeName } : {}),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
      ...(o.spec ?? {}),
    },
    status: { phase: o.phase ?? (o.nodeName ? 'Running' : 'Pending') },
  };
}

/** A deterministic "random" source cycling through fixed values. */
export function fixedRandom(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] as number;
}
