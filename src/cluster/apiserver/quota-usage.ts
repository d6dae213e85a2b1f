/**
 * What objects count against a ResourceQuota (pkg/quota/v1/evaluator/core):
 * a pod's compute requests and limits, object counts, node ports. Shared by
 * the ResourceQuota admission plugin and the quota controller, so a quota's
 * recorded usage and the admission decision are the same arithmetic.
 */
import { formatBytes, formatCpuMilli, parseBytes, parseCpuMilli } from '../quantity.js';

type Obj = Record<string, any>;

/** A pod that finished counts against no quota. */
export function isTerminalPod(pod: Obj): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** What one pod counts against each quota resource (cpu in millicores, memory in bytes). */
export function podUsage(pod: Obj): Record<string, number> {
  const usage: Record<string, number> = { pods: 1, 'count/pods': 1 };
  for (const c of (pod.spec?.containers ?? []) as Obj[]) {
    for (const [kind, list] of [['requests', c.resources?.requests ?? {}], ['limits', c.resources?.limits ?? {}]] as const) {
      for (const r of ['cpu', 'memory']) {
        if (list[r] === undefined) continue;
        const v = r === 'cpu' ? parseCpuMilli(list[r]) : parseBytes(list[r]);
        usage[`${kind}.${r}`] = (usage[`${kind}.${r}`] ?? 0) + v;
        if (kind === 'requests') usage[r] = (usage[r] ?? 0) + v;
      }
    }
  }
  return usage;
}

/** A hard limit in the units podUsage counts in. */
export function hardAmount(resource: string, q: string): number {
  if (isCpu(resource)) return parseCpuMilli(q);
  if (isMemory(resource) || resource === 'requests.storage') return parseBytes(q);
  return Number(q);
}

function isCpu(resource: string): boolean {
  return resource === 'cpu' || resource.endsWith('.cpu');
}

function isMemory(resource: string): boolean {
  return resource === 'memory' || resource.endsWith('.memory');
}

/**
 * An amount as Quantity.String() prints it: cpu in decimal (`1500m`, `2`),
 * memory in the binary units when the quantities summed were binary
 * (`1536Mi`, `1Gi`), counts as integers.
 */
export function showAmount(resource: string, value: number, binary = false): string {
  if (isCpu(resource)) return formatCpuMilli(value);
  if (isMemory(resource) || resource === 'requests.storage') return formatBytes(value, binary ? 'BinarySI' : 'DecimalSI');
  return String(value);
}

/** Did this pod give its memory in binary units (`512Mi`)? Quantity.Add keeps the first summand's format. */
export function podMemoryBinary(pod: Obj, resource: string): boolean | undefined {
  const [kind, res] = resource.includes('.') ? resource.split('.') : ['requests', resource];
  for (const c of (pod.spec?.containers ?? []) as Obj[]) {
    const q = c.resources?.[kind]?.[res];
    if (typeof q === 'string') return /[KMGTPE]i$/.test(q);
  }
  return undefined;
}
