/**
 * The parts of the scenario format that need no schema: constants and the
 * helpers the simulation and grading use on a loaded scenario. Kept apart
 * from schema.ts so that warming a cluster up from an already validated
 * scenario never loads zod (about a tenth of `kubedrill exec`'s start-up).
 */
import type { ClusterNode, ClusterSpec, DiagnosisItemSpec, DiagnosisSpec } from './schema.js';

/** The only `apiVersion` this build reads. */
export const SCENARIO_API_VERSION = 'kubedrill/v1';

/** The `kind` of a scenario document. */
export const SCENARIO_KIND = 'Scenario';

/** Defaults applied to `cluster` when the scenario omits them. */
export const CLUSTER_DEFAULTS = {
  version: 'v1.32.4',
  now: '2026-11-30T09:00:00Z',
  createdAgo: '30d',
  workloadsAgo: '20m',
  seed: 1,
} as const;

/** Capacity defaults for nodes, per role. */
export const NODE_DEFAULTS = {
  controlPlaneCpu: '2',
  workerCpu: '4',
  memory: '8Gi',
  pods: 110,
  ephemeralStorage: '50Gi',
} as const;

/** Most nodes a scenario may have (also the largest `count` of one node entry). */
export const MAX_NODES = 1000;

/** The host name of the learner's own machine (where kubectl runs). */
export const WORKSTATION_HOST = 'workstation';

/**
 * The cluster's nodes in order, each `count` entry expanded to `<name>-1` …
 * `<name>-<count>` with the same shape.
 */
export function clusterNodes(cluster: Pick<ClusterSpec, 'nodes'>): ClusterNode[] {
  const out: ClusterNode[] = [];
  cluster.nodes.forEach((entry, i) => {
    const { count, ...shape } = entry;
    if (count === undefined) out.push({ ...shape, entry: i });
    else for (let k = 1; k <= count; k++) out.push({ ...shape, name: `${entry.name}-${k}`, entry: i });
  });
  return out;
}

/** How many nodes the entries declare, without expanding them. */
export function clusterNodeCount(cluster: Pick<ClusterSpec, 'nodes'>): number {
  return cluster.nodes.reduce((sum, n) => sum + (n.count ?? 1), 0);
}

/** The declared diagnoses as a list (the single form is a list of one). */
export function diagnosisItems(spec: DiagnosisSpec): DiagnosisItemSpec[] {
  return Array.isArray(spec) ? spec : [spec];
}
